/**
 * What an export holds, decided before its first file: every topic, the most mentioned entities, every crystal
 * (forgotten ones left out), each with its file name and one-line description. Page contents are loaded later,
 * one page at a time, as the archive is written.
 */
import { slugger } from '../../domain/slug.ts';
import type { CommunityRecord, CrystalRecord, EntityWithStats, MemoryRecord } from '../../storage/ports.ts';
import { type LibraryRepos, liveMemories } from './load.ts';
import { entityDescription, type LinkBuilder, topicDescription } from './render.ts';
import { crystalDescription } from './renderCrystal.ts';

export interface ExportOptions {
  entity_limit: number;
  top_per_community: number;
  max_mentions_per_entity: number;
}

export interface Entry<R> {
  record: R;
  title: string;
  slug: string;
  description: string;
}

export interface Catalog {
  topics: Entry<CommunityRecord>[];
  entities: Entry<EntityWithStats>[];
  crystals: Entry<CrystalRecord & { memory: Pick<MemoryRecord, 'title' | 'updated_at'> }>[];
}

export const DIRS = { topics: 'topics', entities: 'entities', crystals: 'crystals' } as const;

const PAGE = 500;

async function catalogTopics(repos: LibraryRepos): Promise<Catalog['topics']> {
  const slug = slugger();
  const topics: Catalog['topics'] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { items } = await repos.communities.list(PAGE, offset);
    for (const c of items) {
      const title = c.name.trim() || `Topic ${c.id}`;
      topics.push({ record: c, title, slug: slug(title, `topic-${c.id}`), description: topicDescription({ community: c }) });
    }
    if (items.length < PAGE) return topics;
  }
}

/** The `limit` most mentioned entities that some memory (not forgotten) still mentions. */
async function catalogEntities(repos: LibraryRepos, limit: number): Promise<Catalog['entities']> {
  const slug = slugger();
  const entities: Catalog['entities'] = [];
  for (let offset = 0; entities.length < limit; offset += PAGE) {
    const { items } = await repos.entities.list({ order_by: 'mention_count', limit: Math.min(PAGE, limit - entities.length), offset });
    for (const e of items) {
      if (e.mention_count === 0) return entities;
      const fallback = `entity-${e.id.replace(/[^a-z0-9]/gi, '').slice(-12)}`;
      entities.push({ record: e, title: e.name, slug: slug(e.name, fallback), description: entityDescription({ entity: e }) });
    }
    if (items.length === 0) return entities;
  }
  return entities;
}

async function catalogCrystals(repos: LibraryRepos): Promise<Catalog['crystals']> {
  const slug = slugger();
  const crystals: Catalog['crystals'] = [];
  for (let offset = 0; ; offset += PAGE) {
    const records = await repos.libraryReads.listCrystals(PAGE, offset);
    const memories = new Map((await liveMemories(repos, records.map(r => r.id))).map(m => [m.id, m]));
    for (const record of records) {
      const memory = memories.get(record.id);
      if (!memory) continue;
      const title = memory.title.trim() || 'Crystal';
      const fallback = `crystal-${record.id.replace(/[^a-z0-9]/gi, '').slice(-12)}`;
      crystals.push({ record: { ...record, memory: { title, updated_at: memory.updated_at } }, title, slug: slug(title, fallback), description: crystalDescription({ memory }) });
    }
    if (records.length < PAGE) return crystals;
  }
}

export async function buildCatalog(repos: LibraryRepos, options: ExportOptions): Promise<Catalog> {
  return { topics: await catalogTopics(repos), entities: await catalogEntities(repos, options.entity_limit), crystals: await catalogCrystals(repos) };
}

/**
 * Links between the files of an export: to a page only when the export holds it. `fromDir` is the directory of
 * the linking file ('' at the root) for relative links, or null for bundle-relative links (`/entities/x.md`).
 */
export function catalogLinks(catalog: Catalog, fromDir: string | null): LinkBuilder {
  const topics = new Map(catalog.topics.map(t => [t.record.id, t.slug]));
  const entities = new Map(catalog.entities.map(e => [e.record.id, e.slug]));
  const crystals = new Map(catalog.crystals.map(c => [c.record.id, c.slug]));
  const prefix = fromDir === null ? '/' : fromDir === '' ? '' : '../';
  const to = (dir: string, slug: string | undefined) => (slug === undefined ? null : `${prefix}${dir}/${slug}.md`);
  return {
    topic: id => to(DIRS.topics, topics.get(id)),
    entity: id => to(DIRS.entities, entities.get(id)),
    crystal: id => to(DIRS.crystals, crystals.get(id)),
  };
}
