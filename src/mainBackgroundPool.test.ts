import { test } from '../test/suite.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildTestApp, del, get, patch, post, settleBackground } from '../test/helpers.ts';
import type { App } from './main.ts';
import { createBackgroundPool } from './mainBackgroundPool.ts';
import type { ExtractionJobs } from './services/ports.ts';
import { openSqliteStore } from './storage/sqlite/store.ts';
import { createWriteToken } from './storage/sqlite/writeToken.ts';

/** An app on a SQLite file whose memory-write queue is worked by `backgroundWorkers` threads (0: on the server's thread). */
async function appOnFile(backgroundWorkers: number): Promise<{ app: App; cleanup(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bgpool-'));
  const app = await buildTestApp({ storage: 'sqlite', databasePath: join(dir, 'cairn.db'), backgroundWorkers, extractorWorker: backgroundWorkers > 0, readWorkers: 0 });
  return {
    app,
    async cleanup() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A pool of two threads of `script` on the file at `path`, handing the queue to `fallback` should they not start. */
async function poolOn(path: string, script: URL, fallback: ExtractionJobs) {
  const token = createWriteToken();
  const store = await openSqliteStore({ path, writeToken: token });
  const logged: string[] = [];
  const pool = createBackgroundPool({ size: 2, databasePath: path, synchronous: 'normal', token, store, embedder: null, fallback, log: message => logged.push(message), script });
  return { pool, store, logged };
}

/** A queue on the server's thread that records what the pool hands it. */
function recordingQueue(calls: string[] = []): ExtractionJobs & { calls: string[] } {
  return {
    calls,
    kick: () => void calls.push('kick'),
    writeArriving: () => {},
    settle: async () => void calls.push('settle'),
    stop: () => {},
    pending: async () => 0,
    status: async () => ({ pending: 0, lag_ms: null, failed: 0, claimed_here: 0 }),
  };
}

const NOTES = [
  'Priya lives in Berlin with her two cats and works at Stripe.',
  'Tomas and Priya hiked the Serra da Estrela on Saturday.',
  'The Heron project kickoff is on Monday with Amara from Nairobi.',
  'Amara signed the lease for the office in Nairobi.',
  'Priya now lives in Lisbon with her two cats.',
  'We switched the wiki from Confluence to Notion.',
  'The wiki now lives on Notion, not Confluence.',
  'Tomas bought a Kindle to read Dune on the train to Madrid.',
];

interface Entity {
  name: string;
  entity_type: string;
  mention_count: number;
}

/** The graph the queue wrote: entities (name, type, mentions) and each memory's EVOLVES edges, by content. */
async function graphOf(app: App, ids: string[]) {
  const entities = (await get<Entity[]>(app, '/entities?limit=200')).body.map(e => `${e.name}|${e.entity_type}|${e.mention_count}`).sort();
  const evolves: string[] = [];
  for (const id of ids) {
    const relations = (await get(app, `/memories/${id}/relations?types=EVOLVES`)).body as { relations?: unknown[] } | unknown[];
    evolves.push(`${ids.indexOf(id)}:${(Array.isArray(relations) ? relations : (relations.relations ?? [])).length}`);
  }
  return { entities, evolves };
}

test('the queue worked on background threads writes the graph the server thread writes', async () => {
  const threaded = await appOnFile(2);
  const inline = await appOnFile(0);
  try {
    assert.equal(threaded.app.deps.extraction.jobs === inline.app.deps.extraction.jobs, false);
    const ids: Record<'threaded' | 'inline', string[]> = { threaded: [], inline: [] };
    for (const [name, side] of [['threaded', threaded], ['inline', inline]] as const) {
      // Created one after the other: EVOLVES detection compares a memory with those before it.
      for (const content of NOTES) ids[name].push((await post(side.app, '/memories', { content })).body.id);
      await settleBackground(side.app);
      assert.equal((await get(side.app, '/health')).body.background_queue.pending, 0);
    }
    const [fromThreads, fromServer] = [await graphOf(threaded.app, ids.threaded), await graphOf(inline.app, ids.inline)];
    assert.ok(fromServer.entities.length >= 8, fromServer.entities.join(', '));
    assert.ok(fromServer.evolves.some(e => !e.endsWith(':0')), `some note evolves an earlier one: ${fromServer.evolves.join(' ')}`);
    assert.deepEqual(fromThreads, fromServer);
    assert.ok((await get(threaded.app, '/health')).body.background_queue.claimed_here >= NOTES.length, 'the threads report what they claimed');
  } finally {
    await threaded.cleanup();
    await inline.cleanup();
  }
});

test('a background thread claims its batch 64 memories at a time: few turns of the write lock for a backlog', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bgpool-'));
  const path = join(dir, 'cairn.db');
  try {
    // A backlog of 100 left by a server whose queue did not run, then a server with one background thread takes over.
    const held = await buildTestApp({ storage: 'sqlite', databasePath: path, backgroundWorkers: 0, readWorkers: 0 });
    held.deps.extraction.jobs?.stop();
    for (let i = 0; i < 100; i += 20) {
      const created = await Promise.all(Array.from({ length: 20 }, (_, j) => post(held, '/memories', { content: `Standup ${i + j}: Priya reviewed the Stripe invoices with Tomas in Lisbon.` })));
      assert.ok(created.every(r => r.status === 200));
    }
    await held.close();
    const app = await buildTestApp({ storage: 'sqlite', databasePath: path, backgroundWorkers: 1, extractorWorker: true, readWorkers: 0 });
    try {
      await post(app, '/memories', { content: 'Amara signed the lease in Nairobi.' }); // the thread starts with a memory to process
      await settleBackground(app);
      const { background_queue: queue, workers } = (await get(app, '/health')).body;
      assert.equal(queue.pending, 0);
      // Each batch takes the lock three times (claim, graphs, EVOLVES): 101 memories in batches of 64 take it about
      // six times; in batches of 16, over twenty.
      assert.ok(workers.write_lock.background.takes <= 12, JSON.stringify(workers.write_lock));
      assert.equal((await get(app, '/entities?limit=50')).body.some((e: { name: string }) => e.name === 'Stripe'), true);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an apply made right behind a backlog survives the background threads', async () => {
  const { app, cleanup } = await appOnFile(2);
  try {
    for (let round = 1; round <= 3; round++) {
      const backlog = await Promise.all(Array.from({ length: 40 }, (_, i) => post(app, '/memories', { content: `Standup ${round}.${i}: Priya reviewed the Stripe invoices with Tomas in Lisbon.` })));
      assert.ok(backlog.every(r => r.status === 200));
      const id = (await post(app, '/memories', { content: `Round ${round}: Amara signed the lease in Nairobi.` })).body.id;
      const applied = await post(app, `/memories/${id}/extract-kg/apply`, { resolution: 'exact', entities: [{ name: `Project Heron ${round}`, entity_type: 'project' }] });
      assert.equal(applied.status, 200, applied.text);
      const entityId = applied.body.resolved_entities[0].entity_id;
      await settleBackground(app);
      const entity = (await get(app, `/entities/${entityId}`)).body;
      assert.equal(entity.mention_count, 1, `round ${round}: the applied entity is still mentioned`);
      const deleted = await del(app, `/memories/${id}`);
      assert.ok(deleted.body.deleted_entities >= 1, `round ${round}: ${deleted.text}`);
    }
  } finally {
    await cleanup();
  }
});

test('explicit writes made while memories wait in the queue survive the background threads that process them later', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bgpool-'));
  const path = join(dir, 'cairn.db');
  try {
    // The queue held back: a server whose queue does not run takes the writes, then a server on threads takes over.
    const held = await buildTestApp({ storage: 'sqlite', databasePath: path, backgroundWorkers: 0, readWorkers: 0 });
    const older = (await post(held, '/memories', { content: 'Priya lives in Berlin with her two cats' })).body.id;
    await settleBackground(held);
    held.deps.extraction.jobs?.stop();
    const create = async (content: string) => (await post(held, '/memories', { content })).body.id as string;
    const applied = await create('Priya joined Stripe in Dublin.');
    const edited = await create('Ingeborg moved to Bremen.');
    const deleted = await create('Amara signed the lease in Nairobi.');
    const labelled = await create('Tomas bought a Kindle in Madrid.');
    const related = await create('Priya now lives in Lisbon with her two cats');
    const apply = await post(held, `/memories/${applied}/extract-kg/apply`, { resolution: 'exact', entities: [{ name: 'Project Nightingale', entity_type: 'project' }], relationships: [] });
    assert.equal(apply.status, 200, apply.text);
    assert.equal((await patch(held, `/memories/${edited}`, { content: 'Mei moved to Osaka.' })).status, 200);
    assert.equal((await del(held, `/memories/${deleted}`)).status, 200);
    assert.equal((await patch(held, `/memories/${labelled}`, { labels: ['reading'] })).status, 200);
    const edge = await post(held, `/memories/${related}/relations`, { target_memory_id: older, relation_type: 'EVOLVES', properties: { relation: 'enriches' }, reason: 'mine' });
    assert.equal(edge.status, 200, edge.text);
    assert.ok((await held.deps.extraction.jobs!.pending()) >= 4, 'the memories still wait');
    await held.close();

    const threaded = await buildTestApp({ storage: 'sqlite', databasePath: path, backgroundWorkers: 2, extractorWorker: true, readWorkers: 0 });
    try {
      await settleBackground(threaded);
      assert.equal(await threaded.deps.extraction.jobs!.pending(), 0);
      assert.ok((await threaded.deps.extraction.jobs!.status()).claimed_here >= 4, 'the background threads processed them');
      const entities = (await get<{ id: string; name: string }[]>(threaded, '/entities?limit=200')).body;
      const named = (name: string) => entities.find(e => e.name === name);
      const mentionedBy = async (name: string) => ((await get(threaded, `/entities/${named(name)!.id}`)).body.memories as { id?: string; memory_id?: string }[]).map(m => m.memory_id ?? m.id);
      assert.deepEqual(await mentionedBy('Project Nightingale'), [applied], 'the applied entity is still mentioned');
      assert.ok(named('Stripe'), 'the queue wrote its own extraction beside the apply');
      assert.ok(named('Osaka') && !named('Bremen'), 'the edited memory has the new text’s graph, not the old one’s');
      assert.equal(named('Nairobi'), undefined, 'the deleted memory was not brought back into the graph');
      assert.equal((await get(threaded, `/memories/${deleted}`)).status, 404);
      assert.deepEqual((await get(threaded, `/memories/${labelled}`)).body.labels.map((l: { name: string }) => l.name), ['reading']);
      const edges = await threaded.deps.store.evolves.listForMemory(related);
      assert.deepEqual(edges.map(e => [e.relation, e.detected_by, e.reviewed, e.reason]), [['enriches', 'user', true, 'mine']], 'the edge made by hand keeps what was said');
    } finally {
      await threaded.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a background thread that stops mid-batch is started again, and its memories are processed once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bgpool-'));
  const path = join(dir, 'cairn.db');
  process.env.CAIRN_TEST_CRASH_MARKER = join(dir, 'crashed');
  // Memories queued by a server whose queue does not run.
  const queued = await buildTestApp({ storage: 'sqlite', databasePath: path, backgroundWorkers: 0, readWorkers: 0 });
  queued.deps.extraction.jobs?.stop();
  for (let i = 0; i < 40; i++) assert.equal((await post(queued, '/memories', { content: `Priya met Tomas in Lisbon, note ${i}.` })).status, 200);
  await queued.close();

  const { pool, store, logged } = await poolOn(path, new URL('../test/fixtures/workers/backgroundWorkerThatStops.ts', import.meta.url), recordingQueue());
  // The stopped thread's claims released slowly: the other thread has long settled (it found nothing left to claim)
  // when the replacement starts, and the settle still waits for the replacement to process them.
  const release = store.extractionQueue.releaseClaims.bind(store.extractionQueue);
  store.extractionQueue.releaseClaims = async worker => {
    await new Promise(resolve => setTimeout(resolve, 300));
    return release(worker);
  };
  try {
    await pool.settle();
    assert.match(logged.join('\n'), /background worker stopped \(exit code 1\); it is started again/);
    assert.equal(await pool.pending(), 0, 'the claims of the thread that stopped were released and processed');
    const { failed } = await pool.status();
    assert.equal(failed, 0);
    const [priya] = (await store.entities.findByKeys(['priya'])).map(found => found.entity);
    assert.equal((await store.entities.getMany([priya!.id]))[0]?.mention_count, 40, 'each memory mentions Priya once');
  } finally {
    pool.stop();
    await pool.settle();
    await store.close();
    delete process.env.CAIRN_TEST_CRASH_MARKER;
    rmSync(dir, { recursive: true, force: true });
  }
});

test('background threads that cannot start hand the queue to the server thread', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bgpool-'));
  const fallback = recordingQueue();
  const kicks = fallback.calls;
  const { pool, store, logged } = await poolOn(join(dir, 'cairn.db'), new URL('./no-such-worker.mjs', import.meta.url), fallback);
  try {
    // A settle starts the threads (a kick would only once a memory waits); their start fails.
    await pool.settle();
    const until = Date.now() + 10_000;
    while (kicks.length < 2 && Date.now() < until) await new Promise(resolve => setTimeout(resolve, 20));
    assert.match(logged.join('\n'), /did not start.*server's thread/);
    assert.deepEqual([...kicks].sort(), ['kick', 'settle'], 'the server thread was kicked and settled');
    pool.kick();
    assert.deepEqual(kicks.slice(2), ['kick'], 'later kicks go to the server thread at once');
  } finally {
    pool.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a write on one connection waits for the token another holds, without stopping the event loop', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-token-'));
  const path = join(dir, 'cairn.db');
  const first = createWriteToken();
  const server = await openSqliteStore({ path, writeToken: first });
  const other = await openSqliteStore({ path, writeToken: createWriteToken(first.buffer, 2), ownsFile: false });
  try {
    let releaseOther!: () => void;
    const otherHolds = new Promise<void>(resolve => (releaseOther = resolve));
    let otherIn!: () => void;
    const otherStarted = new Promise<void>(resolve => (otherIn = resolve));
    const otherTransaction = other.transaction(async tx => {
      await tx.settings.set('owner', 'other', new Date().toISOString());
      otherIn();
      await otherHolds;
    });
    await otherStarted;
    let serverDone = false;
    const serverWrite = server.transaction(tx => tx.settings.set('owner', 'server', new Date().toISOString())).then(() => (serverDone = true));
    // The event loop turns while the server's write waits for the token.
    let turns = 0;
    for (let i = 0; i < 20; i++) await new Promise(resolve => setImmediate(() => resolve(turns++)));
    assert.equal(turns, 20);
    assert.equal(serverDone, false, 'the server waits for the token');
    // A statement outside a transaction that writes and reads back (UPDATE … RETURNING, the queue's claim) waits too.
    let claimed = false;
    const claim = server.extractionQueue
      .claim({ worker: 'w', limit: 1, max_attempts: 3, now: new Date().toISOString(), lease_until: new Date(Date.now() + 1000).toISOString() })
      .then(() => (claimed = true));
    await new Promise(resolve => setTimeout(resolve, 20));
    assert.equal(claimed, false, 'the claim waits for the token');
    releaseOther();
    await otherTransaction;
    await serverWrite;
    await claim;
    assert.equal(await server.settings.get('owner'), 'server', 'the later write landed after the other committed');
    // Both sides' use of the token is counted in the shared cells: what /health reports as workers.write_lock.
    const usage = first.usage();
    assert.ok(usage.background.takes >= 1 && usage.background.held_ms >= 15, JSON.stringify(usage));
    assert.ok(usage.server.takes >= 2 && usage.server.waited_ms >= 15, JSON.stringify(usage));
    assert.deepEqual(createWriteToken(first.buffer, 3).usage(), usage, 'any thread reads the same counts');
  } finally {
    await other.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a thread that stops holding the token frees it: releaseIfHeldBy', async () => {
  const token = createWriteToken();
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads'); const cell = new Int32Array(workerData); Atomics.compareExchange(cell, 0, 0, 7); process.exit(1);`,
    { eval: true, workerData: token.buffer },
  );
  await new Promise(resolve => worker.on('exit', resolve));
  let acquired = false;
  const waiting = token.acquire().then(() => (acquired = true));
  await new Promise(resolve => setTimeout(resolve, 20));
  assert.equal(acquired, false, 'held by the stopped thread');
  assert.equal(token.releaseIfHeldBy(3), false, 'another holder number frees nothing');
  assert.equal(token.releaseIfHeldBy(7), true);
  await waiting;
  assert.equal(acquired, true);
  token.release();
});
