/**
 * `POST /threads/{id}/reconcile-tail`: brings a thread's tail in line with its source without losing anything.
 * The caller says how many leading messages still match (`matched_count`) and sends the source's tail (`messages`);
 * with `expected_tail_ids` it states the tail it last saw, and a thread whose tail differs is a 409 (someone wrote
 * meanwhile). Source messages the thread's tail already holds (same external id, or same role and content) are kept
 * as they are; the others are appended. Nothing stored is removed, so `messages_replaced` is always 0: tail messages
 * the source no longer has are reported in `diverged_message_ids`, never dropped. With `from_source` the thread's
 * import file (see conversationFiles.ts) is read again and what it holds beyond the thread is appended.
 */
import { conflict, InputError } from '../../errors.ts';
import { messageHash } from '../../domain/thread.ts';
import type { ThreadMessageRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { appendToThread } from './append.ts';
import { type ImportOrigin, readingFiles, saveConversation } from './conversationFiles.ts';
import { explicitExternalId, type MessageInput, requireThread, threadLock } from './messages.ts';

export interface ReconcileInput {
  matched_count?: number | null;
  messages?: MessageInput[] | null;
  expected_tail_ids?: string[] | null;
  from_source?: boolean | null;
  space_id?: string | null;
}

/** How a stored message is named by callers: its external id when it has one, else its id. */
const tailId = (m: ThreadMessageRecord) => m.external_id ?? m.id;

const sameMessage = (stored: ThreadMessageRecord, incoming: MessageInput) => {
  const external = explicitExternalId(incoming);
  if (external && stored.external_id) return external === stored.external_id;
  return stored.content_hash === messageHash(incoming.role, incoming.content) && stored.role === incoming.role && stored.content === incoming.content;
};

async function reconcileFromSource(deps: Pick<Deps, 'store' | 'clock' | 'ids' | 'conversations'>, threadId: string, spaceId: string | null | undefined) {
  const thread = await requireThread(deps.store, threadId, spaceId);
  const origin = (thread.metadata.import ?? null) as ImportOrigin | null;
  if (!origin?.path) throw new InputError(['body', 'from_source'], `Thread ${threadId} was not imported from a file: send matched_count and messages instead`);
  const file = await readingFiles(() => deps.conversations.read(origin.path!, origin.format === 'session' ? origin.source : origin.format));
  const conversation = file.conversations.find(c => c.session_id === origin.session_id) ?? (file.conversations.length === 1 ? file.conversations[0] : undefined);
  if (!conversation) throw conflict('source_changed', `${origin.path} no longer holds conversation ${origin.session_id}`);
  const saved = await deps.store.transaction(tx =>
    saveConversation(deps, tx, file, conversation, { space_id: thread.space_id, path: origin.path, thread_id: thread.thread_id }),
  );
  return { added: saved.messages_added, total: saved.thread.message_count, diverged: [] as string[] };
}

export async function reconcileTail(deps: Pick<Deps, 'store' | 'clock' | 'ids' | 'conversations'>, threadId: string, input: ReconcileInput) {
  let outcome: { added: number; total: number; diverged: string[] };
  if (input.from_source) outcome = await reconcileFromSource(deps, threadId, input.space_id);
  else {
    if (input.matched_count === undefined || input.matched_count === null) throw new InputError(['body', 'matched_count'], 'matched_count is required (or from_source: true)', 'missing');
    if (!input.messages) throw new InputError(['body', 'messages'], 'messages is required (or from_source: true)', 'missing');
    const matched = input.matched_count;
    const incoming = input.messages;
    outcome = await deps.store.transaction(async tx => {
      const thread = await requireThread(tx, threadId, input.space_id);
      await tx.locks.hold([threadLock(thread.space_id, thread.thread_id)]);
      const current = (await tx.threads.get(thread.space_id, thread.thread_id))!;
      if (matched > current.message_count) {
        throw conflict('tail_conflict', `Thread ${threadId} has ${current.message_count} messages, fewer than matched_count ${matched}`, { total_messages: current.message_count });
      }
      const tail = await tx.threads.messages(current.id, matched, null);
      if (input.expected_tail_ids && JSON.stringify(input.expected_tail_ids) !== JSON.stringify(tail.map(tailId))) {
        throw conflict('tail_conflict', `The tail of thread ${threadId} is not the one expected: it changed meanwhile`, { current_tail_ids: tail.map(tailId), total_messages: current.message_count });
      }
      const missing = incoming.filter(m => !tail.some(stored => sameMessage(stored, m)));
      const diverged = tail.filter(stored => !incoming.some(m => sameMessage(stored, m))).map(tailId);
      const ack = missing.length > 0 ? await appendToThread(deps, tx, current, { messages: missing, deduplicate: false }) : null;
      return { added: ack?.messages_added ?? 0, total: ack?.total_messages ?? current.message_count, diverged };
    });
  }
  return {
    success: true,
    thread_id: threadId,
    messages_replaced: 0,
    messages_added: outcome.added,
    total_messages: outcome.total,
    diverged_message_ids: outcome.diverged,
  };
}
