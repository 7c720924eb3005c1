import { DEFAULT_SPACE, deriveTitle, type UnitType } from '../../domain/memory.ts';
import { memoryLock } from '../locks.ts';
import type { LabelRecord, MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { ensureLabels } from '../labels/ensure.ts';
import { suggestLabels } from '../labels/suggest.ts';
import { presentMemory } from '../readModel/memories.ts';
import { afterExtraction, prepareExtraction, recordExtraction } from '../graph/memoryHooks.ts';
import type { MemoryGraph } from '../graph/write.ts';
import { detectEvolutionAfterCreate } from '../relations/detect.ts';
import { memoryProvenance } from './provenance.ts';
import { sourceThreads } from '../readModel/sourceThreads.ts';

export interface CreateMemoryInput {
  id?: string | null;
  content: string;
  title?: string | null;
  source?: string | null;
  source_thread_id?: string | null;
  source_message_id?: string | null;
  importance?: number;
  confidence?: number;
  labels?: string[] | null;
  space_id?: string | null;
  metadata?: Record<string, unknown>;
  event_start?: string | null;
  event_end?: string | null;
  temporal_context?: string | null;
  unit_type?: UnitType | null;
}

/** What other services may ask of a create, never a caller of POST /memories. */
export interface InternalCreateOptions {
  /** Stores the memory as a crystal (is_crystal). */
  is_crystal?: boolean;
  /** Writes that belong with the new memory, run inside its transaction (the crystal's sources, say). */
  inTransaction?: (tx: Repos, memory: MemoryRecord) => Promise<void>;
}

/**
 * What the acknowledgement waits for. Without `wait` it waits for the memory alone (durable, searchable by text);
 * its entities, graph and EVOLVES detection follow from the background queue (`extraction: "queued"`).
 * `wait: "graph"` also extracts the entities and writes the graph before answering (slower, the old behaviour).
 */
export interface CreateOptions {
  wait?: 'graph' | null;
}

/** Where the create response's graph stands: written already, or queued for the background. */
export type ExtractionStatus = 'done' | 'queued';

/**
 * The title a create or upsert stores: the caller's when given; else an upserted memory keeps a title its caller gave
 * once, and an automatic title is derived again from the (new) content so removed words never linger in it.
 */
export function titleOnWrite(given: string | null | undefined, content: string, existing?: Pick<MemoryRecord, 'title' | 'title_derived'>) {
  const title = given?.trim();
  if (title) return { title, title_derived: false };
  if (existing && !existing.title_derived) return { title: existing.title, title_derived: false };
  return { title: deriveTitle(content), title_derived: true };
}

/**
 * Stores a memory with its labels (created by name when missing) in one transaction, which it shares with the creates
 * arriving in the same event-loop turn (group commit; each in its own savepoint, so one that fails fails alone).
 * A caller-given id that exists already updates that memory instead (action "updated").
 * It is searchable by text once acknowledged; its entities, graph and EVOLVES detection are queued for the background
 * (durable: they survive a restart) unless `wait: "graph"` asks for them first; with semantic search on, it is embedded
 * in the background too. With CAIRN_AUTO_LABEL on, a new memory given no `labels` gets the existing labels it
 * resembles (never new ones).
 */
export async function createMemory(
  deps: Pick<Deps, 'store' | 'clock' | 'ids' | 'indexer' | 'embedder' | 'autoLabel' | 'extraction' | 'communities'>,
  input: CreateMemoryInput,
  options: InternalCreateOptions & CreateOptions = {},
) {
  const warnings: string[] = [];
  const at = deps.clock.now();
  const jobs = deps.extraction.jobs;
  const queued = options.wait !== 'graph' && jobs !== null;
  if (queued) jobs.writeArriving();

  // Labels are suggested for a memory given none: in the background when queued, else here, before the transaction
  // (a model never runs inside one). A failing model (a remote embedder that is down) costs the suggestion, never the memory.
  const autoLabel = deps.autoLabel && input.labels == null;
  const suggested =
    autoLabel && !queued
      ? await suggestLabels(deps, input.content).catch(error => {
          warnings.push(`labels not suggested: ${error instanceof Error ? error.message : String(error)}`);
          return [];
        })
      : [];
  const semantic = deps.indexer !== null;
  // Waiting for the graph: entities are extracted before the transaction (a language model is only queued): see graph/memoryHooks.ts.
  const prepared = queued ? null : await prepareExtraction(deps, { content: input.content, title: input.title, created_at: at });
  if (prepared) warnings.push(...prepared.warnings);
  else warnings.push(...backgroundModelWarnings(deps.extraction));
  const result = await deps.store.groupTransaction(async tx => {
    // A caller-given id: concurrent upserts of it (another process, on PostgreSQL) take their turns, each seeing the last.
    if (input.id) await tx.locks.hold([memoryLock(input.id)]);
    const existing = input.id ? await tx.memories.getById(input.id) : undefined;
    // Every field named, no spreads: a create is the hottest write, and V8 builds an object literal with a spread in
    // its middle property by property at run time (~20 µs of a create's CPU for these two objects).
    const title = titleOnWrite(input.title, input.content, existing);
    const fields = {
      space_id: input.space_id ?? existing?.space_id ?? DEFAULT_SPACE,
      title: title.title,
      title_derived: title.title_derived,
      content: input.content,
      source: input.source ?? existing?.source ?? 'api',
      importance: input.importance ?? existing?.importance ?? 0.5,
      confidence: input.confidence ?? existing?.confidence ?? 0.5,
      unit_type: input.unit_type ?? existing?.unit_type ?? 'fact',
      metadata: input.metadata ?? existing?.metadata ?? {},
      event_start: input.event_start ?? existing?.event_start ?? null,
      event_end: input.event_end ?? existing?.event_end ?? null,
      temporal_context: input.temporal_context ?? existing?.temporal_context ?? null,
      updated_at: at,
    };
    // Provenance is recorded only when it names a real thread or message of the space.
    const provenance = await memoryProvenance(tx, fields.space_id, input, existing);
    const provenanceWarnings = provenance.warnings;
    const links = { source_thread_id: provenance.source_thread_id, source_message_id: provenance.source_message_id };

    let memory: MemoryRecord;
    if (existing) {
      const changes = { ...fields, ...links, version: existing.version + 1, reindex_needed: semantic || existing.reindex_needed };
      await tx.memories.update(existing.id, changes);
      memory = { ...existing, ...changes };
    } else {
      memory = {
        id: input.id ?? deps.ids.next(),
        space_id: fields.space_id,
        title: fields.title,
        title_derived: fields.title_derived,
        content: fields.content,
        source: fields.source,
        importance: fields.importance,
        confidence: fields.confidence,
        unit_type: fields.unit_type,
        lifecycle_state: 'active',
        is_latest: true,
        is_crystal: options.is_crystal ?? false,
        is_favorite: false,
        favorited_at: null,
        reindex_needed: semantic,
        metadata: fields.metadata,
        event_start: fields.event_start,
        event_end: fields.event_end,
        temporal_context: fields.temporal_context,
        source_thread_id: links.source_thread_id,
        source_message_id: links.source_message_id,
        state_reason: null,
        state_changed_at: null,
        version: 1,
        created_at: at,
        updated_at: fields.updated_at,
      };
      await tx.memories.insert(memory);
    }
    await options.inTransaction?.(tx, memory);

    // A new memory has exactly the labels just given (or the suggested ones that still exist); an upsert may keep others.
    let given: LabelRecord[] | null = null;
    if (input.labels) {
      given = await ensureLabels(deps, tx, input.labels);
      if (existing) {
        await tx.memoryLabels.replace(memory.id, given.map(l => l.id), at);
        await tx.extractionQueue.forgoAutoLabel(memory.id); // the caller chose its labels: no suggestion lands later
      }
      else for (const label of given) await tx.memoryLabels.assign(memory.id, label.id, at);
    } else if (!existing) {
      for (const label of suggested) if (await tx.labels.getById(label.id)) await tx.memoryLabels.assign(memory.id, label.id, at);
    }
    const labels =
      !existing && given ? given.sort(byName) : existing || suggested.length ? ((await tx.memoryLabels.labelsOf([memory.id])).get(memory.id) ?? []) : [];
    let graph: MemoryGraph = { entities: [], relationships: 0 };
    if (prepared) graph = await recordExtraction(tx, deps, memory, prepared, { replace: Boolean(existing) });
    // The graph and EVOLVES detection of the background queue, committed with the memory: neither is lost nor done twice.
    else if (existing) await tx.extractionQueue.enqueue({ memory_id: memory.id, content_version: memory.version, level: '', queued_at: at });
    else await tx.extractionQueue.enqueueNew({ memory_id: memory.id, content_version: memory.version, level: '', queued_at: at, evolves: true, auto_label: autoLabel });
    const threads = memory.source_thread_id ? await sourceThreads(tx, [memory]) : new Map();
    return {
      id: memory.id,
      memory: { ...presentMemory(memory, labels, threads.get(memory.id)), node_type: 'Memory' as const },
      extracted_entities: graph.entities,
      assigned_labels: labels.map(l => l.name),
      created_relationships: graph.relationships,
      action: existing ? 'updated' : 'created',
      extraction: (prepared && !prepared.background ? 'done' : 'queued') as ExtractionStatus,
      // Gathered here, not pushed to `warnings`: a unit of work may run twice (a race lost on PostgreSQL runs again).
      warnings: [...warnings, ...provenanceWarnings],
    };
  });
  deps.indexer?.kick();
  if (!prepared) {
    jobs?.kick();
    return result;
  }
  afterExtraction(deps, prepared);
  // EVOLVES detection reads the new memory's entities: keep it after entity extraction.
  if (result.action === 'created') {
    const evolves = await detectEvolutionAfterCreate(deps, result.id);
    result.created_relationships += evolves.created;
    result.warnings.push(...evolves.warnings);
  }
  return result;
}

/** What a queued create says when a language model extracts (or, while it is down, the rules stand in for it). */
function backgroundModelWarnings({ primary, llm }: Deps['extraction']): string[] {
  if (!primary || primary.inline) return [];
  if (llm.usable()) return [`Entity extraction runs in the background with the language model ${primary.model}: the memory's entities appear once it finishes`];
  return [`The language model ${primary.model} is unreachable (${llm.lastError ?? 'unknown error'}): entities are extracted offline with rules, in the background`];
}

/** Labels in the order memories list them (by name). */
const byName = (a: LabelRecord, b: LabelRecord) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
