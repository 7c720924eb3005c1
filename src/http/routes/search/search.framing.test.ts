/**
 * Search answers the question, not its framing: a memory that shares only "we", "decided", "about", "the"
 * with "what did we decide about the database?" is no match; what is shown as matched is content words only.
 */
import assert from 'node:assert/strict';
import { after, before, currentBackend, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';
import type { App } from '../../../main.ts';

const RIGHT = [
  ['Database choice', 'We decided to use PostgreSQL as the main database for the billing service.'],
  ['Database backups', 'Backups of the database run nightly and are kept for thirty days.'],
] as const;

/** Notes that share only framing and stop words with the question. */
const FRAMING_ONLY = [
  ['Team offsite', 'We decided the offsite will be in Lisbon, and talked about the budget.'],
  ['Hiring', 'We decided to hire two more engineers; we talked about the interview loop.'],
  ['Standup', 'We decided to keep the standup at ten and short.'],
  ['Coffee', 'We decided about the coffee machine: it stays in the kitchen.'],
  ['Release train', 'The team decided that releases go out every other Thursday.'],
] as const;

/** Words that frame a question or say nothing (domain/text.ts): never shown as matched. */
const NOT_CONTENT = /^(what|did|we|decide|decided|about|the|do|a|to|in)$/i;

type Hit = { memory: { id: string; title: string }; similarity_score: number; relevance_reason: string; highlights: string[] };

describe('search answers the question, not its framing', () => {
  let app: App;
  const ids = new Map<string, string>();

  before(async () => {
    app = await buildTestApp();
    for (const [title, content] of [...RIGHT, ...FRAMING_ONLY]) ids.set(title, await createMemory(app, { title, content }));
  });
  after(() => app.close());

  const search = async (body: Record<string, unknown>) => {
    const response = await post<Hit[]>(app, '/memories/search', { limit: 20, ...body });
    assert.equal(response.status, 200, response.text);
    return response.body;
  };

  for (const mode of ['fast', 'deep']) {
    test(`${mode}: the question finds the two notes about the database and none that match only its framing`, async () => {
      const hits = await search({ query: 'what did we decide about the database?', mode });
      assert.deepEqual(hits.map(h => h.memory.title).sort(), RIGHT.map(([title]) => title).sort(), JSON.stringify(hits.map(h => [h.memory.title, h.relevance_reason])));
      for (const hit of hits) {
        assert.ok(hit.similarity_score > 0, `${hit.memory.title} scored ${hit.similarity_score}`);
        assert.doesNotMatch(hit.relevance_reason, /weak match/);
        assert.deepEqual([...new Set(hit.highlights.map(w => w.toLowerCase()))], ['database'], `${hit.memory.title}: ${hit.highlights}`);
      }
    });
  }

  test('highlights are the words the memory holds, as written, and never a stop word', async () => {
    const hits = await search({ query: 'the postgres database we use' });
    const choice = hits.find(h => h.memory.id === ids.get('Database choice'));
    assert.ok(choice, JSON.stringify(hits.map(h => h.memory.title)));
    assert.ok(choice.highlights.includes('database'), String(choice.highlights));
    for (const hit of hits) for (const word of hit.highlights) assert.doesNotMatch(word, NOT_CONTENT, `${hit.memory.title}: ${hit.highlights}`);
  });

  test('a question of framing and stop words only still finds what it can', async () => {
    const hits = await search({ query: 'what did we decide?' });
    const found = new Set(hits.map(h => h.memory.title));
    // Every note saying "decided", and the score says so.
    for (const title of ['Database choice', ...FRAMING_ONLY.map(([t]) => t)]) assert.ok(found.has(title), `${title} missing from ${[...found]}`);
    for (const hit of hits) {
      assert.ok(hit.similarity_score > 0, `${hit.memory.title} scored ${hit.similarity_score}`);
      assert.deepEqual(hit.highlights, ['decided'], `${hit.memory.title}: ${hit.highlights}`);
    }
  });

  test('a query of stop words only is searched by them', async t => {
    // PostgreSQL's english text search configuration does not index stop words: nothing holds them there.
    if (currentBackend() !== 'sqlite') return t.skip('PostgreSQL does not index stop words');
    const hits = await search({ query: 'what were we about?' });
    assert.ok(hits.some(h => h.memory.id === ids.get('Coffee')), JSON.stringify(hits.map(h => h.memory.title)));
    for (const hit of hits) {
      assert.ok(hit.similarity_score > 0, `${hit.memory.title} scored ${hit.similarity_score}`);
      assert.deepEqual(hit.highlights, [], 'stop words are not marked');
    }
  });

  test('a question whose content words nothing holds finds nothing, not its framing', async () => {
    assert.deepEqual(await search({ query: 'what did we decide about the kubernetes cluster?' }), []);
  });
});
