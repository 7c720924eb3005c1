import { claimVerdict, judgeClaim } from '../../domain/claims.ts';
import type { Deps } from '../deps.ts';
import { searchMemories } from '../search/search.ts';

export interface CheckClaimsInput {
  claims: string[];
  /** Memories weighed per claim. */
  limit: number;
  space_id?: string | null;
}

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text).replace(/\s+/g, ' ');

/**
 * Checks each claim against the space's memories, offline: the claim is searched for (the search service), and each
 * memory found is judged by its word overlap with the claim, negation and the numbers both state (domain/claims.ts).
 * Each claim gets a verdict and the ids of the memories that support it or may contradict it. Reads only.
 */
export async function checkClaims(deps: Pick<Deps, 'store' | 'indexer' | 'clock' | 'extraction'>, input: CheckClaimsInput) {
  const checked = [];
  for (const claim of input.claims) {
    const { results } = await searchMemories(deps, {
      query: claim,
      limit: input.limit,
      mode: 'fast',
      space_id: input.space_id,
      include_states: ['active'],
      include_entities: false,
    });
    const evidence = results.map(r => {
      const coverage = r.score_breakdown.lexical.coverage;
      return {
        memory_id: r.memory.id,
        title: r.memory.title,
        stance: judgeClaim(claim, `${r.memory.title}\n${r.memory.content}`, coverage),
        coverage: Number(coverage.toFixed(3)),
        similarity_score: r.similarity_score,
        excerpt: excerpt(r.memory.content),
      };
    });
    checked.push({
      claim,
      verdict: claimVerdict(evidence.map(e => e.stance)),
      supporting_memory_ids: evidence.filter(e => e.stance === 'supports').map(e => e.memory_id),
      contradicting_memory_ids: evidence.filter(e => e.stance === 'may_contradict').map(e => e.memory_id),
      evidence,
    });
  }
  return { claims: checked, method: 'lexical' as const };
}
