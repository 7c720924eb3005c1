import { setImmediate as nextTurn } from 'node:timers/promises';
import { classifyEvolution, type EvolutionVerdict, openingWords, profileText } from '../../domain/relationSignals.ts';
import { EVOLVES_TYPE } from '../../domain/evolves.ts';
import type { EvolvesEdge, MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { relationLock } from './crud.ts';

/** Older memories looked at: the newest ones of its space that share its subject. */
const CANDIDATES = 5;
/**
 * The full-text query asks for the new memory's first two content words together (its subject). Every rule asks
 * for the same subject anyway. An OR of the whole text ranked most of the store (30–40 ms at 20,000 look-alike
 * memories); ranking even the AND by bm25 grew with the corpus, so the newest matches are taken, which costs the same
 * at any size: an update usually follows soon after what it updates.
 */
const SUBJECT_WORDS = 2;

type DetectDeps = Pick<Deps, 'store' | 'clock' | 'ids'>;

export const memoryText = (memory: Pick<MemoryRecord, 'title' | 'content'>) => `${memory.title}\n${memory.content}`;

/** Whether `a` was created before `b` (ties broken by id, as lists are). */
export const isOlder = (a: Pick<MemoryRecord, 'created_at' | 'id'>, b: Pick<MemoryRecord, 'created_at' | 'id'>) =>
  a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id);

/**
 * The older, still-latest memory of the same space that `memory` most convincingly updates, with the verdict;
 * null when none does. Reads only: full-text candidates, their entities, the rules of domain/relationSignals.ts.
 */
export async function findEvolution(deps: Pick<Deps, 'store'>, memory: MemoryRecord): Promise<{ older: MemoryRecord; verdict: EvolutionVerdict } | null> {
  return (await findEvolutions(deps, [memory]))[0];
}

/** The ids of the newest memories of `memory`'s space that share its subject (the full-text candidates). */
async function candidateIds(deps: Pick<Deps, 'store'>, memory: MemoryRecord): Promise<string[]> {
  const subject = openingWords(memoryText(memory), SUBJECT_WORDS);
  if (subject.length < SUBJECT_WORDS) return [];
  const hits = await deps.store.search.newestMatching({ mode: 'all', terms: subject.map(text => ({ text })) }, { space_id: memory.space_id, states: ['active'] }, CANDIDATES + 1);
  return hits.filter(id => id !== memory.id);
}

/**
 * findEvolution for several memories at once (the background queue's batch): the same candidates and verdicts, with
 * the candidates and everyone's entities read in one query each instead of two per memory.
 */
export async function findEvolutions(deps: Pick<Deps, 'store'>, memories: MemoryRecord[]): Promise<({ older: MemoryRecord; verdict: EvolutionVerdict } | null)[]> {
  const hits: string[][] = [];
  for (const memory of memories) {
    hits.push(await candidateIds(deps, memory));
    if (memories.length > 1) await nextTurn(); // a full-text query per memory: requests that arrived meanwhile go first
  }
  const wanted = [...new Set(hits.flat())];
  const stored = new Map((wanted.length ? await deps.store.memories.getMany(wanted) : []).map(m => [m.id, m]));
  const candidates = memories.map((memory, i) =>
    hits[i].flatMap(id => stored.get(id) ?? []).filter(c => c.is_latest && !c.is_crystal && isOlder(c, memory)),
  );
  const withCandidates = memories.filter((_, i) => candidates[i].length > 0);
  if (withCandidates.length === 0) return memories.map(() => null);
  const entities = await deps.store.mentions.entityIdsOf([...new Set([...withCandidates.map(m => m.id), ...candidates.flat().map(c => c.id)])]);
  return memories.map((memory, i) => (candidates[i].length ? bestEvolution(memory, candidates[i], entities) : null));
}

