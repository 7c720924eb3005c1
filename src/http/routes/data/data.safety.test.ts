import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemory, post } from '../../../../test/helpers.ts';
import { buildExportApp } from '../../../../test/exports.ts';

test('overwrite replaces an earlier export, never a folder or file that is not one', async () => {
  const t = await buildExportApp();
  try {
    mkdirSync(join(t.exportDir, 'Documents'), { recursive: true });
    writeFileSync(join(t.exportDir, 'Documents', 'thesis.txt'), 'years of work');
    const refused = await post(t.app, '/data/export', { export_path: 'Documents', format: 'folder', overwrite: true });
    assert.equal(refused.status, 409);
    assert.equal(readFileSync(join(t.exportDir, 'Documents', 'thesis.txt'), 'utf8'), 'years of work');

    assert.equal((await post(t.app, '/data/export', { export_path: 'mine', format: 'folder' })).status, 200);
    assert.equal((await post(t.app, '/data/export', { export_path: 'mine', format: 'folder', overwrite: true })).status, 200);
  } finally {
    await t.close();
  }
});

test('a path the file system cannot hold is a 422, not a 500', async () => {
  const t = await buildExportApp();
  try {
    const long = await post(t.app, '/data/export', { export_path: 'x'.repeat(300) });
    assert.equal(long.status, 422, long.text);
    await post(t.app, '/data/export', { export_path: 'a.zip' });
    const underFile = await post(t.app, '/data/export', { export_path: 'a.zip/b', format: 'folder' });
    assert.equal(underFile.status, 422, underFile.text);
  } finally {
    await t.close();
  }
});

test('a folder import whose files are symbolic links is refused before anything is written', async () => {
  const t = await buildExportApp();
  try {
    await createMemory(t.app, { content: 'Only this' });
    const { body } = await post(t.app, '/data/export', { export_path: 'linked', format: 'folder' });
    const file = join(body.export_path, 'memories.jsonl');
    renameSync(file, join(t.dir, 'elsewhere.jsonl'));
    symlinkSync(join(t.dir, 'elsewhere.jsonl'), file);
    const imported = await post(t.app, '/data/import', { import_path: 'linked' });
    assert.equal(imported.status, 422, imported.text);
    assert.match(imported.body.detail[0].msg, /not a plain file/);
    assert.ok(existsSync(join(t.dir, 'elsewhere.jsonl')));
  } finally {
    await t.close();
  }
});
