import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';

const msg = (role: string, content: string) => ({ role, content });
type Result = { kind: 'memory' | 'thread'; score: number; match_score: number; title: string; snippet: string; highlights: string[]; [k: string]: any };

describe('unified search (POST /search)', () => {
  let app: App;
  let billingMemory: string;
  before(async () => {
    app = await buildTestApp();
    await post(app, '/threads', {
      thread_id: 'db-choice', title: 'Storage for the billing service', source: 'claude-code',
      messages: [
        msg('user', 'Hi! Can you help me with the billing service today?'),
        msg('assistant', 'Sure. What do you need?'),
        msg('user', 'We need to pick a database: SQLite or PostgreSQL?'),
        msg('assistant', 'We decided: the database is PostgreSQL, because billing needs concurrent writers.'),
      ],
    });
    await post(app, '/threads', {
      thread_id: 'trip', title: 'Lisbon trip', source: 'codex',
      messages: [msg('user', 'Plan three days in Lisbon with a day trip to Sintra.'), msg('assistant', 'Day one: Alfama and the castle.')],
    });
    await post(app, '/threads', { thread_id: 'elsewhere', space_id: 'work', title: 'Work database', messages: [msg('user', 'The work database is Oracle.')] });
    billingMemory = await createMemory(app, { title: 'Billing database', content: 'Billing runs on PostgreSQL: the database needs concurrent writers.', unit_type: 'decision' });
    await createMemory(app, { title: 'Lisbon', content: 'Pastéis de nata in Belém are the best.' });
  });
  after(() => app.close());

  const search = (body: Record<string, unknown>) => post<{ results: Result[]; total: number; search_metadata: any }>(app, '/search', body);

  test('the question finds the message where it was decided, with what opens the thread there', async () => {
    const found = await search({ query: 'what did we decide about the database?', kinds: ['thread'] });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const best = found.body.results[0]!;
    assert.equal(best.kind, 'thread');
    assert.equal(best.thread_id, 'db-choice');
    assert.equal(best.position, 3);
    assert.equal(best.role, 'assistant');
    assert.match(best.snippet, /PostgreSQL/);
    assert.ok(best.highlights.includes('database'), JSON.stringify(best.highlights));
    assert.equal(best.title, 'Storage for the billing service');
    // The message id opens the thread at that message.
    const thread = await get(app, `/threads/db-choice?offset=${best.position}&limit=1`);
    assert.equal(thread.body.messages[0].id, best.message_id);
    assert.ok(found.body.results.every(r => r.kind === 'thread' && r.thread_id !== 'elsewhere'));
  });

  test('memories and messages come back in one ranked list, each with its kind, score and link', async () => {
    const found = await search({ query: 'what did we decide about the database?' });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const { results } = found.body;
    assert.deepEqual(new Set(results.map(r => r.kind)), new Set(['memory', 'thread']));
    // Reciprocal-rank fusion: each kind's best result leads.
    assert.deepEqual(new Set(results.slice(0, 2).map(r => r.kind)), new Set(['memory', 'thread']));
    const memory = results.find(r => r.kind === 'memory')!;
    assert.equal(memory.memory_id, billingMemory);
    assert.equal(memory.memory.id, billingMemory);
    assert.equal(memory.title, 'Billing database');
    assert.ok(memory.highlights.includes('database'));
    assert.match(memory.relevance_reason, /database/i);
    for (let i = 1; i < results.length; i++) assert.ok(results[i - 1]!.score >= results[i]!.score, 'ordered by fused score');
    for (const r of results) assert.ok(r.match_score > 0 && r.match_score <= 1);
    assert.equal(found.body.total, results.length);
    assert.deepEqual(found.body.search_metadata.kinds, ['memory', 'thread']);
    assert.equal(found.body.search_metadata.space_id, 'default');
    assert.ok(!results.some(r => r.title === 'Lisbon trip' || r.title === 'Lisbon'));
  });

  test('kinds narrows the search; limit bounds the list; space_id and source narrow threads', async () => {
    const memories = await search({ query: 'database', kinds: ['memory'] });
    assert.ok(memories.body.results.length > 0);
    assert.ok(memories.body.results.every(r => r.kind === 'memory'));
    assert.equal(memories.body.search_metadata.messages_found, 0);
    const unsaid = await search({ query: 'database', kinds: null });
    assert.deepEqual(unsaid.body.search_metadata.kinds, ['memory', 'thread']);
    const one = await search({ query: 'database', limit: 1 });
    assert.equal(one.body.results.length, 1);
    const work = await search({ query: 'database', space_id: 'work' });
    assert.deepEqual(work.body.results.map(r => [r.kind, r.thread_id]), [['thread', 'elsewhere']]);
    const codexOnly = await search({ query: 'database', kinds: ['thread'], source: 'codex' });
    assert.deepEqual(codexOnly.body.results, []);
  });

  test('nothing matching is an empty list, not an error', async () => {
    const none = await search({ query: 'kubernetes helm charts' });
    assert.equal(none.status, 200);
    assert.deepEqual(none.body.results, []);
    assert.equal(none.body.total, 0);
    // Queries of stop words, punctuation or another script answer too, never a 500.
    for (const query of ['the', '?!', '数据库', 'x'.repeat(4000)]) {
      const odd = await search({ query });
      assert.equal(odd.status, 200, `${query.slice(0, 20)}: ${odd.text}`);
      assert.ok(Array.isArray(odd.body.results));
    }
  });

  test('bad input is a 422 naming the field', async () => {
    for (const [body, loc] of [
      [{}, 'body.query'],
      [{ query: '   ' }, 'body.query'],
      [{ query: 'x'.repeat(4001) }, 'body.query'],
      [{ query: 'db', kinds: [] }, 'body.kinds'],
      [{ query: 'db', kinds: ['memory', 'email'] }, 'body.kinds.1'],
      [{ query: 'db', limit: 0 }, 'body.limit'],
      [{ query: 'db', limit: 101 }, 'body.limit'],
      [{ query: 'db', mode: 'slow' }, 'body.mode'],
      [{ query: 'db', event_date_from: 'not a date' }, 'body.event_date_from'],
    ] as const) {
      const response = await search(body);
      assert.equal(response.status, 422, `${JSON.stringify(body)} → ${response.status}`);
      assert.ok(validationLocs(response).includes(loc), `${JSON.stringify(body)}: ${validationLocs(response)}`);
    }
  });

  test('/memories/search keeps its contract: an array of memory results', async () => {
    const found = await post(app, '/memories/search', { query: 'database' });
    assert.ok(Array.isArray(found.body));
    assert.equal(found.body[0].memory.id, billingMemory);
  });
});
