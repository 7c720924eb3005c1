import { isAbsolute } from 'node:path';
import { type PersistMode, type SessionClient, truncateContent } from '../../domain/thread.ts';
import type { CodingSession } from '../../providers/ports.ts';
import type { Deps } from '../deps.ts';
import { appendToThread } from './append.ts';
import { insertThread } from './create.ts';
import { type MessageInput, threadLock } from './messages.ts';
import { spaceOrDefault } from '../../domain/space.ts';

export interface SessionSaveInput {
  client: SessionClient;
  project_path: string;
  persist_mode: PersistMode;
  session_id?: string | null;
  summary?: string | null;
  truncate_large_content: boolean;
  space_id?: string | null;
}

/** The thread a session is saved as: stable, so a re-save finds it. */
export const sessionThreadId = (session: CodingSession) => `${session.client}-${session.session_id}`;

function sessionMessages(session: CodingSession, truncate: boolean): MessageInput[] {
  return session.messages.map(m => ({
    role: m.role,
    content: truncate ? truncateContent(m.content) : m.content,
    timestamp: m.timestamp,
    metadata: { ...m.metadata, session_id: session.session_id },
    external_id: m.external_id,
  }));
}

/** Saves one session in one transaction: a new thread, or only the messages the thread does not have yet. */
async function saveSession(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, session: CodingSession, input: SessionSaveInput) {
  const spaceId = spaceOrDefault(input.space_id);
  const threadId = sessionThreadId(session);
  const messages = sessionMessages(session, input.truncate_large_content);
  return deps.store.transaction(async tx => {
    await tx.locks.hold([threadLock(spaceId, threadId)]);
    const existing = await tx.threads.get(spaceId, threadId);
    if (!existing) {
      const { thread } = await insertThread(deps, tx, {
        thread_id: threadId,
        title: session.title,
        summary: input.summary,
        messages,
        source: session.client,
        space_id: spaceId,
        project: input.project_path,
        workspace: session.cwd ?? input.project_path,
        tool_version: session.tool_version,
        metadata: { client: session.client, session_id: session.session_id, file: session.file, started_at: session.started_at },
      });
      return { action: 'created', thread_id: threadId, message_count: thread.message_count, messages_added: thread.message_count };
    }
    // Session records carry stable ids: a re-save appends exactly the records not saved before.
    const known = new Set(await tx.threads.externalIds(existing.id));
    const fresh = messages.filter(m => !known.has(m.external_id!));
    const ack = await appendToThread(deps, tx, existing, { messages: fresh, deduplicate: false });
    if (input.summary?.trim()) await tx.threads.update(existing.id, { summary: input.summary.trim() });
    return { action: 'appended', thread_id: threadId, message_count: ack.total_messages, messages_added: ack.messages_added };
  });
}

/**
 * Saves the project's coding sessions of one client as threads: the newest session (`current`) or all of them.
 * Each session is its own transaction. No session found (or a relative project path) answers `status: "error"`
 * with a hint, not an HTTP error.
 */
export async function saveSessions(deps: Pick<Deps, 'store' | 'clock' | 'ids' | 'sessions'>, input: SessionSaveInput) {
  const base = { client: input.client, project_path: input.project_path, persist_mode: input.persist_mode };
  if (!isAbsolute(input.project_path)) {
    return { ...base, status: 'error', results: [], error: 'project_path must be an absolute path', hint: 'Pass the project directory as an absolute path, e.g. /home/me/project' };
  }
  const { sessions, searched } = await deps.sessions.find({
    client: input.client,
    project_path: input.project_path,
    session_id: input.session_id ?? undefined,
    newest_only: input.persist_mode === 'current',
  });
  if (sessions.length === 0) {
    const which = input.session_id ? `session ${input.session_id}` : 'session';
    return {
      ...base,
      status: 'error',
      results: [],
      error: `No ${input.client} ${which} found for ${input.project_path}`,
      hint: `Looked under ${searched} on the server's machine; run ${input.client} in that project first, or check project_path (and CAIRN_HOME_DIR).`,
    };
  }
  const results = [];
  for (const session of sessions) {
    results.push({ ...(await saveSession(deps, session, input)), session_id: session.session_id, file: session.file });
  }
  return { ...base, status: 'success', results, error: null, hint: null };
}
