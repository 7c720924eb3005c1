import { distillThread } from './distill.ts';
import { spaceOrDefault } from '../../domain/space.ts';

/** Recent threads looked at for ones no memory was distilled from yet. */
const RECENT_THREADS = 100;

type CatchupDeps = Parameters<typeof distillThread>[0];

/**
 * Distils the space's most recent threads that no memory cites yet (at most `limit`), newest activity first, through
 * the distill service; with `dry_run` it only says which threads it would distil. A thread that fails is reported
 * with its error and the others still run.
 */
export async function catchUpThreads(deps: CatchupDeps, input: { space_id?: string | null; limit: number; dry_run: boolean }) {
  const spaceId = spaceOrDefault(input.space_id);
  const { items } = await deps.store.threads.list({ space_id: spaceId, limit: RECENT_THREADS, offset: 0 });
  const pending = [];
  for (const thread of items) {
    if (pending.length >= input.limit) break;
    if (thread.message_count > 0 && (await deps.store.threads.memoryIds(spaceId, thread.thread_id)).length === 0) pending.push(thread);
  }
  const threads = pending.map(t => ({ thread_id: t.thread_id, title: t.title, message_count: t.message_count, updated_at: t.updated_at }));
  if (input.dry_run) return { space_id: spaceId, dry_run: true, threads, distilled: [], memories_created: 0 };
  const distilled = [];
  for (const thread of pending) {
    try {
      const result = await distillThread(deps, { thread_id: thread.thread_id, space_id: spaceId });
      distilled.push({ thread_id: thread.thread_id, memories_created: result.memories_created, memory_ids: result.created_memories.map(m => m.id), error: null });
    } catch (error) {
      distilled.push({ thread_id: thread.thread_id, memories_created: 0, memory_ids: [], error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { space_id: spaceId, dry_run: false, threads, distilled, memories_created: distilled.reduce((n, d) => n + d.memories_created, 0) };
}
