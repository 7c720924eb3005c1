import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { createMemory } from '../../../services/memories/create.ts';
import { read } from '../../../services/reads/reads.ts';
import { updateMemory } from '../../../services/memories/update.ts';
import { deleteMemory } from '../../../services/memories/delete.ts';
import { exportMemory, type ExportFormat } from '../../../services/memories/export.ts';
import { memoryIdParams } from '../../schemas.ts';
import {
  createMemoryBody,
  createMemoryQuery,
  deleteMemorySchema,
  exportMemorySchema,
  getMemorySchema,
  listMemoriesQuery,
  memoryDocs,
  updateMemoryBody,
} from './memories.schema.ts';

const exportContentTypes: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

export const memoryRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/memories', { schema: { ...memoryDocs.create, querystring: createMemoryQuery, body: createMemoryBody } }, req =>
    createMemory(deps, req.body, { wait: req.query.wait === 'graph' ? 'graph' : null }),
  );
  app.get('/memories', { schema: { ...memoryDocs.list, querystring: listMemoriesQuery } }, req =>
    read(deps, { kind: 'list', input: { ...req.query, states: req.query.state } }),
  );
  app.get('/memories/:memory_id', { schema: { ...memoryDocs.get, ...getMemorySchema } }, req =>
    read(deps, { kind: 'get', id: req.params.memory_id, query: req.query }),
  );
  app.patch('/memories/:memory_id', { schema: { ...memoryDocs.update, params: memoryIdParams, body: updateMemoryBody } }, req =>
    updateMemory(deps, req.params.memory_id, req.body),
  );
  app.delete('/memories/:memory_id', { schema: { ...memoryDocs.delete, ...deleteMemorySchema } }, req =>
    deleteMemory(deps, req.params.memory_id, req.query),
  );
  app.get('/memories/:memory_id/export', { schema: { ...memoryDocs.export, ...exportMemorySchema } }, async (req, reply) => {
    const exported = await exportMemory(deps, req.params.memory_id, req.query);
    reply.type(exportContentTypes[exported.format]);
    return typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body);
  });
};
