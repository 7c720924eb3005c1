import { existsSync } from 'node:fs';
import { dirname, basename } from 'node:path';
import type { Embedder } from '../ports.ts';

export interface TransformersEmbedderOptions {
  /** A Hugging Face model id (e.g. Xenova/all-MiniLM-L6-v2) or the folder of a model already on disk. */
  model: string;
  /** Where downloaded models are kept. */
  cacheDir: string;
}

// Optional dependency: named through a variable so nothing requires it to be installed.
const PACKAGE = '@huggingface/transformers';

type FeatureExtractor = (texts: string[], options: { pooling: 'mean'; normalize: boolean }) => Promise<{ dims: number[]; data: Float32Array }>;

/**
 * Sentence embeddings with transformers.js (ONNX Runtime), an optional dependency: `npm install @huggingface/transformers`.
 * A local model folder is read offline; a model id is fetched from the Hugging Face hub once into `cacheDir`.
 * Until the package and model load, embedding fails with a message saying why, which /search-index/status shows,
 * and search answers from full text meanwhile.
 */
export function createTransformersEmbedder({ model, cacheDir }: TransformersEmbedderOptions): Embedder {
  let extractor: Promise<FeatureExtractor> | null = null;
  let dimensions = 0;

  async function load(): Promise<FeatureExtractor> {
    const transformers = await import(PACKAGE).catch(() => {
      throw new Error(`CAIRN_EMBEDDER=transformers needs the optional package: npm install ${PACKAGE}`);
    });
    const local = existsSync(model);
    transformers.env.cacheDir = cacheDir;
    transformers.env.allowRemoteModels = !local;
    if (local) transformers.env.localModelPath = dirname(model);
    return transformers.pipeline('feature-extraction', local ? basename(model) : model);
  }

  return {
    provider: 'transformers',
    model: `transformers:${model}`,
    get dimensions() {
      return dimensions;
    },
    // Sentence-transformer models put unrelated sentences around this cosine.
    unrelatedCosine: 0.15,
    async embed(texts) {
      if (texts.length === 0) return [];
      extractor ??= load();
      const run = await extractor.catch(error => {
        extractor = null; // try again next time: the package may have been installed since
        throw error;
      });
      const output = await run(texts, { pooling: 'mean', normalize: true });
      dimensions = output.dims.at(-1)!;
      return texts.map((_, i) => output.data.slice(i * dimensions, (i + 1) * dimensions));
    },
  };
}
