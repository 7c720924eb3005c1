import { conflict } from '../../errors.ts';
import { type DedupCandidate, isDuplicateOf, messageHash } from '../../domain/thread.ts';
import type { AppendAck, Repos, ThreadRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { explicitExternalId, lastMessageAt, type MessageInput, messageRecords, requireThread } from './messages.ts';

export interface AppendInput {
  messages: MessageInput[];
  /** Skip messages the thread already has (same role and content, and the same external_id when one is given). */
  deduplicate: boolean;
  /** A retried request with the same key gets the first acknowledgement back and writes nothing. */
  idempotency_key?: string | null;
  /** Checkpointed append: the caller's count of the thread's messages; a mismatch is a 409 `checkpoint_conflict`. */
  expected_message_count?: number | null;
  space_id?: string | null;
}

type AppendDeps = Pick<Deps, 'clock' | 'ids'>;

/** The messages that are new: not stored yet, and (when they carry an external id) not repeated earlier in the batch. */
async function freshMessages(tx: Repos, thread: ThreadRecord, messages: MessageInput[]): Promise<number[]> {
  const candidates: DedupCandidate[] = messages.map(m => ({ role: m.role, content: m.content, external_id: explicitExternalId(m) }));
  const hashes = [...new Set(candidates.map(c => messageHash(c.role, c.content)))];
  const stored = hashes.length ? await tx.threads.messagesByHash(thread.id, hashes) : [];
  const fresh: number[] = [];
  const seen: DedupCandidate[] = [];
  candidates.forEach((candidate, i) => {
    if (stored.some(s => isDuplicateOf(candidate, s))) return;
    if (candidate.external_id !== null && seen.some(s => isDuplicateOf(candidate, s))) return;
    seen.push(candidate);
    fresh.push(i);
  });
  return fresh;
}

/**
 * Appends to a thread inside the caller's transaction and returns the acknowledgement.
 * Order: a known idempotency key replays its first ack; a batch that is entirely duplicates succeeds with nothing
 * added (a retried checkpoint); otherwise a checkpoint that does not match the stored count is a 409
 * `checkpoint_conflict` (with `total_messages`) and nothing is written.
 */
export async function appendToThread(deps: AppendDeps, tx: Repos, thread: ThreadRecord, input: AppendInput): Promise<AppendAck & { idempotent_replay?: true }> {
  const key = input.idempotency_key || null;
  if (key) {
    const replay = await tx.threads.appendAck(thread.id, key);
    if (replay) return { ...replay, idempotent_replay: true };
  }
  const checkpointed = input.expected_message_count !== undefined && input.expected_message_count !== null;
  const mode = checkpointed ? 'checkpointed' : input.deduplicate ? 'deduplicated' : 'append';
  const keep = input.deduplicate ? await freshMessages(tx, thread, input.messages) : input.messages.map((_, i) => i);
  const duplicates = input.messages.length - keep.length;

  let ack: AppendAck;
  if (input.messages.length > 0 && keep.length === 0) {
    ack = { messages_added: 0, total_messages: thread.message_count, append_mode: mode, duplicates_skipped: duplicates, message_ids: [] };
  } else {
    if (checkpointed && input.expected_message_count !== thread.message_count) {
      throw conflict(
        'checkpoint_conflict',
        `Thread ${thread.thread_id} has ${thread.message_count} messages, not the expected ${input.expected_message_count}`,
        { thread_id: thread.thread_id, total_messages: thread.message_count, expected_message_count: input.expected_message_count },
      );
    }
    const at = deps.clock.now();
    const messages = keep.map(i => input.messages[i]!);
    // Without an external id of its own, a keyed message gets one derived from the key: stable across retries.
    const externalIds = keep.map(i => explicitExternalId(input.messages[i]!) ?? (key ? `${key}:${i}` : null));
    const records = messageRecords(deps, thread.id, thread.message_count, messages, at, externalIds);
    await tx.threads.insertMessages(records);
    const total = thread.message_count + records.length;
    if (records.length > 0) {
      await tx.threads.update(thread.id, { message_count: total, updated_at: at, last_message_at: lastMessageAt(records, thread.last_message_at) });
    }
    ack = { messages_added: records.length, total_messages: total, append_mode: mode, duplicates_skipped: duplicates, message_ids: records.map(r => r.id) };
  }
  if (key) await tx.threads.saveAppendAck(thread.id, key, ack, deps.clock.now());
  return ack;
}

/** Appends messages to a thread in one transaction (404 `thread_not_found` when the space has no such thread). */
export async function appendMessages(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, threadId: string, input: AppendInput) {
  const ack = await deps.store.transaction(async tx => appendToThread(deps, tx, await requireThread(tx, threadId, input.space_id), input));
  return { success: true, thread_id: threadId, ...ack };
}
