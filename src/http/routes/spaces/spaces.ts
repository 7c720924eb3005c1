import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { createSpace, deleteSpace, getSpace, listSpaces, setSpacesEnabled, updateSpace } from '../../../services/spaces/spaces.ts';
import { createSpaceBody, deleteSpaceQuery, spaceDocs, spaceParams, spacesConfigBody, updateSpaceBody } from './spaces.schema.ts';

export const spaceRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/spaces', { schema: spaceDocs.list }, () => listSpaces(deps));
  app.get('/spaces/roster', { schema: spaceDocs.roster }, () => listSpaces(deps, { profilesOnly: true }));
  app.post('/spaces/config', { schema: { ...spaceDocs.config, body: spacesConfigBody } }, req => setSpacesEnabled(deps, req.body.enabled));
  app.post('/spaces', { schema: { ...spaceDocs.create, body: createSpaceBody } }, req => createSpace(deps, req.body));
  app.get('/spaces/:space_ref', { schema: { ...spaceDocs.get, params: spaceParams } }, req => getSpace(deps, req.params.space_ref));
  app.patch('/spaces/:space_ref', { schema: { ...spaceDocs.update, params: spaceParams, body: updateSpaceBody } }, req => updateSpace(deps, req.params.space_ref, req.body));
  app.delete('/spaces/:space_ref', { schema: { ...spaceDocs.delete, params: spaceParams, querystring: deleteSpaceQuery } }, req =>
    deleteSpace(deps, req.params.space_ref, { purgeWorkingMemory: req.query.purge_working_memory ?? false }),
  );
};
