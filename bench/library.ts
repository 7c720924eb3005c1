/**
 * Library benchmark: a file-backed store with a synthetic knowledge graph (`entities` entities in topics of about
 * 25, `memories` memories each naming 2–5 entities of one topic and, one time in twenty, one of another topic;
 * RELATES_TO edges between the entities a memory names, MENTIONS edges memory → entity), written straight through
 * the store in batched transactions. Then, through HTTP (Fastify inject, the full request path), it times each
 * Library operation with its peak RSS (sampled while it runs) against its target.
 *
 *   npm run bench -- library [--entities 10000] [--memories 50000]
 *
 * Other Library timings (wiki index, topic page, exports) go in `operations` below, over the same graph.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { entityKey } from '../src/domain/entity.ts';
import { type App, createApp } from '../src/main.ts';
import type { EntityRecord, EntityRelationRecord, MemoryRecord, MentionInput, Store } from '../src/storage/ports.ts';
import type { Ids } from '../src/services/ports.ts';
import { fileSize, formatTable, makeTempDir, mib, numericOptions, REPO_ROOT, removeDir, seededRandom } from './lib.ts';

const FIRST = 'Ada Bruno Chloe Dmitri Elena Farid Greta Hugo Ines Jonas Kira Luca Maya Nils Olga Pavel Quinn Rosa Sami Tara Umar Vera Wen Xavi Yara Zeno'.split(' ');
const THINGS = (
  'Atlas Beacon Cobalt Delta Ember Fjord Garnet Harbor Iris Juniper Kestrel Lumen Meridian Nimbus Onyx Pioneer Quartz Raven ' +
  'Summit Tundra Umbra Vertex Willow Xenon Yonder Zephyr'
).split(' ');
const KINDS = ['person', 'organization', 'location', 'technology', 'product', 'event'] as const;
const VERBS = ['met', 'worked with', 'wrote about', 'planned a trip with', 'reviewed', 'argued about', 'shipped', 'presented'];
const TOPIC_SIZE = 25;

export interface GraphOptions {
  entities: number;
  memories: number;
  seed?: number;
}

export interface BuiltGraph {
  entities: number;
  memories: number;
  mentions: number;
  relations: number;
  topics: number;
}

function entityName(i: number): string {
  const kind = i % KINDS.length;
  const base = kind === 0 ? `${FIRST[i % FIRST.length]} ${THINGS[Math.floor(i / FIRST.length) % THINGS.length]}` : `${THINGS[i % THINGS.length]} ${KINDS[kind]}`;
  return `${base} ${i}`;
}

function memoryRecord(id: string, content: string, at: string): MemoryRecord {
  return {
    id, space_id: 'default', title: content.slice(0, 80), title_derived: true, content, source: 'bench', importance: 0.5, confidence: 0.5, unit_type: 'fact',
    lifecycle_state: 'active', is_latest: true, is_crystal: false, is_favorite: false, favorited_at: null, reindex_needed: false,
    metadata: {}, event_start: null, event_end: null, temporal_context: null, source_thread_id: null, source_message_id: null,
    state_reason: null, state_changed_at: null, version: 1, created_at: at, updated_at: at,
  };
}

/**
 * Writes the synthetic graph straight through the store (no HTTP, no extraction), in transactions of a few thousand
 * rows: entities in topics, memories naming entities of mostly one topic, their MENTIONS and RELATES_TO edges.
 */
export async function buildLibraryGraph(store: Store, ids: Ids, options: GraphOptions): Promise<BuiltGraph> {
  const random = seededRandom(options.seed ?? 7);
  const base = Date.UTC(2025, 0, 1);
  const entities: EntityRecord[] = Array.from({ length: options.entities }, (_, i) => {
    const at = new Date(base + i * 1000).toISOString();
    const name = entityName(i);
    return {
      id: ids.next(), name, canonical_name: entityKey(name), entity_type: KINDS[i % KINDS.length], description: '', aliases: [], confidence: 0.8,
      caller_owned: false, metadata: {}, created_at: at, updated_at: at,
    };
  });
  for (let start = 0; start < entities.length; start += 5000) {
    await store.transaction(async tx => {
      for (const e of entities.slice(start, start + 5000)) await tx.entities.insert(e, [e.canonical_name]);
    });
  }
  const topics = Math.max(1, Math.ceil(options.entities / TOPIC_SIZE));
  const pick = (topic: number) => entities[Math.min(entities.length - 1, topic * TOPIC_SIZE + Math.floor(random() ** 1.5 * TOPIC_SIZE))];
  let mentions = 0;
  let relations = 0;
  const batch = 2000;
  for (let start = 0; start < options.memories; start += batch) {
    await store.transaction(async tx => {
      const mentionRows: MentionInput[] = [];
      const relationRows: EntityRelationRecord[] = [];
      for (let i = start; i < Math.min(options.memories, start + batch); i++) {
        const at = new Date(base + 86_400_000 + i * 60_000).toISOString();
        const topic = Math.floor(random() * topics);
        const named = new Map<string, EntityRecord>();
        for (let k = 2 + Math.floor(random() * 4); k > 0; k--) named.set(pick(topic).id, pick(topic));
        if (random() < 0.05) named.set(pick(Math.floor(random() * topics)).id, pick(Math.floor(random() * topics)));
        const list = [...named.values()];
        const sentences = list.slice(1).map((e, k) => `${list[0].name} ${VERBS[(i + k) % VERBS.length]} ${e.name} on day ${i % 365}.`);
        const memory = memoryRecord(ids.next(), `${sentences.join(' ')} Notes ${i} on the ${THINGS[topic % THINGS.length]} topic follow.`, at);
        await tx.memories.insert(memory);
        for (const e of list) mentionRows.push({ memory_id: memory.id, entity_id: e.id, occurrences: 1, confidence: 0.8, created_at: at });
        for (let a = 0; a < list.length; a++) {
          for (let b = a + 1; b < list.length; b++) {
            relationRows.push({
              id: ids.next(), source_entity_id: list[a].id, target_entity_id: list[b].id, relation_type: 'RELATED_TO', weight: 0.5,
              confidence: 0.6, description: '', memory_id: memory.id, created_at: at,
            });
          }
        }
      }
      await tx.mentions.add(mentionRows);
      await tx.entityRelations.insertMany(relationRows);
      mentions += mentionRows.length;
      relations += relationRows.length;
    });
  }
  return { entities: entities.length, memories: options.memories, mentions, relations, topics };
}

