import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, del, get, post } from '../../../../test/helpers.ts';

describe('memory provenance from threads', () => {
  let app: App;
  let messageIds: string[];
  before(async () => {
    app = await buildTestApp();
    const created = await post(app, '/threads', {
      thread_id: 'standup',
      title: 'Standup',
      messages: [{ role: 'user', content: 'We move the release to Thursday.' }, { role: 'assistant', content: 'Noted: release on Thursday.' }],
    });
    messageIds = created.body.messages.map((m: any) => m.id);
    await post(app, '/threads', { thread_id: 'other', messages: [{ role: 'user', content: 'unrelated' }] });
  });
  after(() => app.close());

  test('real thread and message ids are kept, and the thread page lists the memory and the message it cites', async () => {
    const created = await post(app, '/memories', { content: 'Release moved to Thursday', source_thread_id: 'standup', source_message_id: messageIds[0] });
    assert.deepEqual(created.body.warnings, []);
    const memory = await get(app, `/memories/${created.body.id}`);
    assert.equal(memory.body.source_thread_id, 'standup');
    assert.equal(memory.body.source_message_id, messageIds[0]);
    const thread = await get(app, '/threads/standup');
    assert.deepEqual(thread.body.related_memories.map((m: any) => m.id), [created.body.id]);
    assert.deepEqual(thread.body.covered_message_ids, [messageIds[0]]);
  });

  test('ids that name nothing here (yet) are kept as given, say so in warnings, and show as unresolved', async () => {
    const cases: Record<string, string | undefined>[] = [
      { source_thread_id: 'no-such-thread' },
      { source_thread_id: 'standup', source_message_id: 'no-such-message' },
      { source_thread_id: 'other', source_message_id: messageIds[1] },
      { source_thread_id: 'standup', space_id: 'elsewhere' },
    ];
    for (const provenance of cases) {
      const created = await post(app, '/memories', { content: `case ${JSON.stringify(provenance)}`, ...provenance });
      assert.equal(created.status, 200);
      assert.equal(created.body.warnings.length, 1, JSON.stringify(provenance));
      const memory = await get(app, `/memories/${created.body.id}${provenance.space_id ? `?space_id=${provenance.space_id}` : ''}`);
      assert.equal(memory.body.source_thread_id, provenance.source_thread_id, JSON.stringify(provenance));
      assert.equal(memory.body.source_message_id, provenance.source_message_id ?? null, JSON.stringify(provenance));
      const threadExists = provenance.source_thread_id !== 'no-such-thread' && !provenance.space_id;
      assert.equal(memory.body.source_thread.resolved, threadExists, JSON.stringify(provenance));
    }
  });

  test('a memory saved before its thread is synced links to it once the thread arrives', async () => {
    const created = await post(app, '/memories', { content: 'Captured before the sync', source_thread_id: 'later' });
    assert.deepEqual(created.body.memory.source_thread, { id: 'later', title: '', space_id: 'default', resolved: false });
    await post(app, '/threads', { thread_id: 'later', title: 'Synced later', messages: [{ role: 'user', content: 'hello' }] });
    const memory = await get(app, `/memories/${created.body.id}`);
    assert.deepEqual(memory.body.source_thread, { id: 'later', title: 'Synced later', space_id: 'default', resolved: true });
    const listed = await get(app, '/memories?limit=100');
    assert.equal(listed.body.memories.find((m: any) => m.id === created.body.id).source_thread.resolved, true);
  });

  test('a message id alone is kept without inferring its thread', async () => {
    const created = await post(app, '/memories', { content: 'Only the message', source_message_id: messageIds[1] });
    const memory = await get(app, `/memories/${created.body.id}`);
    assert.equal(memory.body.source_message_id, messageIds[1]);
    assert.equal(memory.body.source_thread_id, null);
  });

  test('deleting a thread keeps its memories but forgets the link; with cascade_delete_memories they go too', async () => {
    await post(app, '/threads', { thread_id: 'keep', messages: [{ role: 'user', content: 'k' }] });
    const kept = await post(app, '/memories', { content: 'kept memory', source_thread_id: 'keep' });
    const deleted = await del(app, '/threads/keep');
    assert.equal(deleted.body.deleted_memories, 0);
    const memory = await get(app, `/memories/${kept.body.id}`);
    assert.equal(memory.status, 200);
    assert.equal(memory.body.source_thread_id, null);

    await post(app, '/threads', { thread_id: 'drop', messages: [{ role: 'user', content: 'd' }] });
    const a = await post(app, '/memories', { content: 'cascade one', source_thread_id: 'drop', labels: ['from-drop'] });
    const b = await post(app, '/memories', { content: 'cascade two', source_thread_id: 'drop' });
    const unrelated = await post(app, '/memories', { content: 'not from drop' });
    const cascade = await del(app, '/threads/drop?cascade_delete_memories=true');
    assert.equal(cascade.status, 200);
    assert.deepEqual([cascade.body.deleted_memories, cascade.body.cascade_deletion], [2, true]);
    assert.equal((await get(app, `/memories/${a.body.id}`)).status, 404);
    assert.equal((await get(app, `/memories/${b.body.id}`)).status, 404);
    assert.equal((await get(app, `/memories/${unrelated.body.id}`)).status, 200);
    const search = await post(app, '/memories/search', { query: 'cascade' });
    assert.deepEqual(search.body, []);
    const label = (await get(app, '/labels')).body.find((l: any) => l.name === 'from-drop');
    assert.equal(label.usage_count, 0);
  });
});
