/**
 * Export benchmark: a synchronous ZIP export of a large store, then its import into an empty one, in-process on file
 * databases: wall time, peak RSS while each runs (sampled every 20 ms), archive size. The store is built through the
 * store's repositories in batches: memories with labels, relations and EVOLVES edges, entities with mentions and
 * relations, a trash item per thousand memories, threads with messages.
 *
 *   npm run bench -- export [--memories 50000] [--threads 1000] [--messages 20000] [--entities 2000]
 * Targets: export ≤ 10 s, import ≤ 30 s, RSS ≤ 500 MB.
 */
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { type App, createApp } from '../src/main.ts';
import { exportData } from '../src/services/exports/export.ts';
import { importData } from '../src/services/exports/import.ts';
import { INCLUDE_FLAGS, type IncludeFlags } from '../src/services/exports/kinds.ts';
import type { TableRow } from '../src/storage/ports.ts';
import { fileSize, formatTable, makeTempDir, mib, ms, numericOptions, removeDir, seededRandom } from './lib.ts';

const everything = Object.fromEntries(INCLUDE_FLAGS.map(flag => [flag, true])) as IncludeFlags;
const WORDS = ['deploy', 'cluster', 'backup', 'review', 'Lisbon', 'Kubernetes', 'invoice', 'roadmap', 'migration', 'latency', 'budget', 'design'];
const BATCH = 2000;

const id = (prefix: string, i: number) => `${prefix}-${String(i).padStart(8, '0')}`;

async function insertAll(app: App, table: Parameters<App['deps']['store']['rows']['upsert']>[0], count: number, make: (i: number) => TableRow | TableRow[]) {
  for (let start = 0; start < count; start += BATCH) {
    const rows: TableRow[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) rows.push(...[make(i)].flat());
    await app.deps.store.transaction(tx => tx.rows.upsert(table, rows, 'skip'));
  }
}

async function seed(app: App, n: { memories: number; threads: number; messages: number; entities: number }) {
  const random = seededRandom(11);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
  await insertAll(app, 'memories', n.memories, i => ({
    id: id('m', i), space_id: i % 10 === 0 ? 'work' : 'default', title: `Note ${i} about ${pick()}`, title_derived: 0,
    content: `Memory ${i}: the ${pick()} of the ${pick()} moved to ${pick()} after the ${pick()} review; follow up on ${pick()} and ${pick()} next week with the team.`,
    source: 'bench', importance: random(), confidence: 1, unit_type: 'fact', lifecycle_state: i % 50 === 0 ? 'archived' : 'active',
    is_latest: 1, is_crystal: 0, is_favorite: i % 100 === 0 ? 1 : 0, favorited_at: null, reindex_needed: 0, metadata: JSON.stringify({ n: i }),
    event_start: null, event_end: null, temporal_context: null, source_thread_id: null, source_message_id: null,
    state_reason: null, state_changed_at: null, version: 1, created_at: at(i), updated_at: at(i),
  }));
  await insertAll(app, 'labels', 50, i => ({ id: id('l', i), name: `label ${i}`, canonical_name: `label ${i}`, color: '#888888', description: '', created_at: at(0), updated_at: at(0) }));
  await insertAll(app, 'memory_labels', n.memories, i => ({ memory_id: id('m', i), label_id: id('l', i % 50), created_at: at(i) }));
  const relation = (i: number, type: string) => ({
    id: id(type === 'EVOLVES' ? 'ev' : 'r', i), source_memory_id: id('m', i + 1), target_memory_id: id('m', i), relation_type: type,
    strength: 0.5, confidence: 0.8, bidirectional: 0, status: 'active', reviewed: 0, source: 'bench', author_id: null, agent_id: null,
    source_app: null, reason: null, properties: type === 'EVOLVES' ? '{"relation":"replaces"}' : '{}', created_at: at(i), updated_at: at(i),
  });
  await insertAll(app, 'memory_relations', n.memories / 5, i => [relation(i * 5, 'related_to'), ...(i % 10 === 0 ? [relation(i * 5 + 2, 'EVOLVES')] : [])]);
  await insertAll(app, 'entities', n.entities, i => ({
    id: id('e', i), name: `Entity ${i}`, canonical_name: `entity ${i}`, entity_type: i % 2 ? 'person' : 'organization', description: '',
    aliases: '[]', confidence: 0.9, caller_owned: 0, metadata: '{}', created_at: at(i), updated_at: at(i),
  }));
  await insertAll(app, 'entity_keys', n.entities, i => ({ key: `entity ${i}`, entity_id: id('e', i) }));
  await insertAll(app, 'mentions', n.memories, i => [0, 1].map(k => ({ memory_id: id('m', i), entity_id: id('e', (i * 7 + k * 13) % n.entities), occurrences: 1, confidence: 0.9, created_at: at(i) })));
  await insertAll(app, 'entity_relations', n.entities * 2, i => ({
    id: id('er', i), source_entity_id: id('e', i % n.entities), target_entity_id: id('e', (i * 31 + 1) % n.entities), relation_type: 'RELATES_TO',
    weight: 1, confidence: 0.8, description: '', memory_id: id('m', i % n.memories), created_at: at(i),
  }));
  const perThread = Math.max(1, Math.floor(n.messages / n.threads));
  await insertAll(app, 'threads', n.threads, i => ({
    id: id('t', i), thread_id: `thread-${i}`, space_id: 'default', title: `Conversation ${i}`, summary: '', source: 'bench', participants: '["user","assistant"]',
    project: null, workspace: null, tool_version: null, import_date: null, metadata: '{}', message_count: perThread, is_favorite: 0, favorited_at: null,
    created_at: at(i), updated_at: at(i), last_message_at: at(i),
  }));
  await insertAll(app, 'thread_messages', n.threads * perThread, i => ({
    id: id('msg', i), thread_pk: id('t', Math.floor(i / perThread)), position: i % perThread, role: i % 2 ? 'assistant' : 'user',
    content: `Message ${i}: what about the ${pick()} and the ${pick()}? Let us check the ${pick()} tomorrow.`, timestamp: at(i), metadata: '{}',
    external_id: null, content_hash: `h${i}`, token_count: 20, created_at: at(i),
  }));
}

