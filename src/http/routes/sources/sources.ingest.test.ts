import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { after, before, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, expectOk, get, post, uploadForm, validationLocs } from '../../../../test/helpers.ts';
import { FIXTURES, fixture, uploadFile } from '../../../../test/sources.ts';
import type { App } from '../../../main.ts';

const sourceCount = async (app: App) => expectOk(await get(app, '/sources?limit=200'), 'list').total as number;
const memoryCount = async (app: App) => expectOk(await get(app, '/memories?limit=1'), 'memories').pagination.total as number;
const contentOf = async (app: App, id: string) => expectOk(await get(app, `/sources/${id}/content`), 'content').content as string;

describe('sources: uploads of every kind, and what is refused', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ sourceMaxBytes: 256 * 1024 });
  });
  after(() => app.close());

  test('text, HTML (readable text only), PDF (with pages) and DOCX are read into chunks', async () => {
    const txt = expectOk(await uploadFile(app, 'notes.txt', fixture('notes.txt')), 'txt');
    assert.match(await contentOf(app, txt.source_id), /hexagonal columns/);

    const html = expectOk(await uploadFile(app, 'page.html', fixture('page.html')), 'html');
    const page = await contentOf(app, html.source_id);
    assert.match(page, /Alpine huts shelter climbers/);
    assert.match(page, /- Bring a sleeping-bag liner\./);
    assert.doesNotMatch(page, /tracking|Copyright footer/, 'scripts and page furniture are left out');
    assert.equal((await get(app, `/sources/${html.source_id}`)).body.source.metadata.title, 'Alpine Huts');

    const pdf = expectOk(await uploadFile(app, 'doc.pdf', fixture('doc.pdf')), 'pdf');
    const pdfDetail = expectOk(await get(app, `/sources/${pdf.source_id}`), 'pdf detail');
    assert.equal(pdfDetail.source.mime_type, 'application/pdf');
    assert.equal(pdfDetail.source.metadata.page_count, 2);
    assert.match(await contentOf(app, pdf.source_id), /Glaciers carve valleys[\s\S]*Moraines mark/);
    const [chunk] = pdfDetail.memories;
    assert.deepEqual([chunk.metadata.page_start, chunk.metadata.page_end], [1, 2]);

    const docx = expectOk(await uploadFile(app, 'doc.docx', fixture('doc.docx')), 'docx');
    assert.equal(await contentOf(app, docx.source_id), '# Trail Notes\n\nCairns guide hikers across open tundra where paths fade.\n\nEach stone added keeps the waymark standing through winter storms.');
    const raw = await app.server.inject({ method: 'GET', url: `/sources/${docx.source_id}/raw` });
    assert.deepEqual(new Uint8Array(raw.rawPayload), fixture('doc.docx'));
    assert.match(String(raw.headers['content-type']), /wordprocessingml/);
  });

  test('unsupported, corrupt, empty, oversized and zip-bomb documents are refused and leave nothing behind', async () => {
    const before = await sourceCount(app);
    const memoriesBefore = await memoryCount(app);
    const unsupported = await uploadFile(app, 'photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), {}, 'image/png');
    assert.equal(unsupported.status, 415);
    assert.equal(unsupported.body.error_code, 'unsupported_source_type');

    const corruptPdf = await uploadFile(app, 'broken.pdf', new TextEncoder().encode('%PDF-1.4 this is not a pdf'));
    assert.deepEqual(validationLocs(corruptPdf), ['body.file']);
    assert.equal(corruptPdf.body.detail[0].type, 'value_error.unreadable_source');
    assert.equal((await uploadFile(app, 'broken.docx', new TextEncoder().encode('PK not a zip'))).body.detail[0].type, 'value_error.unreadable_source');
    assert.equal((await uploadFile(app, 'latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).body.detail[0].type, 'value_error.unreadable_source');
    assert.equal((await uploadFile(app, 'blank.md', new TextEncoder().encode('  \n\n  '))).body.detail[0].type, 'value_error.empty_source');

    const oversized = await uploadFile(app, 'big.txt', new Uint8Array(2 * 1024 * 1024).fill(0x61));
    assert.equal(oversized.status, 413);
    assert.equal(oversized.body.error_code, 'body_too_large');
    // Small on the wire (under the 256 KiB limit), 101 MiB inflated: refused before mammoth reads it.
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(101 * 1024 * 1024) }, { level: 1 });
    assert.ok(bomb.length < 256 * 1024);
    const refused = await uploadFile(app, 'bomb.docx', bomb);
    assert.equal(refused.status, 413, refused.text);

    assert.deepEqual(validationLocs(await uploadForm(app, '/sources/ingest/file', [], { labels: 'x' })), ['body.file']);
    assert.deepEqual(validationLocs(await uploadFile(app, 'm.md', fixture('notes.md'), { metadata: '[1]' })), ['body.metadata']);
    const notForm = await post(app, '/sources/ingest/file', { file: 'notes.md' });
    assert.equal(notForm.status, 415);
    assert.equal(await sourceCount(app), before, 'no source was stored');
    assert.equal(await memoryCount(app), memoriesBefore, 'no chunk was stored');
  });

  test("a form posted by a page of another site is refused (403) and stores nothing; the server's own pages may upload", async () => {
    const sourcesBefore = await sourceCount(app);
    const file = [{ field: 'file', name: 'planted.md', bytes: new TextEncoder().encode('# Planted\n\nRemember to wire the money.') }];
    for (const origin of ['https://evil.example', 'http://localhost:1', 'null']) {
      for (const url of ['/sources/ingest/file', '/sources/ingest/folder-upload', '/data/import/upload']) {
        const refused = await uploadForm(app, url, file, { folder_name: 'f' }, { origin, host: 'localhost:80' });
        assert.equal(refused.status, 403, `${url} from ${origin}: ${refused.text}`);
        assert.equal((refused.body as { error_code: string }).error_code, 'cross_origin_form');
      }
    }
    assert.equal(await sourceCount(app), sourcesBefore, 'nothing was stored');
    const own = await uploadForm(app, '/sources/ingest/file', file, {}, { origin: 'http://localhost:80', host: 'localhost:80' });
    assert.equal(own.status, 200, own.text);
  });

  test('a folder upload ingests each file with its relative path and reports the ones it could not read', async () => {
    const answer = expectOk(
      await uploadForm(
        app,
        '/sources/ingest/folder-upload',
        [
          { field: 'files', name: 'notes.md', bytes: new TextEncoder().encode('Scree slopes are loose rock.') },
          { field: 'files', name: 'bad.pdf', bytes: new TextEncoder().encode('%PDF-1.4 nope') },
          { field: 'files', name: 'more.txt', bytes: new TextEncoder().encode('Talus gathers below cliffs.') },
        ],
        { folder_name: 'geology', file_manifest: JSON.stringify(['geology/notes.md', 'geology/bad.pdf', 'geology/sub/more.txt']), labels: 'rocks' },
      ),
      'folder',
    );
    assert.equal(answer.folder_name, 'geology');
    assert.equal(answer.total_ingested, 2);
    assert.equal(answer.total_errors, 1);
    assert.equal(answer.errors[0].name, 'bad.pdf');
    const more = expectOk(await get(app, `/sources/${answer.results[1].source_id}`), 'more');
    assert.equal(more.source.metadata.relative_path, 'geology/sub/more.txt');
    assert.equal(more.source.label_ids.length, 1);
    assert.deepEqual(validationLocs(await uploadForm(app, '/sources/ingest/folder-upload', [{ field: 'files', name: 'a.md', bytes: fixture('notes.md') }])), ['body.folder_name']);

    const summary = expectOk(await post(app, '/sources/ingest/folder-summary', { folder_name: 'geology', accumulated_totals: { total_ingested: 5, total_errors: 1 } }), 'summary');
    assert.equal(summary.total_ingested, 5);
    assert.match(summary.message, /geology: 5 files, 1 could not be read/);
  });
});

