import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { after, before, describe, test } from '../../../../test/suite.ts';
import { expectOk, get, post, uploadForm } from '../../../../test/helpers.ts';
import { buildExportApp, type ExportTestApp, waitForJob } from '../../../../test/exports.ts';
import { fixture, uploadFile } from '../../../../test/sources.ts';
import type { App } from '../../../main.ts';

describe('sources travel in data exports', () => {
  let from: ExportTestApp;
  let to: ExportTestApp;
  before(async () => {
    from = await buildExportApp();
    to = await buildExportApp();
  });
  after(async () => {
    await from.close();
    await to.close();
  });

  test('an exported archive carries each source, its chunk list, labels and original bytes; an import brings them back whole', async () => {
    const app: App = from.app;
    const { source_id: id } = expectOk(await uploadFile(app, 'doc.pdf', fixture('doc.pdf'), { labels: 'geology' }), 'upload');
    const original = expectOk(await get(app, `/sources/${id}`), 'detail');
    const response = await app.server.inject({ method: 'POST', url: '/data/export/download', payload: {} });
    assert.equal(response.statusCode, 200, response.body);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8'));
    assert.equal(manifest.counts.sources, 1);
    assert.equal(manifest.counts.source_files, 1);
    assert.ok(!manifest.warnings.some((w: string) => w.startsWith('sources:') || w.startsWith('source_files:')), manifest.warnings.join('; '));

    const started = await uploadForm(to.app, '/data/import/upload', [{ field: 'file', name: 'export.zip', bytes: new Uint8Array(response.rawPayload) }], { mode: 'merge' });
    assert.equal(started.status, 200, started.text);
    assert.equal((await waitForJob(to.app, `/data/import/status/${started.body.job_id}`)).body.status, 'completed');
    const imported = expectOk(await get(to.app, `/sources/${id}`), 'imported source');
    assert.equal(imported.source.sha256, original.source.sha256);
    assert.deepEqual(imported.memories.map((m: { id: string }) => m.id), original.memories.map((m: { id: string }) => m.id), 'the chunk list points at the imported chunk memories');
    assert.equal(imported.source.label_ids.length, 1);
    const raw = await to.app.server.inject({ method: 'GET', url: `/sources/${id}/raw` });
    assert.deepEqual(new Uint8Array(raw.rawPayload), fixture('doc.pdf'), 'the original bytes are the same');
    assert.equal((await get(to.app, '/sources/search?q=moraines')).body.total, 1);
    assert.ok((await post(to.app, '/memories/search', { query: 'moraines ice stopped' })).body.some((h: { memory: { metadata: { source_id?: string } } }) => h.memory.metadata.source_id === id));
  });
});
