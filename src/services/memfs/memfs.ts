/**
 * A read-only filesystem view of one space, driven by shell-shaped commands (`ls /memories`, `cat <path>`,
 * `recall "query" --in /memories -k 5`): what assistants use to browse the store. Each command answers plain text
 * for the assistant to read (`output`, at most MAX_LINES lines) and the same facts as data (`data`).
 */
import { InputError } from '../../errors.ts';
import { UNIT_TYPES, type UnitType } from '../../domain/memory.ts';
import { SEARCH_MODES, type SearchMode } from '../search/search.ts';
import { type FlagSpec, parseArgs, type ParsedArgs, tokenize } from './tokenize.ts';
import { type FsPath, noSuchPath, resolvePath, ROOTS } from './paths.ts';
import { bounded, MAX_LINE_CHARS, MAX_LINES, window } from './render.ts';
import { entryLine, listLabelDirs, listMemoryFiles, type MemFsDeps, memoryFile, recallMemories, requireLabelDir } from './memories.ts';
import { findMemories, grepMemories, grepThreads, lineMatcher } from './search.ts';
import { listThreadFiles, threadFile, threadLine } from './threads.ts';
import { counted } from '../../domain/text.ts';
import { listEntityFiles, listTopicFiles, wikiText } from './wiki.ts';
import { spaceOrDefault } from '../../domain/space.ts';

export type { MemFsDeps } from './memories.ts';

export const MEMFS_COMMANDS = ['capabilities', 'ls', 'cat', 'grep', 'recall', 'find', 'stat'] as const;

export interface MemFsResult {
  command: string;
  output: string;
  data: Record<string, unknown>;
}

const LOC = ['body', 'command'];
const USAGE = [
  'capabilities',
  'ls [path] [-n N] [--offset N]',
  'cat <path> [--line N] [--lines N]',
  'grep [-E] <pattern> [/memories | /threads]',
  'recall "<query>" [--in /memories] [-k N] [--mode fast|deep] [--label L] [--unit-type T]',
  'find [/memories] [--label L] [--since DATE] [--until DATE] [--type T] [--crystal] [-n N]',
  'stat <path>',
];

type Handler = (deps: MemFsDeps, args: ParsedArgs, spaceId: string) => Promise<{ output: string; data: Record<string, unknown> }>;

function intFlag(args: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const raw = args.flags.get(name);
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) throw new InputError(LOC, `${name} must be a whole number from ${min} to ${max}`);
  return value;
}

function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const raw = args.flags.get(name);
  return typeof raw === 'string' ? raw : undefined;
}

function unitTypeFlag(args: ParsedArgs, name: string): UnitType | undefined {
  const raw = stringFlag(args, name);
  if (raw === undefined) return undefined;
  if (!(UNIT_TYPES as readonly string[]).includes(raw)) throw new InputError(LOC, `${name} must be one of ${UNIT_TYPES.join(', ')} (got "${raw}")`);
  return raw as UnitType;
}

function onePath(verb: string, args: ParsedArgs, fallback?: string): FsPath {
  const [path, extra] = args.positional;
  if (extra !== undefined) throw new InputError(LOC, `${verb} takes one path; quote a path that holds spaces`);
  if (path === undefined && fallback === undefined) throw new InputError(LOC, `${verb} needs a path, e.g. \`${verb} /memories/by-id/<id>.memory.md\``);
  return resolvePath(path ?? fallback!);
}

const capabilities: Handler = async () => ({
  output: [
    'mem_fs: a read-only view of the memories and threads of this space.',
    `Roots: ${ROOTS.join(', ')}. Memory files are /memories/by-id/<id>.memory.md; thread files /threads/<thread_id>.md;`,
    'wiki pages /wiki/entities/<name>--<id>.entity.md and /wiki/topics/<name>--<id>.topic.md; /skills holds managed skills (none yet).',
    'Commands:',
    ...USAGE.map(u => `  ${u}`),
    `Output is at most ${MAX_LINES} lines of at most ${MAX_LINE_CHARS} characters; use --line/--lines, -n and --offset to page.`,
    'Use recall for fuzzy intent, find for metadata, grep for exact strings, stat before cat on large files.',
  ].join('\n'),
  data: { roots: [...ROOTS], commands: [...MEMFS_COMMANDS], usage: USAGE, read_only: true, max_lines: MAX_LINES, max_line_chars: MAX_LINE_CHARS },
});

