import { conflict } from '../../errors.ts';
import { deriveThreadTitle, MAX_THREAD_TITLE_CHARS, oneLine, toIsoTimestamp } from '../../domain/thread.ts';
import type { Repos, ThreadRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { lastMessageAt, type MessageInput, messageRecords, threadLock } from './messages.ts';
import { presentMessage, presentThreadNode } from '../readModel/threads.ts';
import { spaceOrDefault } from '../../domain/space.ts';

/** A new thread (reference `ThreadCreateRequest`). */
export interface CreateThreadInput {
  thread_id: string;
  title?: string | null;
  summary?: string | null;
  messages: MessageInput[];
  participants?: string[] | null;
  source?: string | null;
  space_id?: string | null;
  project?: string | null;
  workspace?: string | null;
  tool_version?: string | null;
  import_date?: string | null;
  metadata?: Record<string, unknown> | null;
}

export const threadExists = (threadId: string, spaceId: string) =>
  conflict('thread_exists', `Thread ${threadId} already exists in space ${spaceId}`, { thread_id: threadId, space_id: spaceId });

/**
 * Stores a thread and its messages inside the caller's transaction; a thread_id the space already has is a 409
 * `thread_exists` and nothing is written.
 */
export async function insertThread(deps: Pick<Deps, 'clock' | 'ids'>, tx: Repos, input: CreateThreadInput, defaultSource = 'api') {
  const spaceId = spaceOrDefault(input.space_id);
  await tx.locks.hold([threadLock(spaceId, input.thread_id)]);
  if (await tx.threads.get(spaceId, input.thread_id)) throw threadExists(input.thread_id, spaceId);
  const at = deps.clock.now();
  const id = deps.ids.next();
  const records = messageRecords(deps, id, 0, input.messages, at);
  const thread: ThreadRecord = {
    id,
    thread_id: input.thread_id,
    space_id: spaceId,
    title: input.title?.trim() ? oneLine(input.title, MAX_THREAD_TITLE_CHARS) : deriveThreadTitle(input.messages, input.thread_id),
    summary: input.summary?.trim() ?? '',
    source: input.source?.trim() || defaultSource,
    participants: input.participants ?? [...new Set(input.messages.map(m => m.role))],
    project: input.project ?? null,
    workspace: input.workspace ?? null,
    tool_version: input.tool_version ?? null,
    import_date: toIsoTimestamp(input.import_date) ?? at,
    metadata: input.metadata ?? {},
    message_count: records.length,
    is_favorite: false,
    favorited_at: null,
    created_at: at,
    updated_at: at,
    last_message_at: lastMessageAt(records, null),
  };
  await tx.threads.insert(thread);
  await tx.threads.insertMessages(records);
  return { thread, records };
}

/** Creates a thread with its messages in one transaction (409 `thread_exists` for a thread_id the space has). */
export async function createThread(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, input: CreateThreadInput) {
  const { thread, records } = await deps.store.transaction(tx => insertThread(deps, tx, input));
  return {
    thread: presentThreadNode(thread),
    messages: records.map(r => presentMessage(r, thread)),
    created_relationships: 0,
    auto_generated_summary: null,
    extracted_memories: [] as unknown[],
    auto_extraction_performed: false,
  };
}
