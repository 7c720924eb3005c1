import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { buildTestApp, createMemory, get, post, validationLocs } from '../../../test/helpers.ts';

/** The front matter block of a markdown export as key → raw value text, and the body after it. */
function splitFrontMatter(markdown: string): { fields: Map<string, string>; body: string } {
  const match = markdown.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  assert.ok(match, `markdown starts with a front matter block:\n${markdown}`);
  const fields = new Map<string, string>();
  for (const line of match[1].split('\n')) {
    const colon = line.indexOf(': ');
    assert.ok(colon > 0, `front matter line is "key: value": ${line}`);
    fields.set(line.slice(0, colon), line.slice(colon + 2));
  }
  return { fields, body: match[2] };
}

describe('per-memory export (GET /memories/{id}/export)', () => {
  let app: App;
  let id: string;
  before(async () => {
    app = await buildTestApp();
    id = await createMemory(app, {
      title: 'Pottery class',
      content: 'Caroline went to a pottery class.\nShe made a bowl.',
      labels: ['art', 'hobby'],
      importance: 0.7,
      metadata: { source_app: 'notes', mood: 'happy' },
    });
  });
  after(() => app.close());

  test('json is the default format and returns the memory record', async () => {
    const exported = await get(app, `/memories/${id}/export`);
    assert.equal(exported.status, 200);
    assert.match(String(exported.headers['content-type']), /^application\/json\b/);
    const record = (await get(app, `/memories/${id}`)).body;
    assert.deepEqual(exported.body, record);
    assert.equal(exported.body.content, 'Caroline went to a pottery class.\nShe made a bowl.');
    assert.deepEqual(exported.body.metadata, { source_app: 'notes', mood: 'happy' });
  });

  test('format=json gives the same record as the default', async () => {
    const explicit = await get(app, `/memories/${id}/export?format=json`);
    assert.equal(explicit.status, 200);
    assert.deepEqual(explicit.body, (await get(app, `/memories/${id}/export`)).body);
  });

  test('markdown has front matter and then the title and body, as text/markdown', async () => {
    const exported = await get(app, `/memories/${id}/export?format=markdown`);
    assert.equal(exported.status, 200);
    assert.match(String(exported.headers['content-type']), /^text\/markdown\b/);
    const { fields, body } = splitFrontMatter(exported.text);
    assert.equal(JSON.parse(fields.get('id')!), id);
    assert.equal(JSON.parse(fields.get('title')!), 'Pottery class');
    assert.equal(JSON.parse(fields.get('importance')!), 0.7);
    assert.deepEqual(JSON.parse(fields.get('labels')!), ['art', 'hobby']);
    assert.deepEqual(JSON.parse(fields.get('metadata')!), { source_app: 'notes', mood: 'happy' });
    assert.ok(fields.has('created_at'));
    assert.ok(body.includes('# Pottery class'));
    assert.ok(body.includes('Caroline went to a pottery class.\nShe made a bowl.'));
  });

  test('markdown front matter stays well formed when the title holds quotes and colons', async () => {
    const tricky = await createMemory(app, { title: 'Note: "quoted" --- and more', content: 'body text' });
    const exported = await get(app, `/memories/${tricky}/export?format=markdown`);
    const { fields } = splitFrontMatter(exported.text);
    assert.equal(JSON.parse(fields.get('title')!), 'Note: "quoted" --- and more');
  });

  test('html is a standalone page served as text/html', async () => {
    const exported = await get(app, `/memories/${id}/export?format=html`);
    assert.equal(exported.status, 200);
    assert.match(String(exported.headers['content-type']), /^text\/html\b/);
    assert.match(exported.text, /^<!doctype html>/i);
    assert.ok(exported.text.includes('<title>Pottery class</title>'));
    assert.ok(exported.text.includes('Caroline went to a pottery class.'));
    assert.ok(exported.text.includes('source_app'));
  });

  test('html escapes content, so a <script> comes back as text', async () => {
    const hostile = await createMemory(app, {
      title: '<img src=x onerror=alert(1)>',
      content: 'before <script>alert("x")</script> & after',
      metadata: { note: '</td><script>bad()</script>' },
    });
    const exported = await get(app, `/memories/${hostile}/export?format=html`);
    assert.equal(exported.status, 200);
    assert.ok(!/<script/i.test(exported.text), 'no live <script> tag');
    assert.ok(!exported.text.includes('<img'), 'no live <img> tag');
    assert.ok(exported.text.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; after'));
    assert.ok(exported.text.includes('&lt;img src=x onerror=alert(1)&gt;'));
  });

  test('include_metadata=false drops metadata from json', async () => {
    const exported = await get(app, `/memories/${id}/export?include_metadata=false`);
    assert.equal(exported.status, 200);
    assert.equal('metadata' in exported.body, false);
    assert.equal(exported.body.id, id);
    assert.equal(exported.body.content, 'Caroline went to a pottery class.\nShe made a bowl.');
    assert.equal(exported.body.title, 'Pottery class');
  });

  test('include_metadata=false drops metadata from markdown and html', async () => {
    const markdown = await get(app, `/memories/${id}/export?format=markdown&include_metadata=false`);
    const { fields, body } = splitFrontMatter(markdown.text);
    assert.equal(fields.has('metadata'), false);
    assert.ok(body.includes('She made a bowl.'));
    assert.ok(!markdown.text.includes('source_app'));
    const html = await get(app, `/memories/${id}/export?format=html&include_metadata=false`);
    assert.equal(html.status, 200);
    assert.ok(!html.text.includes('source_app'));
    assert.ok(html.text.includes('She made a bowl.'));
  });

  test('include_metadata=true keeps metadata in every format', async () => {
    assert.deepEqual((await get(app, `/memories/${id}/export?include_metadata=true`)).body.metadata, { source_app: 'notes', mood: 'happy' });
    assert.ok((await get(app, `/memories/${id}/export?format=markdown&include_metadata=true`)).text.includes('source_app'));
  });

  test('an unknown format or a non-boolean include_metadata is a 422', async () => {
    assert.deepEqual(validationLocs(await get(app, `/memories/${id}/export?format=pdf`)), ['query.format']);
    assert.deepEqual(validationLocs(await get(app, `/memories/${id}/export?format=JSON`)), ['query.format']);
    assert.deepEqual(validationLocs(await get(app, `/memories/${id}/export?include_metadata=perhaps`)), ['query.include_metadata']);
  });

  test('an unknown memory is a 404 memory_not_found in every format', async () => {
    for (const format of ['json', 'markdown', 'html']) {
      const missing = await get(app, `/memories/no-such-memory/export?format=${format}`);
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error_code, 'memory_not_found');
      assert.match(String(missing.headers['content-type']), /^application\/json\b/);
    }
  });

  test('a forgotten memory cannot be exported', async () => {
    const gone = await createMemory(app, { content: 'forget then export' });
    assert.equal((await post(app, `/memories/${gone}/forget`)).status, 200);
    assert.equal((await get(app, `/memories/${gone}/export`)).status, 404);
  });
});
