import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAST_PROFILE } from '../../domain/searchProfile.ts';
import { distinctiveWords as pick } from './lexical.ts';

const distinctiveWords = (deps: any, words: string[]) => pick(deps, words, FAST_PROFILE.pruning);

/** A store whose only part in use is the word statistics. */
function statsOf(documents: number, counts: Record<string, number>) {
  const search = { termStats: async (words: string[]) => ({ documents, frequency: new Map(words.map(w => [w, counts[w] ?? 0])) }) };
  return { store: { search } } as any;
}

test('a big corpus searches by the words that are not everywhere', async () => {
  const deps = statsOf(100_000, { meeting: 30_000, deploy: 9_000, kubernetes: 120, rollback: 800 });
  assert.deepEqual(await distinctiveWords(deps, ['meeting', 'kubernetes', 'deploy', 'rollback']), ['kubernetes', 'rollback']);
  assert.deepEqual(await distinctiveWords(deps, ['meeting', 'deploy']), ['meeting', 'deploy'], 'all common: all kept');
  assert.deepEqual(await distinctiveWords(deps, ['meeting']), ['meeting']);
});

test('a small corpus keeps every word', async () => {
  const deps = statsOf(3_000, { caroline: 1_200, pottery: 3 });
  assert.deepEqual(await distinctiveWords(deps, ['caroline', 'pottery']), ['caroline', 'pottery']);
});
