/**
 * `npm run bench -- library-reads`: Library read times on a synthetic graph written straight through the store
 * (no extraction, no detection): wiki-index, one topic page, and both ZIP exports (bytes, seconds, peak RSS),
 * each over real HTTP on a listening server, the ZIPs read as streams.
 *
 *   npm run bench -- library-reads [--entities 10000] [--memories 50000] [--community-size 20] [--crystals 50]
 *
 * `timeLibraryReads(app)` is the timing part alone, for a graph built some other way (bench/library.ts).
 */
import { loadConfig } from '../src/config.ts';
import { type App, createApp } from '../src/main.ts';
import type { EntityRecord, EntityRelationRecord, MemoryRecord, MentionInput } from '../src/storage/ports.ts';
import { formatTable, makeTempDir, mib, ms, numericOptions, removeDir, seededRandom } from './lib.ts';

export interface ReadTiming {
  name: string;
  seconds: number;
  bytes: number;
  peakRss: number;
}

/** Times `task`, sampling the process's RSS every 10 ms while it runs. */
async function timed(name: string, task: () => Promise<number>): Promise<ReadTiming> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);
  const started = performance.now();
  try {
    const bytes = await task();
    return { name, seconds: (performance.now() - started) / 1000, bytes, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

/** GETs the URL and counts the bytes of the body as they stream in (nothing is kept). */
async function download(url: string): Promise<number> {
  const response = await fetch(url);
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

/** Times wiki-index, the largest community's topic page, and both exports (defaults, then entity_limit 2000). */
export async function timeLibraryReads(app: App): Promise<ReadTiming[]> {
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  const [largest] = (await app.deps.store.communities.list(1, 0)).items;
  const paths: [string, string][] = [
    ['wiki-index', '/library/wiki-index'],
    ['topic page', `/library/wiki-page/topic/${largest?.id ?? 1}`],
    ['wiki export', '/library/wiki-export'],
    ['okf export', '/library/okf-export'],
    ['wiki export (2000 entities)', '/library/wiki-export?entity_limit=2000'],
    ['okf export (2000 entities)', '/library/okf-export?entity_limit=2000'],
  ];
  const timings: ReadTiming[] = [];
  for (const [name, path] of paths) timings.push(await timed(name, () => download(`${address}${path}`)));
  return timings;
}

const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
const hex = (n: number, width = 12) => n.toString(16).padStart(width, '0');

function memory(i: number, content: string, isCrystal = false): MemoryRecord {
  return {
    id: `0190a000-0000-7000-8000-${hex(i)}`, space_id: 'default', title: content.slice(0, 40), title_derived: true, content, source: 'bench',
    importance: 0.5, confidence: 0.8, unit_type: 'fact', lifecycle_state: 'active', is_latest: true, is_crystal: isCrystal, is_favorite: false,
    favorited_at: null, reindex_needed: false, metadata: {}, event_start: null, event_end: null, temporal_context: null, source_thread_id: null,
    source_message_id: null, state_reason: null, state_changed_at: null, version: 1, created_at: at(i), updated_at: at(i),
  };
}

function entity(i: number): EntityRecord {
  const name = `Entity ${i} ${['alpha', 'beta', 'gamma', 'delta'][i % 4]}`;
  return {
    id: `0190b000-0000-7000-8000-${hex(i)}`, name, canonical_name: name.toLowerCase(), entity_type: ['person', 'organization', 'place', 'concept'][i % 4],
    description: i % 3 === 0 ? `A synthetic entity number ${i}.` : '', aliases: [], confidence: 0.9, caller_owned: false, metadata: {}, created_at: at(0), updated_at: at(0),
  };
}

/**
 * A graph of `entities` in communities of `communitySize`; each memory mentions three entities of one community
 * (one in ten reaches into the next community) and evidences a RELATES_TO edge between the first two.
 */
export async function buildSyntheticLibrary(app: App, options: { entities: number; memories: number; communitySize: number; crystals: number }) {
  const { store } = app.deps;
  const random = seededRandom(11);
  const entities = Array.from({ length: options.entities }, (_, i) => entity(i));
  const communities = Math.ceil(options.entities / options.communitySize);
  const member = (c: number) => entities[Math.min(options.entities - 1, c * options.communitySize + Math.floor(random() * options.communitySize))];
  await store.transaction(async tx => {
    for (const e of entities) await tx.entities.insert(e, [e.canonical_name]);
  });
  const batch = 5000;
  for (let from = 0; from < options.memories; from += batch) {
    await store.transaction(async tx => {
      const mentions: MentionInput[] = [];
      const relations: EntityRelationRecord[] = [];
      for (let i = from; i < Math.min(options.memories, from + batch); i++) {
        const c = Math.floor(random() * communities);
        const picked = [...new Set([member(c), member(c), random() < 0.1 ? member((c + 1) % communities) : member(c)])];
        const m = memory(i, `Memory ${i}: ${picked.map(e => e.name).join(' met ')} at the usual place. It went well, and notes followed.`);
        await tx.memories.insert(m);
        for (const e of picked) mentions.push({ memory_id: m.id, entity_id: e.id, occurrences: 1, confidence: 0.9, created_at: m.created_at });
        if (picked.length > 1) {
          relations.push({
            id: `0190c000-0000-7000-8000-${hex(i)}`, source_entity_id: picked[0].id, target_entity_id: picked[picked.length - 1].id, relation_type: 'RELATED_TO',
            weight: 1, confidence: 0.8, description: '', memory_id: m.id, created_at: m.created_at,
          });
        }
      }
      await tx.mentions.add(mentions);
      await tx.entityRelations.insertMany(relations);
    });
  }
  await store.transaction(async tx => {
    await tx.communities.replaceAll(
      Array.from({ length: communities }, (_, c) => ({
        id: c + 1, name: `Topic ${c + 1}: ${entities[c * options.communitySize].name}`, summary: `Synthetic topic ${c + 1}. It groups ${options.communitySize} entities.`,
        summary_source: 'extractive' as const, entity_count: Math.min(options.communitySize, options.entities - c * options.communitySize),
        memory_count: Math.round(options.memories / communities), created_at: at(0), updated_at: at(0),
      })),
      entities.map((e, i) => ({ community_id: Math.floor(i / options.communitySize) + 1, entity_id: e.id, rank: i % options.communitySize, weight: 1 })),
    );
    for (let k = 0; k < options.crystals; k++) {
      const crystal = memory(options.memories + k, `Crystal ${k}. A synthesis of five memories. Each says something.`, true);
      await tx.memories.insert(crystal);
      const sources = Array.from({ length: 5 }, (_, s) => memory(k * 5 + s, ''));
      await tx.crystals.insert(
        { id: crystal.id, synthesis: 'extractive', community_id: (k % communities) + 1, created_at: crystal.created_at },
        sources.map((s, position) => ({ crystal_id: crystal.id, memory_id: s.id, contribution_weight: 0.2, position, source_version: 1 })),
      );
    }
  });
}

export default async function libraryReads(argv: string[]) {
  const options = numericOptions(argv, { entities: 10_000, memories: 50_000, communitySize: 20, crystals: 50 });
  const dataDir = makeTempDir('cairn-library-');
  const config = { ...loadConfig({ dataDir }, {}), logLevel: 'silent', extractor: 'rules' };
  const app = await createApp(config);
  try {
    const started = performance.now();
    await buildSyntheticLibrary(app, options);
    console.log(`graph: ${options.entities} entities, ${options.memories} memories, communities of ${options.communitySize}, ${options.crystals} crystals (built in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    // Detected for real, as a running service would (and so the background job finds nothing left to do).
    const detected = await app.server.inject({ method: 'POST', url: '/communities/detect' });
    if (detected.statusCode !== 200) throw new Error(`community detection failed: ${detected.statusCode} ${detected.body}`);
    console.log(`communities detected: ${detected.json().communities} in ${(detected.json().took_ms / 1000).toFixed(2)} s`);
    const timings = await timeLibraryReads(app);
    const rows = [['read', 'seconds', 'bytes', 'peak RSS'], ...timings.map(t => [t.name, ms(t.seconds), String(t.bytes), mib(t.peakRss)])];
    console.log(formatTable(rows));
    console.log(`process peak RSS (graph build included): ${mib(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    await app.close();
    removeDir(dataDir);
  }
}
