import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How `cairn keys unlock` reaches the running server without a key: a lockout holds back every request from its
 * address, the right key included, so the owner cannot ask over HTTP from the same machine. Instead the command writes
 * this file into the server's data dir, which only someone with access to that folder (the owner) can do; the server
 * looks at its time when a locked-out address calls again, and lifts the lockouts made before it. Nothing watches the
 * folder, and nothing is read while no address is locked out.
 */
export const UNLOCK_FILE = 'unlock-request';

/** Asks the server on `dataDir` to lift every lockout made until now. */
export function requestUnlock(dataDir: string, now = new Date()): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, UNLOCK_FILE);
  writeFileSync(path, `${now.toISOString()}\n`, { mode: 0o600 });
  return path;
}

/** When the last unlock was asked for (ms since the epoch), or null when never. */
export function unlockRequestedAt(dataDir: string): number | null {
  try {
    return statSync(join(dataDir, UNLOCK_FILE)).mtimeMs;
  } catch {
    return null;
  }
}
