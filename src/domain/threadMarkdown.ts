/**
 * Conversation markdown, in the forms people and exporters write it:
 * - sections: `## User` / `## Assistant` / `## System` (the reference's import format), `#### You:` / `#### ChatGPT:`
 *   (ChatGPT exporters), `## Prompt:` / `## Response:` (Claude exporters), `### Name` headings for named speakers;
 * - speaker lines: `**Speaker**: text`, `**Speaker:** text` (nmem-bench, Claude's "Human/Assistant" copies) and plain
 *   `Speaker: text` paragraphs.
 * Optional YAML-style front matter (`title`, `source`, `date`, …) comes first; a `**Date**: …` line (or `Date: …`)
 * dates the messages after it. A speaker that is not a role word keeps its name (`metadata.speaker`); the first named
 * speaker takes the role `user`, the others `assistant`, as a two-party transcript reads. Headings inside fenced code
 * blocks are content, not sections. Pure.
 */
import { parseLooseDate } from './looseDate.ts';

export interface ParsedMessage {
  role: string;
  content: string;
  /** When the message was said, from the last date line before it (ISO); absent when none. */
  timestamp?: string;
  /** `speaker`: the name the transcript gives, when it is a name rather than a role. */
  metadata?: { speaker: string };
}

export interface ParsedConversation {
  title: string | null;
  source: string | null;
  /** Front matter `date`, as written. */
  date: string | null;
  /** Every front matter key, as text. */
  front_matter: Record<string, string>;
  messages: ParsedMessage[];
}

/** Role words, whatever the exporter calls them. */
const ROLE_WORDS: Record<string, string> = {
  user: 'user', human: 'user', you: 'user', me: 'user', prompt: 'user',
  assistant: 'assistant', ai: 'assistant', chatgpt: 'assistant', claude: 'assistant', gpt: 'assistant', bot: 'assistant',
  model: 'assistant', gemini: 'assistant', response: 'assistant', copilot: 'assistant',
  system: 'system', tool: 'tool',
};
/** Labels of a date line (`**Date**: …`, `Session date: …`); they are never speakers. */
const DATE_LABELS = new Set(['date', 'time', 'datetime', 'date time', 'timestamp', 'when', 'session date', 'session time', 'created', 'exported']);

// No two unbounded runs may compete for the same spaces: a long line must not backtrack for seconds.
const HEADING = /^(#{1,6})[ \t]+([^#\n]{1,60}?)[ \t]*:?[ \t]*#*[ \t]*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/** `**Name**: text`, `**Name:** text`, `__Name__: text`. */
const BOLD_SPEAKER = /^(\*\*|__)([^*_:\n]{1,40}?)(?::\1|\1[ \t]*:)[ \t]*(.*)$/;
/** `Name: text`, a name being one to three words starting with a capital (or a role word). */
const PLAIN_SPEAKER = /^([A-Z][\p{L}\p{N}'.-]*(?: [A-Z][\p{L}\p{N}'.-]*){0,2}|user|assistant|human|ai):[ \t]+(\S.*)$/u;
/** A name a `### Name` heading may carry: a word or three, each capitalised. */
const NAME = /^[\p{Lu}][\p{L}\p{N}'.-]*(?: [\p{Lu}][\p{L}\p{N}'.-]*){0,2}$/u;

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && (trimmed[0] === '"' || trimmed[0] === "'") && trimmed.at(-1) === trimmed[0]) return trimmed.slice(1, -1);
  return trimmed;
}

/** Splits off the front matter block (`---` … `---` at the very start). */
function frontMatter(lines: string[]): { fields: Record<string, string>; bodyStart: number } {
  if (lines[0]?.trim() !== '---') return { fields: {}, bodyStart: 0 };
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end < 0) return { fields: {}, bodyStart: 0 };
  const fields: Record<string, string> = {};
  for (const line of lines.slice(1, end)) {
    const match = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (match) fields[match[1]!.toLowerCase()] = unquote(match[2]!);
  }
  return { fields, bodyStart: end + 1 };
}

