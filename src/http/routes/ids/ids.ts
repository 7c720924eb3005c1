import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { doc } from '../../openapi.ts';
import type { Deps } from '../../../services/deps.ts';
import { MIN_PREFIX_DIGITS, shortIds } from '../../../services/ids.ts';
import { idString, spaceId } from '../../schemas.ts';

const shortIdsBody = z.object({
  kind: z.enum(['memory', 'label', 'relation', 'entity', 'crystal', 'thread']),
  ids: z.array(idString).max(1000),
  space_id: spaceId.nullish(),
});

const shortIdsDoc = doc({
  tag: 'Memories',
  summary: 'Short forms of ids',
  description:
    'For each id of `kind` (`memory`, `label`, `relation`, `entity`, `crystal`, or `thread` in `space_id`): the shortest ' +
    `start of it that no other stored id of that kind shares, at least ${MIN_PREFIX_DIGITS} hex digits — what a list ` +
    'shows so that ids written the same day can be told apart, and what any endpoint then accepts in place of the id. ' +
    'Ids that are not UUIDs, or not stored, map to themselves. At most 1000 ids.',
  response: { 200: z.object({ short_ids: z.record(z.string(), z.string()).describe('Each given id → its short form'), min_digits: z.number() }) },
});

export const idRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/ids/short', { schema: { ...shortIdsDoc, body: shortIdsBody } }, async req => ({
    short_ids: await shortIds(deps, req.body.kind, req.body.ids, req.body.space_id),
    min_digits: MIN_PREFIX_DIGITS,
  }));
};