export interface Measurement {
  seconds: number;
  /** Highest resident set size of the process while the operation ran. */
  peakRss: number;
  /** What the operation says about itself (a count, a size). */
  note: string;
}

/**
 * Times `work` and follows the process's RSS while it runs: sampled every 10 ms, and the process's peak when that
 * rose meanwhile (a synchronous stretch, such as Louvain, cannot be sampled).
 */
export async function measure(work: () => Promise<string>): Promise<Measurement> {
  const maxBefore = process.resourceUsage().maxRSS;
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);
  const started = performance.now();
  try {
    const note = await work();
    const seconds = (performance.now() - started) / 1000;
    const maxAfter = process.resourceUsage().maxRSS;
    peakRss = Math.max(peakRss, process.memoryUsage.rss(), maxAfter > maxBefore ? maxAfter * 1024 : 0);
    return { seconds, peakRss, note };
  } finally {
    clearInterval(sampler);
  }
}

async function inject(app: App, method: 'GET' | 'POST', url: string) {
  const response = await app.server.inject({ method, url });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response;
}

/** A Library operation to time, with its targets. */
export interface Operation {
  name: string;
  targetSeconds: number;
  run: (app: App) => Promise<string>;
}

export const operations: Operation[] = [
  {
    name: 'POST /communities/detect',
    targetSeconds: 5,
    run: async app => {
      const body = JSON.parse((await inject(app, 'POST', '/communities/detect')).body);
      return `${body.communities} communities over ${body.entities} entities`;
    },
  },
  {
    name: 'POST /communities/detect (again, ids matched)',
    targetSeconds: 5,
    run: async app => {
      const body = JSON.parse((await inject(app, 'POST', '/communities/detect')).body);
      return `${body.communities} communities`;
    },
  },
  {
    name: 'GET /communities?limit=50',
    targetSeconds: 1,
    run: async app => `${JSON.parse((await inject(app, 'GET', '/communities?limit=50')).body).total} in total`,
  },
];

/** Writes the graph into a fresh data dir; run in a child process so the measured process starts clean. */
async function setup(dataDir: string, options: GraphOptions) {
  const app = await createApp(benchConfig(dataDir));
  const started = performance.now();
  const graph = await buildLibraryGraph(app.deps.store, app.deps.ids, options);
  await app.close();
  console.log(
    `Setup: ${graph.entities} entities in ${graph.topics} topics, ${graph.memories} memories, ${graph.mentions} MENTIONS and ` +
      `${graph.relations} RELATES_TO rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

// A long debounce: the background job must not detect while the graph is written or measured.
const benchConfig = (dataDir: string) => ({ ...loadConfig({ dataDir }, {}), logLevel: 'silent', communityDebounceMs: 600_000 });

const RSS_TARGET = 500 * 1024 * 1024;

export default async function libraryBench(argv: string[]) {
  const options = numericOptions(argv, { entities: 10_000, memories: 50_000 });
  const dataDir = makeTempDir('cairn-bench-library-');
  try {
    execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), dataDir, String(options.entities), String(options.memories)], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    console.log(`Database: ${mib(fileSize(join(dataDir, 'cairn.db')) + fileSize(join(dataDir, 'cairn.db-wal')))}`);
    const app = await createApp(benchConfig(dataDir));
    app.deps.communities?.stop();
    console.log(`RSS of the opened service before the first operation: ${mib(process.memoryUsage.rss())}\n`);
    const rows = [['operation', 'seconds', 'peak RSS', 'target', 'result', '']];
    let missed = 0;
    for (const op of operations) {
      const m = await measure(() => op.run(app));
      const met = m.seconds <= op.targetSeconds && m.peakRss <= RSS_TARGET;
      if (!met) missed++;
      rows.push([op.name, m.seconds.toFixed(2), mib(m.peakRss), `≤ ${op.targetSeconds} s, ≤ ${mib(RSS_TARGET)}`, met ? 'met' : 'MISSED', m.note]);
    }
    await app.close();
    console.log(formatTable(rows));
    console.log(`\nPeak RSS of the measuring process: ${mib(process.resourceUsage().maxRSS * 1024)}`);
    if (missed) process.exitCode = 1;
  } finally {
    removeDir(dataDir);
  }
}

// Run as a script (by the benchmark itself): write the graph into the data dir given, then exit.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dataDir, entities, memories] = process.argv.slice(2);
  await setup(dataDir, { entities: Number(entities), memories: Number(memories) });
}
