/**
 * Bringing chat histories in: pasted content parsed without storing (`/threads/parse`), and files under the home
 * found (`discover`), previewed, exported raw or imported (`/threads/conversations/*`). A file is parsed whole before
 * anything is written, and every conversation of it is saved in one transaction: a malformed export imports nothing.
 */
import { AppError, InputError } from '../../errors.ts';
import { ConversationFileError, type DiscoveredConversationFile, type FileConversation, type ParsedConversationFile } from '../../providers/ports.conversations.ts';
import type { Deps } from '../deps.ts';
import { presentMessage, presentThreadNode } from '../readModel/threads.ts';
import { spaceOrDefault } from '../../domain/space.ts';
import { conversationThreadId, readingFiles, saveConversation, type SaveResult } from './conversationFiles.ts';
import { conversationMarkdown } from './threadExport.ts';
import { getImportConfig } from './importConfig.ts';

/** Messages a preview shows from each end of a conversation. */
const PREVIEW_EACH_END = 3;
/** Characters of a preview message. */
const PREVIEW_CHARS = 500;

type FileDeps = Pick<Deps, 'conversations'>;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The conversations of a file to work on: the one `session_id` names (404 when the file has none such), else all. */
function selectConversations(file: ParsedConversationFile, sessionId: string | null | undefined): FileConversation[] {
  if (!sessionId) return file.conversations;
  const chosen = file.conversations.filter(c => c.session_id === sessionId);
  // A single-conversation file is the session asked for, whatever its id is called.
  if (chosen.length === 0 && file.conversations.length === 1) return file.conversations;
  if (chosen.length === 0) throw new AppError(404, 'conversation_not_found', `The file has no conversation ${sessionId}`);
  return chosen;
}

const brief = (file: ParsedConversationFile, c: FileConversation) => ({
  session_id: c.session_id,
  thread_id: conversationThreadId(file, c),
  title: c.title,
  source: c.source,
  message_count: c.messages.length,
  skipped_messages: c.skipped,
  first_message_at: c.messages.find(m => m.timestamp)?.timestamp ?? c.created_at,
  last_message_at: c.messages.filter(m => m.timestamp).at(-1)?.timestamp ?? c.updated_at,
});

const asParsedThread = (file: ParsedConversationFile, c: FileConversation) => ({
  ...brief(file, c),
  messages: c.messages.map(m => ({ role: m.role, content: m.content, timestamp: m.timestamp, external_id: m.external_id, metadata: m.metadata })),
});

/** `POST /threads/parse`: pasted or uploaded content as messages, nothing stored; unreadable content is `success: false`. */
export function parseThreadContent(deps: FileDeps, input: { file_content: string; file_name: string; source?: string | null }) {
  try {
    const file = deps.conversations.parse(input.file_name, input.file_content, input.source || 'auto');
    const [first] = file.conversations;
    return {
      success: true,
      format_detected: file.format,
      parsed_thread: first ? { ...asParsedThread(file, first), conversation_count: file.conversations.length } : null,
      conversations: file.conversations.map(c => asParsedThread(file, c)),
      error: null,
    };
  } catch (error) {
    const answer = readingError(error);
    return { success: false, format_detected: null, parsed_thread: null, conversations: [], error: answer };
  }
}

/** A parse failure's message (a bad source name is still a 422: the request itself is wrong). */
function readingError(error: unknown): string {
  if (!(error instanceof ConversationFileError)) throw error;
  if (error.reason === 'unknown_source') throw new InputError(['body', 'source'], error.message);
  return error.message;
}

/** `POST /threads/conversations/preview`: counts and the first and last messages, nothing written. */
export async function previewConversation(deps: FileDeps & Pick<Deps, 'store'>, input: { path: string; source: string; session_id?: string | null; space_id?: string | null }) {
  const file = await readingFiles(() => deps.conversations.read(input.path, input.source));
  const conversations = selectConversations(file, input.session_id);
  const spaceId = spaceOrDefault(input.space_id);
  const messages = conversations.length === 1 ? conversations[0]!.messages : [];
  const ends = messages.length <= 2 * PREVIEW_EACH_END ? messages : [...messages.slice(0, PREVIEW_EACH_END), ...messages.slice(-PREVIEW_EACH_END)];
  const listed = [];
  for (const c of conversations) {
    const thread = await deps.store.threads.get(spaceId, conversationThreadId(file, c));
    const held = thread ? new Set(await deps.store.threads.externalIds(thread.id)) : new Set<string>();
    listed.push({ ...brief(file, c), already_imported: Boolean(thread), new_messages: c.messages.filter(m => !held.has(m.external_id)).length });
  }
  return {
    message_count: conversations.reduce((sum, c) => sum + c.messages.length, 0),
    preview_messages: ends.map(m => ({ role: m.role, content: clip(m.content, PREVIEW_CHARS), timestamp: m.timestamp })),
    format: file.format,
    conversation_count: conversations.length,
    new_message_count: listed.reduce((sum, c) => sum + c.new_messages, 0),
    conversations: listed,
  };
}