const ls: Handler = async (deps, args, spaceId) => {
  const target = onePath('ls', args, '/');
  const limit = intFlag(args, '--limit', 50, 1, MAX_LINES);
  const offset = intFlag(args, '--offset', 0, 0, 1_000_000);
  const page = (total: number, shown: number) => (offset + shown < total ? [`… ${total - offset - shown} more: ls ${target.path} --offset ${offset + shown}`] : []);
  switch (target.kind) {
    case 'root':
      return { output: ROOTS.map(r => `${r}/`).join('\n'), data: { path: '/', entries: ROOTS.map(p => ({ path: p, type: 'dir' })) } };
    case 'wiki':
      return {
        output: ['/wiki/entities/   one page per entity of the graph', '/wiki/topics/     one page per topic (community)'].join('\n'),
        data: { path: target.path, entries: [{ path: '/wiki/entities', type: 'dir' }, { path: '/wiki/topics', type: 'dir' }] },
      };
    case 'wiki-entities':
    case 'wiki-topics': {
      const { entries, total } = target.kind === 'wiki-entities' ? await listEntityFiles(deps, { limit, offset }) : await listTopicFiles(deps, { limit, offset });
      const lines = entries.map(e => `${e.path}  ${e.name}`);
      const output = lines.length ? [...lines, ...page(total, entries.length)].join('\n') : `(no ${target.kind === 'wiki-entities' ? 'entities' : 'topics'} yet)`;
      return { output, data: { path: target.path, entries: entries.map(e => ({ ...e, type: 'file' })), total, offset, limit } };
    }
    case 'skills':
      return { output: '(no managed skills: Cairn stores none yet)', data: { path: target.path, entries: [] } };
    case 'memories':
      return {
        output: ['/memories/by-id/      every memory, newest first', '/memories/by-label/   one folder per label'].join('\n'),
        data: { path: target.path, entries: [{ path: '/memories/by-id', type: 'dir' }, { path: '/memories/by-label', type: 'dir' }] },
      };
    case 'labels': {
      const labels = await listLabelDirs(deps);
      const lines = labels.map(l => `${l.path}/  (${counted(l.usage_count, 'memory', 'memories')})`);
      return { output: lines.length ? lines.join('\n') : '(no labels yet)', data: { path: target.path, entries: labels.map(l => ({ ...l, type: 'dir' })) } };
    }
    case 'by-id':
    case 'label': {
      const label = target.kind === 'label' ? (await requireLabelDir(deps, target.label, target.path)).name : undefined;
      const { entries, total } = await listMemoryFiles(deps, { space_id: spaceId, label, limit, offset });
      const lines = entries.map(entryLine);
      const output = lines.length ? [...lines, ...page(total, entries.length)].join('\n') : '(no memories here)';
      return { output, data: { path: target.path, entries: entries.map(e => ({ ...e, type: 'file' })), total, offset, limit } };
    }
    case 'threads': {
      const { entries, total } = await listThreadFiles(deps, { space_id: spaceId, limit, offset });
      const lines = entries.map(threadLine);
      const output = lines.length ? [...lines, ...page(total, entries.length)].join('\n') : '(no threads yet)';
      return { output, data: { path: target.path, entries: entries.map(e => ({ ...e, type: 'file' })), total, offset, limit } };
    }
    default:
      // A file lists as itself, as `ls` does.
      return { output: target.path, data: { path: target.path, entries: [{ path: target.path, type: 'file' }] } };
  }
};

async function fileText(deps: MemFsDeps, target: FsPath, spaceId: string) {
  if (target.kind === 'memory') {
    const { memory, labels, text } = await memoryFile(deps, target.id, spaceId);
    return { text, facts: { type: 'memory', id: memory.id, title: memory.title, unit_type: memory.unit_type, labels, updated_at: memory.updated_at } };
  }
  if (target.kind === 'thread') {
    const { thread, text } = await threadFile(deps, target.thread_id, spaceId);
    return { text, facts: { type: 'thread', thread_id: thread.thread_id, title: thread.title, message_count: thread.message_count, updated_at: thread.updated_at } };
  }
  if (target.kind === 'entity-page' || target.kind === 'topic-page') return wikiText(deps, target);
  return null;
}

