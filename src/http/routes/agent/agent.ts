import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { getWorkingMemory, patchWorkingMemory, updateWorkingMemory, workingMemoryHistory } from '../../../services/agent/workingMemory.ts';
import { agentDocs, patchWorkingMemoryBody, updateWorkingMemoryBody, workingMemoryHistoryQuery, workingMemoryQuery } from './agent.schema.ts';

export const agentRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/agent/working-memory', { schema: { ...agentDocs.getWorkingMemory, querystring: workingMemoryQuery } }, req => getWorkingMemory(deps, req.query));
  app.put('/agent/working-memory', { schema: { ...agentDocs.putWorkingMemory, querystring: workingMemoryQuery.pick({ space_id: true }), body: updateWorkingMemoryBody } }, req =>
    updateWorkingMemory(deps, { content: req.body.content, space_id: req.body.space_id || req.query.space_id }),
  );
  app.patch('/agent/working-memory', { schema: { ...agentDocs.patchWorkingMemory, querystring: workingMemoryQuery.pick({ space_id: true }), body: patchWorkingMemoryBody } }, req =>
    patchWorkingMemory(deps, { ...req.body, space_id: req.body.space_id || req.query.space_id }),
  );
  app.get('/agent/working-memory/history', { schema: { ...agentDocs.workingMemoryHistory, querystring: workingMemoryHistoryQuery } }, req => workingMemoryHistory(deps, req.query));
};
