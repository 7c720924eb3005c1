import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { createMemory } from '../../services/memories/create.ts';
import { getMemory, listMemories } from '../../services/memories/read.ts';
import { updateMemory } from '../../services/memories/update.ts';
import { deleteMemory } from '../../services/memories/delete.ts';
import { exportMemory, type ExportFormat } from '../../services/memories/export.ts';
import { memoryIdParams } from '../schemas.ts';
import {
  createMemoryBody,
  createMemoryQuery,
  deleteMemorySchema,
  exportMemorySchema,
  getMemorySchema,
  listMemoriesQuery,
  updateMemoryBody,
} from './memories.schema.ts';

const exportContentTypes: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

export const memoryRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['memories'];
  app.post('/memories', { schema: { tags, querystring: createMemoryQuery, body: createMemoryBody } }, req =>
    createMemory(deps, req.body, { wait: req.query.wait === 'graph' ? 'graph' : null }),
  );
  app.get('/memories', { schema: { tags, querystring: listMemoriesQuery } }, req =>
    listMemories(deps, { ...req.query, states: req.query.state }),
  );
  app.get('/memories/:memory_id', { schema: { tags, ...getMemorySchema } }, req => getMemory(deps, req.params.memory_id, req.query));
  app.patch('/memories/:memory_id', { schema: { tags, params: memoryIdParams, body: updateMemoryBody } }, req =>
    updateMemory(deps, req.params.memory_id, req.body),
  );
  app.delete('/memories/:memory_id', { schema: { tags, ...deleteMemorySchema } }, req =>
    deleteMemory(deps, req.params.memory_id, req.query),
  );
  app.get('/memories/:memory_id/export', { schema: { tags, ...exportMemorySchema } }, async (req, reply) => {
    const exported = await exportMemory(deps, req.params.memory_id, req.query);
    reply.type(exportContentTypes[exported.format]);
    return typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body);
  });
};
