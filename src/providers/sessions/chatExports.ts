/**
 * The conversation exports people download from chat apps, read into conversations. Pure; here beside the session
 * parsers so that `nmem t import` reads an export of any size on the client (the server reads it through
 * providers/conversations/parse.ts).
 * - ChatGPT (`conversations.json`): an array of conversations, each a `mapping` tree of nodes. The conversation shown
 *   is the path from the root to `current_node` (edited and regenerated branches are left out). System messages,
 *   messages marked hidden, tool calls and tool output, and non-text parts (code runs, browsing, thoughts) are noise.
 * - Claude (`conversations.json` of claude.ai's export): an array of conversations with `chat_messages`, each with
 *   `sender` human/assistant and `content` blocks (only `text` blocks are the conversation; `text` is the fallback).
 */
import type { FileConversation } from '../ports.conversations.ts';
import type { SessionMessage } from '../ports.sessions.ts';
import { isObject, str, type Json } from './text.ts';

/** Epoch seconds (ChatGPT's `create_time`) or ISO text, as ISO; null when absent or not a time. */
function isoTime(value: unknown): string | null {
  const time = new Date(typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : NaN);
  // Out of Date's range (a corrupt `create_time`) is no time, not an error.
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** The conversations of an export: a bare array, or `{ conversations: [...] }`. */
function conversationList(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data;
  if (isObject(data) && Array.isArray(data.conversations)) return data.conversations;
  return null;
}

const looksLike = (data: unknown, key: string) => {
  const list = conversationList(data);
  return list !== null && list.length > 0 && list.every(c => isObject(c) && key in c);
};

/** Whether parsed JSON is a ChatGPT export (every conversation has a `mapping`). */
export const isChatGptExport = (data: unknown) => looksLike(data, 'mapping');
/** Whether parsed JSON is a Claude export (every conversation has `chat_messages`). */
export const isClaudeExport = (data: unknown) => looksLike(data, 'chat_messages');

/** The text of a ChatGPT message, or null when it is not conversation (a tool's turn, code, browsing, thoughts). */
function chatGptText(message: Json): string | null {
  const author = isObject(message.author) ? message.author : {};
  const role = str(author.role);
  if (role !== 'user' && role !== 'assistant') return null;
  const metadata = isObject(message.metadata) ? message.metadata : {};
  if (metadata.is_visually_hidden_from_conversation === true || metadata.is_user_system_message === true) return null;
  // An assistant message addressed to a tool (`recipient: "browser"`) is a tool call.
  if (role === 'assistant' && message.recipient !== undefined && message.recipient !== 'all') return null;
  const content = isObject(message.content) ? message.content : {};
  if (content.content_type !== 'text' && content.content_type !== 'multimodal_text') return null;
  const parts = Array.isArray(content.parts) ? content.parts : [];
  const text = parts.map(p => (typeof p === 'string' ? p : isObject(p) && typeof p.text === 'string' ? p.text : '')).join('\n').trim();
  return text || null;
}

/** One ChatGPT conversation: the path from the root to `current_node`, noise left out. */
function chatGptConversation(raw: Json, index: number): FileConversation {
  const mapping = isObject(raw.mapping) ? raw.mapping : {};
  const id = str(raw.conversation_id) ?? str(raw.id) ?? `conversation-${index}`;
  // Walk up from the current node (or, without one, the last node) to the root; a cycle ends the walk.
  let node = str(raw.current_node) ?? Object.keys(mapping).at(-1) ?? null;
  const path: Json[] = [];
  const seen = new Set<string>();
  while (node !== null && !seen.has(node) && isObject(mapping[node])) {
    seen.add(node);
    const entry = mapping[node] as Json;
    path.push(entry);
    node = str(entry.parent);
  }
  path.reverse();
  const messages: SessionMessage[] = [];
  let skipped = 0;
  for (const entry of path) {
    if (!isObject(entry.message)) continue; // the root node carries no message
    const message = entry.message;
    const text = chatGptText(message);
    if (text === null) {
      skipped++;
      continue;
    }
    const author = message.author as Json;
    const model = isObject(message.metadata) ? str(message.metadata.model_slug) : null;
    messages.push({
      role: author.role as 'user' | 'assistant',
      content: text,
      timestamp: isoTime(message.create_time),
      external_id: str(message.id) ?? str(entry.id) ?? `${id}:${messages.length}`,
      metadata: model ? { model } : {},
    });
  }
  return {
    session_id: id,
    source: 'chatgpt',
    title: str(raw.title),
    created_at: isoTime(raw.create_time),
    updated_at: isoTime(raw.update_time),
    cwd: null,
    tool_version: str(raw.default_model_slug),
    messages,
    skipped,
  };
}

/** The text blocks of a Claude message (thinking, tool use and tool results left out), else its `text`. */
function claudeText(message: Json): string {
  if (Array.isArray(message.content) && message.content.length > 0) {
    return message.content
      .filter((block): block is Json => isObject(block) && block.type === 'text' && typeof block.text === 'string')
      .map(block => block.text as string)
      .join('\n')
      .trim();
  }
  return (str(message.text) ?? '').trim();
}

const CLAUDE_ROLES: Record<string, 'user' | 'assistant'> = { human: 'user', user: 'user', assistant: 'assistant' };

function claudeConversation(raw: Json, index: number): FileConversation {
  const id = str(raw.uuid) ?? str(raw.id) ?? `conversation-${index}`;
  const messages: SessionMessage[] = [];
  let skipped = 0;
  for (const message of Array.isArray(raw.chat_messages) ? raw.chat_messages : []) {
    const role = isObject(message) ? CLAUDE_ROLES[str(message.sender) ?? ''] : undefined;
    const text = isObject(message) && role ? claudeText(message) : '';
    if (!isObject(message) || !role || !text) {
      skipped++;
      continue;
    }
    const files = [...(Array.isArray(message.attachments) ? message.attachments : []), ...(Array.isArray(message.files) ? message.files : [])]
      .map(f => (isObject(f) ? (str(f.file_name) ?? str(f.name)) : null))
      .filter((name): name is string => name !== null);
    messages.push({
      role,
      content: text,
      timestamp: isoTime(message.created_at),
      external_id: str(message.uuid) ?? `${id}:${messages.length}`,
      metadata: files.length > 0 ? { attachments: files } : {},
    });
  }
  const summary = str(raw.summary);
  return {
    session_id: id,
    source: 'claude-ai',
    title: str(raw.name) || (summary ? summary.split('\n')[0]!.slice(0, 200) : null),
    created_at: isoTime(raw.created_at),
    updated_at: isoTime(raw.updated_at),
    cwd: null,
    tool_version: null,
    messages,
    skipped,
  };
}

/** Every conversation of a ChatGPT export, in the file's order. */
export const parseChatGptExport = (data: unknown): FileConversation[] =>
  (conversationList(data) ?? []).map((raw, i) => chatGptConversation(isObject(raw) ? raw : {}, i));

/** Every conversation of a Claude export, in the file's order. */
export const parseClaudeExport = (data: unknown): FileConversation[] =>
  (conversationList(data) ?? []).map((raw, i) => claudeConversation(isObject(raw) ? raw : {}, i));

/** Every conversation of a ChatGPT or Claude export; null when the data is neither. */
export function parseChatExport(data: unknown): FileConversation[] | null {
  if (isChatGptExport(data)) return parseChatGptExport(data);
  if (isClaudeExport(data)) return parseClaudeExport(data);
  return null;
}
