/**
 * The Open Knowledge Format (v0.2) export: each page a concept with YAML front matter (written by the `yaml`
 * library, so any name round-trips), an `index.md` per directory listing its concepts, the root `index.md`
 * declaring only `okf_version`, and bundle-relative links (`/entities/x.md`).
 */
import { stringify } from 'yaml';
import type { Deps } from '../deps.ts';
import { buildCatalog, type Catalog, catalogLinks, DIRS, type ExportOptions } from './catalog.ts';
import { type ExportDownload, listing, type PageOf, pageFiles } from './exportWiki.ts';
import { zipStream, type ZipEntry } from './zip.ts';

export const OKF_VERSION = '0.2';

const frontMatter = (fields: Record<string, unknown>) => `---\n${stringify(fields, { lineWidth: 0 })}---\n\n`;

/** The concept's front matter: what OKF names, our id, and what each kind adds (a crystal's sources). */
function conceptFields(page: PageOf, generated: { by: string; at: string }): Record<string, unknown> {
  const { title, description } = page.entry;
  const common = { title, description, generated };
  switch (page.kind) {
    case 'topic': {
      const c = page.view.community;
      return { type: 'topic', ...common, tags: ['topic'], timestamp: c.updated_at, id: c.id, entity_count: c.entity_count, memory_count: c.memory_count };
    }
    case 'entity': {
      const e = page.view.entity;
      return { type: 'entity', ...common, tags: ['entity', e.entity_type], timestamp: e.updated_at, id: e.id, entity_type: e.entity_type, aliases: e.aliases };
    }
    case 'crystal': {
      const v = page.view;
      return {
        type: 'crystal',
        ...common,
        tags: v.staleness.stale ? ['crystal', 'stale'] : ['crystal'],
        timestamp: v.memory.updated_at,
        id: v.crystal.id,
        stale: v.staleness.stale,
        sources: v.sources.map(s => ({
          resource: `cairn://memories/${s.memory.id}`,
          id: s.memory.id,
          title: s.memory.title,
          contribution_weight: s.contribution_weight,
          captured_at: s.memory.updated_at,
        })),
      };
    }
  }
}

function directoryIndexes(catalog: Catalog): ZipEntry[] {
  const links = catalogLinks(catalog, null);
  return [
    { path: 'index.md', content: `${frontMatter({ okf_version: OKF_VERSION })}# Library\n\n${[
      `- [Topics](/${DIRS.topics}/index.md): ${catalog.topics.length} topics found in the entity graph`,
      `- [Entities](/${DIRS.entities}/index.md): the ${catalog.entities.length} most mentioned entities`,
      `- [Crystals](/${DIRS.crystals}/index.md): ${catalog.crystals.length} crystals synthesised from memories`,
    ].join('\n')}\n` },
    { path: `${DIRS.topics}/index.md`, content: `# Topics\n\n${listing(catalog.topics, e => links.topic(e.record.id), 'No topics yet.')}` },
    { path: `${DIRS.entities}/index.md`, content: `# Entities\n\n${listing(catalog.entities, e => links.entity(e.record.id), 'No entities yet.')}` },
    { path: `${DIRS.crystals}/index.md`, content: `# Crystals\n\n${listing(catalog.crystals, e => links.crystal(e.record.id), 'No crystals yet.')}` },
  ];
}

async function* okfFiles(store: Deps['store'], options: ExportOptions, generated: { by: string; at: string }): AsyncGenerator<ZipEntry> {
  const catalog = await buildCatalog(store, options);
  yield* directoryIndexes(catalog);
  const links = catalogLinks(catalog, null);
  yield* pageFiles(store, catalog, options, () => links, (page, body) => frontMatter(conceptFields(page, generated)) + body);
}

/** The whole Library as an OKF v0.2 bundle in a ZIP (global graph; forgotten memories never appear), streamed. */
export function okfExport(deps: Pick<Deps, 'store' | 'clock' | 'version'>, options: ExportOptions): ExportDownload {
  const at = deps.clock.now();
  const generated = { by: `cairn/${deps.version}`, at };
  return { filename: `cairn-okf-${at.slice(0, 10)}.zip`, stream: zipStream(okfFiles(deps.store, options, generated), new Date(at)) };
}
