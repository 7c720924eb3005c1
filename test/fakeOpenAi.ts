import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHashEmbedder } from '../src/providers/embedder/hash.ts';

export interface FakeOpenAi {
  /** Base URL including /v1, as a client is configured with. */
  url: string;
  /** Every request received: path, Authorization header and parsed JSON body. */
  requests: { path: string; authorization: string | undefined; body: any }[];
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : null;
}

/**
 * A local OpenAI-compatible server on loopback for tests: `/v1/embeddings` answers with hash-embedder vectors
 * (deterministic: same text, same vector); `chat` answers each chat request with the next canned reply.
 */
export async function startFakeOpenAi(options: { chat?: (body: any) => unknown } = {}): Promise<FakeOpenAi> {
  const embedder = createHashEmbedder(64);
  const requests: FakeOpenAi['requests'] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readJson(request);
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.url === '/v1/embeddings') {
      const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
      const vectors = await embedder.embed(input);
      // Scaled, as real models don't promise unit length; the client must normalise.
      const data = vectors.map((v, index) => ({ object: 'embedding', index, embedding: Array.from(v, x => x * 3) }));
      send(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } });
    } else if (request.url === '/v1/chat/completions' && options.chat) {
      const content = options.chat(body);
      send(200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) }, finish_reason: 'stop' }],
      });
    } else {
      send(404, { error: { message: `no route ${request.url}` } });
    }
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}
