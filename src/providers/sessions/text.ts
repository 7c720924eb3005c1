/** Helpers shared by the session parsers: text of content blocks, one-line tool-call summaries, JSON lines. Pure. */

const MAX_TOOL_SUMMARY = 240;

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function clip(text: string, max = MAX_TOOL_SUMMARY): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** The main argument of a tool call, as people would name it: a command, a path, a pattern, a URL. */
function mainArgument(input: unknown): string {
  if (typeof input === 'string') return input;
  if (!isObject(input)) return '';
  const command = input.command ?? input.cmd;
  if (Array.isArray(command)) {
    const parts = command.map(String);
    // ["bash", "-lc", "<script>"]: the script is what was run.
    return parts.length === 3 && /(^|\/)(ba|z)?sh$/.test(parts[0]!) && parts[1] === '-lc' ? parts[2]! : parts.join(' ');
  }
  for (const key of ['command', 'cmd', 'file_path', 'absolute_path', 'path', 'pattern', 'query', 'url', 'prompt', 'description']) {
    const value = input[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return JSON.stringify(input);
}

/** A tool call in one line: `[tool: Bash] npm test`. */
export function summarizeToolCall(name: string, input: unknown): string {
  const argument = clip(mainArgument(input));
  return argument ? `[tool: ${name}] ${argument}` : `[tool: ${name}]`;
}

/** Arguments that arrive as a JSON string (Codex function calls), parsed when they are JSON. */
export function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Each line of a JSON-lines text that parses to an object, with its 0-based line number. */
export function jsonLines(text: string): { line: number; record: Json }[] {
  const records: { line: number; record: Json }[] = [];
  text.split('\n').forEach((raw, line) => {
    if (!raw.trim()) return;
    try {
      const record = JSON.parse(raw) as unknown;
      if (isObject(record)) records.push({ line, record });
    } catch {
      // A torn last line (the tool is still writing) or a corrupt one: skipped.
    }
  });
  return records;
}

/** Joins non-empty parts with blank lines. */
export const joinParts = (parts: string[]) => parts.map(p => p.trim()).filter(Boolean).join('\n\n');
