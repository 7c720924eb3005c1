import { join } from 'node:path';
import type { Config } from './config.ts';
import { createHashEmbedder } from './providers/embedder/hash.ts';
import { createUseLiteEmbedder } from './providers/embedder/useLite.ts';
import { createOpenAiEmbedder } from './providers/embedder/openai.ts';
import { createTransformersEmbedder } from './providers/embedder/transformers.ts';
import { createWordVectorEmbedder } from './providers/embedder/wordVectors.ts';
import type { Embedder } from './providers/ports.ts';

/** Part of the composition root: the server and its read workers choose the embedder here. */

/** The embedder named by CAIRN_EMBEDDER; null means search stays lexical. */
export function searchEmbedder(config: Pick<Config, 'embedder' | 'embedderModel' | 'embedderUrl' | 'llmUrl' | 'llmApiKey' | 'dataDir'>): Embedder | null {
  switch (config.embedder) {
    case 'hash':
      return createHashEmbedder();
    case 'use-lite':
      return createUseLiteEmbedder();
    case 'openai': {
      const url = config.embedderUrl ?? config.llmUrl;
      if (!url || !config.embedderModel) {
        throw new Error('CAIRN_EMBEDDER=openai needs CAIRN_EMBEDDER_MODEL and an endpoint (CAIRN_EMBEDDER_URL or CAIRN_LLM_URL)');
      }
      return createOpenAiEmbedder({ url, model: config.embedderModel, apiKey: config.llmApiKey });
    }
    case 'transformers':
      if (!config.embedderModel) throw new Error('CAIRN_EMBEDDER=transformers needs CAIRN_EMBEDDER_MODEL: a model id or a local model folder');
      return createTransformersEmbedder({ model: config.embedderModel, cacheDir: join(config.dataDir, 'models') });
    case 'word-vectors':
      return createWordVectorEmbedder({ cacheDir: join(config.dataDir, 'models'), source: config.embedderModel });
    case 'none':
    case 'default':
      return null;
    default:
      throw new Error(`Unknown CAIRN_EMBEDDER "${config.embedder}": use none, use-lite, word-vectors, openai, transformers or hash`);
  }
}