describe('sources from the server disk: only under CAIRN_SOURCE_ROOTS', () => {
  let closed: App;
  let open: App;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-sources-'));
    mkdirSync(join(dir, 'allowed'));
    mkdirSync(join(dir, 'private'));
    writeFileSync(join(dir, 'allowed', 'a.md'), 'Allowed notes about eskers.');
    writeFileSync(join(dir, 'allowed', 'b.txt'), 'Drumlins point the way the ice flowed.');
    writeFileSync(join(dir, 'allowed', '..kames.md'), 'Kames are mounds of glacial sand.');
    writeFileSync(join(dir, 'private', 'secret.md'), 'Private diary.');
    symlinkSync(join(dir, 'private', 'secret.md'), join(dir, 'allowed', 'link.md'));
    closed = await buildTestApp();
    open = await buildTestApp({ sourceRoots: [join(dir, 'allowed')] });
  });
  after(async () => {
    await closed.close();
    await open.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('with no roots set, reading a path is refused with 403 and says how to allow it', async () => {
    const refused = await post(closed, '/sources/ingest/file-path', { file_path: join(dir, 'allowed', 'a.md') });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error_code, 'path_not_allowed');
    assert.match(refused.body.detail, /CAIRN_SOURCE_ROOTS/);
  });

  test('a file under a root is ingested; .. escapes, symlinks out, relative and missing paths are refused', async () => {
    const ok = expectOk(await post(open, '/sources/ingest/file-path', { file_path: join(dir, 'allowed', 'a.md'), labels: ['glacial'] }), 'file-path');
    const source = expectOk(await get(open, `/sources/${ok.source_id}`), 'detail').source;
    assert.equal(source.file_path, join(dir, 'allowed', 'a.md'));
    assert.equal(source.source_type, 'file');
    for (const path of [join(dir, 'allowed', '..', 'private', 'secret.md'), join(dir, 'allowed', 'link.md'), join(dir, 'private', 'secret.md')]) {
      const refused = await post(open, '/sources/ingest/file-path', { file_path: path });
      assert.equal(refused.status, 403, path);
    }
    assert.deepEqual(validationLocs(await post(open, '/sources/ingest/file-path', { file_path: 'allowed/a.md' })), ['body.file_path']);
    assert.deepEqual(validationLocs(await post(open, '/sources/ingest/file-path', { file_path: join(dir, 'allowed', 'none.md') })), ['body.file_path']);
    assert.equal((await post(open, '/sources/ingest/file-path', { file_path: join(FIXTURES, 'notes.md') })).status, 403);
  });

  test('a file whose name starts with two dots is inside its root, not an escape', async () => {
    const ok = await post(open, '/sources/ingest/file-path', { file_path: join(dir, 'allowed', '..kames.md') });
    assert.equal(ok.status, 200, ok.text);
  });

  test('a batch ingests every file; one path outside the roots refuses all of it', async () => {
    const refused = await post(open, '/sources/ingest/batch', { files: [{ file_path: join(dir, 'allowed', 'b.txt') }, { file_path: join(dir, 'private', 'secret.md') }] });
    assert.equal(refused.status, 403);
    assert.equal((await get(open, '/sources/search?q=drumlins')).body.total, 0, 'nothing of the batch was stored');
    const batch = expectOk(
      await post(open, '/sources/ingest/batch', { folder_name: 'allowed', files: [{ file_path: join(dir, 'allowed', 'b.txt'), relative_path: 'b.txt' }, { file_path: join(dir, 'allowed', 'a.md') }, { file_path: join(dir, 'allowed', 'gone.md') }] }),
      'batch',
    );
    assert.equal(batch.total_ingested, 1);
    assert.equal(batch.total_duplicates, 1, 'a.md was ingested by the test before');
    assert.equal(batch.total_errors, 1);
    assert.equal((await get(open, '/sources/search?q=drumlins')).body.total, 1);
    assert.deepEqual(validationLocs(await post(open, '/sources/ingest/batch', { files: [] })), ['body.files']);
  });
});

