import { z } from 'zod';
import { BULK_LIMIT } from '../../../domain/memory.ts';
import { intQuery, memoryIdParams, optionalBody, spaceId } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { Memory, Pagination } from '../../responses.ts';

const memoryId = z.string().min(1).max(200);

export const listTrashSchema = {
  querystring: z.object({
    limit: intQuery(1, 100, 20),
    offset: intQuery(0, null, 0),
    space_id: spaceId.optional(),
  }),
};

export const getTrashItemSchema = { params: memoryIdParams };

export const restoreTrashSchema = {
  body: z.object({ ids: z.array(memoryId).min(1).max(BULK_LIMIT) }),
};

/** Without `ids` (or with `ids: null`) everything goes; `ids: []` empties nothing. */
export const emptyTrashSchema = {
  body: optionalBody(z.object({ ids: z.array(memoryId).max(BULK_LIMIT).nullish() })),
};

const TrashItem = z.object({
  id: z.string(),
  title: z.string(),
  content_preview: z.string(),
  space_id: z.string(),
  deleted_at: z.string(),
  expires_at: z.string(),
});

/** The documentation and answers of the trash operations. */
export const trashDocs = {
  list: doc({
    tag: 'Trash',
    summary: 'List the trash',
    description:
      'Deleted memories still restorable, newest deletion first (expired ones are purged first); optionally of one ' +
      '`space_id`; `limit` 1..100 (default 20), `offset`. Items stay `trash_days` (`CAIRN_TRASH_DAYS`, default 30).',
    response: { 200: z.object({ items: z.array(TrashItem), trash_days: z.number(), pagination: Pagination }) },
  }),
  get: doc({
    tag: 'Trash',
    summary: 'Read a trashed memory',
    description: 'One trashed memory as it was deleted, with what a restore would bring back (relations, mentions, entities). 404 when it is not in the trash.',
    response: {
      200: TrashItem.extend({ memory: Memory, relation_count: z.number(), mention_count: z.number(), deleted_entity_count: z.number() }),
    },
  }),
  restore: doc({
    tag: 'Trash',
    summary: 'Restore from the trash',
    description:
      `Brings back the memories in \`ids\` (1..${BULK_LIMIT}) with their labels, relations and entities. Each id is reported: ` +
      '`restored`, `not_found`, or `conflict` (its id is taken again).',
    response: {
      200: z.object({
        restored_count: z.number(),
        failed_count: z.number(),
        results: z.array(z.object({ id: z.string(), status: z.enum(['restored', 'not_found', 'conflict']), reason: z.string().optional() })),
        message: z.string(),
      }),
    },
  }),
  empty: doc({
    tag: 'Trash',
    summary: 'Empty the trash',
    description: 'Deletes for good the trashed memories in `ids`, or everything in the trash when `ids` is absent or null (`ids: []` deletes nothing).',
    response: { 200: z.object({ deleted_count: z.number(), message: z.string() }) },
  }),
};
