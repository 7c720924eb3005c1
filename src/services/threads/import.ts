import { AppError, InputError } from '../../errors.ts';
import { parseConversationMarkdown } from '../../domain/threadMarkdown.ts';
import type { Deps } from '../deps.ts';
import { type CreateThreadInput, insertThread } from './create.ts';
import type { MessageInput } from './messages.ts';

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
}

/** The thread an item describes, or the reason it cannot be imported. */
function toThread(deps: Pick<Deps, 'ids'>, item: ImportItem, spaceId: string | null | undefined): CreateThreadInput | string {
  let messages = item.messages ?? [];
  let title = item.title;
  let source = item.source;
  let metadata = item.metadata ?? {};
  if (messages.length === 0 && item.markdown_content != null) {
    const parsed = parseConversationMarkdown(item.markdown_content);
    if (parsed.messages.length === 0) return 'markdown_content has no messages: expected "## User" / "## Assistant" sections';
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
    space_id: item.space_id || spaceId,
  };
}

/**
 * Imports one thread or a batch, each thread in its own transaction: a thread that cannot be imported (no messages,
 * or a thread_id its space has already) is reported in `results` and does not stop the others.
 * Single mode with nothing to import is a 422.
 */
export async function importThreads(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, input: ImportInput) {
  const batch = Array.isArray(input.threads);
  const items = batch ? input.threads! : [input];
  const results: ImportResult[] = [];
  for (const item of items) {
    const thread = toThread(deps, item, input.space_id);
    if (typeof thread === 'string') {
      if (!batch) throw new InputError(['body'], thread);
      results.push({ success: false, thread_id: item.thread_id ?? '', title: item.title ?? null, message_count: 0, error: thread });
      continue;
    }
    try {
      const { thread: stored } = await deps.store.transaction(tx => insertThread(deps, tx, thread, 'import'));
      results.push({ success: true, thread_id: stored.thread_id, title: stored.title, message_count: stored.message_count, error: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      results.push({ success: false, thread_id: thread.thread_id, title: thread.title ?? null, message_count: 0, error: error.message });
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
