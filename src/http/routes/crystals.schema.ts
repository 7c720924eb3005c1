import { z } from 'zod';
import { MAX_TITLE_CHARS } from '../../domain/memory.ts';
import { optionalBody } from '../schemas.ts';

/** How many memories one crystal may be made of (contract §10). */
export const MIN_CRYSTAL_SOURCES = 2;
export const MAX_CRYSTAL_SOURCES = 50;

const title = z.string().max(MAX_TITLE_CHARS).nullish();
const spaceId = z.string().min(1).max(200).nullish();

export const createCrystalBody = z.object({
  memory_ids: z
    .array(z.string().min(1).max(200))
    .min(MIN_CRYSTAL_SOURCES)
    .max(MAX_CRYSTAL_SOURCES)
    .refine(ids => new Set(ids).size === ids.length, { message: 'memory_ids must be distinct' }),
  title,
  space_id: spaceId,
});

export const crystallizeSchema = {
  params: z.object({ community_id: z.coerce.number().int() }),
  body: optionalBody(z.object({ title, space_id: spaceId })),
};
