import { assignCommunityIds, communityName, type PreviousCommunity, rankMembers } from '../../domain/community.ts';
import { describeCommunity, extractiveSummary } from '../../domain/communitySummary.ts';
import { isValueEntity } from '../../domain/entity.ts';
import type { CommunityMember, CommunityRecord, EntityRecord, MemoryRecord, Store } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import type { DetectionResult } from '../ports.ts';
import { collectEdges, type Partition, partitionGraph } from './partition.ts';
import { summarizeWithModel } from './summaryLlm.ts';

/** Members read per community to name it and to recognise it in sentences. */
const NAMED_MEMBERS = 12;
/** The most-mentioning memories a summary is drawn from. */
export const SUMMARY_SOURCES = 5;
/** At most this many communities get a model summary per run (largest first); the others keep the extractive one. */
export const MODEL_SUMMARIES_PER_RUN = 20;
/** After this many failed model summaries in a row, a run stops asking. */
const MODEL_FAILURES = 2;

export type DetectDeps = Pick<Deps, 'store' | 'clock' | 'llm'>;

export interface DetectOptions {
  /** Checked between model summaries: a stopping service does not wait for the model. */
  stopped?: () => boolean;
  /** Aborts a model request in flight when the service stops. */
  signal?: AbortSignal;
  log?: (message: string) => void;
}

interface Usage {
  /** Entity id → memories (not forgotten) mentioning it. */
  entityMentions: Map<string, number>;
  /** Per community (partition order): memory id → how many of its entities the memory mentions, and how often. */
  memoriesOf: Map<string, { entities: number; occurrences: number }>[];
}

/**
 * Recomputes the communities: Louvain over the RELATES_TO graph, ids kept where membership carries over, members
 * ranked, each named and summarised (extractively), all stored in one transaction with the run record. Then, with a
 * language model configured, the largest communities whose membership changed get a model summary, outside any
 * transaction; a failing model leaves the extractive one. Tried twice when the graph changes under it.
 */
export async function detectCommunities(deps: DetectDeps, options: DetectOptions = {}): Promise<DetectionResult> {
  try {
    return await detectOnce(deps, options);
  } catch {
    return detectOnce(deps, options);
  }
}

async function detectOnce(deps: DetectDeps, options: DetectOptions): Promise<DetectionResult> {
  const started = performance.now();
  const { store } = deps;
  const fingerprint = await store.communityGraph.fingerprint();
  const edges = collectEdges();
  await store.communityGraph.eachRelationWeight(rows => edges.add(rows));
  const partition = partitionGraph(edges.finish());
  const previous = await loadPrevious(store);
  const lastRun = await store.communityGraph.lastRun();
  const ids = assignCommunityIds(previous.communities, partition.communities.map(c => c.map(m => m.entity_id)), lastRun?.max_id ?? 0);
  const usage = await mentionUsage(store, partition);

  const ranked = partition.communities.map(c => rankMembers(c, id => ({ mentions: usage.entityMentions.get(id) ?? 0, name: '' })));
  const sources = usage.memoriesOf.map(topMemories);
  const entities = new Map((await store.entities.getMany([...new Set(ranked.flatMap(r => r.slice(0, NAMED_MEMBERS).map(m => m.entity_id)))])).map(e => [e.id, e]));
  const memories = new Map((await store.memories.getMany([...new Set(sources.flat())])).map(m => [m.id, m]));

  const at = deps.clock.now();
  const { records, members } = describe({ ids, ranked, entities, sources, memories, usage, previous, at });
  const maxId = [...ids, ...previous.communities.map(c => c.id)].reduce((max, id) => Math.max(max, id), lastRun?.max_id ?? 0);
  await store.transaction(async tx => {
    await tx.communities.replaceAll(records, members);
    await tx.communityGraph.recordRun({
      detected_at: at,
      fingerprint,
      took_ms: Math.round(performance.now() - started),
      communities: records.length,
      entities: partition.entities,
      max_id: maxId,
    });
  });
  if (deps.llm) await summariesFromModel(deps, records, ranked, entities, sources, memories, options);
  return { communities: records.length, entities: partition.entities, took_ms: Math.round(performance.now() - started) };
}

interface Described {
  ids: number[];
  ranked: { entity_id: string; weight: number }[][];
  entities: Map<string, EntityRecord>;
  sources: string[][];
  memories: Map<string, MemoryRecord>;
  usage: Usage;
  previous: Awaited<ReturnType<typeof loadPrevious>>;
  at: string;
}

