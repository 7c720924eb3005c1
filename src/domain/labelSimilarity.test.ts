import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  coUsageCounts,
  combineSimilarity,
  cosineToCentroid,
  forEachCosine,
  jaccard,
  labelVector,
  minCosineFor,
  mostSimilarPairs,
  pairKey,
  type PairSearch,
  scorePair,
} from './labelSimilarity.ts';

function unit(values: number[]): Float32Array {
  const norm = Math.sqrt(values.reduce((s, v) => s + v * v, 0));
  return Float32Array.from(values, v => v / norm);
}

/** Deterministic pseudo-random unit vectors; `sparse` leaves most coordinates at zero. */
function vectors(count: number, dimensions: number, sparse: boolean, seed = 7): Float32Array[] {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
  return Array.from({ length: count }, (_, i) =>
    unit(Array.from({ length: dimensions }, (_, k) => (sparse && k !== i % dimensions && (k + Math.floor(next() * 1000)) % 9 !== 0 ? 0 : next() + 0.05))),
  );
}

const search = (vs: Float32Array[], overrides: Partial<PairSearch> = {}): PairSearch => ({
  vectors: vs,
  ids: vs.map((_, i) => `id-${String(i).padStart(3, '0')}`),
  usage: vs.map(() => 1),
  coUsage: new Map(),
  floor: 0.5,
  maxPairs: 1000,
  skip: () => false,
  ...overrides,
});

describe('similarity formula', () => {
  test('with no co-usage the similarity is the cosine', () => {
    assert.equal(combineSimilarity(0.7, 0), 0.7);
  });

  test('co-usage only raises the similarity, closing up to half the distance to 1', () => {
    assert.ok(Math.abs(combineSimilarity(0.6, 1) - 0.8) < 1e-12);
    assert.ok(Math.abs(combineSimilarity(0.6, 0.5) - 0.7) < 1e-12);
    assert.ok(combineSimilarity(0.2, 0.3) > 0.2);
  });

  test('negative cosines count as 0, so co-usage alone reaches at most 0.5', () => {
    assert.equal(combineSimilarity(-0.4, 0), 0);
    assert.equal(combineSimilarity(-0.4, 1), 0.5);
  });

  test('jaccard is shared memories over memories carrying either', () => {
    assert.equal(jaccard(2, 4, 2), 0.5);
    assert.equal(jaccard(3, 3, 3), 1);
    assert.equal(jaccard(0, 0, 0), 0);
  });

  test('minCosineFor is a tight lower bound: no cosine below it reaches the floor, and just above it can', () => {
    for (const floor of [0.6, 0.82, 0.95, 1]) {
      const min = minCosineFor(floor);
      assert.ok(combineSimilarity(min - 0.001, 1) < floor, `floor ${floor}`);
      assert.ok(combineSimilarity(min + 0.001, 1) >= floor, `floor ${floor}`);
    }
  });

  test('up to a floor of 0.5 co-usage alone can reach it, so every pair is scored', () => {
    assert.equal(minCosineFor(0.5), -Infinity);
    assert.equal(minCosineFor(0), -Infinity);
    assert.ok(combineSimilarity(-1, 1) >= 0.5);
  });

  test('a description adds half its weight to the name and the result is unit length', () => {
    const v = labelVector(unit([1, 0]), unit([0, 1]));
    assert.ok(Math.abs(Math.hypot(v[0], v[1]) - 1) < 1e-6);
    assert.ok(Math.abs(v[1] / v[0] - 0.5) < 1e-6);
    assert.deepEqual(Array.from(labelVector(unit([0, 1]), null)), [0, 1]);
  });

  test('cosine to a centroid compares with the mean direction of the members', () => {
    assert.ok(Math.abs(cosineToCentroid(unit([1, 1]), [unit([1, 0]), unit([0, 1])]) - 1) < 1e-6);
    assert.equal(cosineToCentroid(unit([1, 0]), []), 0);
  });
});

