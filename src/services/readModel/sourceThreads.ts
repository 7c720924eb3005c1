import type { MemoryRecord, Repos } from '../../storage/ports.ts';

/** The interface's `source_thread` of a memory: the thread it cites, and whether that thread exists in its space. */
export interface SourceThreadInfo {
  id: string;
  title: string;
  space_id: string;
  resolved: boolean;
}

/** `source_thread` for each memory that cites a thread, keyed by memory id; one thread lookup per distinct thread. */
export async function sourceThreads(
  repos: Pick<Repos, 'threads'>,
  memories: Pick<MemoryRecord, 'id' | 'space_id' | 'source_thread_id'>[],
): Promise<Map<string, SourceThreadInfo>> {
  const infos = new Map<string, SourceThreadInfo>();
  const byThread = new Map<string, Promise<SourceThreadInfo>>();
  for (const memory of memories) {
    const threadId = memory.source_thread_id;
    if (!threadId) continue;
    const key = `${memory.space_id}\u0000${threadId}`;
    if (!byThread.has(key)) {
      byThread.set(
        key,
        repos.threads.get(memory.space_id, threadId).then(thread => ({ id: threadId, title: thread?.title ?? '', space_id: memory.space_id, resolved: Boolean(thread) })),
      );
    }
    infos.set(memory.id, await byThread.get(key)!);
  }
  return infos;
}
