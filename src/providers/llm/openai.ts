import type OpenAI from 'openai';
import type { ChatMessage, Llm } from '../ports.ts';

export interface OpenAiLlmOptions {
  /** Base URL of an OpenAI-compatible API: http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:1234/v1 (LM Studio), https://api.openai.com/v1. */
  url: string;
  model: string;
  apiKey: string | null;
  /** Per request: a dead endpoint must not hold a job (or a preview) for long. */
  timeoutMs?: number;
}

/** The first JSON object in a model's answer, tolerating code fences and words around it. */
export function parseJsonAnswer(text: string): unknown {
  const trimmed = text.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  try {
    return JSON.parse(trimmed);
  } catch {
    const start = trimmed.indexOf('{');
    const end = trimmed.lastIndexOf('}');
    if (start >= 0 && end > start) return JSON.parse(trimmed.slice(start, end + 1));
    throw new Error(`the model did not answer with JSON: ${trimmed.slice(0, 120)}`);
  }
}

/**
 * A chat model behind any OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama, LM Studio, vLLM, llama.cpp).
 * Asks for structured output with a JSON schema; servers that do not support schemas still get the schema in the
 * prompt and usually answer in JSON, which is parsed leniently.
 */
export function createOpenAiLlm({ url, model, apiKey, timeoutMs = 60_000 }: OpenAiLlmOptions): Llm {
  // Local servers ignore the key, but the client library insists on one. The library loads on first use, not at start.
  let openai: Promise<OpenAI> | null = null;
  const connect = () =>
    (openai ??= import('openai').then(({ default: OpenAI }) => new OpenAI({ baseURL: url, apiKey: apiKey ?? 'not-needed', timeout: timeoutMs, maxRetries: 0 })));
  return {
    provider: 'openai-compatible',
    model,
    baseUrl: url,
    async completeJson(messages: ChatMessage[], schema, options = {}) {
      const response = await (await connect()).chat.completions.create(
        {
          model,
          messages,
          temperature: 0,
          response_format: { type: 'json_schema', json_schema: { name: schema.name, schema: schema.schema, strict: false } },
        },
        { signal: options.signal },
      );
      const content = response.choices[0]?.message?.content;
      if (!content) throw new Error('the model returned an empty answer');
      return parseJsonAnswer(content);
    },
  };
}
