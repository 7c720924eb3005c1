import assert from 'node:assert/strict';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { after, before, describe, test } from '../../test/suite.ts';
import { buildTestApp, createMemory, del, get, patch, post } from '../../test/helpers.ts';
import type { App } from '../main.ts';

/** An EventSource-like reader: the events of one stream, in order, as they arrive. */
function openStream(url: string) {
  const events: { event: string; data: Record<string, unknown> }[] = [];
  let response: IncomingMessage | undefined;
  let buffer = '';
  const opened = new Promise<IncomingMessage>((resolve, reject) => {
    httpGet(url, res => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', chunk => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      resolve(res);
    }).on('error', reject);
  });
  const waitFor = async (count: number) => {
    for (let i = 0; i < 200 && events.length < count; i++) await new Promise(r => setTimeout(r, 10));
    return events;
  };
  return { opened, events, waitFor, close: () => response?.destroy() };
}

describe('GET /events/stream', () => {
  let app: App;
  let base = '';
  before(async () => {
    app = await buildTestApp();
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  test('streams a data-change event for each answered write, and none for reads, searches or failures', async () => {
    const stream = openStream(`${base}/events/stream`);
    const res = await stream.opened;
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/event-stream/);
    assert.equal((await stream.waitFor(1))[0]!.event, 'ready');

    const id = await createMemory(app, { content: 'The staging cluster moved to Hetzner', space_id: 'ops' });
    await post(app, '/memories/search', { query: 'Hetzner' });
    assert.equal((await patch(app, '/memories/nope', { content: 'x' })).status, 404);
    await patch(app, `/memories/${id}`, { content: 'The staging cluster moved to Hetzner in March' });
    await del(app, `/memories/${id}`);

    const changes = (await stream.waitFor(4)).slice(1);
    assert.deepEqual(
      changes.map(c => [c.event, c.data.resource, c.data.action, c.data.id]),
      [
        ['data-change', 'memories', 'create', id],
        ['data-change', 'memories', 'update', id],
        ['data-change', 'memories', 'delete', id],
      ],
    );
    assert.equal(changes[0]!.data.space_id, 'ops');
    stream.close();
  });

  test('the stream is in the API reference', async () => {
    const document = (await get(app, '/openapi.json')).body as { paths: Record<string, { get?: { summary?: string } }> };
    assert.match(String(document.paths['/events/stream']?.get?.summary), /Live updates/);
  });

  test('closing the server ends open streams instead of waiting on them', async () => {
    const other = await buildTestApp();
    const url = await other.server.listen({ port: 0, host: '127.0.0.1' });
    const stream = openStream(`${url}/events/stream`);
    const res = await stream.opened;
    const ended = new Promise(resolve => res.on('end', resolve));
    await other.close();
    await ended;
  });
});
