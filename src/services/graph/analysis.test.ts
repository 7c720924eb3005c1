import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageRank } from './analysis.ts';

const undirected = (pairs: [string, string, number][]) => {
  const adjacency = new Map<string, Map<string, number>>();
  for (const [a, b, w] of pairs) {
    adjacency.set(a, (adjacency.get(a) ?? new Map()).set(b, w));
    adjacency.set(b, (adjacency.get(b) ?? new Map()).set(a, w));
  }
  return adjacency;
};

test('PageRank puts the centre of a star first, scores sum to 1, and the leaves tie', () => {
  const ranks = pageRank(['hub', 'a', 'b', 'c'], undirected([['hub', 'a', 1], ['hub', 'b', 1], ['hub', 'c', 1]]));
  const total = [...ranks.values()].reduce((sum, r) => sum + r, 0);
  assert.ok(Math.abs(total - 1) < 1e-9, `sum ${total}`);
  assert.ok(ranks.get('hub')! > ranks.get('a')!);
  assert.ok(Math.abs(ranks.get('a')! - ranks.get('c')!) < 1e-12);
  // Closed form: hub = (1 - d)/n + d·(1 - hub), so hub = (0.0375 + 0.85) / 1.85 ≈ 0.4797 for n = 4, d = 0.85.
  assert.ok(Math.abs(ranks.get('hub')! - 0.4797) < 1e-3, `hub ${ranks.get('hub')}`);
});

test('weights pull rank: the heavier neighbour of a path ranks higher; no nodes, no ranks', () => {
  const ranks = pageRank(['a', 'b', 'c'], undirected([['a', 'b', 5], ['b', 'c', 1]]));
  assert.ok(ranks.get('a')! > ranks.get('c')!);
  assert.equal(pageRank([], new Map()).size, 0);
});
