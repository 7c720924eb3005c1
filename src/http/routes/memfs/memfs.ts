import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentDocs } from '../agent/agent.schema.ts';
import type { Deps } from '../../../services/deps.ts';
import { runMemFs } from '../../../services/memfs/memfs.ts';
import { spaceId } from '../../schemas.ts';

/** The read-only filesystem view of a space, one shell-shaped command per request (the CLI's `fs` commands use it). */
export const memFsBody = z.object({
  command: z.string().min(1).max(4000).describe('A read-only command: capabilities, ls, cat, grep, recall, find or stat (e.g. `ls /memories`)'),
  space_id: spaceId.nullish(),
});

export const memFsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/agent/mem-fs', { schema: { ...agentDocs.memFs, body: memFsBody } }, req => runMemFs(deps, req.body));
};
