import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';
import { buildExportApp, waitForJob } from '../../../../test/exports.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const lines = (data: Uint8Array) => Buffer.from(data).toString('utf8').split('\n').filter(Boolean).map(line => JSON.parse(line));

test('a zip export holds a manifest with counts and the sha256 of every file', async () => {
  const t = await buildExportApp();
  try {
    await createMemory(t.app, { content: 'The staging cluster runs on Kubernetes', labels: ['ops'] });
    const response = await post(t.app, '/data/export', { export_path: 'backup.zip' });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.format, 'zip');
    assert.equal(response.body.export_path, join(t.exportDir, 'backup.zip'));
    const entries = unzipSync(readFileSync(response.body.export_path));
    const manifest = JSON.parse(Buffer.from(entries['manifest.json']!).toString('utf8'));
    assert.equal(manifest.format, 'cairn-export');
    assert.equal(manifest.version, 1);
    assert.deepEqual(manifest.counts, response.body.counts);
    assert.equal(manifest.counts.memories, 1);
    for (const [name, digest] of Object.entries<{ sha256: string }>(manifest.files)) assert.equal(sha256(entries[name]!), digest.sha256, name);
    assert.ok(entries['working_memory.md'] && entries['favorites.jsonl'] && entries['evolves.jsonl'] && entries['trash.jsonl']);
  } finally {
    await t.close();
  }
});

test('a folder export writes stored records with every column, one JSONL file per kind', async () => {
  const t = await buildExportApp();
  try {
    const id = await createMemory(t.app, { content: 'Prefer tabs over spaces', unit_type: 'preference', metadata: { team: 'web' } });
    const response = await post(t.app, '/data/export', { export_path: 'folder', compress: false });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.format, 'folder');
    assert.equal(response.body.manifest_path, join(t.exportDir, 'folder', 'manifest.json'));
    const [memory] = lines(readFileSync(join(response.body.export_path, 'memories.jsonl')));
    assert.equal(memory.id, id);
    assert.deepEqual(memory.metadata, { team: 'web' });
    assert.equal(memory.title_derived, true);
    assert.equal(typeof memory.version, 'number');
    assert.ok('state_changed_at' in memory && 'source_thread_id' in memory);
  } finally {
    await t.close();
  }
});

test('kinds Cairn keeps nothing for are written empty and named in warnings', async () => {
  const t = await buildExportApp();
  try {
    const { body } = await post(t.app, '/data/export', { export_path: 'empty', format: 'folder' });
    for (const kind of ['skills']) {
      assert.equal(body.counts[kind], 0);
      assert.equal(readFileSync(join(body.export_path, `${kind}.jsonl`), 'utf8'), '');
      assert.ok(body.warnings.some((w: string) => w.startsWith(`${kind}:`)), kind);
    }
  } finally {
    await t.close();
  }
});

test('include flags leave kinds out of the archive', async () => {
  const t = await buildExportApp();
  try {
    const { body } = await post(t.app, '/data/export', { export_path: 'partial', format: 'folder', include_threads: false, include_labels: false });
    assert.equal(body.counts.threads, undefined);
    assert.equal(body.counts.labels, undefined);
    assert.equal(existsSync(join(body.export_path, 'messages.jsonl')), false);
    assert.equal(typeof body.counts.memories, 'number');
  } finally {
    await t.close();
  }
});

test('without a path the export is named cairn-export-<timestamp>.zip in the export root', async () => {
  const t = await buildExportApp();
  try {
    const { status, body } = await post(t.app, '/data/export', {});
    assert.equal(status, 200);
    assert.match(body.export_path, /\/exports\/cairn-export-\d{4}-\d\d-\d\dT[\d-]+Z\.zip$/);
    assert.deepEqual(readdirSync(t.exportDir), [body.export_path.split('/').at(-1)]);
  } finally {
    await t.close();
  }
});

test('an export path that climbs out of the export root with .. is refused', async () => {
  const t = await buildExportApp();
  try {
    assert.deepEqual(validationLocs(await post(t.app, '/data/export', { export_path: '../outside.zip' })), ['body.export_path']);
    assert.equal(existsSync(join(t.dir, 'outside.zip')), false);
  } finally {
    await t.close();
  }
});

