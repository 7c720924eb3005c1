import { z } from 'zod';
import { OVERVIEW_NODE_TYPES } from '../../../services/graph/overview.ts';
import { doc } from '../../openapi.ts';
import { intQuery, spaceId } from '../../schemas.ts';

/** `node_types`: a comma-separated list (or the parameter repeated) of Entity and Memory; default both. */
const nodeTypes = z
  .union([z.string(), z.array(z.string())])
  .transform(value => [...new Set((Array.isArray(value) ? value : [value]).flatMap(v => v.split(',')).map(v => v.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(OVERVIEW_NODE_TYPES)).min(1).describe('Entity, Memory or both, comma-separated'))
  .default([...OVERVIEW_NODE_TYPES]);

export const overviewQuery = z.object({
  limit: intQuery(10, 2000, 500),
  offset: intQuery(0, 1_000_000_000, 0),
  space_id: spaceId.optional(),
  node_types: nodeTypes,
});

const EntityNode = z.object({
  id: z.string(),
  label: z.string().describe("The entity's name"),
  node_type: z.literal('Entity'),
  node_subtype: z.string().describe("The entity's type"),
  community_id: z.number().nullable().describe('Its community (topic) from the last detection; null when it has none'),
  mention_count: z.number().describe('Memories (not forgotten; of the lens space when given) mentioning it'),
  degree: z.number().describe('RELATES_TO rows touching it (evidence of forgotten memories left out)'),
  size: z.number().describe('A display size, 10..30, growing with mentions and relations'),
});

const MemoryNode = z.object({
  id: z.string(),
  label: z.string().describe("The memory's title"),
  node_type: z.literal('Memory'),
  node_subtype: z.string().describe("The memory's unit type"),
  community_id: z.null(),
  importance: z.number(),
  size: z.number().describe('A display size, 10..20, growing with importance'),
});

const OverviewEdge = z.object({
  source: z.string(),
  target: z.string(),
  edge_type: z.enum(['RELATES_TO', 'MENTIONS']),
  weight: z.number().describe('RELATES_TO: the summed weight of the pair (one direction); MENTIONS: occurrences'),
  relation_type: z.string().optional().describe('RELATES_TO only: one of the relation types recorded for the pair'),
});

export const overviewDocs = doc({
  tag: 'Graph',
  summary: 'Whole-graph overview',
  description:
    'Lightweight full-graph read for overview visualisation: minimal nodes and edges (no content, no metadata). Nodes ' +
    'come in one order: entities, most mentioned first, then most related, then by id; then memories that mention ' +
    'entities (not forgotten), most important first, newest on ties. Edges: the RELATES_TO pairs among the entities ' +
    'and the MENTIONS of the memories. `limit` 10..2000 (default 500). `space_id` is a lens: only entities mentioned by ' +
    'memories of that space (their `mention_count` counted there) and only its memories. Cairn extensions: ' +
    '`node_types` (Entity, Memory, or both comma-separated; default both) and `offset` for paging: each page brings ' +
    'the edges between its nodes and those of the pages before it, so paging with `offset` until `has_more` is false ' +
    'gathers the whole graph and every edge in it. `total_nodes` counts every node of the asked types; `node_counts` ' +
    'splits it. Threads, sources and skills are not graph nodes in Cairn.',
  response: {
    200: z.object({
      nodes: z.array(z.discriminatedUnion('node_type', [EntityNode, MemoryNode])),
      edges: z.array(OverviewEdge),
      total_nodes: z.number(),
      total_edges: z.number().describe('Edges in this answer'),
      node_counts: z.object({ Entity: z.number(), Memory: z.number() }),
      limit: z.number(),
      offset: z.number(),
      has_more: z.boolean(),
      node_types: z.array(z.enum(OVERVIEW_NODE_TYPES)),
      space_id: z.string().nullable(),
    }),
  },
});
