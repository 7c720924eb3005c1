import { z } from 'zod';
import { BULK_LIMIT } from '../../../domain/memory.ts';
import { doc } from '../../openapi.ts';

const selectionMode = z.enum(['ids', 'space']);
const selectionNote =
  'The selection is `mode: "ids"` (the `memory_ids` given) or `mode: "space"` (every memory of `source_space_id`), ' +
  `minus \`exclude_memory_ids\`; at most ${BULK_LIMIT} memories at once (more answers \`limit_exceeded\`).`;

const MovePreview = z.object({
  count: z.number(),
  found_count: z.number(),
  max_allowed: z.number(),
  limit_exceeded: z.boolean(),
  source_space_id: z.string(),
  target_space_id: z.string(),
  selection_mode: selectionMode,
  excluded_count: z.number(),
  message: z.string(),
});

const DeletePreview = z.object({
  dry_run: z.boolean(),
  count: z.number(),
  found_count: z.number(),
  max_allowed: z.number(),
  limit_exceeded: z.boolean(),
  source_space_id: z.string(),
  selection_mode: selectionMode,
  excluded_count: z.number(),
  cascade_delete: z.boolean(),
  sample_ids: z.array(z.string()),
  recoverable: z.boolean().describe('Whether the deleted memories go to the trash'),
  trash_days: z.number(),
  message: z.string(),
});

const DeleteResult = z.object({
  deleted_count: z.number(),
  failed_count: z.number(),
  source_space_id: z.string(),
  cascade_delete: z.boolean(),
  results: z.array(z.object({ id: z.string(), status: z.string(), reason: z.string().optional() })),
  message: z.string(),
});

/** The documentation and answers of the bulk operations. */
export const bulkDocs = {
  movePreview: doc({
    tag: 'Bulk',
    summary: 'Preview a bulk move',
    description: `Says how many memories a move into \`target_space_id\` would touch; changes nothing. ${selectionNote}`,
    response: { 200: MovePreview },
  }),
  move: doc({
    tag: 'Bulk',
    summary: 'Move memories to another space',
    description: `Moves the selected memories into \`target_space_id\` in one transaction and re-indexes them; ids not in the source space count as failed. ${selectionNote}`,
    response: {
      200: z.object({
        moved_count: z.number(),
        failed_count: z.number(),
        source_space_id: z.string(),
        target_space_id: z.string(),
        index_updated_count: z.number(),
        index_repair_needed: z.boolean(),
        message: z.string(),
      }),
    },
  }),
  deletePreview: doc({
    tag: 'Bulk',
    summary: 'Preview a bulk delete',
    description: `Says what a bulk delete would remove (a sample of the ids) and whether it could be restored from the trash; changes nothing. ${selectionNote}`,
    response: { 200: DeletePreview },
  }),
  delete: doc({
    tag: 'Bulk',
    summary: 'Delete memories in bulk',
    description:
      'Deletes the selected memories of one source space, with their edges, in one transaction; unless the trash is off ' +
      'they go to the trash. With `dry_run` (body or query string) it only previews and answers like the preview. ' +
      `\`cascade_delete\` (default true) also deletes entities no other memory mentions. ${selectionNote}`,
    response: { 200: z.union([DeleteResult, DeletePreview]) },
  }),
};