/** The text of a `# Title` heading (closing `#`s and spaces dropped), or null; read without a backtracking regex. */
function h1Text(line: string): string | null {
  if (!/^#\s/.test(line)) return null;
  let end = line.length;
  while (end > 1 && /\s/.test(line[end - 1]!)) end--;
  while (end > 1 && line[end - 1] === '#') end--;
  const text = line.slice(1, end).trim();
  return text || null;
}

/** What one line of the body is: a section heading, a speaker line, a date line, or content. */
type LineKind =
  | { kind: 'role-heading'; speaker: string }
  | { kind: 'name-heading'; speaker: string }
  | { kind: 'speaker'; speaker: string; text: string; bold: boolean }
  | { kind: 'date'; iso: string }
  | { kind: 'content' };

function lineKind(raw: string): LineKind {
  const line = raw.trimEnd();
  if (line.length <= 200) {
    const heading = HEADING.exec(line);
    if (heading) {
      const label = heading[2]!.trim();
      if (ROLE_WORDS[label.toLowerCase()] && heading[1]!.length >= 2) return { kind: 'role-heading', speaker: label };
      if (heading[1]!.length >= 3 && NAME.test(label) && !DATE_LABELS.has(label.toLowerCase())) return { kind: 'name-heading', speaker: label };
    }
  }
  const head = line.slice(0, 200);
  const bold = BOLD_SPEAKER.exec(head) ?? null;
  const plain = bold ? null : PLAIN_SPEAKER.exec(head);
  const match = bold ? { label: bold[2]!.trim(), offset: head.length - bold[3]!.length } : plain ? { label: plain[1]!, offset: head.length - plain[2]!.length } : null;
  if (!match) return { kind: 'content' };
  const text = line.slice(match.offset).trim();
  if (DATE_LABELS.has(match.label.toLowerCase())) {
    const iso = text.length <= 60 ? parseLooseDate(text) : null;
    return iso ? { kind: 'date', iso } : { kind: 'content' };
  }
  return { kind: 'speaker', speaker: match.label, text, bold: bold !== null };
}

const isRoleWord = (speaker: string) => ROLE_WORDS[speaker.toLowerCase()] !== undefined;

/**
 * Which lines open a message: role headings when there are any (the reference's format), else `### Name` headings
 * when there are two or more, else speaker lines (a bold one, or two plain ones: a lone `Note: …` is not a dialogue).
 * Where the speakers are role words (`**User**:`, `**Assistant**:`), a `**Budget**: …` line is what an assistant
 * wrote, not a third speaker: only role words open messages then.
 */
function chooseOpeners(kinds: LineKind[]): (kind: LineKind) => boolean {
  const speakers = (bold: boolean) => kinds.filter((x): x is Extract<LineKind, { kind: 'speaker' }> => x.kind === 'speaker' && (!bold || x.bold));
  const opening = (list: Extract<LineKind, { kind: 'speaker' }>[], bold: boolean) => {
    const roles = list.some(x => isRoleWord(x.speaker));
    return (k: LineKind) => k.kind === 'speaker' && (!bold || k.bold) && (!roles || isRoleWord(k.speaker));
  };
  if (kinds.some(x => x.kind === 'role-heading')) return k => k.kind === 'role-heading';
  if (kinds.filter(x => x.kind === 'name-heading').length >= 2) return k => k.kind === 'name-heading';
  if (speakers(true).length >= 1) return opening(speakers(true), true);
  if (speakers(false).length >= 2) return opening(speakers(false), false);
  return () => false;
}

/** Parses conversation markdown into messages in order; text before the first message only names the title (`# …`). */
export function parseConversationMarkdown(markdown: string): ParsedConversation {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const { fields, bodyStart } = frontMatter(lines);
  const body = lines.slice(bodyStart);

  // First pass: what each line is, fenced code being content whatever it looks like.
  let fence: string | null = null;
  const kinds: LineKind[] = body.map(line => {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      return { kind: 'content' };
    }
    return fence === null ? lineKind(line) : { kind: 'content' };
  });
  const opens = chooseOpeners(kinds);
  // Inside a section a `Date: …` line is what the speaker wrote; between speaker lines it dates what follows.
  const headings = kinds.some(k => opens(k) && k.kind !== 'speaker');

  const messages: ParsedMessage[] = [];
  const roleOfName = new Map<string, string>();
  let heading: string | null = null;
  let date: string | null = null;
  let current: { speaker: string; lines: string[]; date: string | null } | null = null;

  const roleOf = (speaker: string) => {
    if (isRoleWord(speaker)) return ROLE_WORDS[speaker.toLowerCase()]!;
    if (!roleOfName.has(speaker)) roleOfName.set(speaker, roleOfName.size === 0 ? 'user' : 'assistant');
    return roleOfName.get(speaker)!;
  };
  const flush = () => {
    const content = current?.lines.join('\n').trim();
    if (!current || !content) return;
    const message: ParsedMessage = { role: roleOf(current.speaker), content };
    if (current.date) message.timestamp = current.date;
    if (!isRoleWord(current.speaker)) message.metadata = { speaker: current.speaker };
    messages.push(message);
  };

  body.forEach((line, i) => {
    const kind = kinds[i]!;
    if (kind.kind === 'date' && (!current || !headings)) {
      date = kind.iso;
      if (!current) return;
    }
    if (opens(kind) && (kind.kind === 'role-heading' || kind.kind === 'name-heading' || kind.kind === 'speaker')) {
      flush();
      current = { speaker: kind.speaker, lines: kind.kind === 'speaker' ? [kind.text] : [], date };
      return;
    }
    if (kind.kind === 'date' && current && !headings) {
      // A date line between messages dates the ones after it; it is not part of the message before.
      flush();
      current = null;
      return;
    }
    if (!current && heading === null) heading = h1Text(line);
    current?.lines.push(line);
  });
  flush();

  return {
    title: fields.title || heading || null,
    source: fields.source || null,
    date: fields.date || null,
    front_matter: fields,
    messages,
  };
}
