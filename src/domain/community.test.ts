import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { assignCommunityIds, communityName, rankMembers } from './community.ts';

describe('community ids', () => {
  test('a community keeps the id of the old one it overlaps most', () => {
    const previous = [{ id: 4, members: ['a', 'b', 'c', 'd'] }, { id: 9, members: ['x', 'y', 'z'] }];
    assert.deepEqual(assignCommunityIds(previous, [['x', 'y', 'z', 'w'], ['a', 'b', 'c', 'd', 'e']], 9), [9, 4]);
  });

  test('when a community splits, the larger overlap keeps the id and the other part gets a new one', () => {
    const previous = [{ id: 3, members: ['a', 'b', 'c', 'd', 'e', 'f'] }];
    assert.deepEqual(assignCommunityIds(previous, [['a', 'b'], ['c', 'd', 'e', 'f']], 3), [4, 3]);
  });

  test('an old id is given once, to the closest match', () => {
    const previous = [{ id: 1, members: ['a', 'b', 'c', 'd'] }];
    assert.deepEqual(assignCommunityIds(previous, [['a', 'b', 'c'], ['a', 'b', 'c', 'd']], 1), [2, 1]);
  });

  test('a new community never takes the id of one that vanished, nor of one in the same run', () => {
    // 7 was given once and is gone: new communities start above it.
    assert.deepEqual(assignCommunityIds([{ id: 2, members: ['a', 'b'] }], [['p', 'q'], ['a', 'b'], ['r', 's']], 7), [8, 2, 9]);
  });

  test('a community sharing too little with any old one is new', () => {
    const previous = [{ id: 1, members: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] }];
    assert.deepEqual(assignCommunityIds(previous, [['a', 'x', 'y', 'z']], 1), [2]);
  });

  test('the first detection numbers communities from 1', () => {
    assert.deepEqual(assignCommunityIds([], [['a', 'b'], ['c', 'd']]), [1, 2]);
  });
});

describe('community names', () => {
  test('one, two or three of the top entities, readably joined', () => {
    assert.equal(communityName(['Caroline']), 'Caroline');
    assert.equal(communityName(['Caroline', 'Pride parade']), 'Caroline & Pride parade');
    assert.equal(communityName(['Caroline', 'LGBTQ support', 'Pride parade', 'Melanie']), 'Caroline, LGBTQ support & Pride parade');
  });

  test('names differing only by case are given once, and an empty list still names the topic', () => {
    assert.equal(communityName(['Rust', 'rust', 'Cargo']), 'Rust & Cargo');
    assert.equal(communityName([]), 'Untitled topic');
  });
});

test('members rank by weighted degree, then by mentions, then by name', () => {
  const info = (id: string) => ({ mentions: id === 'b' ? 5 : 1, name: id.toUpperCase() });
  const ranked = rankMembers([{ entity_id: 'c', weight: 1 }, { entity_id: 'a', weight: 1 }, { entity_id: 'b', weight: 1 }, { entity_id: 'd', weight: 3 }], info);
  assert.deepEqual(ranked.map(m => m.entity_id), ['d', 'b', 'a', 'c']);
});
