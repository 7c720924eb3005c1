import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createUsearchIndex } from '../../providers/vectors/usearch.ts';
import { createVectorIndex } from './vectorIndex.ts';

const DIMENSIONS = 32;

/** Deterministic unit vectors. */
function vectors(count: number, seed: number): Float32Array[] {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  return Array.from({ length: count }, () => {
    const v = Float32Array.from({ length: DIMENSIONS }, next);
    const norm = Math.hypot(...v);
    return v.map(x => x / norm);
  });
}

describe('vector index', () => {
  test('exact search: most similar first, only the asked space', () => {
    const index = createVectorIndex(0);
    const [a, b, c] = vectors(3, 1);
    index.upsert('a', 'one', a!);
    index.upsert('b', 'one', b!);
    index.upsert('c', 'two', c!);
    assert.equal(index.size, 3);
    const hits = index.search(a!, 'one', 5);
    assert.deepEqual(hits.map(h => h.id), ['a', 'b']);
    assert.ok(Math.abs(hits[0]!.cosine - 1) < 1e-5);
    assert.deepEqual(index.search(a!, 'two', 5).map(h => h.id), ['c']);
  });

  test('a big space goes through HNSW and finds what exact search finds', () => {
    const data = vectors(600, 7);
    const exact = createVectorIndex(DIMENSIONS);
    const approximate = createVectorIndex(DIMENSIONS, { ann: createUsearchIndex, annThreshold: 200 });
    data.forEach((v, i) => {
      exact.upsert(`m${i}`, 'big', v);
      approximate.upsert(`m${i}`, 'big', v);
    });
    let found = 0;
    for (const query of vectors(20, 99)) {
      const truth = new Set(exact.search(query, 'big', 10).map(h => h.id));
      found += approximate.search(query, 'big', 10).filter(h => truth.has(h.id)).length;
    }
    assert.ok(found / 200 >= 0.95, `recall@10 of HNSW against exact search is ${found / 200}`);
  });

  test('updates, removals and moves reach the HNSW index', () => {
    const data = vectors(300, 3);
    const index = createVectorIndex(DIMENSIONS, { ann: createUsearchIndex, annThreshold: 100 });
    index.reset(data.map((vector, i) => ({ memory_id: `m${i}`, space_id: 'big', vector })));
    assert.equal(index.search(data[5]!, 'big', 1)[0]!.id, 'm5');

    index.remove(['m5']);
    assert.notEqual(index.search(data[5]!, 'big', 1)[0]!.id, 'm5');

    index.upsert('m6', 'big', data[5]!); // m6 now holds m5's old vector
    assert.equal(index.search(data[5]!, 'big', 1)[0]!.id, 'm6');

    index.moveToSpace(['m6'], 'small');
    assert.notEqual(index.search(data[5]!, 'big', 1)[0]!.id, 'm6');
    assert.deepEqual(index.search(data[5]!, 'small', 3).map(h => h.id), ['m6']);
    assert.equal(index.size, 299);
  });
});
