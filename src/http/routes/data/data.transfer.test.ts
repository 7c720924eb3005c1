import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { after, before, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, get, post, type TestResponse, uploadForm, validationLocs } from '../../../../test/helpers.ts';
import { waitForJob } from '../../../../test/exports.ts';
import type { App } from '../../../main.ts';

/** A service on a file database in a fresh temp folder, with its export root (and scratch folders) in `exports/`. */
async function transferApp(uploadLimit?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-transfer-test-'));
  const exportDir = join(dir, 'exports');
  const app = await buildTestApp({ dataDir: dir, databasePath: join(dir, 'cairn.db'), exportDir, ...(uploadLimit ? { importUploadMaxBytes: uploadLimit } : {}) });
  return { app, exportDir, close: () => app.close().finally(() => rmSync(dir, { recursive: true, force: true })) };
}

/** A browser's multipart/form-data body: the archive in `file`, the other fields as text. */
const upload = (app: App, fields: Record<string, string>, file?: Uint8Array): Promise<TestResponse> =>
  uploadForm(app, '/data/import/upload', file ? [{ field: 'file', name: 'export.zip', bytes: file }] : [], fields);

async function download(app: App, body: Record<string, unknown> = {}) {
  return app.server.inject({ method: 'POST', url: '/data/export/download', payload: body });
}

/** Scratch folders of downloads and uploads are gone once the answer (or the import) is over; waits briefly for that. */
async function noScratchLeft(exportDir: string) {
  const left = () => (existsSync(exportDir) ? readdirSync(exportDir) : []).filter(name => name.startsWith('.download-') || name.startsWith('.upload-'));
  for (let i = 0; i < 100 && left().length > 0; i++) await new Promise(resolve => setTimeout(resolve, 20));
  assert.deepEqual(left(), []);
}

const countMemories = async (app: App) => (await get(app, '/memories?limit=100')).body.memories.length as number;

