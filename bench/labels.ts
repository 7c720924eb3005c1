/**
 * Label-care benchmark: a file-backed store with `labels` labels (about 5 % of them exact-canonical forks) over
 * `memories` memories (80 % labelled, 1–4 labels each, skewed toward popular labels), written straight through the
 * store for setup speed. Then, through HTTP (Fastify inject, the full request path), it times:
 * health, merge-candidates (max_labels = all), consolidate dry run — the three with a 2 s target — plus the
 * consolidation preview, one merge and its undo of the most used label, a real consolidation, and creates with
 * CAIRN_AUTO_LABEL on.
 *
 *   npm run bench -- labels [--labels 2000] [--memories 50000] [--runs 3]
 */
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { canonicalLabel, DEFAULT_LABEL_COLOR } from '../src/domain/label.ts';
import { type App, createApp } from '../src/main.ts';
import type { LabelRecord, MemoryRecord } from '../src/storage/ports.ts';
import { fileSize, formatTable, makeTempDir, mib, ms, numericOptions, percentile, removeDir, seededRandom } from './lib.ts';

const WORDS = (
  'alpha billing cloud data design docs finance garden health infra kitchen legal marketing network ops payments ' +
  'planning python quality release research security sales search staging support testing travel ui ux video web ' +
  'backend frontend mobile kubernetes postgres react rust golang hiring onboarding roadmap budget invoices taxes ' +
  'family school reading fitness music recipes pottery cycling climbing weekend ideas meetings decisions incidents'
).split(' ');
const VARIANTS: ((name: string) => string)[] = [
  name => name.replace(/\b\w/g, c => c.toUpperCase()),
  name => name.replace(/ /g, '-'),
  name => name.replace(/ /g, '_').toUpperCase(),
];

/** `count` distinct label names: two-word topics, and one fork in twenty (a case or separator variant of a base). */
function labelNames(count: number, random: () => number): string[] {
  const names = new Set<string>();
  const bases: string[] = [];
  while (names.size < count) {
    if (bases.length > 20 && names.size % 20 === 19) {
      const variant = VARIANTS[Math.floor(random() * VARIANTS.length)](bases[Math.floor(random() * bases.length)]);
      names.add(variant);
      continue;
    }
    const base = `${WORDS[Math.floor(random() * WORDS.length)]} ${WORDS[Math.floor(random() * WORDS.length)]}${names.size > WORDS.length ** 2 / 2 ? ` ${names.size}` : ''}`;
    if (names.has(base)) continue;
    names.add(base);
    bases.push(base);
  }
  return [...names];
}

function memoryRecord(id: string, content: string, at: string): MemoryRecord {
  return {
    id, space_id: 'default', title: content.slice(0, 80), title_derived: true, content, source: 'bench', importance: 0.5, confidence: 0.5, unit_type: 'fact',
    lifecycle_state: 'active', is_latest: true, is_crystal: false, is_favorite: false, favorited_at: null, reindex_needed: false,
    metadata: {}, event_start: null, event_end: null, temporal_context: null, source_thread_id: null, source_message_id: null,
    state_reason: null, state_changed_at: null, version: 1, created_at: at, updated_at: at,
  };
}

/** Writes labels, memories and edges straight through the store, in batches of one transaction each. */
async function seed(app: App, options: { labels: number; memories: number }) {
  const random = seededRandom(42);
  const { store, ids } = app.deps;
  const base = Date.UTC(2025, 0, 1);
  const labels: LabelRecord[] = labelNames(options.labels, random).map((name, i) => {
    const at = new Date(base + i * 1000).toISOString();
    return { id: ids.next(), name, canonical_name: canonicalLabel(name), color: DEFAULT_LABEL_COLOR, description: i % 4 === 0 ? `notes about ${name}` : '', created_at: at, updated_at: at };
  });
  await store.transaction(async tx => {
    for (const label of labels) await tx.labels.insert(label);
  });
  let edges = 0;
  const batch = 5000;
  for (let start = 0; start < options.memories; start += batch) {
    await store.transaction(async tx => {
      for (let i = start; i < Math.min(options.memories, start + batch); i++) {
        const at = new Date(base + 86_400_000 + i * 1000).toISOString();
        const topic = WORDS[Math.floor(random() * WORDS.length)];
        const memory = memoryRecord(ids.next(), `Note ${i} about ${topic}: ${WORDS[Math.floor(random() * WORDS.length)]} follow-up for the team.`, at);
        await tx.memories.insert(memory);
        if (random() < 0.2) continue;
        const count = 1 + Math.floor(random() * 4);
        for (let k = 0; k < count; k++) {
          const label = labels[Math.floor(labels.length * random() ** 2)];
          if (await tx.memoryLabels.assign(memory.id, label.id, at)) edges++;
        }
      }
    });
  }
  return { labels, edges };
}

