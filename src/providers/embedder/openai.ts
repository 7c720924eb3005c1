import type OpenAI from 'openai';
import type { Embedder } from '../ports.ts';

export interface OpenAiEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 (Ollama) or https://api.openai.com/v1. */
  url: string;
  model: string;
  apiKey: string | null;
  /** Per request; a slow or dead endpoint must not hold the background job for long. */
  timeoutMs?: number;
}

/**
 * Any OpenAI-compatible `/embeddings` endpoint: OpenAI, Ollama, LM Studio, vLLM, llama.cpp's server.
 * The vector size is learnt from the first answer. Vectors are normalised to unit length, which the index expects.
 */
export function createOpenAiEmbedder({ url, model, apiKey, timeoutMs = 30_000 }: OpenAiEmbedderOptions): Embedder {
  // Local servers ignore the key, but the client library insists on one. The library loads on first use, not at start.
  let openai: Promise<OpenAI> | null = null;
  const connect = () =>
    (openai ??= import('openai').then(({ default: OpenAI }) => new OpenAI({ baseURL: url, apiKey: apiKey ?? 'not-needed', timeout: timeoutMs, maxRetries: 1 })));
  let dimensions = 0;

  return {
    provider: 'openai',
    model: `openai:${model}`,
    get dimensions() {
      return dimensions;
    },
    // Typical of general-purpose embedding models; below it a vector match alone says little.
    unrelatedCosine: 0.2,
    async embed(texts) {
      if (texts.length === 0) return [];
      const response = await (await connect()).embeddings.create({ model, input: texts, encoding_format: 'float' });
      const rows = [...response.data].sort((a, b) => a.index - b.index);
      if (rows.length !== texts.length) throw new Error(`embeddings endpoint returned ${rows.length} vectors for ${texts.length} texts`);
      return rows.map(row => {
        const vector = Float32Array.from(row.embedding);
        if (dimensions === 0) dimensions = vector.length;
        if (vector.length !== dimensions) throw new Error(`embeddings endpoint returned ${vector.length} dimensions, expected ${dimensions}`);
        let norm = 0;
        for (const value of vector) norm += value * value;
        norm = Math.sqrt(norm);
        if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
        return vector;
      });
    },
  };
}
