import { metadataPosition, neighbourDiaIds, type PlacedTurn, turnNeighbours } from '../../domain/conversation.ts';
import type { TurnRules } from '../../domain/searchProfile.ts';
import type { RankedMemory, SearchFilter } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import type { ConversationReader } from './conversations.ts';

type TurnDeps = Pick<Deps, 'store'>;

/** Turns read per query to place a session's neighbours (a session_id conversation is read whole, up to this). */
const TURNS_READ = 2000;

/**
 * Where each memory sits in its conversation, from metadata, its thread provenance, or as inferred from the memories
 * posted around it; memories that are not turns are left out.
 */
async function place(deps: TurnDeps, memories: RankedMemory[], filter: SearchFilter, inferred: ReturnType<ConversationReader['inferred']>): Promise<PlacedTurn[]> {
  const placed: PlacedTurn[] = [];
  const threads = new Set<string>();
  for (const m of memories) {
    const position = metadataPosition(m.metadata ?? {}) ?? inferred.get(m.id)?.position;
    if (position) placed.push({ id: m.id, position });
    else if (m.source_thread_id) threads.add(m.source_thread_id);
  }
  if (threads.size) {
    const rows = await deps.store.search.threadTurns([...threads], filter, TURNS_READ);
    const wanted = new Set(memories.map(m => m.id));
    for (const r of rows) if (wanted.has(r.id)) placed.push({ id: r.id, position: { conversation: `thread:${r.source_thread_id}`, session: 0, turn: r.position } });
  }
  return placed;
}

/**
 * The turns that may neighbour the seeds: by dia_id, the ids around each; by session or thread, the whole conversation;
 * inferred turns, those read around the seeds already.
 */
async function around(deps: TurnDeps, seeds: RankedMemory[], placed: PlacedTurn[], filter: SearchFilter, radius: number, inferred: ReturnType<ConversationReader['inferred']>): Promise<PlacedTurn[]> {
  const dia = placed.filter(p => p.position.conversation.startsWith('dia:'));
  const sessions = seeds.map(s => s.metadata?.session_id).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  const threads = [...new Set(seeds.map(s => s.source_thread_id).filter((t): t is string => Boolean(t)))];
  const [byDia, bySession, byThread] = await Promise.all([
    deps.store.search.turnsByMetadata('dia_id', dia.flatMap(p => neighbourDiaIds(p.position, radius)), filter, TURNS_READ),
    deps.store.search.turnsByMetadata('session_id', [...new Set(sessions.map(String))], filter, TURNS_READ),
    deps.store.search.threadTurns(threads, filter, TURNS_READ),
  ]);
  const turns: PlacedTurn[] = [];
  for (const t of [...byDia, ...bySession]) {
    const position = metadataPosition(t.metadata);
    if (position) turns.push({ id: t.id, position });
  }
  for (const t of byThread) turns.push({ id: t.id, position: { conversation: `thread:${t.source_thread_id}`, session: 0, turn: t.position } });
  for (const [id, t] of inferred) turns.push({ id, position: t.position });
  return [...placed, ...turns];
}

/**
 * Context from neighbouring turns: a turn next to a strong hit in the same conversation (by explicit position, or
 * as domain/conversationInference.ts places an inferred turn) inherits part of that hit's score, less with each step away, more right after a hit that
 * asks something; never more than `cap` of the hit's own score. Only turns pass context on and only turns receive it.
 * Returns, per memory, the best score it inherits (already weighted) and the seed it inherits from.
 */
export async function neighbourContext(
  deps: TurnDeps,
  seedScores: Map<string, number>,
  records: Map<string, RankedMemory>,
  filter: SearchFilter,
  rules: NonNullable<TurnRules['neighbours']>,
  conversations: ConversationReader,
): Promise<Map<string, { score: number; from: string }>> {
  const context = new Map<string, { score: number; from: string }>();
  const seeds = [...seedScores]
    .filter(([id, score]) => score > 0 && records.has(id) && conversations.isTurn(records.get(id)!))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rules.seeds);
  if (seeds.length === 0) return context;
  const seedRecords = seeds.map(([id]) => records.get(id)!);
  const placed = await place(deps, seedRecords, filter, conversations.inferred());
  const turns = await around(deps, seedRecords, placed, filter, rules.radius, conversations.inferred());
  const nearby = turnNeighbours(placed, turns, rules.radius);
  for (const [id, score] of seeds) {
    const asks = records.get(id)!.content.includes('?');
    for (const next of nearby.get(id) ?? []) {
      const answer = asks && next.after && next.distance === 1;
      const inherited = rules.weight * score * rules.decay ** (next.distance - 1) * (answer ? 1 + rules.answerBoost : 1);
      const capped = Math.min(inherited, rules.cap * score);
      if (capped > (context.get(next.id)?.score ?? 0)) context.set(next.id, { score: capped, from: id });
    }
  }
  return context;
}
