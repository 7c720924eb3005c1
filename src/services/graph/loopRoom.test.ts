import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForLoopRoom } from './loopRoom.ts';

/** Keeps the event loop busy until `until()`: turns of 5 ms of work back to back, never idle. */
async function keepBusy(until: () => boolean) {
  while (!until()) {
    await new Promise(resolve => setImmediate(resolve));
    const turnEnd = performance.now() + 5;
    while (performance.now() < turnEnd);
  }
}

test('on an idle event loop the wait is one short look', async () => {
  const started = performance.now();
  await waitForLoopRoom({ maxWaitMs: 5_000, stopped: () => false });
  assert.ok(performance.now() - started < 500, `waited ${performance.now() - started} ms`);
});

test('while the loop is kept busy the wait lasts, up to its longest', async () => {
  let done = false;
  const started = performance.now();
  const waited = waitForLoopRoom({ maxWaitMs: 400, stopped: () => false }).then(() => (done = true));
  await keepBusy(() => done || performance.now() - started > 5_000);
  await waited;
  const elapsed = performance.now() - started;
  assert.ok(elapsed >= 400 && elapsed < 2_000, `waited ${elapsed} ms`);
});

test('a busy loop that lets up ends the wait early', async () => {
  let done = false;
  const started = performance.now();
  const waited = waitForLoopRoom({ maxWaitMs: 5_000, stopped: () => false }).then(() => (done = true));
  await keepBusy(() => performance.now() - started > 200);
  await waited;
  const elapsed = performance.now() - started;
  assert.ok(done && elapsed >= 200 && elapsed < 2_000, `waited ${elapsed} ms`);
});

test('stopping ends the wait at once, however busy the loop', async () => {
  let stopped = false;
  let done = false;
  const started = performance.now();
  const waited = waitForLoopRoom({ maxWaitMs: 5_000, stopped: () => stopped }).then(() => (done = true));
  await keepBusy(() => {
    if (performance.now() - started > 100) stopped = true;
    return done || performance.now() - started > 3_000;
  });
  await waited;
  const elapsed = performance.now() - started;
  assert.ok(elapsed >= 100 && elapsed < 1_000, `waited ${elapsed} ms`);
});
