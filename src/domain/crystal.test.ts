import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crystalStaleness } from './crystal.ts';

const sources = [
  { memory_id: 'a', source_version: 1 },
  { memory_id: 'b', source_version: 2 },
  { memory_id: 'c', source_version: 1 },
];

test('a crystal is current while every source reads as it did', () => {
  const memories = new Map([
    ['a', { id: 'a', version: 1, lifecycle_state: 'active' }],
    ['b', { id: 'b', version: 2, lifecycle_state: 'archived' }],
    ['c', { id: 'c', version: 1, lifecycle_state: 'active' }],
  ]);
  assert.deepEqual(crystalStaleness(sources, memories), { stale: false, stale_sources: [] });
});

test('a changed, forgotten or deleted source makes it stale, each with its reason', () => {
  const memories = new Map([
    ['a', { id: 'a', version: 2, lifecycle_state: 'active' }],
    ['b', { id: 'b', version: 2, lifecycle_state: 'forgotten' }],
  ]);
  assert.deepEqual(crystalStaleness(sources, memories).stale_sources, [
    { memory_id: 'a', reason: 'source_changed' },
    { memory_id: 'b', reason: 'source_forgotten' },
    { memory_id: 'c', reason: 'source_deleted' },
  ]);
});
