import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BURST_WINDOW_MS, BURST_WRITES, QUIET_AFTER_MS, createWriteWatch, waitForLoopRoom, waitForQuietWrites } from './loopRoom.ts';

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

test('writes are quiet with none yet, and again once the last one is QUIET_AFTER_MS old', async () => {
  const writes = createWriteWatch();
  assert.equal(writes.quietInMs(), 0);
  writes.arrived();
  const quietIn = writes.quietInMs();
  assert.ok(quietIn > QUIET_AFTER_MS - 20 && quietIn <= QUIET_AFTER_MS, `quiet in ${quietIn} ms`);
  await new Promise(resolve => setTimeout(resolve, QUIET_AFTER_MS + 10));
  assert.equal(writes.quietInMs(), 0);
  writes.touched(); // a commit, later than its arrival, starts the pause again
  assert.ok(writes.quietInMs() > QUIET_AFTER_MS - 20);
});

test('a burst of writes keeps them busy until its oldest leaves the window, pauses between its clumps included', async () => {
  const writes = createWriteWatch();
  for (let i = 0; i < BURST_WRITES; i++) writes.arrived();
  // Longer than a pause: a loaded machine's group commits answer in clumps this far apart.
  await new Promise(resolve => setTimeout(resolve, QUIET_AFTER_MS + 50));
  const quietIn = writes.quietInMs();
  assert.ok(quietIn > BURST_WINDOW_MS - QUIET_AFTER_MS - 150 && quietIn < BURST_WINDOW_MS, `quiet in ${quietIn} ms`);
  // One write short of a burst is a trickle: quiet after the pause.
  const trickle = createWriteWatch();
  for (let i = 0; i < BURST_WRITES - 1; i++) trickle.arrived();
  await new Promise(resolve => setTimeout(resolve, QUIET_AFTER_MS + 10));
  assert.equal(trickle.quietInMs(), 0);
});

test('the wait for quiet writes ends when they are, at its longest, or when stopped', async () => {
  const writes = createWriteWatch();
  for (let i = 0; i < BURST_WRITES; i++) writes.arrived();
  let started = performance.now();
  await waitForQuietWrites(writes, { maxWaitMs: 5_000, stopped: () => false });
  let elapsed = performance.now() - started;
  assert.ok(elapsed >= BURST_WINDOW_MS - 50 && elapsed < BURST_WINDOW_MS + 500, `waited ${elapsed} ms`);
  writes.arrived();
  started = performance.now();
  await waitForQuietWrites(writes, { maxWaitMs: 30, stopped: () => false });
  elapsed = performance.now() - started;
  assert.ok(elapsed >= 25 && elapsed < QUIET_AFTER_MS, `waited ${elapsed} ms`);
  writes.arrived();
  started = performance.now();
  await waitForQuietWrites(writes, { maxWaitMs: 5_000, stopped: () => true });
  assert.ok(performance.now() - started < 20);
});
