import type { Deps } from '../deps.ts';
import { presentMemories } from '../readModel/memories.ts';
import { requireThread } from './messages.ts';
import { presentMessage, presentThreadNode, presentThreadPublic } from '../readModel/threads.ts';
import { spaceOrDefault } from '../../domain/space.ts';

/**
 * One thread with a page of its messages (all of them when `limit` is absent), the memories whose source it is,
 * and the ids of the messages those memories cite.
 */
export async function getThread(deps: Pick<Deps, 'store'>, threadId: string, input: { limit?: number; offset: number; space_id?: string }) {
  const thread = await requireThread(deps.store, threadId, input.space_id);
  const [messages, tokens, memoryIds] = await Promise.all([
    deps.store.threads.messages(thread.id, input.offset, input.limit ?? null),
    deps.store.threads.totalTokens(thread.id),
    deps.store.threads.memoryIds(thread.space_id, thread.thread_id),
  ]);
  const memories = (await deps.store.memories.getMany(memoryIds)).filter(m => m.lifecycle_state !== 'forgotten');
  const related = (await presentMemories(deps, memories)).map(m => ({ ...m, node_type: 'Memory' as const }));
  const covered = [...new Set(memories.map(m => m.source_message_id).filter((id): id is string => id !== null))];
  return {
    thread: presentThreadNode(thread),
    messages: messages.map(m => presentMessage(m, thread)),
    related_memories: related,
    entities: [] as string[],
    total_messages: thread.message_count,
    total_tokens: tokens,
    covered_message_ids: covered,
    thread_id: thread.thread_id,
    title: thread.title,
    source: thread.source,
    message_count: thread.message_count,
    space_id: thread.space_id,
    offset: input.offset,
    limit: input.limit ?? null,
    has_more: input.offset + messages.length < thread.message_count,
  };
}

/** A page of threads in one space (optionally of one source), most recent activity first, ties by thread_id. */
export async function listThreads(deps: Pick<Deps, 'store'>, input: { limit: number; offset: number; source?: string; space_id?: string }) {
  const { items, total } = await deps.store.threads.list({ ...input, space_id: spaceOrDefault(input.space_id) });
  return {
    threads: items.map(presentThreadPublic),
    pagination: { limit: input.limit, offset: input.offset, total, has_more: input.offset + items.length < total },
  };
}

/** Title and summary of every thread in the space, most recent activity first. */
export async function threadSummaries(deps: Pick<Deps, 'store'>, input: { space_id?: string }) {
  const threads = await deps.store.threads.listAll(spaceOrDefault(input.space_id));
  return {
    summaries: threads.map(t => ({
      thread_id: t.thread_id,
      id: t.thread_id,
      title: t.title,
      summary: t.summary,
      source: t.source,
      message_count: t.message_count,
      is_favorite: t.is_favorite,
      created_at: t.created_at,
      updated_at: t.updated_at,
    })),
    total: threads.length,
  };
}

/** The sources of the space's threads with their thread and message counts, most threads first. */
export async function threadSources(deps: Pick<Deps, 'store'>, input: { space_id?: string }) {
  const sources = await deps.store.threads.sources(spaceOrDefault(input.space_id));
  return {
    sources,
    total: sources.length,
    total_threads: sources.reduce((sum, s) => sum + s.thread_count, 0),
  };
}
