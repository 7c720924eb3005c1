import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, get, post } from '../../../../test/helpers.ts';

const msg = (content: string) => ({ role: 'user', content });

test('appends arriving together all land in order, and a stale checkpoint among them fails alone', async () => {
  const app = await buildTestApp();
  try {
    await post(app, '/threads', { thread_id: 'burst', messages: [msg('zero')] });
    const [first, stale, second] = await Promise.all([
      post(app, '/threads/burst/append', { messages: [msg('one')], expected_message_count: 1 }),
      post(app, '/threads/burst/append', { messages: [msg('late')], expected_message_count: 1 }),
      post(app, '/threads/burst/append', { messages: [msg('two')] }),
    ]);
    assert.deepEqual([first.status, stale.status, second.status], [200, 409, 200]);
    assert.deepEqual([first.body.total_messages, second.body.total_messages], [2, 3]);
    const thread = (await get(app, '/threads/burst')).body;
    assert.deepEqual(thread.messages.map((m: { content: string }) => m.content), ['zero', 'one', 'two']);
  } finally {
    await app.close();
  }
});