describe('sources from URLs (a local server)', () => {
  let app: App;
  let server: Server;
  let base: string;
  let version = 1;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/article') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fixtureText('page.html').replace('June', version === 1 ? 'June' : 'July'));
      if (req.url === '/report') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(fixture('doc.pdf'));
      if (req.url === '/slow') return setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 3_000);
      if (req.url === '/huge') return res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(128 * 1024));
      res.writeHead(404).end('not here');
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await buildTestApp({ sourceMaxBytes: 64 * 1024, sourceFetchTimeoutMs: 500 });
  });
  after(async () => {
    await app.close();
    server.closeAllConnections();
    server.close();
  });
  const fixtureText = (name: string) => new TextDecoder().decode(fixture(name));

  test('an HTML page becomes its readable text; a PDF is read by its content type; refetch follows changes', async () => {
    const page = expectOk(await post(app, '/sources/ingest/url', { url: `${base}/article`, labels: ['huts'] }), 'article');
    const source = expectOk(await get(app, `/sources/${page.source_id}`), 'detail').source;
    assert.equal(source.source_type, 'url');
    assert.equal(source.source_url, `${base}/article`);
    assert.equal(source.mime_type, 'text/html');
    assert.match(await contentOf(app, page.source_id), /open from June/);

    const report = expectOk(await post(app, '/sources/ingest/url', { url: `${base}/report` }), 'report');
    assert.match(await contentOf(app, report.source_id), /Glaciers carve valleys/);

    assert.equal(expectOk(await post(app, `/sources/${page.source_id}/refetch`), 'same').status, 'unchanged');
    version = 2;
    const changed = expectOk(await post(app, `/sources/${page.source_id}/refetch`), 'changed');
    assert.equal(changed.status, 'refetched');
    assert.equal(changed.version, '2');
    assert.match(await contentOf(app, page.source_id), /open from July/);
  });

  test('error statuses, timeouts, oversized bodies and other schemes are clear 4xx answers', async () => {
    const before = await sourceCount(app);
    const missing = await post(app, '/sources/ingest/url', { url: `${base}/nothing` });
    assert.deepEqual(validationLocs(missing), ['body.url']);
    assert.match(missing.body.detail[0].msg, /404/);
    const slow = await post(app, '/sources/ingest/url', { url: `${base}/slow` });
    assert.match(slow.body.detail[0].msg, /no answer within 500 ms/);
    assert.equal((await post(app, '/sources/ingest/url', { url: `${base}/huge` })).status, 413);
    assert.deepEqual(validationLocs(await post(app, '/sources/ingest/url', { url: 'file:///etc/passwd' })), ['body.url']);
    assert.deepEqual(validationLocs(await post(app, '/sources/ingest/url', { url: 'not a url' })), ['body.url']);
    assert.equal(await sourceCount(app), before);
  });
});
