import { AppError, InputError } from '../../errors.ts';
import { keyedExternalId } from '../../domain/thread.ts';
import { parseConversationMarkdown } from '../../domain/threadMarkdown.ts';
import type { Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { appendToThread } from './append.ts';
import { type CreateThreadInput, insertThread } from './create.ts';
import { explicitExternalId, type MessageInput, threadLock } from './messages.ts';
import { spaceOrDefault } from '../../domain/space.ts';

/** One thread to import (reference `ThreadImportItem`): JSON `messages`, or conversation `markdown_content`. */
export interface ImportItem {
  thread_id?: string | null;
  title?: string | null;
  messages?: MessageInput[] | null;
  markdown_content?: string | null;
  source?: string | null;
  participants?: string[] | null;
  project?: string | null;
  workspace?: string | null;
  tool_version?: string | null;
  metadata?: Record<string, unknown> | null;
  space_id?: string | null;
  /** For a thread that exists: the append rules of `/threads/{id}/append`. */
  deduplicate?: boolean | null;
  idempotency_key?: string | null;
  expected_message_count?: number | null;
}

/** Single mode (the fields of one item) or batch mode (`threads`). */
export interface ImportInput extends ImportItem {
  threads?: ImportItem[] | null;
}

interface ImportResult {
  success: boolean;
  thread_id: string;
  title: string | null;
  message_count: number;
  error: string | null;
  /** Why the thread failed, as the append's error codes: `checkpoint_conflict`, `thread_not_found`, `nothing_to_import`. */
  error_code: string | null;
  /** `created` for a new thread; for an existing one the append's mode (`checkpointed`, `deduplicated`, `append`). */
  append_mode: string | null;
  messages_added: number;
  duplicates_skipped: number;
}

const failure = (thread_id: string, title: string | null, error: string, error_code: string, message_count = 0): ImportResult => ({
  success: false, thread_id, title, message_count, error, error_code, append_mode: null, messages_added: 0, duplicates_skipped: 0,
});

/** The space an item goes to: its own `space_id`, else its `metadata.space_id`, else the batch's, else the query's. */
function itemSpace(item: ImportItem, batchSpace: string | null | undefined, querySpace: string | null | undefined): string {
  const fromMetadata = item.metadata?.space_id;
  return item.space_id || (typeof fromMetadata === 'string' && fromMetadata ? fromMetadata : null) || batchSpace || spaceOrDefault(querySpace);
}

/** The thread an item describes, or the reason it cannot be imported. */
function toThread(deps: Pick<Deps, 'ids'>, item: ImportItem, spaceId: string): CreateThreadInput | string {
  let messages = item.messages ?? [];
  let title = item.title;
  let source = item.source;
  let metadata = item.metadata ?? {};
  if (messages.length === 0 && item.markdown_content != null) {
    const parsed = parseConversationMarkdown(item.markdown_content);
    if (parsed.messages.length === 0) return 'markdown_content has no messages: expected "## User" / "## Assistant" sections, "### Name" headings or "**Speaker**: text" lines';
    messages = parsed.messages;
    title ||= parsed.title;
    source ||= parsed.source;
    if (Object.keys(parsed.front_matter).length > 0) metadata = { front_matter: parsed.front_matter, ...metadata };
  }
  if (messages.length === 0) return 'Nothing to import: give messages or markdown_content';
  return {
    thread_id: item.thread_id || deps.ids.next(),
    title,
    messages,
    source,
    participants: item.participants,
    project: item.project,
    workspace: item.workspace,
    tool_version: item.tool_version,
    metadata,
    space_id: spaceId,
  };
}

/**
 * Imports one item inside the caller's transaction. A thread its space has already gets the messages appended with
 * the append's dedup, idempotency and checkpoint rules; a new one is created (a checkpoint above 0 on a thread that
 * does not exist is `thread_not_found`: the caller's count refers to history Cairn never saw).
 */
async function importItem(deps: Pick<Deps, 'clock' | 'ids'>, tx: Repos, item: ImportItem, thread: CreateThreadInput): Promise<ImportResult> {
  const spaceId = thread.space_id!;
  const key = item.idempotency_key || null;
  await tx.locks.hold([threadLock(spaceId, thread.thread_id)]);
  const existing = await tx.threads.get(spaceId, thread.thread_id);
  if (existing) {
    const ack = await appendToThread(deps, tx, existing, {
      messages: thread.messages,
      deduplicate: item.deduplicate ?? true,
      idempotency_key: key,
      expected_message_count: item.expected_message_count,
    });
    return {
      success: true, thread_id: existing.thread_id, title: existing.title, message_count: ack.total_messages, error: null, error_code: null,
      append_mode: ack.append_mode, messages_added: ack.messages_added, duplicates_skipped: ack.duplicates_skipped,
    };
  }
  const expected = item.expected_message_count ?? null;
  if (expected !== null && expected > 0) {
    return failure(thread.thread_id, thread.title ?? null, `Thread not found: ${thread.thread_id} (expected ${expected} messages in space ${spaceId})`, 'thread_not_found');
  }
  // As on append, a keyed message without an id of its own gets one derived from the key, so a retry is a duplicate.
  const messages = key ? thread.messages.map((m, i) => (explicitExternalId(m) ? m : { ...m, external_id: keyedExternalId(key, i) })) : thread.messages;
  const { thread: stored } = await insertThread(deps, tx, { ...thread, messages }, 'import');
  return {
    success: true, thread_id: stored.thread_id, title: stored.title, message_count: stored.message_count, error: null, error_code: null,
    append_mode: expected === null ? 'created' : 'checkpointed', messages_added: stored.message_count, duplicates_skipped: 0,
  };
}

/**
 * Imports one thread or a batch, each thread in its own transaction. A thread the space has already is appended to
 * (as `/threads/{id}/append`, so import works as an incremental sync); a thread that cannot be imported (no messages,
 * a checkpoint that does not match) is reported in `results` with an `error_code` and does not stop the others.
 * Single mode with nothing to import is a 422.
 */
export async function importThreads(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, input: ImportInput, querySpace?: string | null) {
  const batch = Array.isArray(input.threads);
  const items = batch ? input.threads! : [input];
  const results: ImportResult[] = [];
  for (const item of items) {
    const thread = toThread(deps, item, itemSpace(item, input.space_id, querySpace));
    if (typeof thread === 'string') {
      if (!batch) throw new InputError(['body'], thread);
      results.push(failure(item.thread_id ?? '', item.title ?? null, thread, 'nothing_to_import'));
      continue;
    }
    try {
      results.push(await deps.store.transaction(tx => importItem(deps, tx, item, thread)));
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      const count = typeof error.extra.total_messages === 'number' ? error.extra.total_messages : 0;
      results.push(failure(thread.thread_id, thread.title ?? null, error.message, error.code, count));
    }
  }
  const imported = results.filter(r => r.success).length;
  return {
    success: imported === results.length,
    imported_count: imported,
    failed_count: results.length - imported,
    results,
    ...(batch ? {} : { thread_id: results[0]!.thread_id }),
  };
}