async function timed(app: App, method: 'GET' | 'POST', url: string, body?: unknown) {
  const started = performance.now();
  const response = await app.server.inject({ method, url, payload: body as object | undefined });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return { elapsed, body: JSON.parse(response.body) };
}

export default async function labelsBench(argv: string[]) {
  const options = numericOptions(argv, { labels: 2000, memories: 50_000, runs: 3 });
  const dataDir = makeTempDir('cairn-bench-labels-');
  const config = { ...loadConfig({ dataDir }, {}), logLevel: 'silent' };
  try {
    let app = await createApp(config);
    const setupStarted = performance.now();
    const { edges } = await seed(app, options);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    console.log(`Setup: ${options.labels} labels, ${options.memories} memories, ${edges} edges in ${setupSeconds.toFixed(1)} s`);
    console.log(`Database: ${mib(fileSize(join(dataDir, 'cairn.db')) + fileSize(join(dataDir, 'cairn.db-wal')))}\n`);

    const read: [string, 'GET' | 'POST', string, boolean][] = [
      ['GET /labels/health', 'GET', '/labels/health', true],
      [`GET /labels/merge-candidates (max_labels ${options.labels})`, 'GET', `/labels/merge-candidates?max_labels=${Math.min(5000, options.labels)}`, true],
      ['POST /labels/consolidate (dry run)', 'POST', '/labels/consolidate', true],
      ['POST /labels/consolidation-preview', 'POST', `/labels/consolidation-preview?max_labels=${Math.min(5000, options.labels)}`, false],
    ];
    const rows = [['endpoint', 'first ms', 'median ms', 'max ms', 'target < 2 s']];
    const notes: string[] = [];
    let missed = 0;
    for (const [name, method, url, targeted] of read) {
      const samples: number[] = [];
      let body: any;
      for (let run = 0; run < options.runs; run++) ({ elapsed: samples[run], body } = await timed(app, method, url));
      const worst = Math.max(...samples);
      if (targeted && worst >= 2000) missed++;
      rows.push([name, ms(samples[0]), ms(percentile(samples, 50)), ms(worst), targeted ? (worst < 2000 ? 'met' : 'MISSED') : '-']);
      if (url.startsWith('/labels/health')) notes.push(`health: ${JSON.stringify(body)}`);
      if (url.startsWith('/labels/merge-candidates')) notes.push(`merge-candidates: ${body.pairs.length} pairs over ${body.labels_considered} labels, top similarity ${body.pairs[0]?.similarity ?? '-'}`);
      if (url.startsWith('/labels/consolidate')) notes.push(`consolidate plan: ${body.groups.length} groups of ${body.total_groups}, ${body.groups.reduce((s: number, g: any) => s + g.merge.length, 0)} labels to merge`);
      if (url.startsWith('/labels/consolidation-preview')) notes.push(`preview: ${body.pairs.length} pairs, ${body.pairs.filter((p: any) => p.action === 'merge').length} proposed merges`);
    }

    const top = (await timed(app, 'GET', '/labels?order_by=usage_count&order_desc=true&limit=2')).body;
    const merge = await timed(app, 'POST', `/labels/merge?source_id=${top[0].id}&target_id=${top[1].id}`);
    const undo = await timed(app, 'POST', `/labels/merges/${merge.body.merge_id}/undo`);
    rows.push([`POST /labels/merge (most used: ${top[0].usage_count} memories)`, ms(merge.elapsed), '-', '-', '-']);
    rows.push(['POST /labels/merges/{id}/undo (same merge)', ms(undo.elapsed), '-', '-', '-']);
    const consolidation = await timed(app, 'POST', '/labels/consolidate?dry_run=false&max_groups=5000');
    rows.push([`POST /labels/consolidate?dry_run=false (${consolidation.body.merged_labels} merges)`, ms(consolidation.elapsed), '-', '-', '-']);
    await app.close();

    app = await createApp({ ...config, autoLabel: true });
    const creates: number[] = [];
    let labelled = 0;
    for (let i = 0; i < 50; i++) {
      const { elapsed, body } = await timed(app, 'POST', '/memories', { content: `Note about ${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}: follow-up for the team.` });
      creates.push(elapsed);
      if (body.assigned_labels.length > 0) labelled++;
    }
    rows.push([`POST /memories, CAIRN_AUTO_LABEL on (50 creates, ${labelled} labelled)`, ms(creates[0]), ms(percentile(creates, 50)), ms(Math.max(...creates)), '-']);
    await app.close();

    console.log(formatTable(rows));
    console.log(`\n${notes.join('\n')}`);
    console.log(missed === 0 ? '\nAll three targeted endpoints under 2 s.' : `\n${missed} targeted endpoint(s) over 2 s.`);
  } finally {
    removeDir(dataDir);
  }
}
