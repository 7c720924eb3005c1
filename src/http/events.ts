/**
 * Live updates, `GET /events/stream` (server-sent events, as the original's app and clients read them): every REST
 * write answered with a 2xx becomes a `data-change` event naming what changed, so the web app and clients
 * refresh instead of polling. Writes are seen where they are answered: with several processes on one PostgreSQL
 * database, each process streams its own. Nothing is kept: a client that reconnects reads the current state.
 */
import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { doc } from './openapi.ts';
import { z } from 'zod';

export interface DataChange {
  type: 'data-change';
  /** The collection the path names: memories, threads, labels, spaces, graph, … */
  resource: string;
  action: 'create' | 'update' | 'delete';
  method: string;
  path: string;
  /** The record the path or the answer names, when one does. */
  id: string | null;
  space_id: string | null;
  at: string;
}

/** Seconds between keep-alive comments: proxies and browsers drop a silent connection. */
const HEARTBEAT_MS = 15_000;
/** Answers bigger than this are not read for an id (the event still goes out). */
const MAX_READ_CHARS = 64 * 1024;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes that change nothing stored. */
const READ_ONLY_POSTS = [/\/search$/, /\/preview$/, /\/short$/, /^\/memories\/search/, /^\/threads\/search/, /^\/agent\/mem-fs/, /\/suggest$/, /\/triage$/, /^\/mcp/];

const actionOf = (method: string): DataChange['action'] => (method === 'DELETE' ? 'delete' : method === 'POST' ? 'create' : 'update');

function idFrom(request: FastifyRequest, payload: unknown): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const named = params && Object.entries(params).find(([key, value]) => key.endsWith('_id') && typeof value === 'string');
  if (named) return named[1] as string;
  if (typeof payload !== 'string' || payload.length > MAX_READ_CHARS) return null;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    return typeof body.id === 'string' ? body.id : typeof body.thread_id === 'string' ? body.thread_id : null;
  } catch {
    return null;
  }
}

function spaceFrom(request: FastifyRequest): string | null {
  for (const part of [request.body, request.query]) {
    const value = (part as Record<string, unknown> | undefined)?.space_id;
    if (typeof value === 'string') return value;
  }
  return null;
}

/**
 * Publishes each answered write to the stream's subscribers (and reads nothing while there are none). The hook is
 * installed at once, before any route (hooks apply to routes added after them); the stream's route comes back as a
 * plugin to register after the OpenAPI document is set up, so `/docs` lists it.
 */
export function installEvents(app: FastifyInstance): FastifyPluginAsync {
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const streams = new Set<() => void>();
  // The server closing (shutdown) ends every stream first, so `close()` never waits on one.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (changes.listenerCount('change') === 0 || !WRITES.has(request.method) || reply.statusCode >= 300) return payload;
    const path = request.routeOptions.url ?? request.url.split('?')[0]!;
    if (request.method === 'POST' && READ_ONLY_POSTS.some(rule => rule.test(path))) return payload;
    const change: DataChange = {
      type: 'data-change',
      resource: path.split('/')[1] || 'root',
      action: actionOf(request.method),
      method: request.method,
      path: request.url.split('?')[0]!,
      id: idFrom(request, payload),
      space_id: spaceFrom(request),
      at: new Date().toISOString(),
    };
    changes.emit('change', change);
    return payload;
  });

  return async routes => {
    routes.get('/events/stream', { schema: eventDocs.stream }, (request: FastifyRequest, reply: FastifyReply) => {
      const out = reply.raw;
      reply.hijack();
      out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      send('ready', { type: 'ready', at: new Date().toISOString() });
      const onChange = (change: DataChange) => send(change.type, change);
      changes.on('change', onChange);
      const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const stop = () => {
        clearInterval(heartbeat);
        changes.off('change', onChange);
        streams.delete(end);
      };
      const end = () => {
        stop();
        out.end();
      };
      streams.add(end);
      request.raw.on('close', stop);
    });
  };
}

const eventDocs = {
  stream: doc({
    tag: 'Health',
    summary: 'Live updates (server-sent events)',
    description:
      'A `text/event-stream`: first `ready`, then a `data-change` event for every write this process answers ' +
      '(`{type, resource, action, method, path, id, space_id, at}`), and a keep-alive comment every 15 s. Browsers ' +
      'connect with `new EventSource("/events/stream?nmem_api_key=…")` (EventSource sends no headers).',
    response: { 200: { description: 'Server-sent events', content: { 'text/event-stream': { schema: z.string() } } } },
  }),
};
