import { z } from 'zod';
import { BULK_LIMIT } from '../../domain/memory.ts';
import { intQuery, memoryIdParams, optionalBody } from '../schemas.ts';

const memoryId = z.string().min(1).max(200);

export const listTrashSchema = {
  querystring: z.object({
    limit: intQuery(1, 100, 20),
    offset: intQuery(0, null, 0),
    space_id: z.string().min(1).optional(),
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
