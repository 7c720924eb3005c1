import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, post } from '../../../../test/helpers.ts';
import { type ChatRequest, type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakeOpenAi.ts';

const fixture = JSON.parse(readFileSync(new URL('../../../../test/fixtures/locomo-two-conversations.json', import.meta.url), 'utf8')) as {
  caroline_melanie: string[];
  jon_gina: string[];
};

async function seed(app: App, turns: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const content of turns) ids.push(await createMemory(app, { content }));
  return ids;
}

const communities = async (app: App) => (await get(app, '/communities?limit=50')).body;
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Polls until `check` holds (or fails after `timeoutMs`). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(25);
  }
}

describe('background detection', () => {
  test('communities appear on their own a moment after memories are written', async () => {
    const app = await buildTestApp({ communityDebounceMs: 1_000 });
    try {
      await seed(app, fixture.jon_gina.slice(0, 10));
      assert.equal((await communities(app)).total, 0, 'debounced: nothing yet right after the writes');
      await eventually(async () => (await communities(app)).total === 1);
    } finally {
      await app.close();
    }
  });

  test('deleting the memories of a topic removes its community in the background', async () => {
    const app = await buildTestApp({ communityDebounceMs: 20 });
    try {
      const ids = await seed(app, fixture.jon_gina.slice(0, 8));
      await seed(app, fixture.caroline_melanie.slice(0, 8));
      await eventually(async () => (await communities(app)).total === 2);
      for (const id of ids) await del(app, `/memories/${id}`);
      await eventually(async () => (await communities(app)).total === 1);
    } finally {
      await app.close();
    }
  });
});

describe('detection across restarts', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-communities-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const open = (communityDebounceMs: number) => buildTestApp({ databasePath: join(dir, 'cairn.db'), communityDebounceMs });

  test('a change still waiting for detection at close is detected at the next start', async () => {
    const app = await open(60_000);
    await seed(app, fixture.jon_gina.slice(0, 6));
    assert.equal((await communities(app)).total, 0);
    await app.close();
    const reopened = await open(20);
    try {
      await eventually(async () => (await communities(reopened)).total === 1);
    } finally {
      await reopened.close();
    }
  });

  test('at start, an unchanged graph is not detected again', async () => {
    const first = await open(20);
    const before = (await communities(first)).communities;
    await first.close();
    const app = await open(20);
    try {
      await sleep(200);
      await app.deps.communities!.settle();
      assert.deepEqual((await communities(app)).communities, before);
    } finally {
      await app.close();
    }
  });
});

describe('summaries from a language model', () => {
  let fake: FakeOpenAi;
  let answer: (request: ChatRequest) => unknown;
  let app: App;
  before(async () => {
    fake = await startFakeOpenAi({ chat: request => answer(request) });
    app = await buildTestApp({ llmUrl: fake.url, llmModel: 'fake-llama', communityDebounceMs: 60_000 });
    await seed(app, fixture.jon_gina.slice(0, 10));
  });
  after(async () => {
    await app.close();
    await fake.close();
  });

  test('a model that fails leaves the extractive summary', async () => {
    fake.failWith = 500;
    await post(app, '/communities/detect');
    fake.failWith = null;
    const [community] = (await communities(app)).communities;
    assert.equal(community.summary_source, 'extractive');
    assert.ok(community.summary.length > 20);
  });

  test('an answer that is no summary leaves the extractive one', async () => {
    answer = () => ({ summary: '' });
    await post(app, '/communities/detect');
    assert.equal((await communities(app)).communities[0].summary_source, 'extractive');
  });

  test('with a model, the summary is the model\'s, asked with a JSON schema and the topic\'s memories', async () => {
    answer = () => ({ summary: 'Jon and Gina talk about losing their jobs and about opening a dance studio together.' });
    const asked = fake.chatRequests().length;
    await post(app, '/communities/detect');
    const [community] = (await communities(app)).communities;
    assert.equal(community.summary_source, 'llm');
    assert.equal(community.summary, 'Jon and Gina talk about losing their jobs and about opening a dance studio together.');
    const request = fake.chatRequests()[asked];
    assert.equal(request.response_format?.type, 'json_schema');
    assert.match(request.messages[1].content, /Jon/);
  });

  test('an unchanged community keeps its model summary without asking again', async () => {
    const asked = fake.chatRequests().length;
    await post(app, '/communities/detect');
    assert.equal(fake.chatRequests().length, asked);
    assert.equal((await communities(app)).communities[0].summary_source, 'llm');
  });
});

test('stopping the service aborts a model summary in flight instead of waiting for the model', async () => {
  let asked!: () => void;
  const modelAsked = new Promise<void>(resolve => (asked = resolve));
  const fake = await startFakeOpenAi({ chat: () => (asked(), new Promise(() => {})) }); // a model that never answers
  const app = await buildTestApp({ llmUrl: fake.url, llmModel: 'stuck', communityDebounceMs: 60_000 });
  try {
    await seed(app, fixture.jon_gina.slice(0, 10));
    void app.deps.communities!.detectNow().catch(() => {});
    await modelAsked;
    const started = Date.now();
    await app.close();
    assert.ok(Date.now() - started < 5_000, `close took ${Date.now() - started} ms`);
  } finally {
    await fake.close();
  }
});
