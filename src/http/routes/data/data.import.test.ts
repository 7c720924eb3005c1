import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';
import { buildExportApp, seedEveryKind, waitForJob } from '../../../../test/exports.ts';

/** Every file of a folder export, manifest aside, and the manifest's counts and hashes (its id and time aside). */
function archiveContents(folder: string) {
  const files = Object.fromEntries(readdirSync(folder).filter(n => n !== 'manifest.json').map(n => [n, readFileSync(join(folder, n), 'utf8')]));
  const { counts, files: digests } = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  return { files, counts, digests };
}

test('export, import into an empty data dir, export again: the same records, for a store with every kind', async () => {
  const first = await buildExportApp();
  const second = await buildExportApp({ exportDir: first.exportDir });
  try {
    await seedEveryKind(first.app);
    const original = await post(first.app, '/data/export', { export_path: 'original.zip' });
    assert.equal(original.status, 200, original.text);
    for (const kind of ['memories', 'labels', 'memory_labels', 'relations', 'evolves', 'entities', 'entity_edges', 'mentions', 'communities', 'crystal_sources', 'threads', 'messages', 'favorites', 'working_memory', 'trash', 'agent_profiles', 'spaces']) {
      assert.ok(original.body.counts[kind] > 0, `the seed has ${kind}`);
    }
    const imported = await post(second.app, '/data/import', { import_path: 'original.zip' });
    assert.equal(imported.status, 200, imported.text);
    assert.equal(imported.body.counts.memories.inserted, original.body.counts.memories);

    await post(first.app, '/data/export', { export_path: 'a', format: 'folder' });
    await post(second.app, '/data/export', { export_path: 'b', format: 'folder' });
    const a = archiveContents(join(first.exportDir, 'a'));
    const b = archiveContents(join(first.exportDir, 'b'));
    assert.deepEqual(Object.keys(b.files).sort(), Object.keys(a.files).sort());
    for (const name of ['mentions.jsonl', 'entity_edges.jsonl']) assert.match(a.files[name], /"applied":true/, `${name} carries what an apply wrote`);
    for (const name of Object.keys(a.files)) assert.equal(b.files[name], a.files[name], name);
    assert.deepEqual(b.counts, a.counts);
    assert.deepEqual(b.digests, a.digests);
  } finally {
    await second.close();
    await first.close();
  }
});

test('an imported store answers like the original: search, trash and communities', async () => {
  const first = await buildExportApp();
  const second = await buildExportApp({ exportDir: first.exportDir });
  try {
    await seedEveryKind(first.app);
    await post(first.app, '/data/export', { export_path: 'x.zip' });
    await post(second.app, '/data/import', { import_path: 'x.zip' });
    const found = await post(second.app, '/memories/search', { query: 'Kubernetes migration' });
    assert.ok(JSON.stringify(found.body).includes('Kubernetes migration'), 'full text follows the import');
    assert.equal((await get(second.app, '/trash')).body.pagination.total, 1);
    const memory = (await second.app.deps.store.memories.list({ space_id: 'default', states: ['active'], importance_min: 0, limit: 1, offset: 0 })).items[0]!;
    assert.equal(memory.reindex_needed, true, 'imported memories are queued for embedding');
    assert.equal((await second.app.deps.store.communities.get(7))?.name, 'Acme operations');
  } finally {
    await second.close();
    await first.close();
  }
});

test('skip keeps existing records, merge updates them, overwrite replaces the store', async () => {
  const t = await buildExportApp();
  try {
    const id = await createMemory(t.app, { content: 'Deploys happen on Tuesdays', title: 'Deploy day' });
    await post(t.app, '/data/export', { export_path: 'before.zip' });
    await t.app.server.inject({ method: 'PATCH', url: `/memories/${id}`, payload: { title: 'Changed' } });
    const extra = await createMemory(t.app, { content: 'Written after the export' });

    const skipped = await post(t.app, '/data/import', { import_path: 'before.zip', mode: 'skip' });
    assert.equal(skipped.body.counts.memories.skipped, 1);
    assert.equal((await get(t.app, `/memories/${id}`)).body.title, 'Changed');

    const merged = await post(t.app, '/data/import', { import_path: 'before.zip', mode: 'merge' });
    assert.deepEqual([merged.body.counts.memories.updated, merged.body.counts.memories.skipped], [0, 1], 'the copy here is newer: it stays');
    assert.equal((await get(t.app, `/memories/${id}`)).body.title, 'Changed');
    assert.equal((await get(t.app, `/memories/${extra}`)).status, 200, 'merge keeps what the archive lacks');

    const overwritten = await post(t.app, '/data/import', { import_path: 'before.zip', mode: 'overwrite' });
    assert.equal(overwritten.body.counts.memories.inserted, 1);
    assert.equal((await get(t.app, `/memories/${extra}`)).status, 404, 'overwrite clears the store first');
  } finally {
    await t.close();
  }
});

