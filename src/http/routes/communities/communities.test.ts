import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, post, validationLocs } from '../../../../test/helpers.ts';

/** Real conversation turns (LoCoMo): two conversations between different people, on different things. */
const fixture = JSON.parse(readFileSync(new URL('../../../../test/fixtures/locomo-two-conversations.json', import.meta.url), 'utf8')) as {
  caroline_melanie: string[];
  jon_gina: string[];
  caroline_melanie_later: string[];
};

async function seed(app: App, turns: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const content of turns) ids.push(await createMemory(app, { content }));
  return ids;
}

interface Topic {
  id: number;
  name: string;
  memory_count: number;
  entities: Set<string>;
}

/** Every community with the names of all its entities. */
async function topics(app: App): Promise<Topic[]> {
  const list = await get(app, '/communities?limit=50');
  assert.equal(list.status, 200);
  const out: Topic[] = [];
  for (const c of list.body.communities) {
    const detail = await get(app, `/communities/${c.id}?entity_limit=50`);
    out.push({ id: c.id, name: c.name, memory_count: c.memory_count, entities: new Set(detail.body.entities.map((e: { name: string }) => e.name)) });
  }
  return out;
}

const topicOf = (all: Topic[], entity: string) => all.find(t => t.entities.has(entity));

describe('communities of two separate conversations', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    await seed(app, fixture.caroline_melanie);
    await seed(app, fixture.jon_gina);
  });
  after(() => app.close());

  test('detection finds the two conversations as two communities, each with its two speakers', async () => {
    const detected = await post(app, '/communities/detect');
    assert.equal(detected.status, 200);
    assert.equal(detected.body.communities, 2);
    assert.ok(detected.body.entities >= 4);
    assert.equal(typeof detected.body.took_ms, 'number');
    const all = await topics(app);
    const caroline = topicOf(all, 'Caroline');
    const jon = topicOf(all, 'Jon');
    assert.ok(caroline && jon);
    assert.notEqual(caroline.id, jon.id);
    assert.ok(caroline.entities.has('Melanie'));
    assert.ok(jon.entities.has('Gina'));
  });

  test('the list is largest first, with names, summaries, counts and top entities', async () => {
    const list = await get(app, '/communities');
    assert.equal(list.body.total, 2);
    const [first, second] = list.body.communities;
    assert.ok(first.entity_count >= second.entity_count);
    for (const c of list.body.communities) {
      assert.deepEqual(Object.keys(c).filter(k => ['id', 'name', 'summary', 'entity_count', 'memory_count', 'top_entities'].includes(k)).length, 6);
      assert.equal(Number.isInteger(c.id), true);
      assert.match(c.name, /\S/);
      assert.ok(c.summary.length > 20, c.summary);
      assert.ok(c.top_entities.length >= 2 && c.top_entities.length <= 5);
      assert.deepEqual(Object.keys(c.top_entities[0]).sort(), ['entity_type', 'id', 'name']);
    }
    const jon = list.body.communities.find((c: { top_entities: { name: string }[] }) => c.top_entities.some(e => e.name === 'Jon'));
    assert.equal(jon.memory_count, fixture.jon_gina.length, 'every turn names its speaker');
    assert.match(jon.name, /Jon/);
  });

  test('a summary is two or three sentences quoted from the memories, without repeats', async () => {
    const memories = [...fixture.caroline_melanie, ...fixture.jon_gina].join(' ');
    for (const c of (await get(app, '/communities')).body.communities) {
      const sentences: string[] = c.summary.match(/[^.!?]+[.!?]+/g) ?? [];
      assert.ok(sentences.length >= 2 && sentences.length <= 3, c.summary);
      assert.equal(new Set(sentences.map(s => s.trim())).size, sentences.length);
      for (const s of sentences) assert.ok(memories.includes(s.trim().replace(/^\w+: /, '')), `not quoted: ${s}`);
    }
  });

  test('details give the entities (most central first, with mention counts) and sample memories', async () => {
    const jon = topicOf(await topics(app), 'Jon')!;
    const detail = await get(app, `/communities/${jon.id}?entity_limit=2`);
    assert.equal(detail.status, 200);
    assert.equal(detail.body.entities.length, 2);
    assert.deepEqual(detail.body.entities.map((e: { rank: number }) => e.rank), [0, 1]);
    assert.ok(detail.body.entities.every((e: { mention_count: number }) => e.mention_count > 0));
    assert.ok(detail.body.sample_memories.length > 0 && detail.body.sample_memories.length <= 5);
    for (const m of detail.body.sample_memories) {
      assert.ok(fixture.jon_gina.includes(m.content));
      assert.equal(m.lifecycle_state, 'active');
    }
  });

  test('the same graph always gives the same communities', async () => {
    const before = await topics(app);
    await post(app, '/communities/detect');
    assert.deepEqual(await topics(app), before);
    const twin = await buildTestApp();
    try {
      await seed(twin, fixture.caroline_melanie);
      await seed(twin, fixture.jon_gina);
      await post(twin, '/communities/detect');
      const names = (all: Topic[]) => all.map(t => ({ name: t.name, entities: [...t.entities].sort() }));
      assert.deepEqual(names(await topics(twin)), names(before));
    } finally {
      await twin.close();
    }
  });

  test('ids survive a recomputation after a small change', async () => {
    const before = await topics(app);
    await seed(app, fixture.caroline_melanie_later);
    await post(app, '/communities/detect');
    const after = await topics(app);
    assert.equal(topicOf(after, 'Caroline')!.id, topicOf(before, 'Caroline')!.id);
    assert.equal(topicOf(after, 'Jon')!.id, topicOf(before, 'Jon')!.id);
  });
});

