import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { deleteAgentProfile, getAgentProfile, importAgentProfile, listAgentProfiles } from '../../services/agent/profiles.ts';
import { importProfileBody, importProfileQuery, profileDocs, profileParams } from './profiles.schema.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/settings/agent-profiles/import', { schema: { ...profileDocs.import, querystring: importProfileQuery, body: importProfileBody } }, req =>
    importAgentProfile(deps, { ...req.body, force: req.query.force ?? req.body.force ?? false }),
  );
  app.get('/settings/agent-profiles', { schema: profileDocs.list }, () => listAgentProfiles(deps));
  app.get('/settings/agent-profiles/:profile_id', { schema: { ...profileDocs.get, params: profileParams } }, req => getAgentProfile(deps, req.params.profile_id));
  app.delete('/settings/agent-profiles/:profile_id', { schema: { ...profileDocs.delete, params: profileParams } }, req => deleteAgentProfile(deps, req.params.profile_id));
};
