import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, call, get, put, validationLocs } from '../../../../test/helpers.ts';

test('appends to the working memory sent at the same time all land (read and write in one transaction)', async () => {
  const app = await buildTestApp();
  try {
    await put(app, '/agent/working-memory', { content: '## Focus\n- ship the release' });
    const notes = Array.from({ length: 20 }, (_, i) => `note ${i}`);
    const answers = await Promise.all(notes.map(note => call(app, 'PATCH', '/agent/working-memory', { heading: '## Notes', append: note })));
    assert.ok(answers.every(a => a.status === 200));
    const content: string = (await get(app, '/agent/working-memory')).body.content;
    for (const note of notes) assert.ok(content.includes(note), `${note} was lost:\n${content}`);
    assert.ok(content.startsWith('## Focus\n- ship the release'));
  } finally {
    await app.close();
  }
});

test('a patch takes one of append or content, and never grows the working memory past its bound', async () => {
  const app = await buildTestApp();
  try {
    assert.equal((await call(app, 'PATCH', '/agent/working-memory', { heading: 'Notes' })).status, 422);
    await put(app, '/agent/working-memory', { content: 'x'.repeat(9_990) });
    const tooBig = await call(app, 'PATCH', '/agent/working-memory', { append: 'more words than fit' });
    assert.deepEqual(validationLocs(tooBig), ['body.append']);
    assert.equal((await get(app, '/agent/working-memory')).body.content.length, 9_990);
    const replaced = await call(app, 'PATCH', '/agent/working-memory', { content: '## Fresh start' });
    assert.equal(replaced.body.content, '## Fresh start');
  } finally {
    await app.close();
  }
});
