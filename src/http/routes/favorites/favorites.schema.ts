import { z } from 'zod';
import { doc } from '../../openapi.ts';
import { Memory, ThreadListItem } from '../../responses.ts';

/** The documentation and answers of the favourite operations (threads' own are in threads.schema.ts). */
export const favoriteDocs = {
  setMemory: doc({
    tag: 'Favorites',
    summary: 'Mark or unmark a favourite memory',
    description: 'Sets (`is_favorite=true`) or clears (`false`) the favourite flag of a memory; `is_favorite` is required.',
    response: { 200: z.object({ message: z.string(), id: z.string(), is_favorite: z.boolean() }) },
  }),
  memories: doc({
    tag: 'Favorites',
    summary: 'Favourite memories',
    description: 'Favourite memories that are not forgotten, most recently marked first; `limit` 1..100 (default 50).',
    response: { 200: z.array(Memory) },
  }),
  threads: doc({
    tag: 'Favorites',
    summary: 'Favourite threads',
    description: 'Favourite threads, most recently marked first; `limit` 1..100 (default 50).',
    response: { 200: z.array(ThreadListItem) },
  }),
};
