/**
 * One reader for the JSON-lines transcripts most coding assistants write, one record a line, in any of the shapes
 * their plugins and docs describe:
 * - Claude Code style (CodeBuddy, WorkBuddy, Grok Build, Proma's Agent SDK): `{type: "user"|"assistant", uuid, sessionId, cwd, message: {role, content}}`
 * - Pi / oh-my-pi / Droid: a `{type: "session", id, cwd}` header, then `{type: "message", id, message: {role, content}}`
 * - Kimi Code `context.jsonl`, Cursor agent transcripts, Craft Agent, Antigravity: `{role, content}` or `{role, message: {content}}`
 * - Copilot CLI events: `{type: "user.message"|"assistant.message", id, data: {content}}`
 * Content is a string or blocks (text, input_text, output_text, tool_use — summarised; tool results and thinking are
 * left out). Each message keeps the record's own id, or else its line: transcripts are append-only, so a re-read of a
 * grown file gives the old messages the same ids. Pure.
 */
import type { CodingSession, SessionMessage } from '../ports.ts';
import { type Json, isObject, joinParts, jsonLines, str, summarizeToolCall } from './text.ts';
import { toIsoTimestamp } from '../../domain/thread.ts';

/** File names that say nothing about the session: the id is then the folder's name. */
const GENERIC_STEMS = new Set(['context', 'session', 'transcript', 'wire', 'messages', 'history', 'chat']);

/** Wrappers hosts put around what the user typed (Cursor's `<user_query>`). */
const USER_WRAPPER = /^\s*<user_query>\s*([\s\S]*?)\s*<\/user_query>\s*$/;

function blockText(block: unknown): string {
  if (typeof block === 'string') return block;
  if (!isObject(block)) return '';
  if (block.type === 'tool_use' || block.type === 'toolCall' || block.type === 'tool_call') {
    return summarizeToolCall(str(block.name) ?? 'tool', block.input ?? block.arguments);
  }
  if (block.type === undefined || block.type === 'text' || block.type === 'input_text' || block.type === 'output_text') return str(block.text) ?? '';
  return ''; // tool results, thinking, images
}

export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return joinParts(content.map(blockText));
  if (isObject(content)) return blockText(content);
  return '';
}

/** The role of a record: `role`, `message.role`, a `user`/`assistant` type, or a Copilot `user.message` event type. */
function roleOf(record: Json): 'user' | 'assistant' | null {
  const message = isObject(record.message) ? record.message : null;
  const type = str(record.type);
  const role = str(record.role) ?? str(message?.role) ?? (type === 'user' || type === 'assistant' ? type : null) ?? (type?.match(/^(user|assistant)\.message$/)?.[1] ?? null);
  return role === 'user' || role === 'assistant' ? role : null;
}

function contentOf(record: Json): string {
  const message = isObject(record.message) ? record.message : null;
  const data = isObject(record.data) ? record.data : null;
  return contentText(message?.content ?? record.content ?? data?.content ?? record.text ?? message?.text).trim();
}

/** The session id, working directory and title a header or any record carries. */
function headerFields(record: Json) {
  const isHeader = record.type === 'session' || record.type === 'session_start' || record.type === 'session_meta';
  const payload = isObject(record.payload) ? record.payload : record;
  return {
    sessionId: str(record.sessionId) ?? str(record.session_id) ?? (isHeader ? str(payload.id) : null),
    cwd: str(record.cwd) ?? (isHeader ? str(payload.cwd) : null),
    title: isHeader ? (str(payload.title) ?? null) : record.type === 'summary' ? str(record.summary) : null,
    version: str(record.version) ?? null,
  };
}

/** The session id a file's name gives: its stem, or its folder's name for generic stems (`<id>/context.jsonl`). */
export function sessionIdFromPath(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  const stem = (parts.at(-1) ?? path).replace(/\.(jsonl|json|txt|md)$/i, '');
  return GENERIC_STEMS.has(stem.toLowerCase()) && parts.length > 1 ? parts.at(-2)! : stem;
}

