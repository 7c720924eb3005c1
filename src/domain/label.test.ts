import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalLabel, compareForKeep, forkGroups, type LabelStanding, mostUsed, pickSurvivor, vocabularyHealth } from './label.ts';

const label = (id: string, usage_count: number, created_at: string, canonical_name = id): LabelStanding => ({ id, usage_count, created_at, canonical_name });

describe('canonical form of a label', () => {
  test('NFKC, lower case, trimmed, separators folded to one space', () => {
    assert.equal(canonicalLabel('  Machine-Learning '), 'machine learning');
    assert.equal(canonicalLabel('machine_learning'), 'machine learning');
    assert.equal(canonicalLabel('Machine / Learning'), 'machine learning');
    assert.equal(canonicalLabel('machine..learning'), 'machine learning');
    assert.equal(canonicalLabel('ＭＬ'), 'ml', 'full-width letters fold under NFKC');
    assert.notEqual(canonicalLabel('ML'), canonicalLabel('machine learning'));
  });
});

describe('which label survives a merge (keep rule)', () => {
  test('the most used label is kept', () => {
    const kept = pickSurvivor([label('a', 2, '2026-01-01'), label('b', 5, '2026-03-01'), label('c', 1, '2025-01-01')]);
    assert.equal(kept.id, 'b');
  });

  test('between equally used labels the oldest is kept', () => {
    const kept = pickSurvivor([label('a', 3, '2026-02-01'), label('b', 3, '2026-01-01'), label('c', 3, '2026-03-01')]);
    assert.equal(kept.id, 'b');
  });

  test('equal usage and time fall back to the smaller id, so the choice never depends on input order', () => {
    const labels = [label('y', 1, '2026-01-01'), label('x', 1, '2026-01-01')];
    assert.equal(pickSurvivor(labels).id, 'x');
    assert.equal(pickSurvivor([...labels].reverse()).id, 'x');
  });

  test('the keep order sorts most used, then oldest, then id', () => {
    const sorted = [label('d', 0, '2026-01-01'), label('c', 2, '2026-02-01'), label('b', 2, '2026-01-01'), label('a', 0, '2026-01-01')].sort(compareForKeep);
    assert.deepEqual(sorted.map(l => l.id), ['b', 'c', 'a', 'd']);
  });

  test('an empty list has no survivor', () => {
    assert.throws(() => pickSurvivor([]));
  });

  test('mostUsed keeps the first `max` labels of the keep order', () => {
    const labels = [label('a', 1, '2026-01-01'), label('b', 9, '2026-01-01'), label('c', 5, '2026-01-01')];
    assert.deepEqual(mostUsed(labels, 2).map(l => l.id), ['b', 'c']);
    assert.deepEqual(mostUsed(labels, 10).map(l => l.id), ['b', 'c', 'a']);
  });
});

describe('exact-canonical fork groups', () => {
  test('labels sharing a canonical form are grouped, survivor first; lone labels are not forks', () => {
    const groups = forkGroups([
      label('ml1', 1, '2026-01-02', 'machine learning'),
      label('ml2', 4, '2026-01-03', 'machine learning'),
      label('solo', 9, '2026-01-01', 'solo'),
      label('ml3', 1, '2026-01-01', 'machine learning'),
    ]);
    assert.equal(groups.length, 1);
    assert.equal(groups[0].canonical, 'machine learning');
    assert.deepEqual(groups[0].labels.map(l => l.id), ['ml2', 'ml3', 'ml1']);
  });

  test('groups come most used first, then by canonical form', () => {
    const groups = forkGroups([
      label('b1', 1, '2026-01-01', 'beta'),
      label('b2', 1, '2026-01-01', 'beta'),
      label('a1', 1, '2026-01-01', 'alpha'),
      label('a2', 1, '2026-01-01', 'alpha'),
      label('z1', 5, '2026-01-01', 'zulu'),
      label('z2', 0, '2026-01-01', 'zulu'),
    ]);
    assert.deepEqual(groups.map(g => g.canonical), ['zulu', 'alpha', 'beta']);
  });
});

describe('vocabulary health', () => {
  test('every field from labels and memory counts', () => {
    const health = vocabularyHealth(
      [
        label('a', 3, '2026-01-01', 'ml'),
        label('b', 1, '2026-01-01', 'ml'),
        label('c', 1, '2026-01-01', 'c'),
        label('d', 0, '2026-01-01', 'd'),
      ],
      { total_memories: 8, labeled_memories: 4, edges: 5 },
    );
    assert.deepEqual(health, {
      vocabulary_size: 4,
      total_memories: 8,
      labeled_memories: 4,
      labels_per_memory: 1.25,
      coverage: 0.5,
      singleton_rate: 0.6667,
      unused_labels: 1,
      fork_groups: 1,
      fork_labels: 2,
    });
  });

  test('an empty store has zero ratios, not NaN', () => {
    assert.deepEqual(vocabularyHealth([], { total_memories: 0, labeled_memories: 0, edges: 0 }), {
      vocabulary_size: 0,
      total_memories: 0,
      labeled_memories: 0,
      labels_per_memory: 0,
      coverage: 0,
      singleton_rate: 0,
      unused_labels: 0,
      fork_groups: 0,
      fork_labels: 0,
    });
  });
});
