/**
 * Spaces named as people name them, on every route: before a handler runs, a `space_id` (and the bulk routes'
 * `source_space_id` / `target_space_id`) in the query or body that is a space's key, name or alias becomes its id
 * (services/spaces: "Research Agent", `research`, `Default`). A value no profile claims stays as it is: a space can
 * be used without ever being created.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../services/deps.ts';
import { resolveSpace } from '../services/spaces/spaces.ts';

const SPACE_FIELDS = ['space_id', 'source_space_id', 'target_space_id'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function installSpaceRefs(app: FastifyInstance, deps: Pick<Deps, 'store'>) {
  app.addHook('preHandler', async request => {
    for (const part of [request.query, request.body]) {
      if (!isObject(part)) continue;
      for (const field of SPACE_FIELDS) {
        const value = part[field];
        if (typeof value === 'string' && value) part[field] = await resolveSpace(deps, value);
      }
    }
  });
}