function bestEvolution(memory: MemoryRecord, candidates: MemoryRecord[], entities: Map<string, string[]>): { older: MemoryRecord; verdict: EvolutionVerdict } | null {
  let best: { older: MemoryRecord; verdict: EvolutionVerdict } | null = null;
  const newer = profileText(memoryText(memory));
  for (const older of candidates) {
    const verdict = classifyEvolution({
      newer,
      older: profileText(memoryText(older)),
      newerEntities: entities.get(memory.id) ?? [],
      olderEntities: entities.get(older.id) ?? [],
    });
    if (!verdict) continue;
    const better = !best || verdict.confidence > best.verdict.confidence || (verdict.confidence === best.verdict.confidence && isOlder(best.older, older));
    if (better) best = { older, verdict };
  }
  return best;
}

/**
 * Run after a memory is created (and its entities extracted): when it reads as an update of an older memory about
 * the same thing, links it newer → older with an EVOLVES edge, `detected_by: auto`, `reviewed: false`. At most one
 * link; the older memory's visibility and `is_latest` are left alone until someone reviews the edge.
 */
export async function detectEvolution(deps: DetectDeps, memoryId: string): Promise<EvolvesEdge | null> {
  const memory = await deps.store.memories.getById(memoryId);
  if (!memory) return null;
  const edge = await planEvolution(deps, memory);
  if (!edge) return null;
  const recorded = await deps.store.transaction(tx => recordDetectedEdge(tx, edge)); // one commit for its read and write
  return recorded ? edge : null;
}

/**
 * Writes a detected edge unless the two memories have an EVOLVES relation already, either way round and in any status:
 * one a person created, reviewed, edited or deleted (a deleted relation is kept, status `deleted`) stays as they left
 * it, however late detection lands. Whether it wrote the edge.
 */
export async function recordDetectedEdge(tx: Pick<Repos, 'relations' | 'evolves' | 'locks'>, edge: EvolvesEdge): Promise<boolean> {
  const { from_memory_id: newer, to_memory_id: older } = edge;
  await tx.locks.hold([detectedEdgeLock(edge)]); // a person's create of the same relation lands wholly before or after
  if ((await tx.relations.find(newer, older, EVOLVES_TYPE)) || (await tx.relations.find(older, newer, EVOLVES_TYPE))) return false;
  await tx.evolves.insert(edge);
  return true;
}

/** The lock recordDetectedEdge takes: the one a person's create of an EVOLVES relation between the pair takes. */
export const detectedEdgeLock = (edge: EvolvesEdge) => relationLock(edge.from_memory_id, edge.to_memory_id, EVOLVES_TYPE);

/** The EVOLVES edge detectEvolution would write for `memory` (reads only); null when it updates nothing. */
export async function planEvolution(deps: DetectDeps, memory: MemoryRecord): Promise<EvolvesEdge | null> {
  return (await planEvolutions(deps, [memory]))[0];
}

/** planEvolution for several memories, their reads shared (see findEvolutions). */
export async function planEvolutions(deps: DetectDeps, memories: MemoryRecord[]): Promise<(EvolvesEdge | null)[]> {
  const eligible = memories.filter(m => m.lifecycle_state === 'active' && !m.is_crystal);
  const found = new Map((await findEvolutions(deps, eligible)).map((f, i) => [eligible[i].id, f]));
  return memories.map(memory => {
    const f = found.get(memory.id);
    return f ? edgeFor(deps, memory, f) : null;
  });
}

function edgeFor(deps: DetectDeps, memory: MemoryRecord, found: { older: MemoryRecord; verdict: EvolutionVerdict }): EvolvesEdge {
  return {
    id: deps.ids.next(),
    from_memory_id: memory.id,
    to_memory_id: found.older.id,
    relation: found.verdict.relation,
    confidence: found.verdict.confidence,
    detected_by: 'auto',
    reason: found.verdict.reason,
    reviewed: false,
    created_at: deps.clock.now(),
  };
}

/** detectEvolution for the create path: reports how many edges it made; a failure is a warning, never a failed create. */
export async function detectEvolutionAfterCreate(deps: DetectDeps, memoryId: string): Promise<{ created: number; warnings: string[] }> {
  try {
    return { created: (await detectEvolution(deps, memoryId)) ? 1 : 0, warnings: [] };
  } catch (error) {
    return { created: 0, warnings: [`EVOLVES detection skipped: ${error instanceof Error ? error.message : String(error)}`] };
  }
}
