import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test, alsoOnPglite } from '../../../../test/suite.ts';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post, lacksVectorSearch } from '../../../../test/helpers.ts';
import { writeWordVectorFixture } from '../../../providers/embedder/wordVectors.fixture.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

const contents = async (app: App, query: string) =>
  ((await post(app, '/memories/search', { query, mode: 'fast' })).body as { memory: { content: string } }[]).map(r => r.memory.content);

// Fusion leans on the vectors when the query's own words match weakly, and only then.
describe('with an embedder: vector evidence counts when the words match weakly', () => {
  let app: App;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-fusion-'));
    app = await buildTestApp({ embedder: 'word-vectors', embedderModel: writeWordVectorFixture(dir), dataDir: dir });
    await createMemory(app, { content: 'She plays guitar in a band' });
    await createMemory(app, { content: 'Dentist appointment moved to Friday' });
    await app.deps.indexer!.settle();
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a strong vector-only match outranks a note sharing one incidental word', async t => {
    if (await lacksVectorSearch(app, t)) return;
    // One of three words ("friday") matches the dentist note; the meaning is the music note's.
    const order = await contents(app, 'clarinet music friday');
    assert.equal(order[0], 'She plays guitar in a band', order.join(' | '));
  });

  test('a query whose words all match keeps the full-text match first', async () => {
    const order = await contents(app, 'dentist appointment friday');
    assert.equal(order[0], 'Dentist appointment moved to Friday', order.join(' | '));
  });
});
