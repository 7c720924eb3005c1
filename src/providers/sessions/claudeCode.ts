/**
 * Claude Code session files (`~/.claude/projects/<project>/<session id>.jsonl`): one JSON record a line —
 * `user` and `assistant` records carrying `message.content` (a string or blocks: text, tool_use, tool_result,
 * thinking), `summary` records naming the conversation, and bookkeeping records. Pure.
 */
import type { CodingSession, SessionMessage } from '../ports.ts';
import { isObject, joinParts, jsonLines, str, summarizeToolCall } from './text.ts';
import { toIsoTimestamp } from '../../domain/thread.ts';

/** Text of a user or assistant message: text blocks as they are, tool calls summarised, tool results and thinking left out. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push(block);
    else if (isObject(block) && block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (isObject(block) && block.type === 'tool_use') parts.push(summarizeToolCall(str(block.name) ?? 'tool', block.input));
  }
  return joinParts(parts);
}

/** Parses one Claude Code session; null when the file holds no conversation. */
export function parseClaudeCodeSession(text: string, file: string): CodingSession | null {
  const stem = file.replace(/\.jsonl$/, '');
  let sessionId: string | null = null;
  let cwd: string | null = null;
  let title: string | null = null;
  let version: string | null = null;
  const messages: SessionMessage[] = [];

  for (const { line, record } of jsonLines(text)) {
    if (record.type === 'summary') {
      title ??= str(record.summary);
      continue;
    }
    if (record.type !== 'user' && record.type !== 'assistant') continue;
    sessionId ??= str(record.sessionId);
    cwd ??= str(record.cwd);
    version ??= str(record.version);
    // Meta records (command caveats) and side chains (sub-agents) are not the conversation.
    if (record.isMeta === true || record.isSidechain === true || !isObject(record.message)) continue;
    const content = contentText(record.message.content).trim();
    if (!content) continue;
    messages.push({
      role: record.type,
      content,
      timestamp: toIsoTimestamp(str(record.timestamp)),
      external_id: str(record.uuid) ?? `${sessionId ?? stem}:${line}`,
      metadata: { source_line: line, ...(typeof record.message.model === 'string' ? { model: record.message.model } : {}) },
    });
  }
  if (messages.length === 0) return null;
  return {
    client: 'claude-code',
    session_id: sessionId ?? stem,
    file,
    cwd,
    started_at: messages[0]!.timestamp,
    updated_at: messages.at(-1)!.timestamp,
    title,
    tool_version: version,
    messages,
  };
}