test('a damaged file (hash mismatch) is refused with a 422 and nothing is written', async () => {
  const t = await buildExportApp();
  try {
    await createMemory(t.app, { content: 'Original content' });
    const { body } = await post(t.app, '/data/export', { export_path: 'damaged', format: 'folder' });
    const path = join(body.export_path, 'memories.jsonl');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Original content', 'Tampered content'));
    await post(t.app, '/data/import', { import_path: 'damaged', mode: 'overwrite' }).then(response => {
      assert.deepEqual(validationLocs(response), ['body.import_path']);
      assert.match(response.body.detail[0].msg, /memories\.jsonl does not match the manifest/);
    });
    const listed = await get(t.app, '/memories');
    assert.equal(listed.body.memories[0].content, 'Original content');
  } finally {
    await t.close();
  }
});

test('a truncated zip is refused with a 422', async () => {
  const t = await buildExportApp();
  try {
    await seedEveryKind(t.app);
    const { body } = await post(t.app, '/data/export', { export_path: 'whole.zip' });
    const bytes = readFileSync(body.export_path);
    writeFileSync(join(t.exportDir, 'cut.zip'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    const response = await post(t.app, '/data/import', { import_path: 'cut.zip' });
    assert.deepEqual(validationLocs(response), ['body.import_path']);
    assert.match(response.body.detail[0].msg, /truncated|damaged|incomplete/);
  } finally {
    await t.close();
  }
});

test('a zip entry that would escape the archive (zip-slip) is refused', async () => {
  const t = await buildExportApp();
  try {
    const { body } = await post(t.app, '/data/export', { export_path: 'good.zip' });
    const entries = unzipSync(readFileSync(body.export_path));
    for (const evil of ['../evil.jsonl', '/etc/evil.jsonl', 'dir\\evil.jsonl', 'notes.txt']) {
      writeFileSync(join(t.exportDir, 'evil.zip'), zipSync({ [evil]: strToU8('{}\n'), ...entries }));
      const response = await post(t.app, '/data/import', { import_path: 'evil.zip' });
      assert.deepEqual(validationLocs(response), ['body.import_path'], evil);
      assert.ok(response.body.detail[0].msg.includes(evil), response.body.detail[0].msg);
    }
  } finally {
    await t.close();
  }
});

test('import paths outside the export root are refused', async () => {
  const t = await buildExportApp();
  try {
    assert.deepEqual(validationLocs(await post(t.app, '/data/import', { import_path: '../cairn.db' })), ['body.import_path']);
    assert.deepEqual(validationLocs(await post(t.app, '/data/import', { import_path: '/etc' })), ['body.import_path']);
    assert.deepEqual(validationLocs(await post(t.app, '/data/import', { import_path: 'missing.zip' })), ['body.import_path']);
  } finally {
    await t.close();
  }
});

test('an unknown import mode is a 422', async () => {
  const t = await buildExportApp();
  try {
    assert.deepEqual(validationLocs(await post(t.app, '/data/import', { import_path: 'x.zip', mode: 'replace' })), ['body.mode']);
  } finally {
    await t.close();
  }
});

test('an async import runs as a job and reports counts when completed', async () => {
  const t = await buildExportApp();
  try {
    await createMemory(t.app, { content: 'One memory to carry' });
    await post(t.app, '/data/export', { export_path: 'async.zip' });
    const started = await post(t.app, '/data/import', { import_path: 'async.zip', mode: 'skip', async: true });
    assert.equal(started.body.status, 'queued');
    const done = await waitForJob(t.app, `/data/import/status/${started.body.job_id}`);
    assert.equal(done.body.status, 'completed', done.text);
    assert.equal(done.body.kind, 'import');
    assert.equal(done.body.result.counts.memories.skipped, 1);
    assert.equal((await get(t.app, `/data/export/status/${started.body.job_id}`)).status, 404, 'an import job is not an export job');
  } finally {
    await t.close();
  }
});

test('a failing async import is reported failed with its reason, and the store is unchanged', async () => {
  const t = await buildExportApp();
  try {
    await createMemory(t.app, { content: 'Kept' });
    const { body } = await post(t.app, '/data/export', { export_path: 'bad', format: 'folder' });
    writeFileSync(join(body.export_path, 'labels.jsonl'), '{"broken": true}\n');
    const started = await post(t.app, '/data/import', { import_path: 'bad', mode: 'overwrite', async: true });
    const done = await waitForJob(t.app, `/data/import/status/${started.body.job_id}`);
    assert.equal(done.body.status, 'failed');
    assert.match(done.body.error, /labels\.jsonl/);
    assert.equal((await get(t.app, '/memories')).body.memories.length, 1);
  } finally {
    await t.close();
  }
});
