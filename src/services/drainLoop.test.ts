import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDrainLoop } from './drainLoop.ts';

test('a drain that throws (the database gone mid-run) ends its run quietly, and the next kick runs again', async () => {
  let runs = 0;
  const loop = createDrainLoop(async () => {
    runs++;
    if (runs === 1) throw new Error('Connection terminated unexpectedly');
  });
  loop.kick();
  await loop.settle(); // would reject, and the kick's run be an unhandled rejection, if the error escaped
  assert.equal(runs, 1);
  loop.kick(); // the loop still works
  await loop.settle();
  assert.ok(runs >= 2, `ran ${runs} times`);
});
