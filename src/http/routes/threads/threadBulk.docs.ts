import { z } from 'zod';
import { THREAD_BULK_LIMIT } from '../../../domain/thread.ts';
import { doc } from '../../openapi.ts';

const selectionNote =
  'The selection is `mode: "ids"` (the `thread_ids` given, in `source_space_id` or the default space) or `mode: "space"` ' +
  `(every thread of \`source_space_id\`), minus \`exclude_thread_ids\`; at most ${THREAD_BULK_LIMIT} threads at once (more is 422 \`limit_exceeded\`).`;

const Conflict = z.object({ thread_id: z.string(), reason: z.string() });

const DeleteResult = z.object({
  message: z.string(),
  deleted_count: z.number(),
  failed_count: z.number(),
  total_deleted_messages: z.number(),
  total_deleted_memories: z.number(),
  cascade_deletion: z.boolean(),
  recoverable: z.boolean().describe('Whether the deleted threads went to the thread trash (CAIRN_TRASH_DAYS > 0)'),
  source_space_id: z.string(),
  results: z.array(z.object({ thread_id: z.string(), status: z.string(), deleted_messages: z.number(), deleted_memories: z.number(), reason: z.string().optional() })),
});

const deleteNote =
  'Each thread goes to the thread trash with its messages (restorable with `POST /threads/trash/restore` for CAIRN_TRASH_DAYS; permanently when the trash is off). ' +
  'With `cascade_delete_memories` the memories distilled from each go too, through the memory delete (and the memory trash); without it they stay and no longer name the thread.';

export const threadBulkDocs = {
  movePreview: doc({
    tag: 'Threads',
    summary: 'Preview a bulk thread move',
    description: `How many threads a move into \`target_space_id\` would touch and which collide there (same thread_id); changes nothing. ${selectionNote}`,
    response: {
      200: z.object({
        count: z.number(),
        found_count: z.number(),
        max_allowed: z.number(),
        limit_exceeded: z.boolean(),
        source_space_id: z.string(),
        target_space_id: z.string(),
        selection_mode: z.string(),
        excluded_count: z.number(),
        conflicts: z.array(Conflict),
        message: z.string(),
      }),
    },
  }),
  move: doc({
    tag: 'Threads',
    summary: 'Move threads to another space',
    description: `Moves the selected threads with their messages into \`target_space_id\` in one transaction; a thread whose thread_id the target has already stays (\`conflicts\`), ids the source lacks count as failed. ${selectionNote}`,
    response: {
      200: z.object({ moved_count: z.number(), failed_count: z.number(), source_space_id: z.string(), target_space_id: z.string(), conflicts: z.array(Conflict), message: z.string() }),
    },
  }),
  deleteByIds: doc({ tag: 'Threads', summary: 'Delete threads by id', description: `Deletes the threads named in \`thread_ids\` from the space \`space_id\` (default space). ${deleteNote}`, response: { 200: DeleteResult } }),
  deleteBySelection: doc({ tag: 'Threads', summary: 'Delete a thread selection', description: `${deleteNote} ${selectionNote}`, response: { 200: DeleteResult } }),
  trash: doc({
    tag: 'Threads',
    summary: 'Deleted threads',
    description: 'The threads bulk deletes put in the thread trash, newest deletion first; expired ones are purged first.',
    response: {
      200: z.object({
        items: z.array(z.object({ thread_pk: z.string(), thread_id: z.string(), space_id: z.string(), title: z.string(), message_count: z.number(), deleted_at: z.string(), expires_at: z.string() })),
        trash_days: z.number(),
        pagination: z.object({ limit: z.number(), offset: z.number(), total: z.number(), has_more: z.boolean() }),
      }),
    },
  }),
  restore: doc({
    tag: 'Threads',
    summary: 'Restore deleted threads',
    description: 'Puts threads back from the thread trash, messages and order as they were; a thread_id the space has again meanwhile stays in the trash (`exists`).',
    response: {
      200: z.object({
        restored_count: z.number(),
        failed_count: z.number(),
        space_id: z.string(),
        results: z.array(z.object({ thread_id: z.string(), status: z.enum(['restored', 'exists', 'not_in_trash']), message_count: z.number() })),
      }),
    },
  }),
};
