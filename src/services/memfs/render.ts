import type { MemoryRecord, ThreadMessageRecord, ThreadRecord } from '../../storage/ports.ts';

/** Most lines any command prints; longer output ends with a note saying how to see the rest. */
export const MAX_LINES = 200;
/** Longest line printed; longer lines are cut with an ellipsis. */
export const MAX_LINE_CHARS = 400;

export const clip = (text: string, max = MAX_LINE_CHARS) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One line of text: whitespace runs become one space. */
export const oneLine = (text: string, max = 160) => clip(text.replace(/\s+/g, ' ').trim(), max);

/** JSON is valid YAML: every front matter value is written as JSON, so quoting comes for free. */
const field = (key: string, value: unknown) => `${key}: ${JSON.stringify(value)}`;

/** A memory as the file `cat` shows: front matter, then its title as a heading, then its content. */
export function renderMemoryFile(memory: MemoryRecord, labels: string[]): string {
  const lines = [
    '---',
    field('id', memory.id),
    field('title', memory.title),
    field('unit_type', memory.unit_type),
    field('importance', memory.importance),
    field('labels', labels),
    field('lifecycle_state', memory.lifecycle_state),
    field('created_at', memory.created_at),
    field('updated_at', memory.updated_at),
  ];
  if (memory.event_start) lines.push(field('event_start', memory.event_start));
  if (memory.event_end) lines.push(field('event_end', memory.event_end));
  if (memory.source_thread_id) lines.push(field('source_thread_id', memory.source_thread_id));
  lines.push('---', '', `# ${memory.title}`, '', memory.content);
  return lines.join('\n');
}

/** A thread as the file `cat` shows: a heading, its facts, then each message under its role and position. */
export function renderThreadFile(thread: ThreadRecord, messages: ThreadMessageRecord[]): string {
  const lines = [
    `# ${thread.title}`,
    '',
    `thread_id: ${thread.thread_id}`,
    `source: ${thread.source}`,
    `messages: ${thread.message_count}`,
    `updated_at: ${thread.updated_at}`,
  ];
  if (thread.summary) lines.push(`summary: ${oneLine(thread.summary, 400)}`);
  for (const m of messages) lines.push('', `## [${m.position}] ${m.role}${m.timestamp ? ` · ${m.timestamp}` : ''}`, '', m.content);
  return lines.join('\n');
}

export interface Window {
  text: string;
  start: number;
  end: number;
  total: number;
}

/** Lines `start`.. of a text (1-based), at most `count` of them, each cut to MAX_LINE_CHARS. */
export function window(text: string, start: number, count: number): Window {
  const all = text.split('\n');
  const from = Math.min(Math.max(1, start), Math.max(1, all.length));
  const shown = all.slice(from - 1, from - 1 + count).map(l => clip(l));
  return { text: shown.join('\n'), start: from, end: from - 1 + shown.length, total: all.length };
}

/** Output lines bounded to MAX_LINES, with a closing note when some were left out. */
export function bounded(lines: string[], more: string): string {
  if (lines.length <= MAX_LINES) return lines.join('\n');
  return [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more lines not shown: ${more}`].join('\n');
}