test('an absolute export path outside the root is refused, one inside it is used', async () => {
  const t = await buildExportApp();
  try {
    assert.deepEqual(validationLocs(await post(t.app, '/data/export', { export_path: join(tmpdir(), 'cairn-stray.zip') })), ['body.export_path']);
    const inside = await post(t.app, '/data/export', { export_path: join(t.exportDir, 'nested', 'in.zip') });
    assert.equal(inside.status, 200, inside.text);
    assert.ok(existsSync(join(t.exportDir, 'nested', 'in.zip')));
  } finally {
    await t.close();
  }
});

test('a symbolic link inside the root cannot lead an export outside it', async () => {
  const t = await buildExportApp();
  const outside = mkdtempSync(join(tmpdir(), 'cairn-outside-'));
  try {
    mkdirSync(t.exportDir, { recursive: true });
    symlinkSync(outside, join(t.exportDir, 'link'));
    assert.deepEqual(validationLocs(await post(t.app, '/data/export', { export_path: 'link/escape.zip' })), ['body.export_path']);
    assert.deepEqual(readdirSync(outside), []);
  } finally {
    await t.close();
    rmSync(outside, { recursive: true, force: true });
  }
});

test('an existing target is a 409 unless overwrite is set', async () => {
  const t = await buildExportApp();
  try {
    mkdirSync(t.exportDir, { recursive: true });
    writeFileSync(join(t.exportDir, 'taken.zip'), 'precious');
    const refused = await post(t.app, '/data/export', { export_path: 'taken.zip' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error_code, 'export_target_exists');
    assert.equal(readFileSync(join(t.exportDir, 'taken.zip'), 'utf8'), 'precious');
    const replaced = await post(t.app, '/data/export', { export_path: 'taken.zip', overwrite: true });
    assert.equal(replaced.status, 200);
    assert.ok(unzipSync(readFileSync(join(t.exportDir, 'taken.zip')))['manifest.json']);
  } finally {
    await t.close();
  }
});

test('an unknown format is a 422', async () => {
  const t = await buildExportApp();
  try {
    assert.deepEqual(validationLocs(await post(t.app, '/data/export', { export_path: 'x', format: 'tar' })), ['body.format']);
  } finally {
    await t.close();
  }
});

test('an async export runs as a job: queued, then completed with the export result', async () => {
  const t = await buildExportApp();
  try {
    await createMemory(t.app, { content: 'Backups run nightly' });
    const started = await post(t.app, '/data/export', { export_path: 'job.zip', async: true });
    assert.equal(started.status, 200, started.text);
    assert.equal(started.body.status, 'queued');
    const done = await waitForJob(t.app, `/data/export/status/${started.body.job_id}`);
    assert.equal(done.body.status, 'completed', done.text);
    assert.equal(done.body.kind, 'export');
    assert.equal(done.body.progress, 1);
    assert.equal(done.body.result.counts.memories, 1);
    assert.ok(done.body.started_at && done.body.completed_at);
    assert.ok(existsSync(join(t.exportDir, 'job.zip')));
  } finally {
    await t.close();
  }
});

test('an unknown export job is a 404 job_not_found', async () => {
  const t = await buildExportApp();
  try {
    const response = await get(t.app, '/data/export/status/no-such-job');
    assert.equal(response.status, 404);
    assert.equal(response.body.error_code, 'job_not_found');
  } finally {
    await t.close();
  }
});

test('an export left running by a crash is reported failed after a restart', async () => {
  const t = await buildExportApp();
  const at = new Date().toISOString();
  await t.app.deps.store.jobs.insert({
    id: 'crashed', kind: 'export', status: 'running', progress: 0.4, params: {}, result: null, error: null, created_at: at, started_at: at, completed_at: null,
  });
  await t.app.close();
  const again = await buildExportApp({ dir: t.dir });
  try {
    const status = await get(again.app, '/data/export/status/crashed');
    assert.equal(status.body.status, 'failed');
    assert.match(status.body.error, /Interrupted/);
  } finally {
    await again.close();
    rmSync(t.dir, { recursive: true, force: true });
  }
});
