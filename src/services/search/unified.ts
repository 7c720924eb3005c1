import { reciprocalRankFusion } from '../../domain/fusion.ts';
import { UNIFIED_PROFILE, type UnifiedProfile } from '../../domain/searchProfile.ts';
import { type UnitType } from '../../domain/memory.ts';
import { isStopWord, queryTerms, stem } from '../../domain/text.ts';
import type { Deps } from '../deps.ts';
import { searchThreads } from '../threads/search.ts';
import { searchMemories, type SearchMode } from './search.ts';
import { spaceOrDefault } from '../../domain/space.ts';

/** What one unified search may return: saved memories, and the messages of saved conversations. */
export const SEARCH_KINDS = ['memory', 'thread'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface UnifiedSearchInput {
  query: string;
  kinds: SearchKind[];
  limit: number;
  mode: SearchMode;
  space_id?: string | null;
  /** Threads only: the source that saved them (claude-code, codex, …). */
  source?: string | null;
  /** Memories only, as `/memories/search` reads them. */
  filter_labels?: string[] | null;
  unit_type?: UnitType | null;
  event_date_from?: string | null;
  event_date_to?: string | null;
  recorded_date_from?: string | null;
  recorded_date_to?: string | null;
}

/** Characters of text a result shows. */
const SNIPPET_CHARS = 240;

/** A word as domain/text.ts reads one, with its case. */
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/** A window of the text around its first marked word, at most SNIPPET_CHARS long, flattened to one line. */
function excerpt(text: string, marked: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const lower = flat.toLowerCase();
  const at = Math.min(...marked.map(w => lower.indexOf(w.toLowerCase())).filter(i => i >= 0), flat.length);
  const start = at < flat.length ? Math.max(0, at - 60) : 0;
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + SNIPPET_CHARS)}${start + SNIPPET_CHARS < flat.length ? '…' : ''}`;
}

/** The words of a message that are the query's search words in some form, as the message writes them: what to mark. */
function messageHighlights(text: string, searched: Set<string>): string[] {
  const written = text.normalize('NFKC').match(WORD) ?? [];
  return [...new Set(written.filter(w => !isStopWord(w.toLowerCase()) && searched.has(stem(w.toLowerCase()))))];
}

async function memoryHits(deps: Parameters<typeof searchMemories>[0], input: UnifiedSearchInput) {
  const { results, semantic_unavailable } = await searchMemories(deps, { ...input, include_states: ['active'], include_entities: false });
  const hits = results.map(r => ({
    kind: 'memory' as const,
    title: r.memory.title,
    snippet: excerpt(r.memory.content, r.highlights),
    highlights: r.highlights,
    match_score: r.similarity_score,
    relevance_reason: r.relevance_reason,
    memory_id: r.memory.id,
    memory: r.memory,
  }));
  return { hits, semantic_unavailable };
}

/** The best matching messages of the best matching threads, each message on its own, best first. */
async function messageHits(deps: Pick<Deps, 'store'>, input: UnifiedSearchInput) {
  const found = await searchThreads(deps, { query: input.query, mode: 'full', limit: input.limit, source: input.source ?? undefined, space_id: input.space_id ?? undefined });
  const searched = new Set(queryTerms(input.query));
  type FullThread = Extract<(typeof found.threads)[number], { matched_messages: unknown }>;
  const messages = (found.threads as FullThread[]).flatMap(thread =>
    thread.matched_messages.map(m => ({
      kind: 'thread' as const,
      title: thread.title,
      snippet: m.snippet,
      highlights: messageHighlights(m.snippet, searched),
      match_score: m.score,
      thread_id: thread.thread_id,
      message_id: m.message_id,
      position: m.order_index,
      role: m.role,
      timestamp: m.timestamp,
      source: thread.source,
      space_id: thread.space_id,
      message_count: thread.message_count,
    })),
  );
  // Threads come best thread first; a thread's weaker second match must not sit above another thread's best one.
  return messages.sort((a, b) => b.match_score - a.match_score).slice(0, input.limit);
}

type MemoryHit = Awaited<ReturnType<typeof memoryHits>>['hits'][number];
type MessageHit = Awaited<ReturnType<typeof messageHits>>[number];

/**
 * One search over memories and conversations: the memory search service and the thread search service each rank
 * their own kind, and reciprocal-rank fusion merges the two lists (their scores are on different scales: a memory's
 * similarity weighs word overlap against length and meaning, a message's its BM25 strength), the higher own score
 * first where places tie. `mode` and the memory filters apply to memories, `source` to threads; forgotten and
 * archived memories are never found. Each result says its kind and where to open it.
 */
export async function searchEverything(deps: Parameters<typeof searchMemories>[0] & Pick<Deps, 'store'>, input: UnifiedSearchInput, profile: UnifiedProfile = UNIFIED_PROFILE) {
  const started = performance.now();
  const wants = (kind: SearchKind) => input.kinds.includes(kind);
  const [memories, messages] = await Promise.all([
    wants('memory') ? memoryHits(deps, input) : { hits: [] as MemoryHit[], semantic_unavailable: null },
    wants('thread') ? messageHits(deps, input) : ([] as MessageHit[]),
  ]);
  const keyOf = (hit: MemoryHit | MessageHit) => (hit.kind === 'memory' ? `memory:${hit.memory_id}` : `thread:${hit.message_id}`);
  const fused = reciprocalRankFusion<MemoryHit | MessageHit>([memories.hits, messages], keyOf, profile.rrfK, (a, b) => b.match_score - a.match_score);
  const results = fused.slice(0, input.limit).map(({ item, score }) => ({ ...item, score: Number(score.toFixed(6)) }));
  return {
    results,
    total: results.length,
    search_metadata: {
      query: input.query,
      mode: input.mode,
      kinds: SEARCH_KINDS.filter(wants),
      space_id: spaceOrDefault(input.space_id),
      memories_found: memories.hits.length,
      messages_found: messages.length,
      took_ms: Math.round((performance.now() - started) * 100) / 100,
      semantic_unavailable: wants('memory') ? memories.semantic_unavailable : null,
    },
  };
}
