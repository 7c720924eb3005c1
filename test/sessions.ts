/** Lays out the session fixtures (test/fixtures/sessions) under a temporary home, as the three tools write them. */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'sessions');
/** The project every fixture session belongs to (it need not exist on disk). */
export const PROJECT = '/home/dev/projects/cairn-demo';
export const CLAUDE_SESSION = '7f3c2a10-5b7e-4c1d-9a8e-2f6b1c0d4e91';
export const CODEX_SESSION = '0199a3b2-7c4d-7e10-b6a1-3f2e9d8c7b60';
export const CODEX_OLDER_SESSION = '0199a1f0-1111-7000-8000-aaaaaaaaaaaa';
export const GEMINI_SESSION = '5d1e2f3a-9c8b-4a7d-b6e5-0f1a2b3c4d5e';

export const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

export interface SessionHome {
  home: string;
  claudeFile: string;
  codexFile: string;
  codexOlderFile: string;
  geminiFile: string;
  /** A folder beside the home (outside every tool folder) for escape attempts. */
  outside: string;
  cleanup(): void;
}

function place(from: string, to: string, mtime?: Date) {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(join(FIXTURES, from), to);
  if (mtime) utimesSync(to, mtime, mtime);
}

/** A fresh temporary home holding the fixture sessions of PROJECT (and one Codex session of another project). */
export function makeSessionHome(): SessionHome {
  const root = mkdtempSync(join(tmpdir(), 'cairn-sessions-'));
  const home = join(root, 'home');
  const outside = join(root, 'outside');
  mkdirSync(outside, { recursive: true });
  const claudeFile = join(home, '.claude', 'projects', PROJECT.replace(/\//g, '-'), `${CLAUDE_SESSION}.jsonl`);
  const codexDay = join(home, '.codex', 'sessions', '2025', '09');
  const codexFile = join(codexDay, '15', `rollout-2025-09-15T14-03-11-${CODEX_SESSION}.jsonl`);
  const codexOlderFile = join(codexDay, '10', `rollout-2025-09-10T08-00-00-${CODEX_OLDER_SESSION}.jsonl`);
  const hash = createHash('sha256').update(PROJECT).digest('hex');
  const geminiFile = join(home, '.gemini', 'tmp', hash, 'chats', 'session-2025-09-16T08-30-5d1e2f3a.json');
  place('claude-code.jsonl', claudeFile);
  place('codex-rollout.jsonl', codexFile, new Date('2025-09-15T14:04:00Z'));
  place('codex-rollout-older.jsonl', codexOlderFile, new Date('2025-09-10T08:01:00Z'));
  place('codex-rollout-other-project.jsonl', join(codexDay, '16', 'rollout-2025-09-16T10-00-00-0199b000-2222-7000-8000-bbbbbbbbbbbb.jsonl'), new Date('2025-09-16T10:01:00Z'));
  place('gemini-chat.json', geminiFile);
  return { home, claudeFile, codexFile, codexOlderFile, geminiFile, outside, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
