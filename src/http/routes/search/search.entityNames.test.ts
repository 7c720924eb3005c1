/**
 * Deep search expands a query through the entities it names by name, not by how the typing model classed them
 * (issue 26, docs/benchmarks.md "Held-out conversations, round 3"): a lower-case word of a question that capitalises
 * its names ("dairy-free", which the graph holds as a technology) is a thing it describes, not a name it gives, and
 * must not take the entity share from the turns naming the question's people. Through HTTP, on every backend.
 */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

const CHAT = [
  'Nate: I baked a batch of dairy-free cupcakes for the party.',
  'Joanna: They looked amazing! Are they hard to make?',
  'Nate: Not really. Dairy-free baking is mostly swapping butter for coconut oil.',
  'Joanna: I want to try dairy-free recipes too.',
  'Nate: Honestly, sharing my desserts with you made my week. I felt so proud!',
  'Joanna: You should open a bakery, Nate.',
];

interface Result {
  memory: { content: string };
  relevance_reason: string;
  score_breakdown: { entity: number };
}

const DEEP_ENTITY_WEIGHT = 0.2; // DEEP_PROFILE.entities.weight: a memory naming every entity the query counts gains it all

describe('search: entities a query names by name', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    for (const [i, content] of CHAT.entries()) {
      await createMemory(app, { content, space_id: 'bakes', event_start: '2024-03-01T10:00:00Z', metadata: { dia_id: `D1:${i + 1}` } });
    }
  });
  after(() => app.close());

  const search = async (query: string) => {
    const response = await post(app, '/memories/search', { query, space_id: 'bakes', mode: 'deep', limit: 10 });
    assert.equal(response.status, 200, response.text);
    return response.body as Result[];
  };
  const named = (results: Result[], start: string) => results.find(r => r.memory.content.startsWith(start));

  test("a lower-case word of a capitalised question is not expanded as an entity", async () => {
    const results = await search('How did Nate feel about sharing his dairy-free desserts with Joanna?');
    assert.ok(results.every(r => !/dairy-free/i.test(r.relevance_reason.match(/same entit[^.;]*/)?.[0] ?? '')), JSON.stringify(results.map(r => r.relevance_reason)));
    // The turn naming both of the question's people holds every entity it counts, so it gains the whole weight.
    assert.equal(named(results, 'Joanna: You should open a bakery')?.score_breakdown.entity, DEEP_ENTITY_WEIGHT);
    // The answer names only Nate (its speaker), and gains his share: Nate is mentioned more often than Joanna.
    const answer = named(results, 'Nate: Honestly');
    assert.equal(results[0], answer);
    assert.ok(answer!.score_breakdown.entity > 0 && answer!.score_breakdown.entity < DEEP_ENTITY_WEIGHT / 2);
  });

  test('the same word written as a name is expanded', async () => {
    const results = await search('What did Nate say about Dairy-free baking?');
    assert.ok(results.some(r => /same entit[^.;]*Dairy-free/i.test(r.relevance_reason)), JSON.stringify(results.map(r => r.relevance_reason)));
  });

  test('a question typed all in lower case still expands through the names it holds', async () => {
    const results = await search('how did nate feel about sharing his desserts');
    assert.ok(results.some(r => /same entit[^.;]*Nate/.test(r.relevance_reason)), JSON.stringify(results.map(r => r.relevance_reason)));
  });
});