const cat: Handler = async (deps, args, spaceId) => {
  const target = onePath('cat', args);
  const file = await fileText(deps, target, spaceId);
  if (!file) throw new InputError(LOC, `${target.path} is a folder: use \`ls ${target.path}\``);
  const start = intFlag(args, '--line', 1, 1, 10_000_000);
  const shown = window(file.text, start, intFlag(args, '--lines', MAX_LINES, 1, MAX_LINES));
  const rest = shown.end < shown.total ? `\n… lines ${shown.start}–${shown.end} of ${shown.total}; continue with: cat ${target.path} --line ${shown.end + 1}` : '';
  return {
    output: shown.text + rest,
    data: { path: target.path, ...file.facts, content: shown.text, line_start: shown.start, line_end: shown.end, total_lines: shown.total },
  };
};

const stat: Handler = async (deps, args, spaceId) => {
  const target = onePath('stat', args);
  const file = await fileText(deps, target, spaceId);
  if (file) {
    const data = { path: target.path, ...file.facts, bytes: Buffer.byteLength(file.text), lines: file.text.split('\n').length };
    return { output: Object.entries(data).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`).join('\n'), data };
  }
  if (target.kind === 'label') await requireLabelDir(deps, target.label, target.path);
  return { output: `path: ${target.path}\ntype: dir`, data: { path: target.path, type: 'dir' } };
};

const grep: Handler = async (deps, args, spaceId) => {
  const [pattern, path = '/memories', extra] = args.positional;
  if (pattern === undefined) throw new InputError(LOC, 'grep needs a pattern: grep "exact phrase" /memories');
  if (extra !== undefined) throw new InputError(LOC, 'grep takes a pattern and one path; quote a pattern that holds spaces');
  const target = resolvePath(path);
  const test = lineMatcher(pattern, args.flags.has('-E'));
  const inThreads = target.kind === 'threads' || target.kind === 'thread';
  const inMemories = target.kind === 'memories' || target.kind === 'by-id' || target.kind === 'label' || target.kind === 'labels' || target.kind === 'memory';
  if (!inThreads && !inMemories && target.kind !== 'entity-page' && target.kind !== 'topic-page') throw new InputError(LOC, 'grep searches /memories, /threads or one file: name one');
  if (target.kind === 'memory' || target.kind === 'thread' || target.kind === 'entity-page' || target.kind === 'topic-page') {
    // One file: only its own lines (a scan of the store would stop at other files' matches first).
    const file = (await fileText(deps, target, spaceId))!;
    const matches = file.text.split('\n').flatMap((text, i) => (test(text) ? [{ path: target.path, line: i + 1, text: text.trim() }] : []));
    const lines = matches.map(m => `${m.path}:${m.line}: ${m.text}`);
    return { output: lines.length ? bounded(lines, 'narrow the pattern') : `(no matches for "${pattern}" in ${target.path})`, data: { pattern, path: target.path, matches, scanned: 1, truncated: false } };
  }
  const result = inThreads ? await grepThreads(deps, spaceId, test) : await grepMemories(deps, spaceId, test, target.kind === 'label' ? target.label : undefined);
  const matches = result.matches;
  const lines = matches.map(m => `${m.path}:${m.line}: ${m.text}`);
  if (result.truncated) lines.push(`… stopped after ${matches.length} matches in ${result.scanned} files: narrow the pattern, or use find/recall`);
  return { output: lines.length ? bounded(lines, 'narrow the pattern') : `(no matches for "${pattern}" in ${target.path})`, data: { pattern, path: target.path, ...result, matches } };
};

const recall: Handler = async (deps, args, spaceId) => {
  const query = args.positional.join(' ').trim();
  if (!query) throw new InputError(LOC, 'recall needs a query: recall "what to look for" --in /memories -k 5');
  const scope = resolvePath(stringFlag(args, '--in') ?? '/memories');
  if (scope.kind === 'threads' || scope.kind === 'thread') throw new InputError(LOC, 'recall searches /memories; for threads use grep <pattern> /threads');
  if (scope.kind !== 'memories' && scope.kind !== 'by-id' && scope.kind !== 'label') throw noSuchPath(`${scope.path} (recall --in takes /memories or /memories/by-label/<label>)`);
  const mode = stringFlag(args, '--mode') ?? 'fast';
  if (!(SEARCH_MODES as readonly string[]).includes(mode)) throw new InputError(LOC, `--mode must be ${SEARCH_MODES.join(' or ')}`);
  const k = intFlag(args, '-k', 5, 1, 50);
  const label = scope.kind === 'label' ? scope.label : stringFlag(args, '--label');
  const results = await recallMemories(deps, { query, k, space_id: spaceId, mode: mode as SearchMode, label, unit_type: unitTypeFlag(args, '--unit-type') });
  const lines = results.map((r, i) => `${i + 1}. ${r.path}  (score ${r.score})\n   ${r.title} · ${r.unit_type}\n   ${r.excerpt}`);
  return { output: lines.length ? lines.join('\n') : `(nothing recalled for "${query}")`, data: { query, path: scope.path, k, results } };
};

const find: Handler = async (deps, args, spaceId) => {
  const target = onePath('find', args, '/memories');
  if (target.kind !== 'memories' && target.kind !== 'by-id' && target.kind !== 'label') throw new InputError(LOC, 'find searches /memories (or a label folder)');
  const type = stringFlag(args, '--type');
  // `--type crystal|memory` is the kind of file, anything else a unit type (`--type decision`).
  const isCrystal = args.flags.has('--crystal') || type === 'crystal' ? true : type === 'memory' ? false : undefined;
  const unitType = type !== undefined && type !== 'crystal' && type !== 'memory' ? unitTypeFlag(args, '--type') : unitTypeFlag(args, '--unit-type');
  const result = await findMemories(deps, {
    space_id: spaceId,
    label: target.kind === 'label' ? target.label : stringFlag(args, '--label'),
    unit_type: unitType,
    is_crystal: isCrystal,
    since: stringFlag(args, '--since'),
    until: stringFlag(args, '--until'),
    limit: intFlag(args, '--limit', 50, 1, MAX_LINES),
  });
  const lines = result.entries.map(entryLine);
  if (result.truncated) lines.push(`… more may match: raise -n (at most ${MAX_LINES}) or narrow with --since/--until`);
  return { output: lines.length ? lines.join('\n') : '(no memories match)', data: { path: target.path, entries: result.entries, scanned: result.scanned, truncated: result.truncated } };
};

const limitFlags: FlagSpec = { '-n': ['--limit', true], '--limit': ['--limit', true] };
const COMMANDS: Record<(typeof MEMFS_COMMANDS)[number], [Handler, FlagSpec]> = {
  capabilities: [capabilities, {}],
  ls: [ls, { ...limitFlags, '--offset': ['--offset', true], '-l': ['-l', false], '-a': ['-a', false] }],
  cat: [cat, { '--line': ['--line', true], '--lines': ['--lines', true], '-n': ['--lines', true] }],
  stat: [stat, {}],
  grep: [grep, { '-E': ['-E', false], '-i': ['-i', false], '-F': ['-F', false], '-r': ['-r', false] }],
  recall: [recall, { '--in': ['--in', true], '-k': ['-k', true], '--limit': ['-k', true], '-n': ['-k', true], '--mode': ['--mode', true], '--label': ['--label', true], '-l': ['--label', true], '--unit-type': ['--unit-type', true] }],
  find: [find, { ...limitFlags, '--label': ['--label', true], '-l': ['--label', true], '--since': ['--since', true], '--until': ['--until', true], '--type': ['--type', true], '--unit-type': ['--unit-type', true], '--crystal': ['--crystal', false] }],
};

/** Runs one read-only command against the space (default `default`); unknown commands are an input error naming the ones there are. */
export async function runMemFs(deps: MemFsDeps, input: { command: string; space_id?: string | null }): Promise<MemFsResult> {
  const [verb, ...rest] = tokenize(input.command);
  if (verb === undefined) throw new InputError(LOC, `Empty command: try \`capabilities\` or \`ls /\` (commands: ${MEMFS_COMMANDS.join(', ')})`);
  return { command: input.command.trim(), ...(await runMemFsWords(deps, verb, rest, input.space_id)) };
}

/** One command whose words are already split (the REST `/fs/*` routes build them from query fields, so nothing is quoted). */
export async function runMemFsWords(deps: MemFsDeps, verb: string, words: string[], spaceId?: string | null) {
  const entry = COMMANDS[verb as keyof typeof COMMANDS];
  if (!Object.hasOwn(COMMANDS, verb) || !entry) {
    throw new InputError(LOC, `Unknown command "${verb}": mem_fs is read-only and knows ${MEMFS_COMMANDS.join(', ')} (e.g. \`ls /memories\`)`);
  }
  const [handler, spec] = entry;
  return handler(deps, parseArgs(verb, words, spec), spaceOrDefault(spaceId));
}
