import { z } from 'zod';
import { intQuery } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { EntityBrief, Memory } from '../../responses.ts';

export const listCommunitiesQuery = z.object({ limit: intQuery(1, 50, 20) });

/** The interface gives the id as a string; one that is not a plain integer names no community (404). */
export const communityParams = z.object({ community_id: z.string().min(1) });
export const communityQuery = z.object({ entity_limit: intQuery(1, 50, 20) });

const Community = z.object({
  id: z.number(),
  name: z.string(),
  summary: z.string(),
  summary_source: z.enum(['extractive', 'llm']),
  entity_count: z.number(),
  memory_count: z.number().describe('Memories (not forgotten) mentioning its entities, counted now'),
  top_entities: z.array(EntityBrief),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The documentation and answers of the community operations. */
export const communityDocs = {
  list: doc({
    tag: 'Communities',
    summary: 'List communities',
    description:
      'Topic clusters of entities (Louvain over the RELATES_TO graph, recomputed in the background after the graph ' +
      'changes), largest first, each with a name, a summary and its top entities; `limit` 1..50 (default 20).',
    response: { 200: z.object({ communities: z.array(Community), total: z.number() }) },
  }),
  detect: doc({
    tag: 'Communities',
    summary: 'Detect communities now',
    description:
      'Recomputes the communities now (after any run in progress) and says how many came out and how long it took. ' +
      'With a language model configured, the largest changed communities also get a model summary.',
    response: { 200: z.object({ communities: z.number(), entities: z.number(), took_ms: z.number() }) },
  }),
  get: doc({
    tag: 'Communities',
    summary: 'Read a community',
    description:
      'One community with its entities (most central first, `entity_limit` 1..50, default 20, each with its mentions) ' +
      'and sample memories: those mentioning most of its entities. 404 when the id names none.',
    response: {
      200: Community.extend({
        entities: z.array(
          EntityBrief.extend({ description: z.string(), mention_count: z.number(), rank: z.number(), weight: z.number() }),
        ),
        sample_memories: z.array(Memory.extend({ community_entities: z.number().describe('How many of its entities the memory mentions') })),
      }),
    },
  }),
};
