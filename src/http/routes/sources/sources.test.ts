import assert from 'node:assert/strict';
import { after, before, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, del, expectOk, get, patch, post, put, validationLocs } from '../../../../test/helpers.ts';
import { fixture, uploadFile } from '../../../../test/sources.ts';
import type { App } from '../../../main.ts';
import { listenForMcp, mcpClients } from '../../../../test/mcp.ts';

const LONG_SECTION = (topic: string) => `## ${topic}\n\n${`${topic} notes: ${'moss lichen granite '.repeat(30)}\n\n`.repeat(3)}`;

describe('sources: read, search, edit, labels, delete', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('an uploaded Markdown file becomes a source whose chunks are memories pointing back to it', async () => {
    const ingested = expectOk(await uploadFile(app, 'notes.md', fixture('notes.md'), { labels: 'trails, field', user_comment: 'from the hike' }), 'upload');
    assert.equal(ingested.is_duplicate, false);
    assert.equal(ingested.original_name, 'notes.md');
    const id = ingested.source_id as string;

    const detail = expectOk(await get(app, `/sources/${id}`), 'detail');
    assert.equal(detail.source.source_type, 'file');
    assert.equal(detail.source.mime_type, 'text/markdown');
    assert.equal(detail.source.size_bytes, fixture('notes.md').length);
    assert.equal(detail.source.metadata.user_comment, 'from the hike');
    assert.equal(detail.source.label_ids.length, 2);
    assert.ok(detail.memories.length >= 1);
    assert.equal(detail.source.chunk_count, detail.memories.length);
    const [chunk] = detail.memories;
    assert.equal(chunk.metadata.source_id, id);
    assert.equal(chunk.metadata.chunk_index, 0);
    assert.equal(chunk.metadata.char_start, 0);
    const content = expectOk(await get(app, `/sources/${id}/content`), 'content').content as string;
    assert.equal(content.slice(chunk.metadata.char_start, chunk.metadata.char_end).trim(), chunk.content, 'the range points at the chunk in the text');

    // Searchable at once: memory search finds the chunk, source search the source.
    const hits = expectOk(await post(app, '/memories/search', { query: 'widest stones cairn winter' }), 'memory search');
    assert.ok(hits.some((h: { memory: { metadata: { source_id?: string } } }) => h.memory.metadata.source_id === id), JSON.stringify(hits).slice(0, 500));
    const found = expectOk(await get(app, '/sources/search?q=cairn%20stones'), 'source search');
    assert.equal(found.results[0].source_id, id);
    assert.match(found.results[0].snippet, /[Cc]airn/);

    // The same bytes again: a duplicate, no second source.
    const again = expectOk(await uploadFile(app, 'copy.md', fixture('notes.md')), 'upload again');
    assert.equal(again.is_duplicate, true);
    assert.equal(again.source_id, id);
  });

  test('content pages by characters; raw answers the original bytes with their content type', async () => {
    const text = LONG_SECTION('Basalt') + LONG_SECTION('Granite');
    const { source_id: id } = expectOk(await post(app, '/sources/ingest/content', { name: 'rocks.md', content: text }), 'ingest content');
    const page = expectOk(await get(app, `/sources/${id}/content?offset=10&limit=100`), 'page');
    assert.equal(page.content, text.slice(10, 110));
    assert.equal(page.returned_length, 100);
    assert.equal(page.total_length, text.length);
    assert.equal(page.has_more, true);
    assert.equal(page.content_type, 'markdown');
    assert.deepEqual(validationLocs(await get(app, `/sources/${id}/content?limit=50`)), ['query.limit']);

    const raw = await app.server.inject({ method: 'GET', url: `/sources/${id}/raw` });
    assert.equal(raw.statusCode, 200);
    assert.match(String(raw.headers['content-type']), /^text\/markdown/);
    assert.equal(raw.body, text);
    assert.equal((await get(app, `/sources/${id}`)).body.source.chunk_count > 1, true, 'a long text is cut into several chunks');
  });

  test('list filters by type, labels (AND, by name or id) and metadata; pages with a total', async () => {
    const a = expectOk(await uploadFile(app, 'a.txt', new TextEncoder().encode('Alder grows by rivers.'), { labels: '["botany","rivers"]', metadata: '{"customer":"acme"}' }), 'a');
    const b = expectOk(await uploadFile(app, 'b.txt', new TextEncoder().encode('Birch bark peels in sheets.'), { labels: 'botany', metadata: '{"customer":"globex"}' }), 'b');
    const ids = (query: string) => get(app, `/sources?${query}`).then(r => expectOk(r, query).sources.map((s: { id: string }) => s.id));
    assert.deepEqual(await ids('labels=botany&labels=rivers'), [a.source_id]);
    assert.deepEqual(new Set(await ids('label=botany')), new Set([a.source_id, b.source_id]));
    const rivers = expectOk(await get(app, '/labels?limit=1000'), 'labels').find((l: { name: string }) => l.name === 'rivers');
    assert.deepEqual(await ids(`labels=${rivers.id}`), [a.source_id], 'a label named by its id');
    assert.deepEqual(await ids('metadata=customer=globex'), [b.source_id]);
    assert.deepEqual(new Set(await ids('metadata=customer=globex&metadata=customer=acme')), new Set([a.source_id, b.source_id]));
    assert.deepEqual(await ids('labels=no-such-label'), []);
    assert.ok((await ids('source_type=content')).length >= 1);
    const page = expectOk(await get(app, '/sources?limit=1&offset=1'), 'page');
    assert.equal(page.sources.length, 1);
    assert.ok(page.total >= 4);
    assert.deepEqual(validationLocs(await get(app, '/sources?limit=201')), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, '/sources/search?q=')), ['query.q']);
  });

  test('labels on a source: list, assign, remove; unknown label or source is 404', async () => {
    const { source_id: id } = expectOk(await post(app, '/sources/ingest/content', { name: 'lbl.md', content: 'Lichens are fungi and algae together.' }), 'ingest');
    const label = expectOk(await post(app, '/labels?name=symbiosis'), 'label');
    expectOk(await post(app, `/sources/${id}/labels/${label.id}`), 'assign');
    assert.deepEqual((await get(app, `/sources/${id}/labels`)).body.labels.map((l: { name: string }) => l.name), ['symbiosis']);
    assert.deepEqual((await get(app, `/sources/${id}`)).body.source.label_ids, [label.id]);
    expectOk(await del(app, `/sources/${id}/labels/${label.id}`), 'remove');
    assert.deepEqual((await get(app, `/sources/${id}/labels`)).body.labels, []);
    assert.equal((await post(app, `/sources/${id}/labels/nope`)).body.error_code, 'label_not_found');
    assert.equal((await get(app, '/sources/nope/labels')).body.error_code, 'source_not_found');
  });

  test('PUT content replaces the text and the chunks; extract reads the original again; PATCH marks stale', async () => {
    const { source_id: id } = expectOk(await post(app, '/sources/ingest/content', { name: 'edit.md', content: 'Original words about quartz crystals.' }), 'ingest');
    const before = (await get(app, `/sources/${id}`)).body.memories.map((m: { id: string }) => m.id);
    const edited = expectOk(await put(app, `/sources/${id}/content`, { content: '# Edited\n\nNew words about feldspar.' }), 'edit');
    assert.equal(edited.version, 2);
    const detail = (await get(app, `/sources/${id}`)).body;
    assert.match(detail.memories[0].content, /feldspar/);
    for (const old of before) assert.equal((await get(app, `/memories/${old}`)).status, 404, 'the old chunks are gone');
    assert.equal((await get(app, `/sources/${id}/content`)).body.content, '# Edited\n\nNew words about feldspar.');
    assert.ok(!(await get(app, '/sources/search?q=quartz')).body.results.some((r: { source_id: string }) => r.source_id === id));

    const extracted = expectOk(await post(app, `/sources/${id}/extract`), 'extract');
    assert.equal(extracted.status, 'extracted');
    assert.equal(extracted.version, '3');
    assert.match((await get(app, `/sources/${id}/content`)).body.content, /quartz/);

    assert.equal(expectOk(await patch(app, `/sources/${id}`, { action: 'mark_stale' }), 'stale').lifecycle_state, 'stale');
    assert.equal(expectOk(await patch(app, `/sources/${id}`, { action: 'reparse' }), 'reparse').lifecycle_state, 'chunked');
    assert.deepEqual(validationLocs(await patch(app, `/sources/${id}`, { action: 'explode' })), ['body.action']);
    assert.deepEqual(validationLocs(await put(app, `/sources/${id}/content`, { content: '' })), ['body.content']);
    assert.equal((await post(app, `/sources/${id}/refetch`)).body.error_code, 'not_a_url_source');
    assert.equal((await get(app, `/sources/${id}/images/fig1.png`)).body.error_code, 'image_not_found');
  });

  test('delete moves the source and its chunks to the trash; restoring the source brings both back', async () => {
    const { source_id: id } = expectOk(await post(app, '/sources/ingest/content', { name: 'gone.md', content: 'Obsidian is volcanic glass.' }), 'ingest');
    const chunks = (await get(app, `/sources/${id}`)).body.memories.map((m: { id: string }) => m.id) as string[];
    const deleted = expectOk(await del(app, `/sources/${id}`), 'delete');
    assert.equal(deleted.in_trash, true);
    assert.equal(deleted.deleted_memories, chunks.length);
    assert.equal((await get(app, `/sources/${id}`)).status, 404);
    assert.equal((await get(app, `/memories/${chunks[0]}`)).status, 404);
    assert.ok(!(await get(app, '/sources?limit=200')).body.sources.some((s: { id: string }) => s.id === id));
    assert.equal((await get(app, `/trash/${chunks[0]}`)).status, 200, 'the chunk is in the trash');

    const restored = expectOk(await post(app, '/trash/restore', { ids: [id] }), 'restore');
    assert.equal(restored.restored_count, 1);
    assert.deepEqual(restored.results, [{ id, status: 'restored' }]);
    const back = expectOk(await get(app, `/sources/${id}`), 'restored source');
    assert.deepEqual(back.memories.map((m: { id: string }) => m.id), chunks, 'the same chunk memories are back');
    assert.equal((await get(app, `/sources/${id}/raw`)).text, 'Obsidian is volcanic glass.');
    assert.equal((await del(app, '/sources/nope')).body.error_code, 'source_not_found');
  });

  test('once its chunks leave the trash for good (emptied), the deleted source goes too and cannot be restored', async () => {
    const { source_id: id } = expectOk(await post(app, '/sources/ingest/content', { name: 'emptied.md', content: 'Scoria is full of gas bubbles.' }), 'ingest');
    const [chunk] = (await get(app, `/sources/${id}`)).body.memories;
    expectOk(await del(app, `/sources/${id}`), 'delete');
    expectOk(await post(app, '/trash/empty', { ids: [chunk.id] }), 'empty');
    assert.equal(await app.deps.store.sources.getById(id), undefined, 'no row left behind');
    assert.equal((await post(app, '/trash/restore', { ids: [id] })).body.results[0].status, 'not_found');
  });

  test('a space guard hides a source of another space', async () => {
    const { source_id: id } = expectOk(await post(app, '/sources/ingest/content', { name: 'ops.md', content: 'Runbook for the ops space.', space_id: 'ops' }), 'ingest');
    assert.equal((await get(app, `/sources/${id}?space_id=research`)).status, 404);
    expectOk(await get(app, `/sources/${id}?space_id=ops`), 'in its space');
    assert.deepEqual((await get(app, '/sources?space_id=ops')).body.sources.map((s: { id: string }) => s.id), [id]);
  });

  test("a space counts its sources, and one holding a source is not deleted", async () => {
    expectOk(await post(app, '/spaces', { name: 'Archive' }), 'space');
    const { source_id: id } = expectOk(await post(app, '/sources/ingest/content', { name: 'kept.md', content: 'Kept in the archive space.', space_id: 'Archive' }), 'ingest');
    assert.equal(expectOk(await get(app, '/spaces/archive'), 'space').usage.sources, 1);
    // Its chunk holds the space too: the source is what the answer must name.
    const blocked = await del(app, '/spaces/archive');
    assert.equal(blocked.status, 409);
    assert.equal(blocked.body.usage.sources, 1);
    expectOk(await del(app, `/sources/${id}`), 'delete source');
    assert.equal(expectOk(await get(app, '/spaces/archive'), 'space').usage.sources, 0, 'a trashed source no longer counts');
  });
});