/** The stored form of each community: named, summarised (a model summary is kept while its members are the same). */
function describe({ ids, ranked, entities, sources, memories, usage, previous, at }: Described) {
  const records: CommunityRecord[] = [];
  const members: CommunityMember[] = [];
  ranked.forEach((list, i) => {
    const id = ids[i];
    // A topic is named and described by its things, never by a date, an amount or a unit ("4 March 2026", "MB").
    const top = list.slice(0, NAMED_MEMBERS).flatMap(m => entities.get(m.entity_id) ?? []).filter(e => !isValueEntity(e.name, e.entity_type));
    const texts = sources[i].flatMap(memoryId => memories.get(memoryId) ?? []);
    const old = previous.records.get(id);
    const kept = old?.summary_source === 'llm' && sameMembers(previous.membersOf.get(id), list);
    records.push({
      id,
      name: communityName(top.map(e => e.name)),
      summary: kept ? old.summary : offlineSummary(top, texts, usage.memoriesOf[i].size),
      summary_source: kept ? 'llm' : 'extractive',
      entity_count: list.length,
      memory_count: usage.memoriesOf[i].size,
      created_at: old?.created_at ?? at,
      updated_at: at,
    });
    list.forEach((m, rank) => members.push({ community_id: id, entity_id: m.entity_id, rank, weight: m.weight }));
  });
  return { records, members };
}

async function loadPrevious(store: Store) {
  const membersOf = new Map<number, string[]>();
  for (const m of await store.communities.allMembers()) {
    const list = membersOf.get(m.community_id) ?? [];
    list.push(m.entity_id);
    membersOf.set(m.community_id, list);
  }
  const communities: PreviousCommunity[] = [...membersOf].map(([id, list]) => ({ id, members: list }));
  const records = new Map((await store.communities.getMany([...membersOf.keys()])).map(c => [c.id, c]));
  return { communities, membersOf, records };
}

async function mentionUsage(store: Store, partition: Partition): Promise<Usage> {
  const communityOf = new Map<string, number>();
  partition.communities.forEach((c, i) => c.forEach(m => communityOf.set(m.entity_id, i)));
  const entityMentions = new Map<string, number>();
  const memoriesOf: Usage['memoriesOf'] = partition.communities.map(() => new Map());
  await store.communityGraph.eachLiveMention(mentions => {
    for (const mention of mentions) {
      const c = communityOf.get(mention.entity_id);
      if (c === undefined) continue;
      entityMentions.set(mention.entity_id, (entityMentions.get(mention.entity_id) ?? 0) + 1);
      const hit = memoriesOf[c].get(mention.memory_id);
      if (hit) {
        hit.entities++;
        hit.occurrences += mention.occurrences;
      } else memoriesOf[c].set(mention.memory_id, { entities: 1, occurrences: mention.occurrences });
    }
  });
  return { entityMentions, memoriesOf };
}

/** The memories mentioning most of the community's entities, then most often; newer ids first on ties. */
function topMemories(hits: Usage['memoriesOf'][number]): string[] {
  return [...hits]
    .sort(([a, x], [b, y]) => y.entities - x.entities || y.occurrences - x.occurrences || (a < b ? 1 : -1))
    .slice(0, SUMMARY_SOURCES)
    .map(([id]) => id);
}

function sameMembers(old: string[] | undefined, list: { entity_id: string }[]): boolean {
  if (!old || old.length !== list.length) return false;
  const set = new Set(old);
  return list.every(m => set.has(m.entity_id));
}

function offlineSummary(top: EntityRecord[], texts: MemoryRecord[], memoryCount: number): string {
  const names = top.flatMap(e => [e.name, ...e.aliases]);
  return extractiveSummary(texts.map(m => ({ content: m.content })), names) || describeCommunity(top.map(e => e.name), memoryCount);
}

/** Model summaries for the largest communities still summarised extractively; never inside a transaction. */
async function summariesFromModel(
  deps: DetectDeps,
  records: CommunityRecord[],
  ranked: { entity_id: string }[][],
  entities: Map<string, EntityRecord>,
  sources: string[][],
  memories: Map<string, MemoryRecord>,
  { stopped = () => false, log = () => {}, signal }: DetectOptions,
) {
  let failures = 0;
  let asked = 0;
  for (let i = 0; i < records.length && asked < MODEL_SUMMARIES_PER_RUN && failures < MODEL_FAILURES && !stopped(); i++) {
    if (records[i].summary_source === 'llm') continue;
    asked++;
    try {
      const summary = await summarizeWithModel(deps.llm!, {
        name: records[i].name,
        entities: ranked[i].slice(0, NAMED_MEMBERS).flatMap(m => entities.get(m.entity_id) ?? []).filter(e => !isValueEntity(e.name, e.entity_type)).map(e => e.name),
        sources: sources[i].flatMap(id => memories.get(id)?.content ?? []),
      }, signal);
      await deps.store.communities.setSummary(records[i].id, summary, 'llm', deps.clock.now());
      failures = 0;
    } catch (error) {
      failures++;
      log(`community ${records[i].id}: model summary failed, the extractive one stays (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}
