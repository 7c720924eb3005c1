/** A temporary home holding the conversation fixtures (test/fixtures/threads and test/fixtures/sessions) where people keep them. */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const THREAD_FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'threads');
export const threadFixture = (name: string) => readFileSync(join(THREAD_FIXTURES, name), 'utf8');

export const CHATGPT_FIRST = '6667a1b2-0000-4000-8000-000000000001';
export const CHATGPT_SECOND = '6667a1b2-0000-4000-8000-000000000002';
export const CLAUDE_FIRST = 'c1a2b3c4-1111-4a2b-9c3d-000000000001';

export interface ThreadFileHome {
  home: string;
  /** A folder beside the home, for escape attempts. */
  outside: string;
  /** Copies a fixture to `relative` under the home and returns its absolute path. */
  place(fixture: string, relative: string): string;
  cleanup(): void;
}

export function makeThreadFileHome(): ThreadFileHome {
  const root = mkdtempSync(join(tmpdir(), 'cairn-thread-files-'));
  const home = join(root, 'home');
  const outside = join(root, 'outside');
  mkdirSync(home, { recursive: true });
  mkdirSync(outside, { recursive: true });
  return {
    home,
    outside,
    place(fixture, relative) {
      const to = join(home, relative);
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(join(THREAD_FIXTURES, fixture), to);
      return to;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
