import type { Extractor, Llm } from '../ports.ts';
import { createOpenAiLlm } from '../llm/openai.ts';
import { createLlmExtractor } from './llm.ts';
import { createRulesExtractor } from './rules.ts';
import { createWorkerRulesExtractor } from './rulesWorker.ts';

export interface ExtractorConfig {
  extractor: string;
  llmUrl: string | null;
  llmModel: string | null;
  llmApiKey: string | null;
  /** The background queue's rules run in a worker thread; false or absent: inline, on the caller's thread. */
  extractorWorker?: boolean;
  /** How many worker threads the background queue's rules get (CAIRN_BACKGROUND_WORKERS); at least one. */
  backgroundWorkers?: number;
  log?: (message: string) => void;
}

/**
 * The extractors CAIRN_EXTRACTOR names: `rules` (default, offline), `llm` (an OpenAI-compatible chat model at
 * CAIRN_LLM_URL running CAIRN_LLM_MODEL, with the rules as fallback) or `none` (nothing extracted on create; previews
 * still use the rules). Anything else, or `llm` without a URL and a model, refuses to start.
 */
export function createExtractors(config: ExtractorConfig): { mode: 'rules' | 'llm' | 'none'; primary: Extractor | null; rules: Extractor; llm: Llm | null } {
  const rules = createRulesExtractor();
  // The chat model, whenever one is configured: other capabilities may use it even when extraction does not.
  const llm = config.llmUrl && config.llmModel ? createOpenAiLlm({ url: config.llmUrl, model: config.llmModel, apiKey: config.llmApiKey }) : null;
  switch (config.extractor) {
    case 'rules':
      // The background queue's extractor; previews and the language model's fallback keep the inline rules.
      return { mode: 'rules', primary: config.extractorWorker ? createWorkerRulesExtractor({ log: config.log, threads: config.backgroundWorkers }) : rules, rules, llm };
    case 'none':
      return { mode: 'none', primary: null, rules, llm };
    case 'llm': {
      if (!llm) {
        throw new Error('CAIRN_EXTRACTOR=llm needs CAIRN_LLM_URL (an OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1) and CAIRN_LLM_MODEL');
      }
      return { mode: 'llm', primary: createLlmExtractor(llm), rules, llm };
    }
    default:
      throw new Error(`Unknown CAIRN_EXTRACTOR "${config.extractor}": use rules, llm or none`);
  }
}