/** Runs `work`, sampling this process's RSS meanwhile: wall time and the peak. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number; startRss: number }> {
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, peakRss: Math.max(peakRss, process.memoryUsage.rss()), startRss };
  } finally {
    clearInterval(sampler);
  }
}

export default async function exportBench(argv: string[]): Promise<void> {
  const n = numericOptions(argv, { memories: 50_000, threads: 1_000, messages: 20_000, entities: 2_000 });
  const root = makeTempDir('cairn-bench-export-');
  const exportDir = join(root, 'exports');
  const open = (name: string) => createApp({ ...loadConfig({ dataDir: join(root, name) }, {}), logLevel: 'silent', exportDir, extractor: 'rules' });
  try {
    const source = await open('source');
    const seedStart = performance.now();
    await seed(source, n);
    console.log(`seeded ${n.memories} memories, ${n.threads} threads / ${n.messages} messages and their graph in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const exported = await measured(() => exportData(source.deps, { ...everything, export_path: 'bench.zip', compress: true, overwrite: true }));
    await source.close();

    const target = await open('target');
    const imported = await measured(() => importData(target.deps, { ...everything, import_path: 'bench.zip', mode: 'merge' }));
    await target.close();

    const records = Object.values(exported.result.counts).reduce((a, b) => a + b, 0);
    console.log(`archive: ${mib(fileSize(join(exportDir, 'bench.zip')))}, ${records} records`);
    console.log(
      formatTable([
        ['step', 'time', 'RSS before', 'peak RSS', 'target'],
        ['sync ZIP export', `${ms(exported.ms)} ms`, mib(exported.startRss), mib(exported.peakRss), '≤ 10 s, ≤ 500 MB'],
        ['import into an empty store', `${ms(imported.ms)} ms`, mib(imported.startRss), mib(imported.peakRss), '≤ 30 s, ≤ 500 MB'],
      ]),
    );
  } finally {
    removeDir(root);
  }
}
