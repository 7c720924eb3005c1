/**
 * Gemini CLI chat files (`~/.gemini/tmp/<sha256 of the project path>/chats/session-*.json`): one JSON document
 * `{sessionId, projectHash, startTime, lastUpdated, messages: [{id, timestamp, type: user | gemini | info | error,
 * content, toolCalls?}]}`, rewritten as the chat goes on. Pure.
 */
import type { CodingSession, SessionMessage } from '../ports.ts';
import { isObject, joinParts, str, summarizeToolCall } from './text.ts';
import { toIsoTimestamp } from '../../domain/thread.ts';

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return joinParts(content.map(part => (typeof part === 'string' ? part : isObject(part) && typeof part.text === 'string' ? part.text : '')));
}

/** Parses one chat file; null when it is not a Gemini chat or holds no conversation. */
export function parseGeminiSession(text: string, file: string): CodingSession | null {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(document) || !Array.isArray(document.messages)) return null;
  const sessionId = str(document.sessionId) ?? file.replace(/\.json$/, '');
  const messages: SessionMessage[] = [];
  document.messages.forEach((entry, index) => {
    if (!isObject(entry) || (entry.type !== 'user' && entry.type !== 'gemini')) return; // info, error, warning notices
    const tools = Array.isArray(entry.toolCalls)
      ? entry.toolCalls.filter(isObject).map(call => summarizeToolCall(str(call.name) ?? 'tool', call.args))
      : [];
    const content = joinParts([contentText(entry.content), ...tools]);
    if (!content) return;
    messages.push({
      role: entry.type === 'user' ? 'user' : 'assistant',
      content,
      timestamp: toIsoTimestamp(str(entry.timestamp)),
      external_id: str(entry.id) ?? `${sessionId}:${index}`,
      metadata: { ...(typeof entry.model === 'string' ? { model: entry.model } : {}), ...(tools.length ? { tool_calls: tools.length } : {}) },
    });
  });
  if (messages.length === 0) return null;
  return {
    client: 'gemini-cli',
    session_id: sessionId,
    file,
    cwd: null,
    started_at: toIsoTimestamp(str(document.startTime)) ?? messages[0]!.timestamp,
    updated_at: toIsoTimestamp(str(document.lastUpdated)) ?? messages.at(-1)!.timestamp,
    title: null,
    tool_version: null,
    messages,
  };
}
