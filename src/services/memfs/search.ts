/** grep and find: bounded scans of the space's memories (and threads, for grep). */
import { InputError } from '../../errors.ts';
import type { UnitType } from '../../domain/memory.ts';
import type { Deps } from '../deps.ts';
import { memoryPath, threadPath } from './paths.ts';
import { clip, MAX_LINES, renderMemoryFile, renderThreadFile } from './render.ts';
import { MAX_SCAN, memoryEntry, type MemoryEntry, scanMemories } from './memories.ts';

const LOC = ['body', 'command'];
const MAX_PATTERN_CHARS = 200;
/** Threads and messages a grep of /threads reads at most. */
const MAX_THREADS = 500;
const MAX_MESSAGES = 50_000;

/**
 * What `grep -E` accepts: alternatives of literal text (`a|b`), `.` for any one character, `^`/`$` anchors and
 * backslash-escaped punctuation. No quantifiers, groups or classes: with them one pattern can make V8's backtracking
 * engine run for minutes on a short line, and the server runs one request at a time.
 */
const SAFE_PATTERN = /^(?:[^\\()[\]{}*+?]|\\[^A-Za-z0-9])*$/;

/**
 * A case-insensitive line test: a plain substring, or with `regex` a linear-time regular expression (see
 * SAFE_PATTERN). Patterns are bounded in length, so one grep cannot stall the server.
 */
export function lineMatcher(pattern: string, regex: boolean): (line: string) => boolean {
  if (pattern.length === 0) throw new InputError(LOC, 'grep needs a pattern: grep <pattern> /memories');
  if (pattern.length > MAX_PATTERN_CHARS) throw new InputError(LOC, `The grep pattern is ${pattern.length} characters; at most ${MAX_PATTERN_CHARS} are accepted`);
  if (!regex) {
    const needle = pattern.toLowerCase();
    return line => line.toLowerCase().includes(needle);
  }
  if (!SAFE_PATTERN.test(pattern)) {
    throw new InputError(LOC, 'grep -E takes alternatives of plain text (a|b), . for any character and ^ $ anchors; quantifiers (* + ? {}), groups and classes are not accepted');
  }
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'iu');
  } catch (error) {
    throw new InputError(LOC, `Invalid regular expression: ${(error as Error).message}`);
  }
  return line => re.test(line);
}

export interface GrepMatch {
  path: string;
  id: string;
  line: number;
  text: string;
}

export interface GrepResult {
  matches: GrepMatch[];
  scanned: number;
  truncated: boolean;
}

function matchLines(text: string, test: (line: string) => boolean, path: string, id: string, into: GrepMatch[]) {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && into.length <= MAX_LINES; i++) {
    if (test(lines[i]!)) into.push({ path, id, line: i + 1, text: clip(lines[i]!.trim()) });
  }
}

/** Lines of the space's memory files (front matter included, numbered as `cat` numbers them), of one label when given, that match. */
export async function grepMemories(deps: Pick<Deps, 'store'>, spaceId: string, test: (line: string) => boolean, label?: string): Promise<GrepResult> {
  const matches: GrepMatch[] = [];
  let scanned = 0;
  for await (const page of scanMemories(deps, { space_id: spaceId, label })) {
    for (const { memory, labels } of page) {
      scanned++;
      matchLines(renderMemoryFile(memory, labels), test, memoryPath(memory.id), memory.id, matches);
      if (matches.length > MAX_LINES) return { matches: matches.slice(0, MAX_LINES), scanned, truncated: true };
    }
  }
  return { matches, scanned, truncated: scanned >= MAX_SCAN };
}

/** Lines of the space's thread files (most recent threads first) that match; at most MAX_THREADS / MAX_MESSAGES read. */
export async function grepThreads(deps: Pick<Deps, 'store'>, spaceId: string, test: (line: string) => boolean): Promise<GrepResult> {
  const matches: GrepMatch[] = [];
  const all = await deps.store.threads.listAll(spaceId);
  let scanned = 0;
  let messages = 0;
  for (const thread of all.slice(0, MAX_THREADS)) {
    const room = MAX_MESSAGES - messages;
    if (room <= 0) return { matches, scanned, truncated: true };
    const stored = await deps.store.threads.messages(thread.id, 0, room);
    messages += stored.length;
    scanned++;
    matchLines(renderThreadFile(thread, stored), test, threadPath(thread.thread_id), thread.thread_id, matches);
    if (matches.length > MAX_LINES || stored.length < thread.message_count) {
      return { matches: matches.slice(0, MAX_LINES), scanned, truncated: true };
    }
  }
  return { matches, scanned, truncated: all.length > MAX_THREADS };
}

export interface FindInput {
  space_id: string;
  label?: string;
  unit_type?: UnitType;
  is_crystal?: boolean;
  /** ISO dates or date-times: created at or after `since`, before the end of `until`. */
  since?: string;
  until?: string;
  limit: number;
}

/** The instant a date flag means: a day alone starts at midnight UTC; `end` moves it to the next midnight. */
export function instant(flag: string, value: string, end = false): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new InputError(LOC, `${flag} needs a date such as 2025-01-01 (got "${value}")`);
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value.trim());
  return new Date(end && dayOnly ? ms + 86_400_000 : ms).toISOString();
}

/** Memories matching metadata constraints, newest first; stops at `limit` results or MAX_SCAN memories read. */
export async function findMemories(deps: Pick<Deps, 'store'>, input: FindInput) {
  const since = input.since === undefined ? null : instant('--since', input.since);
  const until = input.until === undefined ? null : instant('--until', input.until, true);
  const entries: MemoryEntry[] = [];
  let scanned = 0;
  for await (const page of scanMemories(deps, input)) {
    for (const { memory, labels } of page) {
      scanned++;
      if (since !== null && memory.created_at < since) return { entries, scanned, truncated: false };
      if (until !== null && memory.created_at >= until) continue;
      entries.push(memoryEntry(memory, labels));
      if (entries.length >= input.limit) return { entries, scanned, truncated: true };
    }
  }
  return { entries, scanned, truncated: scanned >= MAX_SCAN };
}
