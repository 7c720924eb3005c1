import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { get, patch, post } from '../../../../test/helpers.ts';
import { buildExportApp } from '../../../../test/exports.ts';

test('merging an older export back keeps what changed here since, and the thread stays appendable', async () => {
  const t = await buildExportApp();
  try {
    await post(t.app, '/threads', { thread_id: 's1', messages: [{ role: 'user', content: 'first turn' }] });
    const memory = (await post(t.app, '/memories', { content: 'Deploys run on Mondays' })).body.id;
    assert.equal((await post(t.app, '/data/export', { export_path: 'old.zip' })).status, 200);
    await post(t.app, '/threads/s1/append', { messages: [{ role: 'assistant', content: 'second turn' }] });
    await new Promise(resolve => setTimeout(resolve, 5)); // a later updated_at than the archive's
    await patch(t.app, `/memories/${memory}`, { content: 'Deploys run on Tuesdays' });

    const imported = await post(t.app, '/data/import', { import_path: 'old.zip', mode: 'merge' });
    assert.equal(imported.status, 200, imported.text);
    assert.equal((await get(t.app, `/memories/${memory}`)).body.content, 'Deploys run on Tuesdays');
    const thread = await get(t.app, '/threads/s1');
    assert.equal(thread.body.message_count, 2);
    const appended = await post(t.app, '/threads/s1/append', { messages: [{ role: 'user', content: 'third turn' }] });
    assert.equal(appended.status, 200, appended.text);
    assert.equal(appended.body.total_messages, 3);
  } finally {
    await t.close();
  }
});

test('merging another store that shares a label name and a thread id maps onto them instead of failing', async () => {
  const a = await buildExportApp();
  const b = await buildExportApp({ exportDir: a.exportDir });
  try {
    await post(a.app, '/memories', { content: 'Backups are checked on Fridays', labels: ['ops'] });
    await post(a.app, '/threads', { thread_id: 'session-1', messages: [{ role: 'user', content: 'from store A' }] });
    assert.equal((await post(a.app, '/data/export', { export_path: 'a.zip' })).status, 200);

    await post(b.app, '/memories', { content: 'On-call rotates weekly', labels: ['ops'] });
    await post(b.app, '/threads', { thread_id: 'session-1', messages: [{ role: 'user', content: 'from store B' }] });
    const imported = await post(b.app, '/data/import', { import_path: 'a.zip', mode: 'merge' });
    assert.equal(imported.status, 200, imported.text);
    assert.ok(imported.body.warnings.some((w: string) => w.startsWith('messages: thread')), JSON.stringify(imported.body.warnings));

    const labels = (await get(b.app, '/labels')).body.filter((l: any) => l.name === 'ops');
    assert.equal(labels.length, 1);
    assert.equal(labels[0].usage_count, 2, 'the imported memory carries the label that was already here');
    const thread = await get(b.app, '/threads/session-1');
    assert.deepEqual(thread.body.messages.map((m: any) => m.content), ['from store B']);
    assert.equal((await post(b.app, '/threads/session-1/append', { messages: [{ role: 'user', content: 'more' }] })).status, 200);
  } finally {
    await b.close();
    await a.close();
  }
});

test('merging a newer copy of a record updates it', async () => {
  const a = await buildExportApp();
  const b = await buildExportApp({ exportDir: a.exportDir });
  try {
    await post(a.app, '/memories', { id: 'shared', content: 'Version one' });
    await post(a.app, '/data/export', { export_path: 'v1.zip' });
    await post(b.app, '/data/import', { import_path: 'v1.zip' });
    await new Promise(resolve => setTimeout(resolve, 5));
    await patch(a.app, '/memories/shared', { content: 'Version two' });
    await post(a.app, '/data/export', { export_path: 'v2.zip' });
    const merged = await post(b.app, '/data/import', { import_path: 'v2.zip', mode: 'merge' });
    assert.equal(merged.body.counts.memories.updated, 1);
    assert.equal((await get(b.app, '/memories/shared')).body.content, 'Version two');
  } finally {
    await b.close();
    await a.close();
  }
});
