/**
 * Conversations from files as threads: the file errors answered as 4xx, and one conversation saved as a thread with a
 * stable id, so importing the same file again (or a file that has grown) adds only the messages not held yet.
 */
import { AppError, InputError } from '../../errors.ts';
import { ConversationFileError, type FileConversation, type ParsedConversationFile } from '../../providers/ports.conversations.ts';
import type { Repos, ThreadRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { appendToThread } from './append.ts';
import { insertThread } from './create.ts';
import { type MessageInput, threadLock } from './messages.ts';

/** A file error as the 4xx it is: outside the home 403, missing 404, too large 413, not a conversation 422. */
export function fileErrorResponse(error: unknown, sourceLoc: string[] = ['body', 'source']): unknown {
  if (!(error instanceof ConversationFileError)) return error;
  switch (error.reason) {
    case 'outside_root':
      return new AppError(403, 'path_outside_root', error.message);
    case 'not_found':
      return new AppError(404, 'file_not_found', error.message);
    case 'too_large':
      return new AppError(413, 'file_too_large', error.message);
    case 'unknown_source':
      return new InputError(sourceLoc, error.message);
    default:
      return new InputError(['body'], error.message);
  }
}

/** Runs a read of conversation files, its errors turned into responses (`sourceLoc`: where the request names the source). */
export async function readingFiles<T>(read: () => Promise<T> | T, sourceLoc?: string[]): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw fileErrorResponse(error, sourceLoc);
  }
}

/** The thread a conversation is saved as: `<source>-<id>` (Markdown transcripts: `markdown-<hash of the path>`). */
export function conversationThreadId(file: Pick<ParsedConversationFile, 'format'>, conversation: FileConversation): string {
  const prefix = file.format === 'markdown' ? 'markdown' : conversation.source;
  return `${prefix}-${conversation.session_id}`.slice(0, 200);
}

/** What a thread remembers of the file it came from, for `/coverage` and `/reconcile-tail`. */
export interface ImportOrigin {
  path: string | null;
  format: string;
  source: string;
  session_id: string;
  source_message_count: number;
  first_message_at: string | null;
  last_message_at: string | null;
  imported_at: string;
}

export interface SaveOptions {
  space_id: string;
  path: string | null;
  thread_id?: string | null;
  summary?: string | null;
  workspace?: string | null;
  project?: string | null;
  metadata?: Record<string, unknown> | null;
  preserve_timestamps?: boolean;
}

export interface SaveResult {
  thread: ThreadRecord;
  action: 'created' | 'appended' | 'unchanged';
  messages_added: number;
  duplicates_skipped: number;
}

const toInput = (conversation: FileConversation, preserveTimestamps: boolean): MessageInput[] =>
  conversation.messages.map(m => ({
    role: m.role,
    content: m.content,
    timestamp: preserveTimestamps ? m.timestamp : null,
    metadata: m.metadata,
    external_id: m.external_id,
  }));

/**
 * Saves one conversation inside the caller's transaction: a new thread, or only the messages (by external id) the
 * thread does not hold yet, appended after the ones it has; nothing held is changed or removed.
 */
export async function saveConversation(
  deps: Pick<Deps, 'clock' | 'ids'>,
  tx: Repos,
  file: ParsedConversationFile,
  conversation: FileConversation,
  options: SaveOptions,
): Promise<SaveResult> {
  const threadId = options.thread_id || conversationThreadId(file, conversation);
  const messages = toInput(conversation, options.preserve_timestamps ?? true);
  const at = deps.clock.now();
  const origin: ImportOrigin = {
    path: options.path,
    format: file.format,
    source: conversation.source,
    session_id: conversation.session_id,
    source_message_count: conversation.messages.length,
    first_message_at: conversation.messages.find(m => m.timestamp)?.timestamp ?? null,
    last_message_at: conversation.messages.filter(m => m.timestamp).at(-1)?.timestamp ?? null,
    imported_at: at,
  };
  await tx.locks.hold([threadLock(options.space_id, threadId)]);
  const existing = await tx.threads.get(options.space_id, threadId);
  if (!existing) {
    const { thread } = await insertThread(deps, tx, {
      thread_id: threadId,
      title: conversation.title,
      summary: options.summary,
      messages,
      source: conversation.source,
      space_id: options.space_id,
      project: options.project ?? null,
      workspace: options.workspace ?? conversation.cwd,
      tool_version: conversation.tool_version,
      metadata: { ...(options.metadata ?? {}), import: origin, started_at: conversation.created_at },
    });
    return { thread, action: 'created', messages_added: thread.message_count, duplicates_skipped: 0 };
  }
  const known = new Set(await tx.threads.externalIds(existing.id));
  const fresh = messages.filter(m => !known.has(m.external_id!));
  const ack = fresh.length > 0 ? await appendToThread(deps, tx, existing, { messages: fresh, deduplicate: false }) : null;
  const patch = { metadata: { ...existing.metadata, import: origin }, ...(options.summary?.trim() ? { summary: options.summary.trim() } : {}) };
  await tx.threads.update(existing.id, patch);
  const thread = (await tx.threads.get(options.space_id, threadId))!;
  return { thread, action: ack ? 'appended' : 'unchanged', messages_added: ack?.messages_added ?? 0, duplicates_skipped: messages.length - fresh.length };
}