describe('export download and upload import', () => {
  let source: Awaited<ReturnType<typeof transferApp>>;
  let target: Awaited<ReturnType<typeof transferApp>>;
  let archive: Uint8Array;
  before(async () => {
    source = await transferApp();
    target = await transferApp();
    await createMemory(source.app, { content: 'The deploy runs on Fridays', labels: ['ops'] });
    await createMemory(source.app, { content: 'Backups are kept for thirty days' });
    await post(source.app, '/settings/rules', { id: 'cite', title: 'Cite', body: 'Cite the memory used.' });
  });
  after(async () => {
    await source.close();
    await target.close();
  });

  test('POST /data/export/download answers the ZIP as an attachment and keeps no file', async () => {
    const response = await download(source.app);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'application/zip');
    assert.match(String(response.headers['content-disposition']), /^attachment; filename="cairn-export-[\dT-]+Z\.zip"$/);
    archive = new Uint8Array(response.rawPayload);
    const files = unzipSync(archive);
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8'));
    assert.equal(manifest.format, 'cairn-export');
    assert.equal(manifest.counts.memories, 2);
    assert.equal(Buffer.from(files['memories.jsonl']!).toString('utf8').trim().split('\n').length, 2);
    await noScratchLeft(source.exportDir);
  });

  test('the download takes the include flags; wrong types and unknown fields are 422s', async () => {
    const response = await download(source.app, { include_memories: false });
    assert.equal(response.statusCode, 200);
    const manifest = JSON.parse(Buffer.from(unzipSync(new Uint8Array(response.rawPayload))['manifest.json']!).toString('utf8'));
    assert.equal(manifest.counts.memories ?? 0, 0);
    assert.deepEqual(validationLocs(await post(source.app, '/data/export/download', { include_memories: 'no' })), ['body.include_memories']);
    assert.deepEqual(validationLocs(await post(source.app, '/data/export/download', { export_path: 'x.zip' })), ['body']);
  });

  test('an uploaded archive is imported by a background job, settings and rules included, and the upload removed', async () => {
    const started = await upload(target.app, { mode: 'merge' }, archive);
    assert.equal(started.status, 200, started.text);
    assert.equal(started.body.success, true);
    const done = await waitForJob(target.app, `/data/import/status/${started.body.job_id}`);
    assert.equal(done.body.status, 'completed', done.text);
    assert.equal(await countMemories(target.app), 2);
    assert.deepEqual((await get(target.app, '/settings/rules')).body.rules.map((r: { id: string }) => r.id), ['cite']);
    await noScratchLeft(target.exportDir);
  });

  test('a damaged archive is a 422 and nothing is written', async () => {
    const before = await countMemories(target.app);
    const truncated = archive.slice(0, Math.floor(archive.length / 2));
    const damaged = await upload(target.app, {}, truncated);
    assert.equal(damaged.status, 422, damaged.text);
    assert.deepEqual(validationLocs(await upload(target.app, {}, strToU8('not a zip at all'))), ['body.import_path']);
    assert.equal(await countMemories(target.app), before);
    await noScratchLeft(target.exportDir);
  });

  test('a zip bomb is refused before anything is written', async () => {
    const bomb = zipSync({ 'memories.jsonl': new Uint8Array(80 * 1024 * 1024).fill(97) }, { level: 9 });
    assert.ok(bomb.length < 1024 * 1024, 'the bomb is small');
    const refused = await upload(target.app, {}, bomb);
    assert.equal(refused.status, 422, refused.text);
    assert.match(refused.body.detail[0].msg, /expands to more than/);
    await noScratchLeft(target.exportDir);
  });

  test('a form without the file, with a bad mode or an unknown field, or not multipart is refused', async () => {
    assert.deepEqual(validationLocs(await upload(target.app, { mode: 'merge' })), ['body.file']);
    assert.deepEqual(validationLocs(await upload(target.app, { mode: 'replace' }, archive)), ['body.mode']);
    assert.deepEqual(validationLocs(await upload(target.app, { include_memories: 'maybe' }, archive)), ['body.include_memories']);
    assert.deepEqual(validationLocs(await upload(target.app, { colour: 'red' }, archive)), ['body']);
    const json = await post(target.app, '/data/import/upload', { file: 'x' });
    assert.equal(json.status, 415);
    assert.equal(json.body.error_code, 'unsupported_media_type');
    await noScratchLeft(target.exportDir);
  });
});

test('an upload past the configured limit is a 413 body_too_large and leaves nothing', async () => {
  const small = await transferApp(4 * 1024);
  try {
    const refused = await upload(small.app, {}, new Uint8Array(8 * 1024).fill(1));
    assert.equal(refused.status, 413, refused.text);
    assert.equal(refused.body.error_code, 'body_too_large');
    // Sent in chunks without a Content-Length, the body is counted as it arrives.
    const streamed = await small.app.server.inject({
      method: 'POST',
      url: '/data/import/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: Readable.from([Buffer.alloc(3 * 1024, 1), Buffer.alloc(3 * 1024, 1)]),
    });
    assert.equal(streamed.statusCode, 413, streamed.body);
    assert.equal(JSON.parse(streamed.body).error_code, 'body_too_large');
    await noScratchLeft(small.exportDir);
  } finally {
    await small.close();
  }
});

test('POST /data/checkpoint flushes durable state and answers {success, checkpointed, detail}', async () => {
  const app = await buildTestApp();
  try {
    await createMemory(app, { content: 'Written before the checkpoint' });
    const result = await post(app, '/data/checkpoint');
    assert.equal(result.status, 200, result.text);
    assert.deepEqual(Object.keys(result.body).sort(), ['checkpointed', 'detail', 'success']);
    assert.equal(result.body.success, true);
    assert.equal(result.body.checkpointed, true);
  } finally {
    await app.close();
  }
});
