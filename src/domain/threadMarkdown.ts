/**
 * Conversation markdown (the reference's import format): optional YAML-style front matter (`title`, `source`,
 * `date`, …), then one `## User` / `## Assistant` / `## System` section per message. Headings inside fenced code
 * blocks are content, not sections. Pure.
 */

export interface ParsedConversation {
  title: string | null;
  source: string | null;
  /** Front matter `date`, as written. */
  date: string | null;
  /** Every front matter key, as text. */
  front_matter: Record<string, string>;
  messages: { role: string; content: string }[];
}

const ROLE_HEADINGS: Record<string, string> = {
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  system: 'system',
  tool: 'tool',
};

// No two unbounded runs may compete for the same spaces: a long line must not backtrack for seconds.
const SECTION = /^##\s+([A-Za-z]+)(?:\s*:)?\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

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

/** Parses conversation markdown into messages in order; text before the first section only names the title (`# …`). */
export function parseConversationMarkdown(markdown: string): ParsedConversation {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const { fields, bodyStart } = frontMatter(lines);
  const messages: { role: string; content: string }[] = [];
  let heading: string | null = null;
  let current: { role: string; lines: string[] } | null = null;
  let fence: string | null = null;

  const flush = () => {
    const content = current?.lines.join('\n').trim();
    if (current && content) messages.push({ role: current.role, content });
  };

  for (const line of lines.slice(bodyStart)) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (fence === null) {
      const section = SECTION.exec(line);
      const role = section ? ROLE_HEADINGS[section[1]!.toLowerCase()] : undefined;
      if (role) {
        flush();
        current = { role, lines: [] };
        continue;
      }
      if (!current && heading === null) heading = h1Text(line);
    }
    current?.lines.push(line);
  }
  flush();

  return {
    title: fields.title || heading || null,
    source: fields.source || null,
    date: fields.date || null,
    front_matter: fields,
    messages,
  };
}
