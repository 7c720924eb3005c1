import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { triageConversation } from '../../../services/distill/triage.ts';
import { distillThread } from '../../../services/distill/distill.ts';
import { distillDocs, distillBody, triageBody } from './distill.schema.ts';

/** Distillation: turning conversations into memories. */
export const distillRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/memories/distill/triage', { schema: { ...distillDocs.triage, body: triageBody } }, async req => triageConversation(req.body));
  app.post('/memories/distill', { schema: { ...distillDocs.distill, body: distillBody } }, req => distillThread(deps, req.body));
};
