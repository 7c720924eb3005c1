import type { Repos } from '../../storage/ports.ts';

export interface Provenance {
  source_thread_id: string | null;
  source_message_id: string | null;
  /** Which ids the caller gave do not resolve (yet) in the memory's space. */
  warnings: string[];
}

/**
 * The provenance a created (or upserted) memory records: exactly the ids the caller gave, even those that name no
 * thread or message here yet (a capture client may save the memory before it syncs the thread); `warnings` says
 * which do not resolve. When the caller gave none, an upserted memory keeps its own. Nothing is inferred: a
 * message id never fills in its thread.
 */
export async function memoryProvenance(
  repos: Pick<Repos, 'threads'>,
  spaceId: string,
  input: { source_thread_id?: string | null; source_message_id?: string | null },
  existing?: { source_thread_id: string | null; source_message_id: string | null },
): Promise<Provenance> {
  if (!input.source_thread_id && !input.source_message_id) {
    return { source_thread_id: existing?.source_thread_id ?? null, source_message_id: existing?.source_message_id ?? null, warnings: [] };
  }
  const threadId = input.source_thread_id || null;
  const messageId = input.source_message_id || null;
  const warnings: string[] = [];
  const thread = threadId ? await repos.threads.get(spaceId, threadId) : undefined;
  if (threadId && !thread) warnings.push(`source_thread_id kept as given, but space ${spaceId} has no thread ${threadId} (yet)`);
  if (messageId) {
    const message = await repos.threads.findMessage(messageId);
    const inPlace = message && message.space_id === spaceId && (!threadId || message.thread_pk === thread?.id);
    if (!inPlace) warnings.push(`source_message_id kept as given, but there is no message ${messageId} in ${threadId ? `thread ${threadId}` : `space ${spaceId}`} (yet)`);
  }
  return { source_thread_id: threadId, source_message_id: messageId, warnings };
}
