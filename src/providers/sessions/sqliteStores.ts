/**
 * Hosts that keep their chats in SQLite, opened read-only (the host may be running and writing):
 * - Cursor's `state.vscdb` (`cursorDiskKV`): `composerData:<conversation id>` lists the conversation's bubbles
 *   (`fullConversationHeadersOnly`, or an inline `conversation` in older builds); each `bubbleId:<conversation>:<bubble>`
 *   holds one message: `type` 1 is the user, 2 the assistant, `text` its text.
 * - Hermes' `state.db`: `sessions(id, title, started_at, …)` and `messages(id, session_id, role, content, timestamp, …)`.
 * better-sqlite3 is loaded only when one is read, so the command line starts without it.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { CodingSession, SessionMessage } from '../ports.ts';
import { isObject, str } from './text.ts';

async function openReadOnly(path: string): Promise<BetterSqlite3.Database> {
  const { default: Database } = await import('better-sqlite3');
  return new Database(path, { readonly: true, fileMustExist: true });
}

const parseJson = (value: unknown): Record<string, unknown> | null => {
  try {
    const parsed = JSON.parse(Buffer.isBuffer(value) ? value.toString('utf8') : String(value)) as unknown;
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

const isoFrom = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value < 1e11 ? value * 1000 : value).toISOString();
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return null;
};

function session(client: string, id: string, file: string, title: string | null, messages: SessionMessage[], cwd: string | null = null): CodingSession | null {
  if (messages.length === 0) return null;
  return { client, session_id: id, file, cwd, started_at: messages[0]!.timestamp, updated_at: messages.at(-1)!.timestamp, title, tool_version: null, messages };
}

function cursorConversation(db: BetterSqlite3.Database, composer: Record<string, unknown>, file: string): CodingSession | null {
  const id = str(composer.composerId);
  if (!id) return null;
  const bubble = db.prepare<[string], { value: unknown }>('SELECT value FROM cursorDiskKV WHERE key = ?');
  const inline = Array.isArray(composer.conversation) ? composer.conversation.filter(isObject) : null;
  const headers = Array.isArray(composer.fullConversationHeadersOnly) ? composer.fullConversationHeadersOnly.filter(isObject) : [];
  const bubbles = inline ?? headers.map(h => parseJson(bubble.get(`bubbleId:${id}:${str(h.bubbleId)}`)?.value) ?? {});
  const messages: SessionMessage[] = [];
  for (const b of bubbles) {
    const text = (str(b.text) ?? '').trim();
    const bubbleId = str(b.bubbleId);
    if (!text || !bubbleId || (b.type !== 1 && b.type !== 2)) continue; // tool-only and empty bubbles
    messages.push({ role: b.type === 1 ? 'user' : 'assistant', content: text, timestamp: isoFrom(b.createdAt), external_id: `${id}:${bubbleId}`, metadata: {} });
  }
  return session('cursor', id, file, str(composer.name), messages);
}

/** Cursor conversations in a `state.vscdb`: the one with `sessionId`, or every one. */
export async function readCursorStore(path: string, sessionId?: string): Promise<CodingSession[]> {
  const db = await openReadOnly(path);
  try {
    const rows = sessionId
      ? db.prepare<[string], { value: unknown }>('SELECT value FROM cursorDiskKV WHERE key = ?').all(`composerData:${sessionId}`)
      : db.prepare<[], { value: unknown }>("SELECT value FROM cursorDiskKV WHERE key LIKE 'composerData:%'").all();
    return rows.map(r => parseJson(r.value)).flatMap(c => (c ? [cursorConversation(db, c, 'state.vscdb')] : [])).filter(s => s !== null);
  } finally {
    db.close();
  }
}

/** Hermes sessions in a `state.db`: the one with `sessionId`, or every one. Tool and system messages are left out. */
export async function readHermesStore(path: string, sessionId?: string): Promise<CodingSession[]> {
  const db = await openReadOnly(path);
  try {
    type Row = { id: string; title: string | null };
    const sessions = sessionId
      ? db.prepare<[string], Row>('SELECT id, title FROM sessions WHERE id = ?').all(sessionId)
      : db.prepare<[], Row>('SELECT id, title FROM sessions ORDER BY started_at DESC').all();
    const messages = db.prepare<[string], { id: number; role: string; content: string | null; timestamp: number | null }>(
      "SELECT id, role, content, timestamp FROM messages WHERE session_id = ? AND role IN ('user', 'assistant') ORDER BY id",
    );
    return sessions
      .map(s =>
        session(
          'hermes',
          s.id,
          'state.db',
          s.title,
          messages
            .all(s.id)
            .filter(m => m.content?.trim())
            .map(m => ({ role: m.role as 'user' | 'assistant', content: m.content!.trim(), timestamp: isoFrom(m.timestamp), external_id: `${s.id}:${m.id}`, metadata: {} })),
        ),
      )
      .filter(s => s !== null);
  } finally {
    db.close();
  }
}
