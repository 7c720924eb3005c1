import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHashEmbedder } from '../src/providers/embedder/hash.ts';
import type { ChatMessage, Llm } from '../src/providers/ports.ts';

/** A chat request the fake received: the parsed body of POST /v1/chat/completions. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
}

export interface FakeOpenAi {
  /** Base URL including /v1, as a client is configured with (CAIRN_LLM_URL, CAIRN_EMBEDDER_URL). */
  url: string;
  /** Every request received: path, Authorization header and parsed JSON body. */
  requests: { path: string; authorization: string | undefined; body: any }[];
  /** The bodies of the chat requests received, oldest first. */
  chatRequests(): ChatRequest[];
  /** When set, every request fails with this HTTP status. */
  failWith: number | null;
  close(): Promise<void>;
}

/** The fake as the LLM extractor tests use it: chat answers only. */
export type FakeLlm = FakeOpenAi;

async function readJson(request: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : null;
}

const CHAT_PATH = '/v1/chat/completions';

/**
 * A local OpenAI-compatible server on loopback for tests (never the internet): `/v1/embeddings` answers with
 * hash-embedder vectors (deterministic: same text, same vector); `/v1/chat/completions`, when `chat` is given,
 * answers each request with what `chat` returns for it (a string as is, anything else as JSON). Anything else is a 404.
 */
export async function startFakeOpenAi(options: { chat?: (request: ChatRequest) => unknown | Promise<unknown> } = {}): Promise<FakeOpenAi> {
  const embedder = createHashEmbedder(64);
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    chatRequests: () => fake.requests.filter(r => r.path === CHAT_PATH).map(r => r.body as ChatRequest),
    failWith: null,
    close: async () => {},
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readJson(request);
    fake.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (fake.failWith !== null) {
      send(fake.failWith, { error: { message: 'model crashed' } });
    } else if (request.method === 'POST' && request.url === '/v1/embeddings') {
      const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
      const vectors = await embedder.embed(input);
      // Scaled, as real models don't promise unit length; the client must normalise.
      const data = vectors.map((v, index) => ({ object: 'embedding', index, embedding: Array.from(v, x => x * 3) }));
      send(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } });
    } else if (request.method === 'POST' && request.url === CHAT_PATH && options.chat) {
      const content = await options.chat(body as ChatRequest);
      send(200, {
        id: `chatcmpl-${fake.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    } else {
      send(404, { error: { message: `no route ${request.method} ${request.url}` } });
    }
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>(resolve => {
      // Clients keep connections alive: close them, or close() waits for their timeout.
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/**
 * The fake as a chat model answering canned JSON: `answer` is sent as every reply's content, or, as a function, is
 * asked for each request's reply. What the LLM extractor and graph tests run against.
 */
export function startFakeLlm(answer: unknown = { entities: [], relationships: [] }): Promise<FakeLlm> {
  return startFakeOpenAi({ chat: request => (typeof answer === 'function' ? (answer as (r: ChatRequest) => unknown)(request) : answer) });
}

/** An in-process model (no server) that answers what `answer` returns, and remembers what it was asked. */
export function scriptedLlm(answer: () => unknown): { llm: Llm; asked: ChatMessage[][] } {
  const asked: ChatMessage[][] = [];
  const llm: Llm = {
    provider: 'fake',
    model: 'fake-model',
    baseUrl: 'http://127.0.0.1:9',
    async completeJson(messages) {
      asked.push(messages);
      return answer();
    },
  };
  return { llm, asked };
}
