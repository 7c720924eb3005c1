/**
 * Codex CLI rollout files (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`): a `session_meta` record
 * (`payload.id`, `payload.cwd`, `payload.cli_version`), then `response_item` records whose payload is a `message`
 * (`role`, `content: [{type: input_text | output_text, text}]`), a `function_call` / `local_shell_call` /
 * `custom_tool_call`, a tool output or reasoning; plus `event_msg` and `turn_context` records that repeat them.
 * Older files put the meta and the items on the lines themselves, without the envelope. Pure.
 */
import type { CodingSession, SessionMessage } from '../ports.ts';
import { type Json, isObject, joinParts, jsonLines, parseArguments, str, summarizeToolCall } from './text.ts';
import { toIsoTimestamp } from '../../domain/thread.ts';

/** Context Codex injects as user messages on every session: not something the user said. */
const BOILERPLATE = /^\s*<(environment_context|user_instructions|user_shell_command|turn_aborted)>|^\s*# AGENTS\.md instructions/;

export interface CodexMeta {
  id: string | null;
  cwd: string | null;
  timestamp: string | null;
  cli_version: string | null;
}

/** The session metadata of a rollout's first record, or null when it is not one. */
export function codexMeta(record: Json): CodexMeta | null {
  const payload = record.type === 'session_meta' && isObject(record.payload) ? record.payload : record.type === undefined ? record : null;
  if (!payload || (payload.id === undefined && payload.cwd === undefined)) return null;
  return {
    id: str(payload.id),
    cwd: str(payload.cwd),
    timestamp: toIsoTimestamp(str(payload.timestamp) ?? str(record.timestamp)),
    cli_version: str(payload.cli_version),
  };
}

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return joinParts(content.filter(isObject).map(block => (typeof block.text === 'string' ? block.text : '')));
}

/** A user or assistant turn, or a summarised tool call, from one response item; null for everything else. */
function itemMessage(item: Json): { role: 'user' | 'assistant'; content: string } | null {
  switch (item.type) {
    case 'message': {
      if (item.role !== 'user' && item.role !== 'assistant') return null; // developer and system prompts
      const content = messageText(item.content).trim();
      if (!content || (item.role === 'user' && BOILERPLATE.test(content))) return null;
      return { role: item.role, content };
    }
    case 'function_call':
    case 'custom_tool_call':
      return { role: 'assistant', content: summarizeToolCall(str(item.name) ?? 'tool', parseArguments(item.arguments ?? item.input)) };
    case 'local_shell_call':
      return { role: 'assistant', content: summarizeToolCall('shell', isObject(item.action) ? item.action : {}) };
    default:
      return null;
  }
}

/** Parses one rollout file; null when it has no session metadata or no conversation. */
export function parseCodexSession(text: string, file: string): CodingSession | null {
  const records = jsonLines(text);
  const meta = records.length > 0 ? codexMeta(records[0]!.record) : null;
  if (!meta) return null;
  const sessionId = meta.id ?? file.replace(/^rollout-/, '').replace(/\.jsonl$/, '');
  const messages: SessionMessage[] = [];
  for (const { line, record } of records.slice(1)) {
    const item = record.type === 'response_item' && isObject(record.payload) ? record.payload : record.type === 'message' ? record : null;
    const message = item && itemMessage(item);
    if (!message) continue;
    messages.push({
      ...message,
      timestamp: toIsoTimestamp(str(record.timestamp)),
      // Rollouts are append-only and their items carry no id: the line is a stable identity.
      external_id: `${sessionId}:${line}`,
      metadata: { source_line: line, ...(item.type !== 'message' ? { tool_call: true } : {}) },
    });
  }
  if (messages.length === 0) return null;
  return {
    client: 'codex',
    session_id: sessionId,
    file,
    cwd: meta.cwd,
    started_at: meta.timestamp ?? messages[0]!.timestamp,
    updated_at: messages.at(-1)!.timestamp,
    title: null,
    tool_version: meta.cli_version,
    messages,
  };
}
