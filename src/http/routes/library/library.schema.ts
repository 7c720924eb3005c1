import { z } from 'zod';
import { idParam, intQuery } from '../../schemas.ts';
import { doc, fileResponse } from '../../openapi.ts';
import { EntityBrief, Memory, StaleSource } from '../../responses.ts';

/** Bounds and defaults are the interface's Limits table. */
export const communityParams = z.object({ community_id: z.coerce.number().int() });
export const crystalParams = z.object({ crystal_id: idParam });
export const entityPageParams = z.object({ id_or_name: idParam });

export const wikiIndexQuery = z.object({
  community_limit: intQuery(1, 200, 20),
  top_per_community: intQuery(1, 10, 5),
  /** Absent (or null): rows carry no `top_memories`. */
  include_top_memories: z.coerce.number().int().min(0).max(8).optional(),
});

export const exportQuery = z.object({
  entity_limit: intQuery(1, 2000, 500),
  top_per_community: intQuery(1, 30, 12),
  max_mentions_per_entity: intQuery(1, 100, 30),
});

export const subgraphQuery = z.object({ max_entities: intQuery(10, 200, 80), include_top_memories: intQuery(0, 40, 12) });
export const recentMemoriesQuery = z.object({ limit: intQuery(1, 20, 8) });
export const relatedQuery = z.object({ limit: intQuery(1, 20, 6) });
export const sourceMemoriesQuery = z.object({ limit: intQuery(1, 100, 50) });
export const entityPageQuery = z.object({ mention_limit: intQuery(1, 200, 30) });
export const topicPageQuery = z.object({ top_per_community: intQuery(1, 30, 12) });

const markdownPage = (description: string) => ({ description, content: { 'text/markdown': { schema: z.string() } } });
const zipFile = (description: string) => fileResponse('application/zip', description);
const CrystalRef = z.object({ id: z.string(), title: z.string(), stale: z.boolean() });
const exportNote =
  '`entity_limit` 1..2000 (default 500) most mentioned entities, `top_per_community` 1..30 (default 12), ' +
  '`max_mentions_per_entity` 1..100 (default 30). Streamed as it is written; reads the global graph.';

/** The documentation and answers of the Library (wiki) operations. */
export const libraryDocs = {
  wikiIndex: doc({
    tag: 'Library',
    summary: 'Wiki index',
    description:
      'The Library front page: one row per community (topic), largest first (`community_limit` 1..200, default 20), with ' +
      'its most central entities (`top_per_community` 1..10, default 5), its crystals (stale ones marked) and, with ' +
      '`include_top_memories` (0..8), the memories mentioning most of its entities. Reads the global graph, whatever the space.',
    response: {
      200: z.object({
        rows: z.array(
          z.object({
            community_id: z.number(),
            name: z.string(),
            summary: z.string(),
            entity_count: z.number(),
            memory_count: z.number(),
            entities: z.array(EntityBrief.extend({ mention_count: z.number() })),
            crystals: z.array(CrystalRef),
            top_memories: z.array(Memory).optional().describe('Only with include_top_memories'),
          }),
        ),
        total: z.number(),
      }),
    },
  }),
  exportSummary: doc({
    tag: 'Library',
    summary: 'Wiki export size',
    description: 'Cheap counts over the whole graph (forgotten memories and their crystals left out) and the files a default wiki export holds.',
    response: {
      200: z.object({ estimated_files: z.number(), communities: z.number(), entities: z.number(), crystals: z.number(), memories: z.number() }),
    },
  }),
  wikiExport: doc({
    tag: 'Library',
    summary: 'Download the wiki (ZIP)',
    description: `The Library as a ZIP of Markdown pages: topics, entities and crystals, linked to each other. ${exportNote}`,
    response: { 200: zipFile('A ZIP archive of Markdown files') },
  }),
  okfExport: doc({
    tag: 'Library',
    summary: 'Download an OKF bundle (ZIP)',
    description: `The Library as an Open Knowledge Format bundle: Markdown with front matter, bundle-relative links and an \`index.md\` per directory. ${exportNote}`,
    response: { 200: zipFile('A ZIP archive (Open Knowledge Format)') },
  }),
  subgraph: doc({
    tag: 'Library',
    summary: "A community's subgraph",
    description:
      "The community's most central entities (`max_entities` 10..200, default 80) and the RELATES_TO edges between them, " +
      'plus, with `include_top_memories` (0..40, default 12), the memories mentioning most of them and its crystals, ' +
      'joined by MENTIONS edges. 404 `community_not_found` when unknown.',
    response: {
      200: z.object({
        nodes: z.array(z.object({ id: z.string(), label: z.string(), node_type: z.string(), metadata: z.record(z.string(), z.unknown()) })),
        edges: z.array(
          z.object({
            id: z.string(),
            source: z.string(),
            target: z.string(),
            edge_type: z.string(),
            weight: z.number(),
            metadata: z.record(z.string(), z.unknown()),
          }),
        ),
      }),
    },
  }),
  recentMemories: doc({
    tag: 'Library',
    summary: "A community's recent memories",
    description: 'The newest memories (not forgotten) mentioning any entity of the community; `limit` 1..20 (default 8). 404 when unknown.',
    response: { 200: z.object({ community_id: z.number(), memories: z.array(Memory) }) },
  }),
  related: doc({
    tag: 'Library',
    summary: 'Related communities',
    description: 'Other communities joined to this one by RELATES_TO edges, most shared edges first; `limit` 1..20 (default 6). 404 when unknown.',
    response: {
      200: z.object({
        community_id: z.number(),
        related: z.array(z.object({ community_id: z.number(), name: z.string(), shared_edges: z.number() })),
      }),
    },
  }),
  crystalSources: doc({
    tag: 'Library',
    summary: "A crystal's source memories",
    description:
      "The crystal's source memories, heaviest `contribution_weight` first; `limit` 1..100 (default 50). Forgotten or " +
      'deleted sources are not listed: they make the crystal stale, which `stale` and `stale_sources` say. 404 `crystal_not_found`.',
    response: {
      200: z.object({
        crystal_id: z.string(),
        sources: z.array(z.object({ memory: Memory, contribution_weight: z.number() })),
        stale: z.boolean(),
        stale_sources: z.array(z.object({ memory_id: z.string().nullable(), reason: StaleSource.shape.reason })),
      }),
    },
  }),
  entityPage: doc({
    tag: 'Library',
    summary: 'Entity wiki page (Markdown)',
    description:
      "An entity's wiki page: type, aliases, description, topic, related entities and the memories mentioning it (`mention_limit` " +
      '1..200, default 30), linking to other pages. By id, or canonical name in any case; 404 `entity_not_found`.',
    response: { 200: markdownPage('The page as Markdown') },
  }),
  crystalPage: doc({
    tag: 'Library',
    summary: 'Crystal wiki page (Markdown)',
    description: "A crystal's wiki page with its sources, and a stale notice when its sources moved on; 404 `crystal_not_found` when unknown or forgotten.",
    response: { 200: markdownPage('The page as Markdown') },
  }),
  topicPage: doc({
    tag: 'Library',
    summary: 'Topic wiki page (Markdown)',
    description: "A community's (topic's) wiki page: summary, key entities (`top_per_community` 1..30, default 12), crystals, recent memories and related topics; 404 `community_not_found`.",
    response: { 200: markdownPage('The page as Markdown') },
  }),
};
