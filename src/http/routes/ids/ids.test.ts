import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, patch, post, put } from '../../../../test/helpers.ts';

// Caller-given ids (POST /memories upserts by id) make the prefixes they share certain: A and B differ only in their
// last digit, C shares only "0190" with them.
const A = '0190aaaa-0000-7000-8000-00000000000a';
const B = '0190aaaa-0000-7000-8000-00000000000b';
const C = '0190bbbb-1111-7000-8000-000000000001';

async function shortOf(app: App, kind: string, ids: string[], spaceId?: string): Promise<Record<string, string>> {
  const response = await post(app, '/ids/short', { kind, ids, ...(spaceId ? { space_id: spaceId } : {}) });
  assert.equal(response.status, 200, response.text);
  return response.body.short_ids;
}

describe('short ids: a unique prefix names a memory', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    for (const [id, title] of [[A, 'Alpha'], [B, 'Bravo'], [C, 'Charlie']]) await createMemory(app, { id, title, content: `${title} memory` });
  });
  after(() => app.close());

  test('a unique prefix reads the memory; the answer keeps the full id', async () => {
    const read = await get(app, '/memories/0190bbbb');
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.id, C);
    assert.equal(read.body.title, 'Charlie');
  });

  test('hyphens are optional and case does not matter', async () => {
    assert.equal((await get(app, '/memories/0190BBBB1111')).body.id, C);
    assert.equal((await get(app, '/memories/0190bbbb-11')).body.id, C);
    assert.equal((await get(app, `/memories/${A.replaceAll('-', '')}`)).body.id, A);
  });

  test('an ambiguous prefix is a 409 ambiguous_id listing the candidates', async () => {
    const response = await get(app, '/memories/0190aaaa-0000');
    assert.equal(response.status, 409, response.text);
    assert.equal(response.body.error_code, 'ambiguous_id');
    assert.deepEqual(response.body.candidates, [A, B]);
    assert.match(response.body.detail, /0190aaaa-0000 is ambiguous/);
    // Reads, writes and deletes alike: nothing is changed by an ambiguous id.
    assert.equal((await patch(app, '/memories/0190aaaa', { title: 'Changed' })).status, 409);
    assert.equal((await del(app, '/memories/0190aaaa')).status, 409);
    assert.equal((await get(app, `/memories/${A}`)).body.title, 'Alpha');
  });

  test('a prefix that starts no id, or is shorter than 8 hex digits, is the usual 404', async () => {
    const none = await get(app, '/memories/0190cccc');
    assert.equal(none.status, 404, none.text);
    assert.equal(none.body.error_code, 'memory_not_found');
    assert.equal((await get(app, '/memories/0190bbb')).status, 404);
    assert.equal((await get(app, '/memories/0190')).status, 404);
  });

  test('writes take a prefix: update, lifecycle and a body id (supersede)', async () => {
    const updated = await patch(app, '/memories/0190bbbb', { importance: 0.9 });
    assert.equal(updated.status, 200, updated.text);
    assert.equal((await get(app, `/memories/${C}`)).body.importance, 0.9);
    const newer = await createMemory(app, { content: 'A newer take on Bravo' });
    const superseded = await post(app, `/memories/${B.replaceAll('-', '').slice(0, 32)}/supersede`, { newer_memory_id: newer.slice(0, 23) });
    assert.equal(superseded.status, 200, superseded.text);
    assert.equal(superseded.body.id, B);
    assert.equal(superseded.body.lifecycle_state, 'superseded');
    assert.equal((await post(app, `/memories/${B}/restore`)).status, 200);
    const history = await get(app, '/agent/evolves?memory_id=0190aaaa-0000-7000-8000-00000000000b');
    assert.equal(history.status, 200, history.text);
    assert.deepEqual(history.body.edges.map((e: { newer_id: string; older_id: string }) => [e.newer_id, e.older_id]), [[newer, B]]);
  });

  test('deleted memories in the trash: read and restore by prefix', async () => {
    const id = await createMemory(app, { id: '0190eeee-0000-7000-8000-000000000001', content: 'to be deleted' });
    assert.equal((await del(app, '/memories/0190eeee')).status, 200);
    const item = await get(app, '/trash/0190eeee');
    assert.equal(item.status, 200, item.text);
    assert.equal(item.body.memory.id, id);
    const restored = await post(app, '/trash/restore', { ids: ['0190EEEE'] });
    assert.equal(restored.status, 200, restored.text);
    assert.equal((await get(app, '/memories/0190eeee')).body.id, id);
  });

  test('creating with a caller id never resolves it: an id that is a prefix of another is a new memory', async () => {
    const created = await post(app, '/memories', { id: '0190bbbb', title: 'Exact', content: 'an id of its own' });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.id, '0190bbbb');
    assert.equal((await get(app, `/memories/${C}`)).body.title, 'Charlie');
    // An id stored as given wins over the ids it starts.
    assert.equal((await get(app, '/memories/0190bbbb')).body.title, 'Exact');
    assert.equal((await del(app, '/memories/0190bbbb')).status, 200);
    assert.equal((await get(app, '/memories/0190bbbb')).body.id, C);
  });

  test('POST /ids/short gives the shortest unique prefix (8 digits at least), and each is accepted back', async () => {
    const short = await shortOf(app, 'memory', [A, B, C, 'not-a-uuid']);
    assert.deepEqual(short, { [A]: A, [B]: B, [C]: '0190bbbb', 'not-a-uuid': 'not-a-uuid' });
    const near = await createMemory(app, { id: '0190bbbb-2222-7000-8000-000000000002', content: 'Delta memory' });
    assert.equal((await shortOf(app, 'memory', [C]))[C], '0190bbbb-1');
    for (const id of [A, B, C, near]) {
      const abbreviated = (await shortOf(app, 'memory', [id]))[id]!;
      assert.equal((await get(app, `/memories/${abbreviated}`)).body.id, id, `${abbreviated} names ${id}`);
    }
  });

  test('ids written the same day get short forms that tell them apart', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createMemory(app, { content: `same day memory ${i}` }));
    const short = await shortOf(app, 'memory', ids);
    const forms = ids.map(id => short[id]!);
    assert.equal(new Set(forms).size, ids.length);
    for (const [i, form] of forms.entries()) {
      assert.ok(form.length < ids[i]!.length, `${form} is shorter than ${ids[i]}`);
      assert.ok(ids[i]!.startsWith(form));
      assert.equal((await get(app, `/memories/${form}`)).body.id, ids[i]);
    }
  });
});

