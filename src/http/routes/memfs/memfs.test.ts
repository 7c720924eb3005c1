import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, createMemory, post, validationLocs } from '../../../../test/helpers.ts';

test('POST /agent/mem-fs runs a command in the given space and answers output, data and the command', async () => {
  const app = await buildTestApp();
  try {
    const id = await createMemory(app, { content: 'Postgres is the scale-out store.', space_id: 'work' });
    const response = await post(app, '/agent/mem-fs', { command: 'ls /memories/by-id', space_id: 'work' });
    assert.equal(response.status, 200);
    assert.equal(response.body.command, 'ls /memories/by-id');
    assert.match(response.body.output, new RegExp(`/memories/by-id/${id}\\.memory\\.md`));
    assert.equal(response.body.data.entries[0].id, id);
    assert.equal((await post(app, '/agent/mem-fs', { command: 'ls /memories/by-id' })).body.data.entries.length, 0);
  } finally {
    await app.close();
  }
});

test('POST /agent/mem-fs answers 422 for an empty or unknown command and 404 for an unknown path', async () => {
  const app = await buildTestApp();
  try {
    assert.deepEqual(validationLocs(await post(app, '/agent/mem-fs', { command: '' })), ['body.command']);
    assert.deepEqual(validationLocs(await post(app, '/agent/mem-fs', { command: '  ' })), ['body.command']);
    const unknown = await post(app, '/agent/mem-fs', { command: 'rm /memories' });
    assert.deepEqual(validationLocs(unknown), ['body.command']);
    assert.match(unknown.body.detail[0].msg, /knows capabilities, ls, cat, grep, recall, find, stat/);
    const missing = await post(app, '/agent/mem-fs', { command: 'cat /threads/nope.md' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'thread_not_found');
  } finally {
    await app.close();
  }
});

test('POST /agent/mem-fs needs the API key once one is configured', async () => {
  const app = await buildTestApp({ apiKey: 'secret-key' });
  try {
    assert.equal((await post(app, '/agent/mem-fs', { command: 'ls /' })).status, 401);
    assert.equal((await post(app, '/agent/mem-fs', { command: 'ls /' }, { authorization: 'Bearer secret-key' })).status, 200);
  } finally {
    await app.close();
  }
});
