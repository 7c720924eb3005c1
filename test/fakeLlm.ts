import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake model received: the parsed body of POST /v1/chat/completions. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
}

export interface FakeLlm {
  /** Base URL to configure as CAIRN_LLM_URL, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  requests: ChatRequest[];
  /** What the next answers contain: a JSON value (sent as the message content), or a function of the request. */
  answer: unknown | ((request: ChatRequest) => unknown);
  /** When set, every request fails with this HTTP status. */
  failWith: number | null;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A real OpenAI-compatible chat server on loopback, answering canned JSON: what the LLM extractor is tested against
 * (never the internet). Only POST /v1/chat/completions exists.
 */
export async function startFakeLlm(answer: FakeLlm['answer'] = { entities: [], relationships: [] }): Promise<FakeLlm> {
  const fake: FakeLlm = { url: '', requests: [], answer, failWith: null, close: async () => {} };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const parsed = JSON.parse(body) as ChatRequest;
    fake.requests.push(parsed);
    if (fake.failWith !== null) {
      response.writeHead(fake.failWith, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model crashed' } }));
      return;
    }
    const content = typeof fake.answer === 'function' ? (fake.answer as (r: ChatRequest) => unknown)(parsed) : fake.answer;
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${fake.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        choices: [{ index: 0, message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
