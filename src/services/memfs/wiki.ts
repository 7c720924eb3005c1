/**
 * `/wiki` and `/skills` in the filesystem view, as the integrations' skills browse them: `/wiki/entities/<name>--<id>.entity.md`
 * and `/wiki/topics/<name>--<community id>.topic.md` are the Library's wiki pages (entities and topics of the graph,
 * which is global: the same in every space); `/skills` holds managed skills, of which Cairn stores none yet.
 */
import type { Deps } from '../deps.ts';
import { entityPage, topicPage } from '../library/pages.ts';
import { noSuchPath, segment } from './paths.ts';

const MENTIONS_PER_PAGE = 20;
const TOP_PER_TOPIC = 10;

export const entityFilePath = (name: string, id: string) => `/wiki/entities/${segment(name)}--${segment(id)}.entity.md`;
export const topicFilePath = (name: string, id: number) => `/wiki/topics/${segment(name)}--${id}.topic.md`;

export async function listEntityFiles(deps: Pick<Deps, 'store'>, input: { limit: number; offset: number }) {
  const { items, total } = await deps.store.entities.list({ order_by: 'mention_count', limit: input.limit, offset: input.offset });
  return { total, entries: items.map(e => ({ path: entityFilePath(e.name, e.id), id: e.id, name: e.name, entity_type: e.entity_type, mention_count: e.mention_count })) };
}

export async function listTopicFiles(deps: Pick<Deps, 'store'>, input: { limit: number; offset: number }) {
  const { items, total } = await deps.store.communities.list(input.limit, input.offset);
  return { total, entries: items.map(c => ({ path: topicFilePath(c.name, c.id), id: c.id, name: c.name, entity_count: c.entity_count, memory_count: c.memory_count })) };
}

/** A wiki page's Markdown: 404 for an unknown entity or topic, as the Library's pages answer. */
export async function wikiText(deps: Pick<Deps, 'store'>, target: { kind: 'entity-page'; key: string } | { kind: 'topic-page'; key: string; path: string }) {
  if (target.kind === 'entity-page') return { text: await entityPage(deps, target.key, { mention_limit: MENTIONS_PER_PAGE }), facts: { type: 'entity', id: target.key } };
  const id = Number(target.key);
  if (!Number.isInteger(id) || id < 0) throw noSuchPath(target.path);
  return { text: await topicPage(deps, id, { top_per_community: TOP_PER_TOPIC }), facts: { type: 'topic', community_id: id } };
}
