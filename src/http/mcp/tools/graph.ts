/** Knowledge tools: an entity's neighbourhood in the graph, and the Library's wiki pages. */
import { z } from 'zod';
import { AppError, InputError } from '../../../errors.ts';
import { expandNode } from '../../../services/graph/expand.ts';
import { resolveEntity } from '../../../services/library/load.ts';
import { crystalPage, entityPage, topicPage } from '../../../services/library/pages.ts';
import { wikiIndex } from '../../../services/library/index.ts';
import { defineTool, oneLine, spaceArg, spaceOf, type ToolDef } from './common.ts';

interface Neighbour {
  id: string;
  label: string;
  node_type: string;
  node_subtype: string;
  hop_count: number;
}

export const graphTools: ToolDef[] = [
  defineTool('graph_explore', {
    description:
      'Explore the knowledge graph around a person, project, technology or other entity (by name or id), or around a memory id: ' +
      'the entities it relates to and the memories that mention it. Use it to see how things connect before reading memories one by one.',
    slim: 'Neighbourhood of an entity (or memory) in the knowledge graph.',
    readOnly: true,
    input: {
      entity: z.string().min(1).max(200).describe('Entity name (any case) or id, or a memory id'),
      depth: z.number().int().min(1).max(3).default(1).describe('Hops to follow (1-3, default 1)'),
      limit: z.number().int().min(1).max(100).default(25).describe('Most neighbours (1-100, default 25)'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    let centre = args.entity;
    let name = args.entity;
    try {
      const entity = await resolveEntity(ctx.deps.store, args.entity);
      centre = entity.id;
      name = `${entity.name} (${entity.entity_type})`;
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404)) throw error;
      // Not an entity: perhaps a memory id; expandNode says when it is neither.
    }
    let graph;
    try {
      graph = await expandNode(ctx.deps, centre, { depth: args.depth, limit: args.limit, include_metadata: false, space_id: spaceOf(ctx, args.space_id) });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw new AppError(404, 'entity_not_found', `No entity or memory named "${args.entity}"`);
      throw error;
    }
    const neighbours = graph.neighbors as Neighbour[];
    const via = new Map(graph.edges.map(e => [e.source === centre ? e.target : e.source, e.label]));
    const line = (n: Neighbour) => `- ${n.node_type === 'Entity' ? `${n.label} (${n.node_subtype})` : `memory [${n.id}] ${oneLine(n.label, 100)}`}${via.has(n.id) ? ` — ${via.get(n.id)}` : ''}${n.hop_count > 1 ? ` (${n.hop_count} hops)` : ''}`;
    const entities = neighbours.filter(n => n.node_type === 'Entity');
    const memories = neighbours.filter(n => n.node_type === 'Memory');
    const text = neighbours.length
      ? [`${name} [${centre}]`, entities.length ? `Related entities:\n${entities.map(line).join('\n')}` : '', memories.length ? `Memories:\n${memories.map(line).join('\n')}` : '']
          .filter(Boolean).join('\n\n')
      : `${name} [${centre}] has no neighbours yet.`;
    return { text, data: { center: centre, neighbors: neighbours.map(({ id, label, node_type, node_subtype, hop_count }) => ({ id, label, node_type, node_subtype, hop_count })), edges: graph.edges, total_neighbors: graph.total_neighbors } };
  }),

  defineTool('wiki_page', {
    description:
      'Read a Library page as Markdown: an entity page (what is known about a person, project, technology…, by name or id), a topic page ' +
      '(a community of related entities, by its number), a crystal page (a synthesis of several memories, by id), or the index of topics.',
    slim: 'Library page as Markdown: entity, topic, crystal or index.',
    readOnly: true,
    input: {
      kind: z.enum(['entity', 'topic', 'crystal', 'index']).describe('"entity", "topic", "crystal", or "index" (the list of topics)'),
      id: z.string().min(1).max(200).optional().describe('Entity name or id; topic (community) number; crystal id. Not needed for "index"'),
    },
  }, async (args, ctx) => {
    if (args.kind === 'index') {
      const { rows, total } = await wikiIndex(ctx.deps, { community_limit: 50, top_per_community: 5 });
      const text = rows.length
        ? `Topics (${total}):\n${rows.map(r => `- topic ${r.community_id}: ${r.name} — ${r.entities.map(e => e.name).join(', ')}`).join('\n')}\nRead one with wiki_page {kind: "topic", id: "<number>"}.`
        : 'The Library has no topics yet: they appear once memories mention related entities and communities are detected.';
      return { text, data: { kind: 'index', topics: rows, total } };
    }
    if (!args.id) throw new InputError(['arguments', 'id'], `A ${args.kind} page needs an id${args.kind === 'entity' ? ' (or the entity\'s name)' : ''}`);
    let markdown: string;
    if (args.kind === 'entity') markdown = await entityPage(ctx.deps, args.id, { mention_limit: 30 });
    else if (args.kind === 'crystal') markdown = await crystalPage(ctx.deps, args.id);
    else {
      if (!/^\d+$/.test(args.id)) throw new InputError(['arguments', 'id'], 'A topic id is a number: list them with wiki_page {kind: "index"}');
      markdown = await topicPage(ctx.deps, Number(args.id), { top_per_community: 12 });
    }
    return { text: markdown, data: { kind: args.kind, id: args.id, markdown } };
  }),
];