export interface ConversationImportInput {
  path: string;
  source: string;
  session_id?: string | null;
  thread_id_override?: string | null;
  summary?: string | null;
  auto_compact: boolean;
  preserve_timestamps: boolean;
  workspace?: string | null;
  project?: string | null;
  metadata?: Record<string, unknown> | null;
  space_id?: string | null;
}

/** `POST /threads/conversations/import`: every conversation of the file (or the one `session_id` names), in one transaction. */
export async function importConversation(deps: FileDeps & Pick<Deps, 'store' | 'clock' | 'ids'>, input: ConversationImportInput) {
  const file = await readingFiles(() => deps.conversations.read(input.path, input.source));
  const selected = selectConversations(file, input.session_id);
  const conversations = selected.filter(c => c.messages.length > 0);
  const warnings = selected.filter(c => c.messages.length === 0).map(c => `Conversation ${c.session_id} has no messages: left out`);
  if (conversations.length === 0) throw new InputError(['body', 'path'], 'Nothing to import: the file holds no conversation with messages');
  if (input.thread_id_override && conversations.length > 1) {
    throw new InputError(['body', 'thread_id_override'], `The file holds ${conversations.length} conversations: give session_id to import one under thread_id_override`);
  }
  const spaceId = spaceOrDefault(input.space_id);
  const results: SaveResult[] = await deps.store.transaction(async tx => {
    const saved = [];
    for (const conversation of conversations) {
      saved.push(await saveConversation(deps, tx, file, conversation, { ...input, space_id: spaceId, thread_id: input.thread_id_override }));
    }
    return saved;
  });
  if (input.auto_compact) warnings.push('auto_compact is not done on import: distill the thread (POST /threads/{id}/distill) to extract memories');
  const first = results[0]!;
  const messages = await deps.store.threads.messages(first.thread.id, 0, null);
  const added = results.reduce((sum, r) => sum + r.messages_added, 0);
  const skipped = selected.reduce((sum, c) => sum + c.skipped, 0) + results.reduce((sum, r) => sum + r.duplicates_skipped, 0);
  return {
    thread: presentThreadNode(first.thread),
    messages: messages.map(m => presentMessage(m, first.thread)),
    import_summary: `${results.length} conversation(s) from ${file.format}: ${results.filter(r => r.action === 'created').length} created, ` +
      `${results.filter(r => r.action === 'appended').length} updated, ${added} message(s) added`,
    warnings,
    created_memories: [] as unknown[],
    skipped_messages: skipped,
    format: file.format,
    imported_count: results.filter(r => r.action !== 'unchanged').length,
    messages_added: added,
    threads: results.map(r => ({ thread_id: r.thread.thread_id, title: r.thread.title, action: r.action, message_count: r.thread.message_count, messages_added: r.messages_added })),
  };
}

/** `POST /threads/conversations/export-raw`: a file's conversation(s) as Markdown or JSON, nothing imported. */
export async function exportRawConversation(deps: FileDeps, input: { path: string; source: string; format: 'markdown' | 'json'; session_id?: string | null }) {
  const file = await readingFiles(() => deps.conversations.read(input.path, input.source));
  const conversations = selectConversations(file, input.session_id);
  if (input.format === 'json') {
    return { format: 'json' as const, source_format: file.format, conversations: conversations.map(c => asParsedThread(file, c)) };
  }
  const content = conversations
    .map(c => conversationMarkdown({ title: c.title ?? conversationThreadId(file, c), source: c.source, messages: c.messages }))
    .join('\n\n---\n\n');
  return { format: 'markdown' as const, source_format: file.format, content, conversation_count: conversations.length };
}

/** `GET /threads/conversations/discover`: session and export files under the home, by source, hidden ones marked. */
export async function discoverConversations(deps: FileDeps & Pick<Deps, 'store'>, input: { source?: string | null }) {
  const files = await readingFiles(() => deps.conversations.discover(input.source || undefined), ['query', 'source']);
  const config = await getImportConfig(deps);
  const hiddenSessions = new Set(config.hidden_sessions);
  const hiddenProjects = new Set(config.hidden_projects);
  const conversations: Record<string, (DiscoveredConversationFile & { hidden: boolean })[]> = {};
  for (const file of files) {
    const hidden = hiddenSessions.has(file.session_id) || (file.project_encoded !== null && hiddenProjects.has(file.project_encoded));
    if (hidden && !config.show_hidden_by_default) continue;
    (conversations[file.source] ??= []).push({ ...file, hidden });
  }
  return { conversations, root: deps.conversations.root, total: Object.values(conversations).reduce((sum, list) => sum + list.length, 0) };
}
