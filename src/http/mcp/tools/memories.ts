/** Memory tools: search, read, add, update, forget. */
import { z } from 'zod';
import { InputError } from '../../../errors.ts';
import { MAX_CONTENT_CHARS, MAX_TITLE_CHARS, UNIT_TYPES } from '../../../domain/memory.ts';
import { MAX_LABEL_NAME_CHARS } from '../../../domain/label.ts';
import { searchMemories, SEARCH_MODES, type SearchMode } from '../../../services/search/search.ts';
import { searchEverything, type UnifiedSearchInput } from '../../../services/search/unified.ts';
import { getMemory } from '../../../services/readModel/memories.ts';
import { read } from '../../../services/reads/reads.ts';
import { createMemory } from '../../../services/memories/create.ts';
import { updateMemory } from '../../../services/memories/update.ts';
import { forgetMemory } from '../../../services/memories/lifecycle.ts';
import { dateArg, day, defineTool, oneLine, spaceArg, spaceOf, type ToolContext, type ToolDef } from './common.ts';

const memoryId = z.string().min(1).max(200).describe('The memory id, as memory_search or mem_fs returned it');
const labels = z.array(z.string().trim().min(1).max(MAX_LABEL_NAME_CHARS)).max(100);
const unitType = z.enum(UNIT_TYPES);
const importance = z.number().min(0).max(1);

interface MemoryLike {
  id: string;
  title: string;
  unit_type: string;
  created_at: string;
  labels: (string | { name: string })[];
}

const labelNames = (m: MemoryLike) => m.labels.map(l => (typeof l === 'string' ? l : l.name));
const header = (m: MemoryLike) => `[${m.id}] ${m.title} · ${m.unit_type} · ${day(m.created_at)}${m.labels.length ? ` · labels: ${labelNames(m).join(', ')}` : ''}`;

type SearchedMemory = Awaited<ReturnType<typeof searchMemories>>['results'][number]['memory'];

/** A memory as memory_search answers it. */
const memoryFound = (m: SearchedMemory, score: number, reason: string) => ({
  id: m.id,
  title: m.title,
  content: m.content,
  unit_type: m.unit_type,
  labels: m.labels,
  importance: m.importance,
  score,
  created_at: m.created_at,
  event_start: m.event_start,
  relevance_reason: reason,
  // The conversation it came from: skills read it with thread_fetch_messages.
  source_thread_id: m.source_thread_id ?? null,
});

const memoryLine = (m: ReturnType<typeof memoryFound>) =>
  `${header(m)} (score ${m.score})${m.source_thread_id ? ` [thread ${m.source_thread_id}]` : ''}\n   ${oneLine(m.content, 240)}`;

/**
 * memory_search with include_threads: the unified search (services/search/unified.ts), memories and conversation
 * messages in one list, each with its `kind`; `score` stays each result's own 0..1 score, the order is the fused one.
 */
async function searchWithThreads(ctx: ToolContext, args: Omit<UnifiedSearchInput, 'kinds' | 'limit' | 'mode'> & { limit: number; mode: SearchMode }) {
  const { results, search_metadata } = await searchEverything(ctx.deps, { ...args, kinds: ['memory', 'thread'] });
  const found = results.map(r =>
    r.kind === 'memory'
      ? { kind: r.kind, ...memoryFound(r.memory, r.match_score, r.relevance_reason) }
      : { kind: r.kind, thread_id: r.thread_id, message_id: r.message_id, position: r.position, title: r.title, role: r.role, snippet: r.snippet, score: r.match_score, source: r.source, timestamp: r.timestamp },
  );
  const text = found.length
    ? found
        .map((r, i) =>
          r.kind === 'memory'
            ? `${i + 1}. ${memoryLine(r)}`
            : `${i + 1}. [thread ${r.thread_id} · message ${r.position}] ${r.title} · ${r.source} (score ${r.score})\n   ${r.role}: ${oneLine(r.snippet, 240)}\n   read it: thread_fetch_messages {thread_id: "${r.thread_id}", offset: ${r.position}}`,
        )
        .join('\n')
    : `Nothing in memories or conversations matches "${args.query}". Try other words or mode "deep".`;
  return { text, data: { query: args.query, results: found, total: found.length, semantic_unavailable: search_metadata.semantic_unavailable } };
}