describe('sources with the trash off', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ trashDays: 0 });
  });
  after(() => app.close());

  test('a delete is final: source, bytes and chunks go', async () => {
    const { source_id: id } = expectOk(await post(app, '/sources/ingest/content', { name: 'final.md', content: 'Pumice floats on water.' }), 'ingest');
    const [chunk] = (await get(app, `/sources/${id}`)).body.memories;
    assert.equal(expectOk(await del(app, `/sources/${id}`), 'delete').in_trash, false);
    assert.equal((await get(app, `/memories/${chunk.id}`)).status, 404);
    assert.equal((await post(app, '/trash/restore', { ids: [id] })).body.results[0].status, 'not_found');
  });
});

describe('sources over MCP', () => {
  let app: App;
  let url = '';
  const mcp = mcpClients(() => url);
  before(async () => {
    app = await buildTestApp();
    url = await listenForMcp(app);
  });
  after(async () => {
    await mcp.closeAll();
    await app.close();
  });

  test('an assistant keeps a text as a source, finds its chunk with memory_search, and reads the source back', async () => {
    const client = await mcp.connect();
    const kept = await mcp.call(client, 'source_ingest', { content: '# Tarns\n\nA tarn is a mountain lake in a cirque carved by a glacier.', name: 'tarns.md', labels: ['lakes'] });
    assert.ok(!kept.isError, kept.content[0]?.text);
    const id = kept.structuredContent!.source_id as string;
    const found = await mcp.call(client, 'memory_search', { query: 'mountain lake cirque' });
    assert.match(found.content[0]!.text, /tarn/i);
    const read = await mcp.call(client, 'source_read', { source_id: id });
    assert.ok(!read.isError, read.content[0]?.text);
    assert.match(read.content[0]!.text, /A tarn is a mountain lake/);
    assert.equal(read.structuredContent!.chunk_ids.length, 1);
    const both = await mcp.call(client, 'source_ingest', { content: 'x', url: 'http://127.0.0.1:1/' });
    assert.equal(both.isError, true);
    assert.match(both.content[0]!.text, /exactly one of url, file_path or content/);
  });
});
