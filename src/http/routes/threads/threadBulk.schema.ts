import { z } from 'zod';
import { boolQuery, idString, intQuery, spaceId } from '../../schemas.ts';
import { THREAD_BULK_LIMIT } from '../../../domain/thread.ts';

/** Reference BulkThreadSelection. Lists are bounded a little above the limit, so an oversized one says `limit_exceeded`. */
const ids = z.array(idString).max(THREAD_BULK_LIMIT * 10);
export const threadSelection = z.object({
  mode: z.enum(['ids', 'space']).default('ids'),
  thread_ids: ids.default([]),
  source_space_id: spaceId.nullish(),
  exclude_thread_ids: ids.default([]),
});

/** Reference BulkMoveThreadsRequest. */
export const bulkMoveBody = z.object({ selection: threadSelection, target_space_id: spaceId });

/** Reference BulkDeleteThreadsRequest (`DELETE /threads/bulk`, with `cascade_delete_memories` and `space_id` in the query). */
export const bulkDeleteByIdsBody = z.object({ thread_ids: z.array(idString).min(1).max(THREAD_BULK_LIMIT * 10) });
export const bulkDeleteByIdsQuery = z.object({ cascade_delete_memories: boolQuery().default(false), space_id: spaceId.optional() });

/** Reference BulkDeleteThreadsBySelectionRequest. */
export const bulkDeleteBody = z.object({ selection: threadSelection, cascade_delete_memories: z.boolean().default(false) });

export const threadTrashQuery = z.object({ limit: intQuery(1, 500, 50), offset: intQuery(0, null, 0), space_id: spaceId.optional() });
export const restoreBody = z.object({ thread_ids: z.array(idString).min(1).max(THREAD_BULK_LIMIT), space_id: spaceId.nullish() });
