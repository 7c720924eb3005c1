/**
 * OpenCode's JSON storage (`~/.local/share/opencode/storage`): a session is `session/<project id>/<session id>.json`
 * (`id`, `directory`, `title`, `time.created`), its messages `message/<session id>/<message id>.json` (`id`, `role`,
 * `time.created`), and each message's text in `part/<message id>/<part id>.json` (`type: "text"`, `text`; tool and
 * step parts are left out). The ids are OpenCode's own, so a re-read of a grown session keeps them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CodingSession, SessionMessage } from '../ports.ts';
import { isObject, joinParts, str } from './text.ts';

async function readJson(path: string): Promise<Record<string, unknown> | null> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as unknown;
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const jsonFiles = async (dir: string) => (await readdir(dir).catch(() => [])).filter(name => name.endsWith('.json')).sort();

const isoOf = (time: unknown) => (isObject(time) && typeof time.created === 'number' ? new Date(time.created).toISOString() : null);

/** One session of the storage, with its messages in the order OpenCode wrote them; null when it has none. */
async function readSession(storage: string, session: Record<string, unknown>): Promise<CodingSession | null> {
  const id = str(session.id);
  if (!id) return null;
  const messages: (SessionMessage & { at: number })[] = [];
  for (const name of await jsonFiles(join(storage, 'message', id))) {
    const message = await readJson(join(storage, 'message', id, name));
    const messageId = str(message?.id);
    if (!message || !messageId || (message.role !== 'user' && message.role !== 'assistant')) continue;
    const parts = await Promise.all((await jsonFiles(join(storage, 'part', messageId))).map(part => readJson(join(storage, 'part', messageId, part))));
    const content = joinParts(parts.flatMap(p => (p?.type === 'text' && typeof p.text === 'string' && p.synthetic !== true ? [p.text] : [])));
    if (!content) continue;
    const at = isObject(message.time) && typeof message.time.created === 'number' ? message.time.created : 0;
    messages.push({ role: message.role, content, timestamp: isoOf(message.time), external_id: `${id}:${messageId}`, metadata: {}, at });
  }
  if (messages.length === 0) return null;
  messages.sort((a, b) => a.at - b.at || (a.external_id < b.external_id ? -1 : 1));
  return {
    client: 'opencode',
    session_id: id,
    file: `${id}.json`,
    cwd: str(session.directory),
    started_at: isoOf(session.time) ?? messages[0]!.timestamp,
    updated_at: messages.at(-1)!.timestamp,
    title: str(session.title),
    tool_version: str(session.version),
    messages: messages.map(({ at: _at, ...m }) => m),
  };
}

/** Sessions of an OpenCode storage folder, newest first: the one with `sessionId`, or every one. */
export async function readOpencodeStorage(storage: string, sessionId?: string): Promise<CodingSession[]> {
  const found: { session: Record<string, unknown>; updated: number }[] = [];
  for (const project of await readdir(join(storage, 'session')).catch(() => [])) {
    for (const name of await jsonFiles(join(storage, 'session', project))) {
      if (sessionId && name !== `${sessionId}.json`) continue;
      const session = await readJson(join(storage, 'session', project, name));
      if (session) found.push({ session, updated: isObject(session.time) && typeof session.time.updated === 'number' ? session.time.updated : 0 });
    }
  }
  const sessions: CodingSession[] = [];
  for (const { session } of found.sort((a, b) => b.updated - a.updated)) {
    const read = await readSession(storage, session);
    if (read) sessions.push(read);
  }
  return sessions;
}
