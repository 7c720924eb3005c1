/**
 * Short ids on every route (services/ids.ts has the rules): before a handler runs, each path parameter, query field
 * or body field that names an existing record is replaced by the full id its prefix names. Path parameters are known
 * by name; query and body fields, and path parameters whose kind differs from their name, are listed per route.
 * Fields that name a record being created (POST /memories `id`, POST /threads `thread_id`) are not listed: a
 * caller-supplied id is taken as it is.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../services/deps.ts';
import { type IdFields, resolveIdFields } from '../services/ids.ts';

/** Path parameters that name an existing record wherever they appear. */
const PATH_IDS: IdFields = {
  memory_id: 'memory',
  label_id: 'label',
  relation_id: 'relation',
  entity_id: 'entity',
  crystal_id: 'crystal',
  thread_id: 'thread',
  job_id: 'job',
  merge_id: 'merge',
};

interface RouteIds {
  params?: IdFields;
  query?: IdFields;
  body?: IdFields;
}

/** Per route (`METHOD /path`): what else names a record by id. */
const ROUTE_IDS: Record<string, RouteIds> = {
  'GET /trash/:memory_id': { params: { memory_id: 'trash' } },
  'POST /trash/restore': { body: { ids: 'trash' } },
  'POST /trash/empty': { body: { ids: 'trash' } },
  'POST /labels/merge': { query: { source_id: 'label', target_id: 'label' } },
  'POST /memories/:memory_id/deprecate': { body: { replacement_memory_id: 'memory' } },
  'POST /memories/:memory_id/supersede': { body: { newer_memory_id: 'memory' } },
  'POST /memories/:memory_id/relations': { body: { target_memory_id: 'memory' } },
  'POST /memories/evolves/revision/preview': { body: { memory_ids: 'memory' } },
  'POST /memories/evolves/revision/apply': { body: { memory_ids: 'memory' } },
  'POST /crystals': { body: { memory_ids: 'memory' } },
  'POST /memories/distill': { body: { thread_id: 'thread' } },
  'GET /agent/evolves': { query: { memory_id: 'memory' } },
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function installIdPrefixes(app: FastifyInstance, deps: Pick<Deps, 'store'>) {
  app.addHook('preHandler', async request => {
    const route = ROUTE_IDS[`${request.method} ${request.routeOptions.url}`];
    const { params, query, body } = request;
    if (!route && (!isObject(params) || Object.keys(params).length === 0)) return;
    // Thread ids are unique per space: the body's space_id wins over the query's, as the thread routes read them.
    const spaceId = [body, query].map(part => (isObject(part) && typeof part.space_id === 'string' ? part.space_id : undefined)).find(Boolean);
    if (isObject(params)) await resolveIdFields(deps, params, { ...PATH_IDS, ...route?.params }, spaceId);
    if (route?.query && isObject(query)) await resolveIdFields(deps, query, route.query, spaceId);
    if (route?.body && isObject(body)) await resolveIdFields(deps, body, route.body, spaceId);
  });
}
