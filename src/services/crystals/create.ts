import { conflict, notFound } from '../../errors.ts';
import { defaultCrystalTitle, synthesizeExtractive } from '../../domain/crystalSynthesis.ts';
import { DEFAULT_SPACE } from '../../domain/memory.ts';
import type { CrystalSynthesis, MemoryRecord, Store } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { createMemory } from '../memories/create.ts';
import { getMemory } from '../readModel/memories.ts';
import { synthesizeWithModel } from './synthesizeLlm.ts';

/** How many of a community's top memories a crystallisation reads. */
export const COMMUNITY_CRYSTAL_SOURCES = 12;
/** A crystal distils what was learnt across its sources. */
const CRYSTAL_UNIT_TYPE = 'learning';

type CrystalDeps = Pick<Deps, 'store' | 'clock' | 'ids' | 'indexer' | 'embedder' | 'autoLabel' | 'extraction' | 'llm'>;

export interface CreateCrystalInput {
  memory_ids: string[];
  title?: string | null;
  space_id?: string | null;
}

interface Synthesis {
  synthesis: CrystalSynthesis;
  content: string;
  title: string | null;
  /** The most central sentence, for a default title. */
  lead: string;
  weights: { memory_id: string; contribution_weight: number }[];
  warnings: string[];
}

/** The sources in the order given; an unknown or forgotten one is a 404 (a forgotten memory is never read again). */
async function requireSources(store: Store, ids: string[]): Promise<MemoryRecord[]> {
  const found = new Map((await store.memories.getMany(ids)).map(m => [m.id, m]));
  return ids.map(id => {
    const memory = found.get(id);
    if (!memory || memory.lifecycle_state === 'forgotten') throw notFound('memory', id);
    return memory;
  });
}

/** Abstractive with a language model, extractive without one or when the model fails (the reason is a warning). */
async function synthesize(deps: Pick<Deps, 'llm'>, sources: MemoryRecord[]): Promise<Synthesis> {
  const extractive = synthesizeExtractive(sources.map(s => ({ memory_id: s.id, content: s.content })));
  const offline = { synthesis: 'extractive' as const, content: extractive.content, title: null, lead: extractive.lead, weights: extractive.weights };
  if (!deps.llm) return { ...offline, warnings: [] };
  try {
    return { synthesis: 'llm', lead: extractive.lead, warnings: [], ...(await synthesizeWithModel(deps.llm, sources)) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...offline, warnings: [`language model synthesis failed (${reason}); the crystal is extractive`] };
  }
}

/** The entities most sources mention (at least two of them), most shared first, at most ten. */
async function sharedEntities(store: Store, ids: string[]) {
  const mentioned = await store.mentions.entityIdsOf(ids);
  const counts = new Map<string, number>();
  for (const entityIds of mentioned.values()) for (const id of entityIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const top = [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10);
  const entities = new Map((await store.entities.getMany(top.map(([id]) => id))).map(e => [e.id, e]));
  return top.map(([id]) => entities.get(id)).filter(e => e !== undefined);
}

/**
 * Synthesises a crystal from these sources (no model call inside a transaction), then stores it as a memory
 * (is_crystal) with its crystal row and CRYSTALLIZED_FROM sources in one transaction: all of it, or nothing.
 */
async function crystallize(deps: CrystalDeps, sources: MemoryRecord[], options: { title?: string | null; space_id?: string | null; community_id: number | null }) {
  const made = await synthesize(deps, sources);
  const title = options.title?.trim() || made.title || defaultCrystalTitle(await sharedEntities(deps.store, sources.map(s => s.id)), made.lead);
  const spaces = new Set(sources.map(s => s.space_id));
  const created = await createMemory(
    deps,
    {
      content: made.content,
      title,
      source: 'crystal',
      space_id: options.space_id ?? (spaces.size === 1 ? sources[0]!.space_id : DEFAULT_SPACE),
      unit_type: CRYSTAL_UNIT_TYPE,
      importance: Math.max(...sources.map(s => s.importance)),
    },
    {
      wait: 'graph', // the crystal's answer lists its entities
      is_crystal: true,
      inTransaction: (tx, memory) =>
        tx.crystals.insert(
          { id: memory.id, synthesis: made.synthesis, community_id: options.community_id, created_at: memory.created_at },
          sources.map((s, position) => ({
            crystal_id: memory.id,
            memory_id: s.id,
            contribution_weight: made.weights[position]!.contribution_weight,
            position,
            source_version: s.version,
          })),
        ),
    },
  );
  return {
    id: created.id,
    crystal: await getMemory(deps, created.id, {}),
    sources: made.weights,
    synthesis: made.synthesis,
    extracted_entities: created.extracted_entities,
    warnings: [...made.warnings, ...created.warnings],
  };
}

/**
 * Makes a crystal of 2..50 distinct readable memories (any space; the crystal goes to `space_id`, else their common
 * space, else the default one). An unknown or forgotten source → 404, and nothing is written.
 */
export async function createCrystal(deps: CrystalDeps, input: CreateCrystalInput) {
  const sources = await requireSources(deps.store, input.memory_ids);
  return crystallize(deps, sources, { title: input.title, space_id: input.space_id, community_id: null });
}

/**
 * Makes a crystal of a community's top memories (those mentioning the most of its entities, at most 12), titled after
 * the community unless a title is given. Unknown community → 404; fewer than two such memories → 409 not_enough_memories.
 */
export async function crystallizeCommunity(deps: CrystalDeps, communityId: number, input: { title?: string | null; space_id?: string | null }) {
  const community = await deps.store.communities.get(communityId);
  if (!community) throw notFound('community', String(communityId));
  const ids = (await deps.store.communityGraph.topMemories(communityId, COMMUNITY_CRYSTAL_SOURCES, { excludeCrystals: true })).map(h => h.memory_id);
  if (ids.length < 2) {
    throw conflict('not_enough_memories', `Community ${communityId} has ${ids.length} memory(ies) to crystallise; a crystal needs at least 2`, {
      memory_count: ids.length,
    });
  }
  const sources = await requireSources(deps.store, ids);
  return crystallize(deps, sources, { title: input.title ?? community.name, space_id: input.space_id, community_id: communityId });
}
