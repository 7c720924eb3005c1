import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import {
  createAgentProfile, deleteAgentProfile, getAgentProfile, importAgentProfile, listAgentProfiles, updateAgentProfile,
} from '../../../services/agent/profiles.ts';
import { importProfileBody, importProfileQuery, profileDocs, profileParams, profilePayload } from './profiles.schema.ts';

// The reference names the id `agent_id` on PUT and DELETE; Fastify wants one name per path position, and the routes
// here already call it `profile_id`: the name differs only in this service's OpenAPI document.
export const profileRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/settings/agent-profiles/import', { schema: { ...profileDocs.import, querystring: importProfileQuery, body: importProfileBody } }, req =>
    importAgentProfile(deps, { ...req.body, force: req.query.force ?? req.body.force ?? false }),
  );
  app.get('/settings/agent-profiles', { schema: profileDocs.list }, () => listAgentProfiles(deps));
  app.post('/settings/agent-profiles', { schema: { ...profileDocs.create, body: profilePayload } }, req => createAgentProfile(deps, req.body));
  app.get('/settings/agent-profiles/:profile_id', { schema: { ...profileDocs.get, params: profileParams } }, req => getAgentProfile(deps, req.params.profile_id));
  app.put('/settings/agent-profiles/:profile_id', { schema: { ...profileDocs.update, params: profileParams, body: profilePayload } }, req =>
    updateAgentProfile(deps, req.params.profile_id, req.body),
  );
  app.delete('/settings/agent-profiles/:profile_id', { schema: { ...profileDocs.delete, params: profileParams } }, req => deleteAgentProfile(deps, req.params.profile_id));
};
