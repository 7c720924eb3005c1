import assert from 'node:assert/strict';
import { after, before, describe, test } from '../../../../test/suite.ts';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

type Result = { memory: { id: string; content: string }; relevance_reason: string; score_breakdown: Record<string, any> };

const search = async (app: App, body: Record<string, unknown>): Promise<Result[]> => {
  const response = await post(app, '/memories/search', body);
  assert.equal(response.status, 200);
  return response.body;
};
const contents = (results: Result[]) => results.map(r => r.memory.content);
const find = (results: Result[], start: string) => results.find(r => r.memory.content.startsWith(start));

describe('ordinary notes are not ranked as a chat transcript', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    // Six plain notes, written one after another, as a new user would.
    for (const content of [
      'Billing service replicates its PostgreSQL database to the EU region; replication lag alarms at 30 s',
      'Dentist appointment moved to Friday at 3pm',
      'Staging PostgreSQL runs on a smaller instance',
      'Decision: keep the monolith for the billing service until Q3',
      'Should we move the nightly export cron to Kubernetes?',
      'Buy oat milk and coffee beans',
    ]) {
      await createMemory(app, { content });
    }
  });
  after(() => app.close());

  for (const mode of ['fast', 'deep']) {
    test(`${mode}: a note written next to a strong hit inherits nothing from it`, async () => {
      const results = await search(app, { query: 'postgresql billing replication', mode });
      const order = contents(results);
      const staging = order.indexOf('Staging PostgreSQL runs on a smaller instance');
      assert.ok(staging >= 0 && staging <= 2, `staging in the top three: ${order.join(' | ')}`);
      const dentist = find(results, 'Dentist');
      assert.ok(!dentist || order.indexOf(dentist.memory.content) > staging, 'the dentist note shares no word: it stays below');
      assert.ok(!dentist || dentist.score_breakdown.neighbour === 0);
    });
  }

  test('a note that starts with "Decision:" gets no speaker boost', async () => {
    const results = await search(app, { query: 'decision about the monolith', mode: 'deep' });
    const decision = find(results, 'Decision:')!;
    assert.equal(decision.score_breakdown.cues, 1);
  });

  test('a note with a question mark lends no answer boost to the note written after it', async () => {
    const results = await search(app, { query: 'nightly export cron kubernetes', mode: 'deep' });
    assert.equal(results[0]!.memory.content, 'Should we move the nightly export cron to Kubernetes?');
    const next = find(results, 'Buy oat milk');
    assert.ok(!next || next.score_breakdown.neighbour === 0);
  });
});

describe('finding what people mean, offline', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    await createMemory(app, { content: 'Staging PostgreSQL runs on a smaller instance' });
    await createMemory(app, { content: 'The deployment of the billing service failed twice last week' });
    await createMemory(app, { content: 'We deploy the web app every Tuesday' });
    await createMemory(app, { content: 'We use Slack for team chat' });
    await createMemory(app, { content: 'Kubernetes cluster upgraded to 1.29' });
    await createMemory(app, { content: 'Posted the quarterly update on the blog' });
  });
  after(() => app.close());

  for (const mode of ['fast', 'deep']) {
    test(`${mode}: "postgres" finds "PostgreSQL", and the reason names both`, async () => {
      const [top] = await search(app, { query: 'postgres', mode });
      assert.equal(top!.memory.content, 'Staging PostgreSQL runs on a smaller instance');
      assert.match(top!.relevance_reason, /'postgres' \(as 'PostgreSQL'\)/);
    });
  }

  test('a shared beginning is not a word form: "post" does not find "PostgreSQL"', async () => {
    const results = await search(app, { query: 'post' });
    assert.ok(!find(results, 'Staging PostgreSQL'));
  });

  test('"deploy" finds "deployment", and "deployment" finds "deploy"', async () => {
    const deploy = contents(await search(app, { query: 'deploy' }));
    assert.ok(deploy.includes('The deployment of the billing service failed twice last week'));
    const deployment = contents(await search(app, { query: 'deployment' }));
    assert.ok(deployment.includes('We deploy the web app every Tuesday'));
  });

  test('a typo finds the word when the exact words find nothing', async () => {
    const [top] = await search(app, { query: 'kuberentes' });
    assert.equal(top?.memory.content, 'Kubernetes cluster upgraded to 1.29');
  });

  test('typo matching stays out while the exact words find enough', async () => {
    const typoApp = await buildTestApp();
    try {
      for (const content of ['The cast of the play', 'A cast iron pan', 'Broken arm in a cast', 'Two cats asleep']) await createMemory(typoApp, { content });
      const results = await search(typoApp, { query: 'cast' });
      assert.ok(!find(results, 'Two cats'));
    } finally {
      await typoApp.close();
    }
  });

  for (const mode of ['fast', 'deep']) {
    test(`${mode}: "what database do we use" never matches on "use"`, async () => {
      const results = await search(app, { query: 'what database do we use', mode });
      assert.ok(!find(results, 'We use Slack'), contents(results).join(' | '));
      assert.ok(results.every(r => !/'use'/.test(r.relevance_reason)));
    });
  }

  test('a framing word alone is still searched', async () => {
    const [top] = await search(app, { query: 'use' });
    assert.equal(top?.memory.content, 'We use Slack for team chat');
  });
});

