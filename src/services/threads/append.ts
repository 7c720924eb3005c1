import { createHash } from 'node:crypto';
import { conflict } from '../../errors.ts';
import { type DedupCandidate, isDuplicateOf, keyedExternalId, messageHash } from '../../domain/thread.ts';
import type { AppendAck, Repos, ThreadRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { explicitExternalId, lastMessageAt, type MessageInput, messageRecords, requireThread, threadLock } from './messages.ts';

export interface AppendInput {
  messages: MessageInput[];
  /** Skip messages the thread already has (same role and content, and the same external_id when one is given). */
  deduplicate: boolean;
  /**
   * Derives a stable external id (`<key>:<index>`) for each message that has none: resending messages under the same
   * key adds only the new ones, and the very same request again gets its acknowledgement back.
   */
  idempotency_key?: string | null;
  /** Checkpointed append: the caller's count of the thread's messages; a mismatch is a 409 `checkpoint_conflict`. */
  expected_message_count?: number | null;
  space_id?: string | null;
}

type AppendDeps = Pick<Deps, 'clock' | 'ids'>;

/** A fingerprint of everything in the request that decides its outcome: equal fingerprints mean a true replay. */
function requestFingerprint(input: AppendInput): string {
  const messages = input.messages.map(m => [m.role, m.content, m.timestamp ?? null, m.metadata ?? null, m.external_id ?? null]);
  const request = JSON.stringify([messages, input.deduplicate, input.expected_message_count ?? null]);
  return createHash('sha256').update(request).digest('hex');
}

/**
 * The indexes of the messages to store. With `deduplicate`: those not stored yet and (when they carry an external id
 * of their own) not repeated earlier in the batch. Without it: all, except keyed messages whose derived id is stored.
 */
async function freshMessages(tx: Repos, thread: ThreadRecord, input: AppendInput, key: string | null): Promise<number[]> {
  const all = input.messages.map((_, i) => i);
  if (!input.deduplicate && !key) return all;
  const candidates: DedupCandidate[] = input.messages.map((m, i) => {
    const own = explicitExternalId(m);
    return { role: m.role, content: m.content, external_id: own ?? (key ? keyedExternalId(key, i) : null), derived_from: own ? null : key };
  });
  const hashes = [...new Set(candidates.map(c => messageHash(c.role, c.content)))];
  const stored = hashes.length ? await tx.threads.messagesByHash(thread.id, hashes) : [];
  if (!input.deduplicate) {
    return all.filter(i => {
      const c = candidates[i]!;
      return !(c.derived_from && stored.some(s => s.role === c.role && s.content === c.content && s.external_id === c.external_id));
    });
  }
  const seen: DedupCandidate[] = [];
  return all.filter(i => {
    const candidate = candidates[i]!;
    if (stored.some(s => isDuplicateOf(candidate, s))) return false;
    const ownId = candidate.external_id !== null && !candidate.derived_from;
    if (ownId && seen.some(s => isDuplicateOf(candidate, s))) return false;
    if (ownId) seen.push(candidate);
    return true;
  });
}

/**
 * Appends to a thread inside the caller's transaction and returns the acknowledgement.
 * Order: the very request a key last answered gets that acknowledgement back; a batch that is entirely duplicates
 * succeeds with nothing added (a retried checkpoint); otherwise a checkpoint that does not match the stored count is
 * a 409 `checkpoint_conflict` (with `total_messages`) and nothing is written.
 */
export async function appendToThread(deps: AppendDeps, tx: Repos, thread: ThreadRecord, input: AppendInput): Promise<AppendAck & { idempotent_replay?: true }> {
  const key = input.idempotency_key || null;
  const fingerprint = key ? requestFingerprint(input) : null;
  if (key) {
    const known = await tx.threads.appendKey(thread.id, key);
    if (known && known.request_hash === fingerprint) return { ...known.ack, idempotent_replay: true };
  }
  const checkpointed = input.expected_message_count !== undefined && input.expected_message_count !== null;
  const mode = checkpointed ? 'checkpointed' : input.deduplicate ? 'deduplicated' : 'append';
  const keep = await freshMessages(tx, thread, input, key);
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
    const externalIds = keep.map(i => explicitExternalId(input.messages[i]!) ?? (key ? keyedExternalId(key, i) : null));
    const records = messageRecords(deps, thread.id, thread.message_count, messages, at, externalIds);
    await tx.threads.insertMessages(records);
    const total = thread.message_count + records.length;
    if (records.length > 0) {
      await tx.threads.update(thread.id, { message_count: total, updated_at: at, last_message_at: lastMessageAt(records, thread.last_message_at) });
    }
    ack = { messages_added: records.length, total_messages: total, append_mode: mode, duplicates_skipped: duplicates, message_ids: records.map(r => r.id) };
  }
  if (key) await tx.threads.saveAppendKey(thread.id, key, { ack, request_hash: fingerprint! }, deps.clock.now());
  return ack;
}

/** Appends messages to a thread in one transaction (404 `thread_not_found` when the space has no such thread). */
export async function appendMessages(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, threadId: string, input: AppendInput) {
  // Group commit: appends arriving together share one COMMIT, each in its own savepoint (a 409 fails alone).
  const ack = await deps.store.groupTransaction(async tx => {
    await tx.locks.hold([threadLock(input.space_id, threadId)]); // another process's append lands first, this one after it
    return appendToThread(deps, tx, await requireThread(tx, threadId, input.space_id), input);
  });
  return { success: true, thread_id: threadId, ...ack };
}
