import { hasCjk, queryWords, terms } from '../../domain/text.ts';
import { lexicalOverlap, type OverlapOptions } from '../../domain/scoring.ts';
import { THREAD_PROFILE, type ThreadProfile } from '../../domain/searchProfile.ts';
import { isWordForm } from '../../domain/wordForms.ts';
import { messageScore, threadScore, type ThreadSearchMode } from '../../domain/thread.ts';
import type { LexicalQuery, ThreadSearchFilter } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentThreadPublic } from '../readModel/threads.ts';
import { spaceOrDefault } from '../../domain/space.ts';

export interface ThreadSearchInput {
  query: string;
  mode: ThreadSearchMode;
  limit: number;
  source?: string;
  space_id?: string;
}

/**
 * Another form of a query word counts as memory search counts it ("decide" in "we decided", "deploy" in "deployment"),
 * a little less than the word itself: the full-text index already matched it, so the score must not ignore it.
 */
const wordForms = ({ wordForms: rules }: ThreadProfile): OverlapOptions => ({ near: (q, t) => isWordForm(q, t, rules), formWeight: rules.weight });

/** Matched messages shown per thread in `full` mode. */
const MATCHES_PER_THREAD = 3;

/** The full-text query: any content word; in `suggestions` mode the last word may be unfinished (a prefix). */
function matchExpression(query: string, mode: ThreadSearchMode): LexicalQuery | null {
  const words = queryWords(query);
  if (words.length === 0) return null;
  const typing = mode === 'suggestions' && !/\s$/.test(query);
  return { mode: 'any', terms: words.map((text, i) => ({ text, prefix: typing && i === words.length - 1 })) };
}

/** Message hits by full text, plus trigram substrings for CJK text (no spaces to split words on). */
async function messageHits(deps: Pick<Deps, 'store'>, query: string, match: LexicalQuery | null, filter: ThreadSearchFilter, pool: number) {
  const hits = match ? await deps.store.threadSearch.messages(match, filter, pool) : [];
  if (hasCjk(query)) {
    for (const run of (query.match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter(hasCjk)) hits.push(...(await deps.store.threadSearch.substring(run, filter, pool)));
  }
  return hits;
}

/**
 * BM25 search over thread messages (and titles) in one space, optionally one source. `full` returns threads with
 * their best matching messages as snippets, and the total count of matches; `suggestions` returns only
 * `{thread_id, title, source, score}` and skips the counting. Best score first, ties by thread_id.
 */
export async function searchThreads(deps: Pick<Deps, 'store'>, input: ThreadSearchInput, profile: ThreadProfile = THREAD_PROFILE) {
  const started = performance.now();
  const filter: ThreadSearchFilter = { space_id: spaceOrDefault(input.space_id), source: input.source };
  const match = matchExpression(input.query, input.mode);
  const full = input.mode === 'full';
  const pool = Math.min(2000, Math.max(full ? 100 : 50, input.limit * (full ? 5 : 3)));

  const [hits, titles, counts] = await Promise.all([
    messageHits(deps, input.query, match, filter, pool),
    match ? deps.store.threadSearch.titles(match, filter, Math.max(20, input.limit * 2)) : [],
    full && match ? deps.store.threadSearch.count(match, filter) : null,
  ]);

  // Each hit scored on its own: how much of the query its snippet covers, then its BM25 strength.
  const queryTerms = terms(input.query);
  const prefix = !full && !/\s$/.test(input.query);
  const forms = wordForms(profile);
  const coverage = (text: string) => (hasCjk(input.query) ? 1 : lexicalOverlap(queryTerms, terms(text), { ...forms, prefixLast: prefix }).coverage);
  const scored = hits.map(hit => {
    const covered = coverage(hit.snippet);
    return { hit, coverage: covered, score: messageScore(covered, hit.rank, profile) };
  });
  const byThread = new Map<string, typeof scored>();
  for (const entry of scored.sort((a, b) => b.score - a.score || a.hit.rank - b.hit.rank)) {
    const list = byThread.get(entry.hit.thread_pk) ?? [];
    if (!list.some(e => e.hit.message_id === entry.hit.message_id)) list.push(entry);
    byThread.set(entry.hit.thread_pk, list);
  }
  const pks = [...new Set([...byThread.keys(), ...titles.map(t => t.thread_pk)])];
  const threads = await deps.store.threads.getMany(pks);
  const ranked = threads
    .map(thread => {
      const best = byThread.get(thread.id)?.[0];
      const titleCoverage = lexicalOverlap(queryTerms, terms(thread.title), { ...forms, prefixLast: prefix }).coverage;
      const score = threadScore({ messageCoverage: best?.coverage ?? 0, messageRank: best?.hit.rank, titleCoverage }, profile);
      return { thread, hits: byThread.get(thread.id) ?? [], score, rank: best?.hit.rank ?? 0 };
    })
    .sort((a, b) => b.score - a.score || a.rank - b.rank || (a.thread.thread_id < b.thread.thread_id ? -1 : a.thread.thread_id > b.thread.thread_id ? 1 : 0))
    .slice(0, input.limit);

  const results = ranked.map(({ thread, hits: threadHits, score }) =>
    full
      ? {
          ...presentThreadPublic(thread),
          score,
          snippet: threadHits[0]?.hit.snippet ?? thread.title,
          match_count: threadHits.length,
          matched_messages: threadHits.slice(0, MATCHES_PER_THREAD).map(({ hit, score: hitScore }) => ({
            message_id: hit.message_id,
            role: hit.role,
            order_index: hit.position,
            timestamp: hit.timestamp,
            snippet: hit.snippet,
            score: hitScore,
          })),
        }
      : { thread_id: thread.thread_id, title: thread.title, source: thread.source, score },
  );
  return {
    threads: results,
    total_found: Math.max(counts?.threads ?? 0, pks.length),
    search_metadata: {
      query: input.query,
      mode: input.mode,
      matched_messages_count: counts?.messages ?? hits.length,
      took_ms: Math.round((performance.now() - started) * 100) / 100,
      space_id: filter.space_id,
      source: input.source ?? null,
      error: null,
    },
  };
}
