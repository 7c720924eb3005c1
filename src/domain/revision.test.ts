import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { planRevision, revisionFingerprint, type RevisionEdge, type RevisionInput, type RevisionMemory } from './revision.ts';

const memory = (id: string, lifecycle_state: RevisionMemory['lifecycle_state'] = 'active', is_latest = true): RevisionMemory => ({
  id,
  lifecycle_state,
  is_latest,
});

const edge = (from: string, to: string, relation: RevisionEdge['relation'] = 'replaces', extra: Partial<RevisionEdge> = {}): RevisionEdge => ({
  id: `${from}->${to}`,
  from_memory_id: from,
  to_memory_id: to,
  relation,
  confidence: 1,
  detected_by: 'user',
  reason: '',
  reviewed: true,
  ...extra,
});

const plan = (input: Partial<RevisionInput> & Pick<RevisionInput, 'decision'>) =>
  planRevision({ memories: [memory('a', 'superseded', false), memory('b')], edges: [edge('b', 'a')], outsideIncoming: [], ...input });

describe('planRevision', () => {
  test('a relation decision keeps the direction and makes the newer side the latest', () => {
    const result = plan({ decision: 'enriches' });
    assert.equal(result.can_apply, true);
    assert.equal(result.target_relation, 'enriches');
    assert.equal(result.authoritative_memory_id, 'b');
    assert.deepEqual(result.edgeChanges, [{ kind: 'rewrite', id: 'b->a', from_memory_id: 'b', to_memory_id: 'a', relation: 'enriches', detected_by: 'user' }]);
    // a is no longer replaced, so it is no longer superseded; it stays an older version (not latest).
    assert.deepEqual(result.memoryChanges, [{ id: 'a', lifecycle_state: 'active' }]);
  });

  test('reverse swaps the direction, keeps the relation, and the old `to` side becomes the latest', () => {
    const result = plan({ decision: 'reverse' });
    assert.equal(result.authoritative_memory_id, 'a');
    assert.equal(result.target_relation, 'replaces');
    assert.deepEqual(result.edgeChanges[0], { kind: 'rewrite', id: 'b->a', from_memory_id: 'a', to_memory_id: 'b', relation: 'replaces', detected_by: 'user' });
    assert.deepEqual(result.memoryChanges, [
      { id: 'a', is_latest: true, lifecycle_state: 'active' },
      { id: 'b', is_latest: false, lifecycle_state: 'superseded' },
    ]);
  });

  test('unlink removes every edge; a memory still older than an outside one stays not latest', () => {
    const outside = edge('c', 'a');
    const result = plan({ decision: 'unlink', outsideIncoming: [outside] });
    assert.equal(result.authoritative_memory_id, '');
    assert.equal(result.target_relation, '');
    assert.deepEqual(result.edgeChanges, [{ kind: 'unlink', id: 'b->a' }]);
    assert.deepEqual(result.memoryChanges, [], 'c still replaces a: it stays superseded and not latest');
    const free = plan({ decision: 'unlink' });
    assert.deepEqual(free.memoryChanges, [{ id: 'a', is_latest: true, lifecycle_state: 'active' }]);
  });

  test('a decision equal to the relation the pair has is already in state, reviewed or not (the interface rule)', () => {
    const unreviewed = plan({ decision: 'replaces', edges: [edge('b', 'a', 'replaces', { reviewed: false, detected_by: 'auto' })] });
    assert.deepEqual([unreviewed.can_apply, unreviewed.cannot_apply_reason], [false, 'already_in_state']);
    const reviewed = plan({ decision: 'replaces' });
    assert.deepEqual([reviewed.can_apply, reviewed.cannot_apply_reason], [false, 'already_in_state']);
    assert.deepEqual([reviewed.edgeChanges, reviewed.memoryChanges], [[], []]);
    const flagsOff = plan({ decision: 'replaces', memories: [memory('a', 'superseded', true), memory('b')] });
    assert.deepEqual([flagsOff.can_apply, flagsOff.cannot_apply_reason], [false, 'already_in_state']);
    assert.equal(plan({ decision: 'enriches' }).can_apply, true, 'another relation is a change');
  });

  test('reasons, in order: same memory, forgotten, no edge, several edges', () => {
    assert.equal(plan({ decision: 'replaces', memories: [memory('a'), memory('a')] }).cannot_apply_reason, 'same_memory');
    const forgotten = plan({ decision: 'enriches', memories: [memory('a', 'forgotten'), memory('b')] });
    assert.deepEqual([forgotten.cannot_apply_reason, forgotten.authoritative_memory_id], ['memory_forgotten', 'b']);
    assert.equal(plan({ decision: 'replaces', edges: [] }).cannot_apply_reason, 'no_evolves_edge');
    assert.equal(plan({ decision: 'unlink', edges: [] }).cannot_apply_reason, 'no_evolves_edge');
    const both = [edge('b', 'a'), edge('a', 'b', 'challenges')];
    assert.equal(plan({ decision: 'reverse', edges: both }).cannot_apply_reason, 'multiple_edges');
    assert.equal(plan({ decision: 'unlink', edges: both }).edgeChanges.length, 2);
  });

  test('deprecated and archived states are left as the user set them', () => {
    const result = plan({ decision: 'reverse', memories: [memory('a', 'archived', false), memory('b', 'deprecated')] });
    assert.deepEqual(result.memoryChanges, [
      { id: 'a', is_latest: true },
      { id: 'b', is_latest: false },
    ]);
  });
});

describe('revisionFingerprint', () => {
  test('the same pair (either order), decision and edges give the same text; any difference changes it', () => {
    const edges = [edge('b', 'a'), edge('a', 'b', 'confirms')];
    const base = revisionFingerprint(['a', 'b'], 'unlink', edges);
    assert.equal(revisionFingerprint(['b', 'a'], 'unlink', [...edges].reverse()), base);
    assert.notEqual(revisionFingerprint(['a', 'b'], 'reverse', edges), base);
    assert.notEqual(revisionFingerprint(['a', 'c'], 'unlink', edges), base);
    assert.notEqual(revisionFingerprint(['a', 'b'], 'unlink', [edges[0]!, { ...edges[1]!, reviewed: false }]), base);
    assert.notEqual(revisionFingerprint(['a', 'b'], 'unlink', [edges[0]!]), base);
  });
});
