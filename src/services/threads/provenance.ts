import type { Repos } from '../../storage/ports.ts';

export interface Provenance {
  source_thread_id: string | null;
  source_message_id: string | null;
  /** Why an id the caller gave was not recorded. */
  warnings: string[];
}

/**
 * The provenance a memory of `spaceId` may record: `source_thread_id` only when the space has that thread, and
 * `source_message_id` only when that message exists in the space (and belongs to the given thread, when one is
 * given). Nothing is inferred: a message id never fills in its thread.
 */
export async function checkProvenance(
  repos: Pick<Repos, 'threads'>,
  spaceId: string,
  input: { source_thread_id?: string | null; source_message_id?: string | null },
): Promise<Provenance> {
  const warnings: string[] = [];
  let threadPk: string | null = null;
  let threadId: string | null = null;
  if (input.source_thread_id) {
    const thread = await repos.threads.get(spaceId, input.source_thread_id);
    if (thread) {
      threadPk = thread.id;
      threadId = thread.thread_id;
    } else {
      warnings.push(`source_thread_id not recorded: space ${spaceId} has no thread ${input.source_thread_id}`);
    }
  }
  let messageId: string | null = null;
  if (input.source_message_id) {
    const message = await repos.threads.findMessage(input.source_message_id);
    const threadOk = input.source_thread_id ? message?.thread_pk === threadPk && threadPk !== null : true;
    if (message && message.space_id === spaceId && threadOk) messageId = message.id;
    else warnings.push(`source_message_id not recorded: no message ${input.source_message_id} in ${input.source_thread_id ? `thread ${input.source_thread_id}` : `space ${spaceId}`}`);
  }
  return { source_thread_id: threadId, source_message_id: messageId, warnings };
}

/**
 * The provenance a created (or upserted) memory records: what the caller gave, checked as above; when the caller
 * gave none, an upserted memory keeps its own.
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
  return checkProvenance(repos, spaceId, input);
}