describe('entities in deep search', () => {
  test('a query naming an alias finds the memories of the entity', async () => {
    const app = await buildTestApp({ extractor: 'none' });
    try {
      const id = await createMemory(app, { content: 'Moved the storage buckets to Amazon Web Services last spring' });
      await createMemory(app, { content: 'The garden needs watering twice a week' });
      const applied = await post(app, `/memories/${id}/extract-kg/apply`, {
        entities: [{ name: 'Amazon Web Services', entity_type: 'organization', aliases: ['AWS'] }],
        relationships: [],
        extraction_confidence: 0.9,
      });
      assert.equal(applied.status, 200);
      const [top] = await search(app, { query: 'what runs on AWS', mode: 'deep' });
      assert.equal(top?.memory.id, id);
      assert.match(top!.relevance_reason, /same entity Amazon Web Services/);
    } finally {
      await app.close();
    }
  });

  test('a capitalised ordinary word ("Data") taken for a name gives no entity context', async () => {
    const app = await buildTestApp();
    try {
      await createMemory(app, { content: 'Data from the CR pipeline lands in Snowflake every hour.' });
      await createMemory(app, { content: 'Data is kept for ninety days.' });
      for (const content of ['The garden needs watering', 'Retention of staff is a priority this year', 'We meet on Mondays', 'Bought new running shoes']) {
        await createMemory(app, { content });
      }
      const results = await search(app, { query: 'data retention in days', mode: 'deep' });
      assert.ok(results.every(r => r.score_breakdown.entity === 0), results.map(r => r.relevance_reason).join(' | '));
    } finally {
      await app.close();
    }
  });
});

describe('transcript rules for conversation turns', () => {
  const turns = [
    ['D1:1', 'Caroline: What instrument do you play these days?'],
    ['D1:2', 'Melanie: The clarinet, in a community band.'],
    ['D1:3', 'Melanie: I went hiking with my kids.'],
    ['D1:4', 'Caroline: Sounds lovely, where did you go?'],
  ] as const;

  test('a turn that follows a matching question does not outrank the question it leans on', async () => {
    const app = await buildTestApp();
    try {
      for (const [dia_id, content] of turns) await createMemory(app, { content, metadata: { dia_id } });
      const results = await search(app, { query: 'what instrument do you play', mode: 'deep' });
      assert.equal(results[0]!.memory.content, turns[0][1]);
      const answer = find(results, 'Melanie: The clarinet')!;
      assert.ok(answer.score_breakdown.neighbour > 0, 'the answer is lifted…');
      assert.match(answer.relevance_reason, /next to a matching turn of the conversation \('instrument', 'play'\)/);
    } finally {
      await app.close();
    }
  });

  test('turns rank the same whatever order and however concurrently they were posted', async () => {
    const ranks: string[][] = [];
    for (const how of ['in order', 'reversed', 'all at once']) {
      const app = await buildTestApp();
      try {
        const post = ([dia_id, content]: readonly [string, string]) => createMemory(app, { content, metadata: { dia_id } });
        if (how === 'all at once') await Promise.all(turns.map(post));
        else for (const turn of how === 'reversed' ? [...turns].reverse() : turns) await post(turn);
        ranks.push((await search(app, { query: 'what instrument do you play', mode: 'deep' })).map(r => `${r.memory.content} ${r.score_breakdown.neighbour}`));
      } finally {
        await app.close();
      }
    }
    assert.deepEqual(ranks[1], ranks[0]);
    assert.deepEqual(ranks[2], ranks[0]);
  });

  test('the speaker boost goes to a turn whose speaker the query names', async () => {
    const app = await buildTestApp();
    try {
      await createMemory(app, { content: 'the band plays on Sundays', metadata: { speaker: 'Melanie' } });
      const [hit] = await search(app, { query: 'what does Melanie play with the band' });
      assert.equal(hit!.score_breakdown.cues > 1, true);
    } finally {
      await app.close();
    }
  });

  test('memories from a thread neighbour each other by message position, not by when they were written', async () => {
    const app = await buildTestApp();
    try {
      const thread = await post(app, '/threads', {
        thread_id: 'music',
        messages: [
          { role: 'user', content: 'What instrument do you play these days?' },
          { role: 'assistant', content: 'The clarinet, in a community band.' },
          { role: 'user', content: 'I went hiking with my kids.' },
        ],
      });
      const ids: string[] = thread.body.messages.map((m: { id: string }) => m.id);
      // Written out of order: the question, then the third message, then the answer.
      for (const i of [0, 2, 1]) {
        await createMemory(app, { content: ['What instrument do you play these days?', 'The clarinet, in a community band.', 'Went hiking with the kids.'][i], source_thread_id: 'music', source_message_id: ids[i] });
      }
      const results = await search(app, { query: 'what instrument do you play', mode: 'deep' });
      const answer = find(results, 'The clarinet')!.score_breakdown.neighbour;
      assert.ok(answer > 0 && answer > (find(results, 'Went hiking')?.score_breakdown.neighbour ?? 0));
    } finally {
      await app.close();
    }
  });
});

describe('a thesaurus bridges paraphrases when the words match weakly (WordNet)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    await createMemory(app, { content: 'Invoices go out by email on the first of the month' });
    await createMemory(app, { content: 'Bills for the flat are paid by card' });
  });
  after(() => app.close());

  for (const mode of ['fast', 'deep']) {
    test(`${mode}: a query naming bills finds the note about invoices`, async () => {
      const order = contents(await search(app, { query: 'when are customer bills sent', mode }));
      assert.ok(order.includes('Invoices go out by email on the first of the month'), order.join(' | '));
    });
  }

  test('a query whose words all match one note brings no synonym-only note', async () => {
    const order = contents(await search(app, { query: 'bills paid by card', mode: 'fast' }));
    assert.deepEqual(order, ['Bills for the flat are paid by card']);
  });
});
