/** `m` (memories): list, search, show, add, update, delete. */
import type { Command } from 'commander';
import { createInterface } from 'node:readline/promises';
import { clip, type Ctx, day, table, UsageError, withCtx, defaultSubcommand } from './output.ts';
import { choice, collect, date, fraction, integer } from './parse.ts';
import { shortener } from './shortIds.ts';

const UNIT_TYPES = ['fact', 'preference', 'decision', 'plan', 'procedure', 'learning', 'context', 'event'] as const;
const WHEN = ['past', 'present', 'future', 'timeless'] as const;

type Memory = Record<string, unknown> & { id: string; title?: string; content?: string; labels?: unknown[] };

const labelNames = (labels: unknown[] = []) => labels.map(l => (typeof l === 'object' && l !== null ? String((l as { name: unknown }).name) : String(l)));

/** The fields integrations read (as the original CLI printed them), plus what else a script may want. */
function summary(m: Memory, score?: number) {
  return {
    id: m.id,
    title: m.title ?? '',
    content: m.content ?? '',
    ...(score === undefined ? {} : { score }),
    importance: m.importance ?? null,
    labels: labelNames(m.labels),
    unit_type: m.unit_type ?? null,
    source: m.source ?? '',
    source_thread: m.source_thread_id ? { id: m.source_thread_id } : null,
    space_id: m.space_id ?? null,
    created_at: m.created_at ?? m.time ?? null,
  };
}

const memoryRows = (memories: ReturnType<typeof summary>[], scored: boolean, short: (id: string) => string) =>
  table([
    ['ID', 'TITLE', scored ? 'SCORE' : 'IMP', 'LABELS', 'DATE'],
    ...memories.map(m => [short(m.id), clip(m.title, 40), scored ? Number(m.score).toFixed(2) : String(m.importance ?? '-'), clip(m.labels.join(','), 24), day(m.created_at)]),
  ]);

async function list(ctx: Ctx, options: { limit: number; importance?: number; label?: string[] }) {
  const page = await ctx.api.get<{ memories: Memory[]; pagination?: { total?: number } }>('/memories', {
    limit: options.limit,
    importance_min: options.importance,
    labels: options.label?.join(','),
    space_id: ctx.space,
  });
  const memories = page.memories.map(m => summary(m));
  const short = await shortener(ctx, 'memory', memories.map(m => m.id));
  ctx.print({ memories, total: page.pagination?.total ?? memories.length }, () => (memories.length ? memoryRows(memories, false, short) : 'No memories.'));
}

interface SearchOptions {
  limit: number;
  label?: string[];
  importance?: number;
  unitType?: string;
  time?: string;
  eventFrom?: string;
  eventTo?: string;
  recordedFrom?: string;
  recordedTo?: string;
  mode?: string;
}

async function search(ctx: Ctx, words: string[], options: SearchOptions) {
  const query = words.join(' ');
  // The search has no importance floor of its own: with one, more results are asked for and the floor cuts them.
  const floor = options.importance;
  const results = await ctx.api.send<{ memory: Memory; similarity_score: number }[]>('POST', '/memories/search', {
    query,
    limit: floor === undefined ? options.limit : Math.min(100, options.limit * 5),
    mode: options.mode,
    filter_labels: options.label,
    unit_type: options.unitType,
    event_date_from: options.eventFrom,
    event_date_to: options.eventTo,
    recorded_date_from: options.recordedFrom ?? options.time,
    recorded_date_to: options.recordedTo,
    space_id: ctx.space,
  });
  const memories = results
    .filter(r => floor === undefined || Number(r.memory.importance ?? 0) >= floor)
    .slice(0, options.limit)
    .map(r => summary(r.memory, r.similarity_score));
  const short = await shortener(ctx, 'memory', memories.map(m => m.id));
  ctx.print({ query, total: memories.length, memories }, () => (memories.length ? memoryRows(memories, true, short) : `No memories match "${query}".`));
}

async function show(ctx: Ctx, id: string, options: { contentLimit?: number }) {
  const memory = await ctx.api.get<Memory>(`/memories/${encodeURIComponent(id)}`, { space_id: ctx.space });
  const content = String(memory.content ?? '');
  const cut = options.contentLimit !== undefined && content.length > options.contentLimit;
  const shown = cut ? `${content.slice(0, options.contentLimit)}… (${content.length} chars)` : content;
  ctx.print({ ...summary(memory), content: shown, truncated: cut, confidence: memory.confidence ?? null, lifecycle_state: memory.lifecycle_state ?? null, event_start: memory.event_start ?? null, updated_at: memory.updated_at ?? null }, () =>
    [
      memory.title || 'Untitled',
      `id ${memory.id}  importance ${memory.importance ?? '-'}  type ${memory.unit_type ?? '-'}  ${memory.lifecycle_state ?? ''}`,
      labelNames(memory.labels).length ? `labels ${labelNames(memory.labels).join(', ')}` : '',
      '',
      shown,
    ]
      .filter((line, i) => line !== '' || i === 3)
      .join('\n'),
  );
}

interface WriteOptions {
  title?: string;
  content?: string;
  importance?: number;
  label?: string[];
  source?: string;
  unitType?: string;
  eventStart?: string;
  eventEnd?: string;
  when?: string;
  id?: string;
}

