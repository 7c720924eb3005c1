import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import {
  archiveMemory,
  deprecateMemory,
  forgetMemory,
  restoreMemory,
  supersedeMemory,
} from '../../../services/memories/lifecycle.ts';
import { idString, memoryIdParams, optionalBody, spaceId } from '../../schemas.ts';
import { lifecycleDocs } from './lifecycle.schema.ts';

const stateFields = {
  reason: z.string().max(2000).nullish(),
  space_id: spaceId.nullish(),
};
/** Real clients send these POSTs with no body at all: an absent body means no options. */
const stateBody = optionalBody(z.object(stateFields));
const deprecateBody = optionalBody(z.object({ ...stateFields, replacement_memory_id: idString.nullish() }));
const supersedeBody = z.object({ ...stateFields, newer_memory_id: idString });

export const lifecycleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const params = memoryIdParams;
  app.post('/memories/:memory_id/deprecate', { schema: { ...lifecycleDocs.deprecate, params, body: deprecateBody } }, req =>
    deprecateMemory(deps, req.params.memory_id, req.body),
  );
  app.post('/memories/:memory_id/archive', { schema: { ...lifecycleDocs.archive, params, body: stateBody } }, req =>
    archiveMemory(deps, req.params.memory_id, req.body),
  );
  app.post('/memories/:memory_id/forget', { schema: { ...lifecycleDocs.forget, params, body: stateBody } }, req =>
    forgetMemory(deps, req.params.memory_id, req.body),
  );
  app.post('/memories/:memory_id/supersede', { schema: { ...lifecycleDocs.supersede, params, body: supersedeBody } }, req =>
    supersedeMemory(deps, req.params.memory_id, req.body),
  );
  app.post('/memories/:memory_id/restore', { schema: { ...lifecycleDocs.restore, params, body: stateBody } }, req =>
    restoreMemory(deps, req.params.memory_id, req.body),
  );
};
