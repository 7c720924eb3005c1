import { z } from 'zod';
import { MAX_TITLE_CHARS } from '../../../domain/memory.ts';
import { optionalBody, spaceId } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { Entity, Memory } from '../../responses.ts';

/** How many memories one crystal may be made of (contract §10). */
export const MIN_CRYSTAL_SOURCES = 2;
export const MAX_CRYSTAL_SOURCES = 50;

const title = z.string().max(MAX_TITLE_CHARS).nullish();

export const createCrystalBody = z.object({
  memory_ids: z
    .array(z.string().min(1).max(200))
    .min(MIN_CRYSTAL_SOURCES)
    .max(MAX_CRYSTAL_SOURCES)
    .refine(ids => new Set(ids).size === ids.length, { message: 'memory_ids must be distinct' }),
  title,
  space_id: spaceId.nullish(),
});

export const crystallizeSchema = {
  params: z.object({ community_id: z.coerce.number().int() }),
  body: optionalBody(z.object({ title, space_id: spaceId.nullish() })),
};

const CrystalCreated = z.object({
  id: z.string(),
  crystal: Memory,
  sources: z.array(z.object({ memory_id: z.string(), contribution_weight: z.number() })),
  synthesis: z.enum(['extractive', 'llm']),
  extracted_entities: z.array(Entity),
  warnings: z.array(z.string()),
});

/** The documentation and answers of the crystal operations. */
export const crystalDocs = {
  create: doc({
    tag: 'Crystals',
    summary: 'Make a crystal from memories',
    description:
      `Synthesises one memory from ${MIN_CRYSTAL_SOURCES}..${MAX_CRYSTAL_SOURCES} distinct memories (any space): abstractive with a ` +
      'language model, extractive without one or when the model fails (the reason is a warning). It is stored as a ' +
      'memory (`is_crystal`) with its sources, all in one transaction; it goes to `space_id`, else the sources\' common ' +
      'space, else `default`. An unknown or forgotten source answers 404 and nothing is written.',
    response: { 200: CrystalCreated },
  }),
  crystallize: doc({
    tag: 'Crystals',
    summary: 'Make a crystal from a community',
    description:
      "Makes a crystal of a community's top memories (those mentioning most of its entities, at most 12), titled after " +
      'the community unless `title` is given. Unknown community: 404; fewer than two such memories: 409 `not_enough_memories`.',
    response: { 200: CrystalCreated },
  }),
};
