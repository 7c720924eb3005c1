/** Temporary directories for tests that are removed when the test process exits, however the test ended. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();
process.on('exit', () => made.forEach(removeScratchDir));

/** A fresh, empty directory under the system's temp directory (`<prefix>XXXXXX`), removed at exit at the latest. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes a scratch directory now (a test that makes many frees them as it goes). */
export function removeScratchDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}
