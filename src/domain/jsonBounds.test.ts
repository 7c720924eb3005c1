import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonDepth } from './jsonBounds.ts';

test('json depth counts nested objects and arrays, and stops past the limit', () => {
  assert.equal(jsonDepth('text'), 0);
  assert.equal(jsonDepth({}), 1);
  assert.equal(jsonDepth({ a: [1, { b: null }] }), 3);
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.equal(jsonDepth(deep, 32), 33);
});