describe('community bounds and errors', () => {
  let app: App;
  let id: number;
  before(async () => {
    app = await buildTestApp();
    await seed(app, fixture.jon_gina.slice(0, 10));
    await post(app, '/communities/detect');
    id = (await get(app, '/communities')).body.communities[0].id;
  });
  after(() => app.close());

  test('limit accepts 1..50 and rejects 0, 51 and non-integers with 422', async () => {
    for (const ok of ['1', '50']) assert.equal((await get(app, `/communities?limit=${ok}`)).status, 200);
    assert.equal((await get(app, '/communities?limit=1')).body.communities.length, 1);
    for (const bad of ['0', '51', '2.5', 'ten']) assert.deepEqual(validationLocs(await get(app, `/communities?limit=${bad}`)), ['query.limit']);
  });

  test('entity_limit accepts 1..50 and rejects 0, 51 and non-integers with 422', async () => {
    for (const ok of ['1', '50']) assert.equal((await get(app, `/communities/${id}?entity_limit=${ok}`)).status, 200);
    assert.equal((await get(app, `/communities/${id}?entity_limit=1`)).body.entities.length, 1);
    for (const bad of ['0', '51', '2.5', 'x']) {
      assert.deepEqual(validationLocs(await get(app, `/communities/${id}?entity_limit=${bad}`)), ['query.entity_limit']);
    }
  });

  test('an unknown community, or an id that is not an integer, answers 404 community_not_found', async () => {
    for (const unknown of ['999999', 'abc', '1.5', '-1']) {
      const response = await get(app, `/communities/${unknown}`);
      assert.equal(response.status, 404, unknown);
      assert.equal(response.body.error_code, 'community_not_found');
    }
  });
});

describe('communities and the state of memories', () => {
  test('an entity related to no other entity belongs to no community', async () => {
    const app = await buildTestApp();
    try {
      await createMemory(app, { content: 'Zanzibar is lovely in June.' });
      const detected = await post(app, '/communities/detect');
      assert.equal(detected.body.communities, 0);
      assert.equal((await get(app, '/communities')).body.total, 0);
    } finally {
      await app.close();
    }
  });

  test('a forgotten memory counts in no memory_count and is no sample memory', async () => {
    const app = await buildTestApp();
    try {
      await seed(app, fixture.jon_gina);
      await post(app, '/communities/detect');
      const community = (await get(app, '/communities')).body.communities[0];
      const detail = await get(app, `/communities/${community.id}`);
      const sample = detail.body.sample_memories[0];
      assert.equal((await post(app, `/memories/${sample.id}/forget`, {})).status, 200);
      const after = await get(app, `/communities/${community.id}`);
      assert.equal(after.body.memory_count, community.memory_count - 1);
      assert.ok(!after.body.sample_memories.some((m: { id: string }) => m.id === sample.id));
      await post(app, '/communities/detect');
      assert.equal((await get(app, '/communities')).body.communities[0].memory_count, community.memory_count - 1);
    } finally {
      await app.close();
    }
  });

  test("a forgotten memory's sentences leave the summary at the next detection", async () => {
    const app = await buildTestApp();
    try {
      const ids = await seed(app, fixture.jon_gina);
      await post(app, '/communities/detect');
      const { summary } = (await get(app, '/communities')).body.communities[0];
      const quoted = ids.flatMap((id, i) => {
        const sentence = (fixture.jon_gina[i].replace(/^\w+: /, '').match(/[^.!?]+[.!?]+/g) ?? []).find(x => x.trim().split(' ').length >= 5 && summary.includes(x.trim()));
        return sentence && fixture.jon_gina.filter(t => t.includes(sentence.trim())).length === 1 ? [{ id, sentence: sentence.trim() }] : [];
      })[0];
      assert.ok(quoted, `no sentence of the summary is one memory's own: ${summary}`);
      await post(app, `/memories/${quoted.id}/forget`, {});
      await post(app, '/communities/detect');
      assert.ok(!(await get(app, '/communities')).body.communities[0].summary.includes(quoted.sentence));
    } finally {
      await app.close();
    }
  });

  test('deleting every memory of a topic removes its community at the next detection', async () => {
    const app = await buildTestApp();
    try {
      const ids = await seed(app, fixture.jon_gina.slice(0, 8));
      await seed(app, fixture.caroline_melanie.slice(0, 8));
      assert.equal((await post(app, '/communities/detect')).body.communities, 2);
      for (const id of ids) assert.equal((await del(app, `/memories/${id}`)).status, 200);
      assert.equal((await post(app, '/communities/detect')).body.communities, 1);
      assert.ok(topicOf(await topics(app), 'Caroline'));
      assert.equal(topicOf(await topics(app), 'Jon'), undefined);
    } finally {
      await app.close();
    }
  });
});
