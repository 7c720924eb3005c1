/** `nmem sources …` against a real server process: ingest a local file, text and a bad file; list, search, show, delete. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { type CliOptions, runBin } from '../../../test/cli.ts';
import { FIXTURES } from '../../../test/sources.ts';

let server: ServerProcess;
let dir: string;

before(async () => {
  dir = makeTempDir('cairn-cli-sources-');
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data') });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
});

const nmem = (args: string[], options: CliOptions = {}) => runBin('nmem', args, { ...options, env: { NMEM_API_URL: server.url, ...options.env } });
type Ingested = { source_id: string; original_name: string; is_duplicate: boolean };

test('ingest a local Markdown file and a PDF, list them, search, show the text, delete one', async () => {
  const md = await nmem(['--json', 'sources', 'ingest', join(FIXTURES, 'notes.md'), '-l', 'trails']);
  assert.equal(md.code, 0, md.stderr);
  const mdId = md.json<Ingested>().source_id;
  const pdf = await nmem(['--json', 'sources', 'add', join(FIXTURES, 'doc.pdf')]);
  assert.equal(pdf.code, 0, pdf.stderr);
  assert.equal(pdf.json<Ingested>().original_name, 'doc.pdf');
  const text = await nmem(['sources', 'ingest', '--content', 'Erratics are boulders the ice carried far.', '--name', 'erratics.md']);
  assert.match(text.stdout, /Ingested: erratics\.md/);

  const listed = await nmem(['sources']);
  assert.equal(listed.code, 0, listed.stderr);
  for (const name of ['notes.md', 'doc.pdf', 'erratics.md']) assert.match(listed.stdout, new RegExp(name.replace('.', '\\.')));
  assert.deepEqual((await nmem(['--json', 'sources', 'list', '-l', 'trails'])).json<{ sources: { id: string }[] }>().sources.map(s => s.id), [mdId]);

  const found = await nmem(['sources', 'search', 'glaciers valleys']);
  assert.match(found.stdout, /doc\.pdf/);
  const shown = await nmem(['sources', 'show', mdId, '--content']);
  assert.match(shown.stdout, /notes\.md \(/);
  assert.match(shown.stdout, /Pick flat stones/);

  const deleted = await nmem(['sources', 'delete', mdId]);
  assert.equal(deleted.code, 0, deleted.stderr);
  assert.match(deleted.stdout, /moved to the trash/);
  const gone = await nmem(['--json', 'sources', 'show', mdId]);
  assert.notEqual(gone.code, 0);
  assert.equal(gone.errorJson<{ status_code: number }>().status_code, 404);
});

test('a file the server cannot read, or one that is not there, fails with a clear message', async () => {
  const bad = await nmem(['--json', 'sources', 'ingest', join(FIXTURES, 'make-fixtures.mjs')]);
  assert.notEqual(bad.code, 0);
  assert.equal(bad.errorJson<{ status_code: number }>().status_code, 415);
  const missing = await nmem(['sources', 'ingest', join(dir, 'nope.md')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no such file/);
});