describe('finding the most similar pairs', () => {
  for (const sparse of [false, true]) {
    test(`every pair at or above the cut is visited, with its exact cosine (${sparse ? 'sparse' : 'dense'} vectors)`, () => {
      const vs = vectors(40, 18, sparse);
      const seen = new Map<number, number>();
      forEachCosine(vs, -2, (i, j, cosine) => seen.set(pairKey(i, j, vs.length), cosine));
      assert.equal(seen.size, (40 * 39) / 2);
      for (let i = 0; i < vs.length; i++) {
        for (let j = i + 1; j < vs.length; j++) {
          let dot = 0;
          for (let k = 0; k < 18; k++) dot += vs[i][k] * vs[j][k];
          assert.ok(Math.abs(seen.get(pairKey(i, j, vs.length))! - dot) < 1e-5);
        }
      }
    });

    test(`the top pairs equal a brute-force ranking (${sparse ? 'sparse' : 'dense'} vectors)`, () => {
      const vs = vectors(60, 16, sparse, 11);
      const coUsage = new Map([[pairKey(3, 7, 60), 1]]);
      const input = search(vs, { floor: 0.2, maxPairs: 15, coUsage });
      const brute = [];
      for (let i = 0; i < 60; i++) for (let j = i + 1; j < 60; j++) brute.push(scorePair(input, i, j));
      const expected = brute
        .filter(p => p.similarity >= 0.2)
        .sort((a, b) => b.similarity - a.similarity || a.i - b.i || a.j - b.j)
        .slice(0, 15);
      assert.deepEqual(mostSimilarPairs(input).map(p => [p.i, p.j, p.similarity]), expected.map(p => [p.i, p.j, p.similarity]));
    });
  }

  test('nothing below the floor, and at most maxPairs', () => {
    const vs = vectors(30, 8, false);
    const pairs = mostSimilarPairs(search(vs, { floor: 0.3, maxPairs: 5 }));
    assert.equal(pairs.length, 5);
    assert.ok(pairs.every(p => p.similarity >= 0.3));
  });

  test('skipped pairs (forks) never come back', () => {
    const vs = [unit([1, 0]), unit([1, 0.01]), unit([0, 1])];
    const pairs = mostSimilarPairs(search(vs, { floor: 0, skip: (i, j) => i === 0 && j === 1 }));
    assert.ok(!pairs.some(p => p.i === 0 && p.j === 1));
  });

  test('equal similarities are ordered by the ids of the pair, whatever the input order', () => {
    const v = unit([1, 1]);
    const ranked = mostSimilarPairs(search([v, v, v], { ids: ['c', 'a', 'b'], floor: 0 }));
    assert.deepEqual(ranked.map(p => [p.i, p.j]), [
      [1, 2], // a, b
      [0, 1], // c, a → (a, c)
      [0, 2], // c, b → (b, c)
    ]);
  });

  test('co-usage lifts a pair over the floor', () => {
    const vs = [unit([1, 0.9]), unit([0.9, 1]), unit([0, 1])];
    const cosine = scorePair(search(vs), 0, 1).cosine;
    assert.ok(cosine < 0.995);
    const without = mostSimilarPairs(search(vs, { floor: 0.995 }));
    const withCo = mostSimilarPairs(search(vs, { floor: 0.995, usage: [2, 2, 1], coUsage: new Map([[pairKey(0, 1, 3), 2]]) }));
    assert.equal(without.length, 0);
    assert.deepEqual(withCo.map(p => [p.i, p.j, p.co_usage]), [[0, 1, 1]]);
  });
});

describe('co-usage counts', () => {
  test('each memory adds one to every pair of its labels; unknown labels are ignored', () => {
    const index = new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    const edges = [
      { memory_id: 'm1', label_id: 'a' },
      { memory_id: 'm1', label_id: 'b' },
      { memory_id: 'm1', label_id: 'c' },
      { memory_id: 'm2', label_id: 'a' },
      { memory_id: 'm2', label_id: 'x' },
      { memory_id: 'm2', label_id: 'b' },
      { memory_id: 'm3', label_id: 'c' },
    ];
    const counts = coUsageCounts(edges, index);
    assert.equal(counts.get(pairKey(0, 1, 3)), 2);
    assert.equal(counts.get(pairKey(0, 2, 3)), 1);
    assert.equal(counts.get(pairKey(2, 1, 3)), 1);
    assert.equal(counts.size, 3);
  });
});