async function add(ctx: Ctx, content: string, options: WriteOptions) {
  // With --id the server updates that memory when it exists (an upsert), else creates it under that id.
  const created = await ctx.api.send<{ id: string; memory?: Memory }>('POST', '/memories', {
    id: options.id,
    content,
    title: options.title,
    importance: options.importance,
    labels: options.label,
    source: options.source ?? 'cli',
    unit_type: options.unitType,
    event_start: options.eventStart,
    event_end: options.eventEnd,
    temporal_context: options.when,
    space_id: ctx.space,
  });
  const memory = created.memory ?? ({ id: created.id } as Memory);
  ctx.print({ success: true, id: created.id, title: memory.title ?? options.title ?? '', memory: summary(memory) }, () => `Saved memory ${created.id}${memory.title ? `: ${memory.title}` : ''}`);
}

async function update(ctx: Ctx, id: string, options: WriteOptions) {
  const fields = {
    title: options.title,
    content: options.content,
    importance: options.importance,
    labels: options.label,
    unit_type: options.unitType,
    event_start: options.eventStart,
    event_end: options.eventEnd,
  };
  if (Object.values(fields).every(v => v === undefined)) throw new UsageError('nothing to update: give -c/--content, -t/--title, -i/--importance, -l/--label, --unit-type or --event-start');
  const memory = await ctx.api.send<Memory>('PATCH', `/memories/${encodeURIComponent(id)}`, fields, { space_id: ctx.space });
  ctx.print({ success: true, id: memory.id ?? id, memory: summary(memory) }, () => `Updated memory ${memory.id ?? id}`);
}

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

async function remove(ctx: Ctx, ids: string[], options: { force?: boolean }) {
  const which = ids.length === 1 ? `memory ${ids[0]}` : `${ids.length} memories`;
  if (!options.force && !ctx.json && process.stdin.isTTY && !(await confirm(`Delete ${which}?`))) {
    process.stderr.write('Cancelled\n');
    return;
  }
  const deleted: string[] = [];
  const failed: { id: string; error: string }[] = [];
  for (const id of ids) {
    try {
      await ctx.api.send('DELETE', `/memories/${encodeURIComponent(id)}`, undefined, { space_id: ctx.space });
      deleted.push(id);
    } catch (error) {
      if (ids.length === 1) throw error;
      failed.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (failed.length > 0) process.exitCode = 1;
  const data = ids.length === 1 ? { success: true, id: ids[0] } : { success: failed.length === 0, deleted, failed, deleted_count: deleted.length };
  ctx.print(data, () => [...deleted.map(id => `Deleted memory ${id} (restorable from the trash)`), ...failed.map(f => `Not deleted ${f.id}: ${f.error}`)].join('\n'));
}

function writeOptions(command: Command, forUpdate: boolean): Command {
  if (forUpdate) command.option('-c, --content <text>', 'new content');
  return command
    .option('-t, --title <title>', 'title')
    .option('-i, --importance <0..1>', 'importance from 0 to 1', fraction)
    .option('-l, --label <label>', 'label (repeatable, or comma-separated)', collect)
    .option('--unit-type <type>', `kind of memory: ${UNIT_TYPES.join(', ')}`, choice(UNIT_TYPES))
    .option('--event-start <date>', 'when what it describes happened or starts', date)
    .option('--event-end <date>', 'when it ends', date);
}

export function registerMemoryCommands(program: Command): void {
  const m = program.command('m').alias('memories').description('memories: search, add, show, update, delete');
  defaultSubcommand(m, 'list')
    .description('recent memories')
    .option('-n, --limit <n>', 'how many (1..100)', integer(1, 100), 10)
    .option('--importance <min>', 'only memories at least this important', fraction)
    .option('-l, --label <label>', 'only memories with this label (repeatable)', collect)
    .action(withCtx(list));
  m.command('search')
    .description('search memories by meaning and words')
    .argument('<query...>', 'what to look for')
    .option('-n, --limit <n>', 'how many results (1..100)', integer(1, 100), 10)
    .option('-l, --label <label>', 'only memories with this label (repeatable)', collect)
    .option('--importance <min>', 'only results at least this important', fraction)
    .option('--unit-type <type>', 'only this kind of memory', choice(UNIT_TYPES))
    .option('-t, --time <range>', 'recorded since: today, week, month, year or a date', date)
    .option('--event-from <date>', 'what happened on or after', date)
    .option('--event-to <date>', 'what happened on or before', date)
    .option('--recorded-from <date>', 'saved on or after', date)
    .option('--recorded-to <date>', 'saved on or before', date)
    .option('--mode <mode>', 'fast or deep', choice(['fast', 'deep'] as const))
    .action(withCtx(search));
  m.command('show')
    .description('one memory in full')
    .argument('<id>')
    .option('--content-limit <n>', 'cut the content after this many characters', integer(1))
    .action(withCtx(show));
  writeOptions(m.command('add').description('save a memory').argument('<content>', 'the memory itself'), false)
    .option('-s, --source <source>', 'where it comes from (default cli)')
    .option('--when <when>', `temporal context: ${WHEN.join(', ')}`, choice(WHEN))
    .option('--id <id>', 'the memory id: updates that memory when it exists (an upsert)')
    .action(withCtx(add));
  writeOptions(m.command('update').description('change a memory').argument('<id>'), true).action(withCtx(update));
  m.command('delete')
    .alias('rm')
    .description('delete memories (they go to the trash)')
    .argument('<ids...>')
    .option('-f, --force', 'do not ask')
    .action(withCtx(remove));
}
