import { z } from 'zod';
import { isCalendarDate } from '../../domain/thread.ts';
import { boolQuery, intQuery } from '../schemas.ts';

const spaceId = z.string().min(1).max(200);

export const workingMemoryQuery = z.object({
  date: z.string().refine(isCalendarDate, { message: 'date must be a day as YYYY-MM-DD' }).optional(),
  space_id: spaceId.optional(),
});

/** Reference `UpdateWorkingMemoryRequest`: content 1..10000 characters. */
export const updateWorkingMemoryBody = z.object({ content: z.string().min(1).max(10_000), space_id: spaceId.nullish() });

/** `PATCH /agent/working-memory` (beyond the interface): one section or the whole document, replaced or appended to. */
export const patchWorkingMemoryBody = z.object({
  heading: z.string().trim().min(1).max(200).optional(),
  append: z.string().min(1).max(10_000).optional(),
  content: z.string().max(10_000).optional(),
  space_id: spaceId.nullish(),
});

export const workingMemoryHistoryQuery = z.object({ limit: intQuery(1, 365, 30), space_id: spaceId.optional() });

export const contextBundleQuery = z.object({
  agent_id: z.string().min(1).optional(),
  source_app: z.string().min(1).optional(),
  host_agent_id: z.string().min(1).optional(),
  space_id: spaceId.optional(),
  include_working_memory: boolQuery().default(true),
});
