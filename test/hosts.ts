/** Lays out the host fixtures (test/fixtures/hosts, see its README) under a temporary home, where each host keeps them. */
import BetterSqlite3 from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOST_FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'hosts');
export const CURSOR_CONVERSATION = '3f1c9a2e-7d44-4b1e-9c0a-5e6f7a8b9c0d';
export const HERMES_SESSION = 'hm-20260301';
export const OPENCODE_SESSION = 'ses_7a1b2c3d4e5fOpen';

export interface HostHome {
  home: string;
  /** Where each fixture was put, by fixture file name. */
  at: Record<string, string>;
  cleanup(): void;
}

/** Cursor's global `state.vscdb`: the `cursorDiskKV` table with the fixture's keys and JSON values. */
function writeCursorStore(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  const db = new BetterSqlite3(path);
  db.exec('CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)');
  const rows = JSON.parse(readFileSync(join(HOST_FIXTURES, 'cursor-state-vscdb.json'), 'utf8')) as Record<string, unknown>;
  const insert = db.prepare('INSERT INTO cursorDiskKV (key, value) VALUES (?, ?)');
  for (const [key, value] of Object.entries(rows)) insert.run(key, JSON.stringify(value));
  db.close();
}

/** Hermes' `state.db`: its sessions and messages tables, with the fixture's rows. */
function writeHermesStore(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  const db = new BetterSqlite3(path);
  db.exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT NOT NULL, title TEXT, started_at REAL NOT NULL);
    CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, role TEXT NOT NULL, content TEXT, tool_call_id TEXT, timestamp REAL NOT NULL)`);
  const data = JSON.parse(readFileSync(join(HOST_FIXTURES, 'hermes-state-db.json'), 'utf8')) as {
    sessions: { id: string; source: string; title: string; started_at: number }[];
    messages: { session_id: string; role: string; content: string; timestamp: number }[];
  };
  for (const s of data.sessions) db.prepare('INSERT INTO sessions (id, source, title, started_at) VALUES (?, ?, ?, ?)').run(s.id, s.source, s.title, s.started_at);
  for (const m of data.messages) db.prepare('INSERT INTO messages (session_id, role, content, timestamp) VALUES (?, ?, ?, ?)').run(m.session_id, m.role, m.content, m.timestamp);
  db.close();
}

export function makeHostHome(project: string): HostHome {
  const root = mkdtempSync(join(tmpdir(), 'cairn-hosts-'));
  const home = join(root, 'home');
  const slug = project.replace(/[^A-Za-z0-9]/g, '-').replace(/^-+/, '');
  const places: Record<string, string> = {
    'cursor-agent-transcript.jsonl': join(home, '.cursor', 'projects', slug, 'agent-transcripts', 'c0ffee00-1111-4222-8333-444455556666.jsonl'),
    'cursor-agent-transcript.txt': join(home, '.cursor', 'projects', slug, 'agent-transcripts', 'deadbeef-1111-4222-8333-444455556666.txt'),
    'codebuddy-session.jsonl': join(home, '.codebuddy', 'projects', slug, 'cb-5a1e.jsonl'),
    'workbuddy-agent.jsonl': join(root, 'workbuddy transcripts', 'agent session.jsonl'),
    'proma-session.jsonl': join(home, '.proma', 'sdk-config', 'projects', 'a1b2c3', 'pm-77.jsonl'),
    'kimi-context.jsonl': join(home, '.kimi-code', 'sessions', createHash('md5').update(project).digest('hex'), 'kimi-2c41', 'context.jsonl'),
    'pi-session.jsonl': join(home, '.pi', 'agent', 'sessions', `--${slug}--`, '2026-06-10T00-00-00_pi-9b2f.jsonl'),
    'copilot-events.jsonl': join(home, '.copilot', 'session-state', 'cp-31.jsonl'),
  };
  for (const [fixture, to] of Object.entries(places)) {
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(HOST_FIXTURES, fixture), to);
  }
  cpSync(join(HOST_FIXTURES, 'opencode-storage'), join(home, '.local', 'share', 'opencode', 'storage'), { recursive: true });
  writeCursorStore(join(home, '.config', 'Cursor', 'User', 'globalStorage', 'state.vscdb'));
  writeHermesStore(join(home, '.hermes', 'state.db'));
  return { home, at: places, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