/** Parses a JSON-lines transcript of `client`; `path` names the file (its id when no record does). Null without a conversation. */
export function parseChatJsonl(client: string, text: string, path: string): CodingSession | null {
  let sessionId: string | null = null;
  let cwd: string | null = null;
  let title: string | null = null;
  let version: string | null = null;
  const fallbackId = sessionIdFromPath(path);
  const messages: (SessionMessage & { sidechain: boolean })[] = [];
  for (const { line, record } of jsonLines(text)) {
    const header = headerFields(record);
    sessionId ??= header.sessionId;
    cwd ??= header.cwd;
    title ??= header.title;
    version ??= header.version;
    // Meta records (command caveats) are not the conversation.
    if (record.isMeta === true) continue;
    const role = roleOf(record);
    if (!role) continue;
    let content = contentOf(record);
    if (role === 'user') content = content.match(USER_WRAPPER)?.[1] ?? content;
    if (!content) continue;
    const message = isObject(record.message) ? record.message : null;
    const ownId = str(record.uuid) ?? str(record.id) ?? str(message?.id);
    messages.push({
      role,
      content,
      timestamp: toIsoTimestamp(str(record.timestamp) ?? str(record.created_at) ?? str(message?.timestamp)),
      external_id: ownId ? `${sessionId ?? fallbackId}:${ownId}` : `${sessionId ?? fallbackId}:${line}`,
      metadata: { source_line: line },
      sidechain: record.isSidechain === true,
    });
  }
  // Side chains (sub-agents) are not the main conversation, unless the file is the sub-agent's own transcript
  // (a SubagentStop hook's agent_transcript_path), where every record is one.
  const main = messages.some(m => !m.sidechain) ? messages.filter(m => !m.sidechain) : messages;
  if (main.length === 0) return null;
  return finish(client, path, { sessionId: sessionId ?? fallbackId, cwd, title, version }, main.map(({ sidechain: _sidechain, ...m }) => m));
}

function finish(client: string, path: string, fields: { sessionId: string; cwd: string | null; title: string | null; version: string | null }, messages: SessionMessage[]): CodingSession {
  return {
    client,
    session_id: fields.sessionId,
    file: path.split(/[\\/]/).at(-1) ?? path,
    cwd: fields.cwd,
    started_at: messages[0]!.timestamp,
    updated_at: messages.at(-1)!.timestamp,
    title: fields.title,
    tool_version: fields.version,
    messages,
  };
}

/**
 * Cursor's plain-text agent transcripts (`agent-transcripts/<conversation id>.txt`): turns start with a `user:` or
 * `assistant:` line; the user's text sits in `<user_query>` tags. Message ids are the turn's place.
 */
export function parseRoleTranscript(client: string, text: string, path: string): CodingSession | null {
  const sessionId = sessionIdFromPath(path);
  const messages: SessionMessage[] = [];
  let current: { role: 'user' | 'assistant'; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    let content = current.lines.join('\n').trim();
    if (current.role === 'user') content = content.match(USER_WRAPPER)?.[1] ?? content;
    if (content) messages.push({ role: current.role, content, timestamp: null, external_id: `${sessionId}:turn-${messages.length}`, metadata: {} });
  };
  for (const line of text.split('\n')) {
    const turn = line.match(/^(user|assistant|A|U):\s*$/i);
    if (turn) {
      flush();
      current = { role: /^u/i.test(turn[1]!) ? 'user' : 'assistant', lines: [] };
    } else current?.lines.push(line);
  }
  flush();
  if (messages.length === 0) return null;
  return { client, session_id: sessionId, file: path.split(/[\\/]/).at(-1) ?? path, cwd: null, started_at: null, updated_at: null, title: null, tool_version: null, messages };
}