describe('short ids: labels, entities, relations, crystals and threads', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('labels: read, rename and merge by prefix', async () => {
    const first = (await post(app, '/labels?name=alpha')).body.id as string;
    const second = (await post(app, '/labels?name=beta')).body.id as string;
    const short = await shortOf(app, 'label', [first, second]);
    assert.equal((await get(app, `/labels/${short[first]}`)).body.name, 'alpha');
    const renamed = await put(app, `/labels/${short[second]}`, { name: 'gamma' });
    assert.equal(renamed.status, 200, renamed.text);
    const merged = await post(app, `/labels/merge?source_id=${short[second]}&target_id=${short[first]}`);
    assert.equal(merged.status, 200, merged.text);
    assert.deepEqual([merged.body.source_id, merged.body.target_id], [second, first]);
    const mergeId = merged.body.merge_id as string;
    const undone = await post(app, `/labels/merges/${mergeId.replaceAll('-', '').slice(0, 28)}/undo`);
    assert.equal(undone.status, 200, undone.text);
    assert.equal((await get(app, `/labels/${short[second]}`)).body.name, 'gamma');
  });

  test('entities and relations by prefix (path and body)', async () => {
    const created = await post(app, '/memories?wait=graph', { content: 'Priya joined Stripe as a staff engineer in Dublin.' });
    const priya = created.body.extracted_entities.find((e: { name: string }) => e.name === 'Priya');
    const entityShort = (await shortOf(app, 'entity', [priya.id]))[priya.id]!;
    const entity = await get(app, `/entities/${entityShort}`);
    assert.equal(entity.status, 200, entity.text);
    assert.equal(entity.body.id, priya.id);

    const other = await createMemory(app, { content: 'Stripe runs its payments platform from Dublin.' });
    const memoryShort = await shortOf(app, 'memory', [created.body.id, other]);
    const relation = await post(app, `/memories/${memoryShort[created.body.id]}/relations`, { target_memory_id: memoryShort[other], relation_type: 'RELATED' });
    assert.equal(relation.status, 200, relation.text);
    const relationId = (relation.body.relation ?? relation.body).id as string;
    const relationShort = (await shortOf(app, 'relation', [relationId]))[relationId]!;
    const removed = await del(app, `/memories/relations/${relationShort}`);
    assert.equal(removed.status, 200, removed.text);
  });

  test('crystals: made from prefixes, read by prefix', async () => {
    const ids = [
      await createMemory(app, { content: 'Carbonara needs guanciale, eggs and pecorino.' }),
      await createMemory(app, { content: 'Carbonara never takes cream; the eggs make the sauce.' }),
    ];
    const short = await shortOf(app, 'memory', ids);
    const crystal = await post(app, '/crystals', { memory_ids: ids.map(id => short[id]) });
    assert.equal(crystal.status, 200, crystal.text);
    assert.deepEqual(crystal.body.sources.map((s: { memory_id: string }) => s.memory_id).sort(), [...ids].sort());
    const crystalShort = (await shortOf(app, 'crystal', [crystal.body.id]))[crystal.body.id]!;
    const sources = await get(app, `/library/crystal/${crystalShort}/source-memories`);
    assert.equal(sources.status, 200, sources.text);
  });

  test('threads: a prefix of a UUID thread id, within its space', async () => {
    const threadId = '5f0c2a9e-8d1b-4c3a-9e7f-1a2b3c4d5e6f';
    const message = { role: 'user', content: 'hello there' };
    assert.equal((await post(app, '/threads', { thread_id: threadId, messages: [message] })).status, 200);
    assert.equal((await post(app, '/threads', { thread_id: '5f0c2a9e-0000-4000-8000-000000000000', messages: [message], space_id: 'work' })).status, 200);
    const read = await get(app, '/threads/5f0c2a9e');
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.thread_id, threadId);
    const appended = await post(app, '/threads/5f0c2a9e8d1b/append', { messages: [{ role: 'assistant', content: 'hi' }] });
    assert.equal(appended.status, 200, appended.text);
    assert.equal(appended.body.thread_id, threadId);
    assert.equal((await get(app, '/threads/5f0c2a9e?space_id=work')).body.thread_id, '5f0c2a9e-0000-4000-8000-000000000000');
    assert.deepEqual(await shortOf(app, 'thread', [threadId]), { [threadId]: '5f0c2a9e' });
    // Creating a thread takes its id as given, even one a stored thread id starts with.
    const exact = await post(app, '/threads', { thread_id: '5f0c2a9e', messages: [message] });
    assert.equal(exact.status, 200, exact.text);
    assert.equal(exact.body.thread.thread_id, '5f0c2a9e');
    assert.equal((await get(app, '/threads/5f0c2a9e')).body.thread_id, '5f0c2a9e');
    const short = (await shortOf(app, 'thread', [threadId]))[threadId]!;
    assert.equal(short, '5f0c2a9e-8');
    assert.equal((await get(app, `/threads/${short}`)).body.thread_id, threadId);
  });
});
