/** The Markdown wiki export: `index.md`, `topics/`, `entities/`, `crystals/`, linked by relative paths. */
import { AppError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { buildCatalog, type Catalog, catalogLinks, DIRS, type Entry, type ExportOptions } from './catalog.ts';
import { type CrystalView, type EntityView, loadCrystal, loadEntity, loadTopic, type TopicView } from './load.ts';
import { inline, link, type LinkBuilder, renderEntity, renderTopic } from './render.ts';
import { renderCrystal } from './renderCrystal.ts';
import { type ZipEntry, zipStream } from './zip.ts';

export type PageOf =
  | { kind: 'topic'; entry: Catalog['topics'][number]; view: TopicView }
  | { kind: 'entity'; entry: Catalog['entities'][number]; view: EntityView }
  | { kind: 'crystal'; entry: Catalog['crystals'][number]; view: CrystalView };

/**
 * Every page of the catalog, loaded and rendered one at a time; `links(dir)` links from a file in `dir`, and
 * `wrap` may add to the rendered body (front matter). A crystal forgotten since the catalog was read is skipped.
 */
export async function* pageFiles(
  store: Deps['store'],
  catalog: Catalog,
  options: ExportOptions,
  links: (dir: string) => LinkBuilder,
  wrap: (page: PageOf, body: string) => string = (_page, body) => body,
): AsyncGenerator<ZipEntry> {
  const topicLinks = links(DIRS.topics);
  for (const entry of catalog.topics) {
    const view = await loadTopic(store, entry.record, options.top_per_community);
    yield { path: `${DIRS.topics}/${entry.slug}.md`, content: wrap({ kind: 'topic', entry, view }, renderTopic(view, topicLinks)) };
  }
  const entityLinks = links(DIRS.entities);
  for (const entry of catalog.entities) {
    const view = await loadEntity(store, entry.record, options.max_mentions_per_entity);
    yield { path: `${DIRS.entities}/${entry.slug}.md`, content: wrap({ kind: 'entity', entry, view }, renderEntity(view, entityLinks)) };
  }
  const crystalLinks = links(DIRS.crystals);
  for (const entry of catalog.crystals) {
    const view = await loadCrystal(store, entry.record.id).catch(error => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (view) yield { path: `${DIRS.crystals}/${entry.slug}.md`, content: wrap({ kind: 'crystal', entry, view }, renderCrystal(view, crystalLinks)) };
  }
}

export const listing = <R>(entries: Entry<R>[], target: (entry: Entry<R>) => string | null, empty: string) =>
  entries.length === 0 ? `_${empty}_\n` : `${entries.map(e => `- ${link(e.title, target(e))}: ${inline(e.description)}`).join('\n')}\n`;

function renderHome(catalog: Catalog, links: LinkBuilder, at: string): string {
  const { topics, entities, crystals } = catalog;
  return [
    '# Library\n',
    `${topics.length} topics · ${entities.length} entities · ${crystals.length} crystals · exported ${at}\n`,
    '## Topics\n',
    listing(topics, e => links.topic(e.record.id), 'No topics yet.'),
    '## Entities\n',
    listing(entities, e => links.entity(e.record.id), 'No entities yet.'),
    '## Crystals\n',
    listing(crystals, e => links.crystal(e.record.id), 'No crystals yet.'),
  ].join('\n');
}

async function* wikiFiles(store: Deps['store'], options: ExportOptions, at: string): AsyncGenerator<ZipEntry> {
  const catalog = await buildCatalog(store, options);
  yield { path: 'index.md', content: renderHome(catalog, catalogLinks(catalog, ''), at) };
  yield* pageFiles(store, catalog, options, dir => catalogLinks(catalog, dir));
}

export interface ExportDownload {
  filename: string;
  /** The archive's bytes, produced as they are read. */
  stream: AsyncIterable<Uint8Array>;
}

/** The whole Library as a ZIP of Markdown pages (global graph; forgotten memories never appear), streamed. */
export function wikiExport(deps: Pick<Deps, 'store' | 'clock'>, options: ExportOptions): ExportDownload {
  const at = deps.clock.now();
  return { filename: `cairn-wiki-${at.slice(0, 10)}.zip`, stream: zipStream(wikiFiles(deps.store, options, at), new Date(at)) };
}
