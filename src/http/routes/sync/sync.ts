import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../../services/deps.ts';
import { getSyncStatus, runSyncRound } from '../../../services/sync/sync.ts';
import { createHubManifest, hubDevices, hubManifest, hubSegment, hubSegments, putHubSegment } from '../../../services/sync/hub.ts';
import { InputError } from '../../../errors.ts';
import { syncDocs, syncSchemas } from './sync.schema.ts';

const octets = (reply: FastifyReply, bytes: Buffer) => reply.type('application/octet-stream').send(bytes);

/** A hub body: raw bytes (application/octet-stream), never parsed. */
function bodyBytes(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new InputError(['body'], 'Send the bytes as application/octet-stream', 'bytes_type');
  return body;
}

export const syncRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // Only in this plugin: the hub's uploads are opaque bytes.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/sync', { schema: syncDocs.round }, () => runSyncRound(deps));
  app.get('/sync/status', { schema: syncDocs.status }, () => getSyncStatus(deps));

  app.get('/sync/remote/manifest', { schema: syncDocs.manifest }, async (_req, reply) => octets(reply, await hubManifest(deps)));
  app.put('/sync/remote/manifest', { schema: syncDocs.createManifest }, async (req, reply) => octets(reply, await createHubManifest(deps, bodyBytes(req.body))));
  app.get('/sync/remote/devices', { schema: syncDocs.devices }, () => hubDevices(deps));
  app.get('/sync/remote/devices/:device/segments', { schema: { ...syncDocs.segments, ...syncSchemas.device } }, req => hubSegments(deps, req.params.device));
  app.get('/sync/remote/devices/:device/segments/:name', { schema: { ...syncDocs.segment, ...syncSchemas.segment } }, async (req, reply) =>
    octets(reply, await hubSegment(deps, req.params.device, req.params.name)),
  );
  app.put('/sync/remote/devices/:device/segments/:name', { schema: { ...syncDocs.putSegment, ...syncSchemas.segment } }, req =>
    putHubSegment(deps, req.params.device, req.params.name, bodyBytes(req.body)),
  );
};
