/**
 * The filesystem view as REST (`GET /fs/ls|cat|stat|find|grep|recall|capabilities`), as the original serves it: each
 * operation runs the same command as `POST /agent/mem-fs` with the words built from query fields (nothing to quote),
 * and pages with an opaque cursor instead of `--offset`.
 */
import { AppError, InputError } from '../../errors.ts';
import type { UnitType } from '../../domain/memory.ts';
import { type MemFsDeps, runMemFsWords } from './memfs.ts';
import { MAX_LINES } from './render.ts';

type Words = (string | number | undefined | false)[];

/** Flag-value pairs for the values that are set. */
const flags = (pairs: [string, string | number | undefined][]): Words => pairs.flatMap(([flag, value]) => (value === undefined ? [] : [flag, value]));

const run = (deps: MemFsDeps, verb: string, words: Words, spaceId?: string) =>
  runMemFsWords(
    deps,
    verb,
    words.filter((w): w is string | number => w !== undefined && w !== false).map(String),
    spaceId,
  );

const notSupported = (what: string) => new AppError(400, 'not_supported', `${what} is not supported yet`, { errno: 'ENOTSUP' });

/** An offset as the opaque cursor clients pass back. */
const cursorOf = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const o = (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { o?: unknown }).o;
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) return o;
  } catch {
    // answered below
  }
  throw new InputError(['query', 'cursor'], 'Not a cursor this server gave: pass next_cursor from the page before, or leave it out');
}

/** A page of `limit` over the view's pages of at most MAX_LINES. */
const pageSize = (limit: number) => Math.min(limit, MAX_LINES);

export const fsCapabilities = async (deps: MemFsDeps) => {
  const { output, data } = await run(deps, 'capabilities', []);
  return { ...data, read_only: false, writable: ['/memories/by-id/<id>.memory.md', '/working-memory/today.md'], output };
};

export async function fsLs(deps: MemFsDeps, q: { path: string; cursor?: string; limit: number; space_id?: string }) {
  const offset = offsetOf(q.cursor);
  const { output, data } = await run(deps, 'ls', [q.path, ...flags([['--limit', pageSize(q.limit)], ['--offset', offset]])], q.space_id);
  const total = typeof data.total === 'number' ? data.total : undefined;
  const shown = Array.isArray(data.entries) ? data.entries.length : 0;
  return { ...data, output, next_cursor: total !== undefined && offset + shown < total ? cursorOf(offset + shown) : null };
}

export async function fsCat(deps: MemFsDeps, q: { path: string; line: number; lines: number; fragment?: string; raw: boolean; space_id?: string }) {
  if (q.fragment) throw notSupported('Fragment selectors (page, section, sheet, slide, chunk)');
  if (q.raw) throw notSupported('Reading original bytes (raw)');
  const { output, data } = await run(deps, 'cat', [q.path, ...flags([['--line', q.line], ['--lines', pageSize(q.lines)]])], q.space_id);
  return { ...data, output };
}

export async function fsStat(deps: MemFsDeps, q: { path: string; space_id?: string }) {
  const { output, data } = await run(deps, 'stat', [q.path], q.space_id);
  return { ...data, output };
}

export async function fsFind(
  deps: MemFsDeps,
  q: { path: string; type?: 'memory' | 'crystal'; unit_type?: UnitType; label?: string; since?: string; until?: string; mentions?: string; limit: number; cursor?: string; space_id?: string },
) {
  const offset = offsetOf(q.cursor);
  const words = [q.path, ...flags([['--type', q.type], ['--unit-type', q.unit_type], ['--label', q.label], ['--since', q.since], ['--until', q.until], ['--limit', MAX_LINES]])];
  const { data } = await run(deps, 'find', words, q.space_id);
  let entries = (data.entries as { id: string; path: string }[]) ?? [];
  if (q.mentions) {
    const entities = await deps.store.entities.findByNames([q.mentions]);
    const mentioning = await deps.store.mentions.memoryIdsMentioning(entities.map(e => e.id), 10_000);
    const ids = new Set([...mentioning.values()].flat());
    entries = entries.filter(e => ids.has(e.id));
  }
  const page = entries.slice(offset, offset + q.limit);
  return {
    path: String(data.path),
    entries: page,
    paths: page.map(e => e.path),
    truncated: data.truncated,
    next_cursor: offset + page.length < entries.length ? cursorOf(offset + page.length) : null,
  };
}

export async function fsGrep(
  deps: MemFsDeps,
  q: { q: string; path: string; unit_type?: UnitType; limit: number; cursor?: string; literal?: boolean; regex: boolean; case_sensitive: boolean; ignore_case: boolean; space_id?: string },
) {
  const regex = q.regex || q.literal === false;
  const offset = offsetOf(q.cursor);
  const { data } = await run(deps, 'grep', [regex && '-E', q.q, q.path], q.space_id);
  type Match = { path: string; line: number; text: string };
  let matches = (data.matches as Match[]) ?? [];
  // The view matches without regard to case; a case-sensitive grep keeps the matches whose line has the pattern as written.
  if (q.case_sensitive || !q.ignore_case) {
    const exact = regex ? new RegExp(q.q, 'u') : null;
    matches = matches.filter(m => (exact ? exact.test(m.text) : m.text.includes(q.q)));
  }
  if (q.unit_type) {
    const memories = await deps.store.memories.getMany([...new Set(matches.map(m => (m as Match & { id?: string }).id).filter((id): id is string => Boolean(id)))]);
    const ofType = new Set(memories.filter(m => m.unit_type === q.unit_type).map(m => m.id));
    matches = matches.filter(m => ofType.has((m as Match & { id?: string }).id ?? ''));
  }
  const page = matches.slice(offset, offset + q.limit);
  return {
    pattern: q.q,
    path: String(data.path),
    matches: page,
    hits: page.map(m => `${m.path}:${m.line}:${m.text}`),
    truncated: data.truncated,
    next_cursor: offset + page.length < matches.length ? cursorOf(offset + page.length) : null,
  };
}

export async function fsRecall(deps: MemFsDeps, q: { query: string; path?: string; unit_type?: UnitType; k: number; space_id?: string }) {
  const { output, data } = await run(deps, 'recall', [q.query, ...flags([['--in', q.path], ['-k', Math.min(q.k, 50)], ['--unit-type', q.unit_type]])], q.space_id);
  const results = (data.results as { path: string }[]) ?? [];
  return { ...data, paths: results.map(r => r.path), output };
}