export const memoryTools: ToolDef[] = [
  defineTool('memory_search', {
    description:
      'Search the user\'s long-term memory (decisions, preferences, procedures, facts, learnings) by meaning and words. ' +
      'Use it before answering anything that may have been decided or learned before, and before memory_add to avoid duplicates. ' +
      'Returns memories best first with ids for get_memory_by_id / memory_update. Use mode "deep" when a first pass is weak.',
    slim: 'Search long-term memories; returns ids, titles, excerpts.',
    readOnly: true,
    input: {
      query: z.string().min(1).max(4000).describe('What to look for, in natural language'),
      limit: z.number().int().min(1).max(50).default(10).describe('Most results to return (1-50, default 10)'),
      mode: z.enum(SEARCH_MODES).default('fast').describe('"fast" (default) or "deep" (adds nearby context, dates and the knowledge graph)'),
      labels: labels.optional().describe('Only memories carrying any of these labels'),
      filter_labels: labels.optional().describe('Same as labels'),
      unit_type: unitType.optional().describe('Only memories of this kind'),
      event_date_from: dateArg('Only memories about events on or after this date').optional(),
      event_date_to: dateArg('Only memories about events on or before this date').optional(),
      recorded_date_from: dateArg('Only memories recorded on or after this date').optional(),
      recorded_date_to: dateArg('Only memories recorded on or before this date').optional(),
      space_id: spaceArg,
      include_threads: z
        .boolean()
        .default(false)
        .describe('Also search past conversations: one list of memories and conversation messages, each with its kind (a message gives thread_id and position for thread_fetch_messages)'),
    },
  }, async (args, ctx) => {
    const filters = { ...args, filter_labels: args.labels ?? args.filter_labels ?? null, space_id: spaceOf(ctx, args.space_id) };
    if (args.include_threads) return searchWithThreads(ctx, filters);
    const input = { ...filters, include_states: ['active' as const], include_entities: false };
    const { results, semantic_unavailable } = await read(ctx.deps, { kind: 'search', input });
    const found = results.map(r => memoryFound(r.memory, r.similarity_score, r.relevance_reason));
    const text = found.length
      ? found.map((m, i) => `${i + 1}. ${memoryLine(m)}`).join('\n')
      : `No memories match "${args.query}". Try other words, mode "deep", fewer filters, or include_threads.`;
    return { text, data: { query: args.query, results: found, total: found.length, semantic_unavailable } };
  }),

  defineTool('get_memory_by_id', {
    description: 'Read one memory in full (content, labels, dates, provenance) by its id, e.g. after memory_search showed an excerpt.',
    slim: 'Read one memory in full by id.',
    readOnly: true,
    ids: { memory_id: 'memory' },
    input: { memory_id: memoryId, space_id: spaceArg },
  }, async (args, ctx) => {
    const memory = await read(ctx.deps, { kind: 'get', id: args.memory_id, query: { space_id: spaceOf(ctx, args.space_id) } });
    const facts = [`importance: ${memory.importance}`, `state: ${memory.lifecycle_state}`];
    if (memory.event_start) facts.push(`event: ${memory.event_start}${memory.event_end ? ` – ${memory.event_end}` : ''}`);
    if (memory.source_thread_id) facts.push(`from thread: ${memory.source_thread_id}`);
    return { text: `${header(memory)}\n${facts.join(' · ')}\n\n${memory.content}`, data: { memory } };
  }),

  defineTool('memory_add', {
    description:
      'Save a durable memory: a decision, preference, procedure, fact, plan or lesson worth remembering across sessions. ' +
      'Search first (memory_search) and prefer memory_update when one already covers it; save one strong memory, not several weak notes.',
    slim: 'Save a new durable memory.',
    readOnly: false,
    input: {
      content: z.string().max(MAX_CONTENT_CHARS).refine(c => c.trim().length > 0, { message: 'content must not be empty' }).describe('The memory, self-contained: what, why, and when it applies'),
      title: z.string().max(MAX_TITLE_CHARS).optional().describe('A short title (derived from the content when absent)'),
      unit_type: unitType.optional().describe(`Kind of memory: ${UNIT_TYPES.join(', ')}`),
      labels: labels.optional().describe('Label names (created when missing)'),
      importance: importance.optional().describe('0-1; 0.8 or more for things that must not be forgotten'),
      event_start: dateArg('When what it describes happened or starts').optional(),
      event_end: dateArg('When it ends').optional(),
      source: z.string().max(200).optional().describe('Where it comes from (default "mcp")'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const metadata = Object.fromEntries(
      Object.entries({ agent_id: ctx.scope.agent_id, host_agent_id: ctx.scope.host_agent_id, source_app: ctx.scope.source_app }).filter(([, v]) => v),
    );
    const created = await createMemory(ctx.deps, { ...args, source: args.source ?? 'mcp', space_id: spaceOf(ctx, args.space_id), metadata });
    const memory = created.memory;
    const evolves = created.warnings.length ? `\nNote: ${created.warnings.join('; ')}` : '';
    return { text: `${created.action === 'updated' ? 'Updated' : 'Saved'} memory ${header(memory)}${evolves}`, data: { id: memory.id, action: created.action, memory, warnings: created.warnings } };
  }),

  defineTool('memory_update', {
    description:
      'Change an existing memory when it should evolve (a refined decision, a corrected fact). Give memory_id and only the fields to change; ' +
      '`labels` replaces the label set. Prefer this over adding a near-duplicate.',
    slim: 'Change fields of an existing memory.',
    readOnly: false,
    ids: { memory_id: 'memory' },
    input: {
      memory_id: memoryId,
      content: z.string().max(MAX_CONTENT_CHARS).refine(c => c.trim().length > 0, { message: 'content must not be empty' }).optional().describe('New content'),
      title: z.string().max(MAX_TITLE_CHARS).optional().describe('New title'),
      unit_type: unitType.optional(),
      labels: labels.optional().describe('The new label set (replaces the old one)'),
      importance: importance.optional(),
      event_start: dateArg('When it happened or starts').nullish(),
      event_end: dateArg('When it ends').nullish(),
      space_id: spaceArg,
    },
  }, async ({ memory_id, space_id, ...fields }, ctx) => {
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length === 0) throw new InputError(['arguments'], 'Nothing to change: give at least one of content, title, unit_type, labels, importance, event_start, event_end');
    await getMemory(ctx.deps, memory_id, { space_id: spaceOf(ctx, space_id) }); // 404 outside the connection's space
    const memory = await updateMemory(ctx.deps, memory_id, changes);
    return { text: `Updated memory ${header(memory)} (changed: ${Object.keys(changes).join(', ')})`, data: { id: memory.id, memory, changed: Object.keys(changes) } };
  }),

  defineTool('memory_forget', {
    description: 'Forget a memory that is wrong or no longer wanted: it leaves search and reads (it can be restored by the user). Give a short reason.',
    slim: 'Forget (hide) a memory by id.',
    readOnly: false,
    ids: { memory_id: 'memory' },
    input: { memory_id: memoryId, reason: z.string().max(500).optional().describe('Why it is forgotten'), space_id: spaceArg },
  }, async (args, ctx) => {
    const memory = await getMemory(ctx.deps, args.memory_id, { space_id: spaceOf(ctx, args.space_id) });
    await forgetMemory(ctx.deps, args.memory_id, { reason: args.reason ?? 'forgotten through MCP' });
    return { text: `Forgot memory [${memory.id}] ${memory.title}.`, data: { id: memory.id, lifecycle_state: 'forgotten' } };
  }),
];
