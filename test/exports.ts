import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../src/main.ts';
import { buildTestApp, get, type TestResponse } from './helpers.ts';

export interface ExportTestApp {
  app: App;
  /** The temp folder holding the data dir (and, unless told otherwise, the export root `exports/`). */
  dir: string;
  exportDir: string;
  close(): Promise<void>;
}

/** A service on a file database in a fresh temp dir, exporting into `<dir>/exports`. */
export async function buildExportApp(options: { exportDir?: string; dir?: string } = {}): Promise<ExportTestApp> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'cairn-export-test-'));
  const exportDir = options.exportDir ?? join(dir, 'exports');
  // Communities are seeded by hand below: background detection (debounced after graph changes) must not redo them mid-test.
  const app = await buildTestApp({ dataDir: dir, databasePath: join(dir, 'cairn.db'), exportDir, communityDebounceMs: 3_600_000 });
  return {
    app,
    dir,
    exportDir,
    async close() {
      await app.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls a job's status until it is completed or failed (or a few seconds pass). */
export async function waitForJob(app: App, url: string): Promise<TestResponse> {
  for (let i = 0; i < 200; i++) {
    const status = await get(app, url);
    if (status.status !== 200 || status.body.status === 'completed' || status.body.status === 'failed') return status;
    await new Promise(resolve => setTimeout(resolve, 25));
  }
  throw new Error(`job did not finish: ${url}`);
}

async function ok(response: Promise<TestResponse>, what: string): Promise<TestResponse> {
  const done = await response;
  if (done.status !== 200) throw new Error(`${what} failed: ${done.status} ${done.text}`);
  return done;
}

/**
 * Fills a store with every kind of record an archive carries: memories in several states and spaces with labels and
 * metadata, a relation and an EVOLVES edge, entities with mentions and relations (extracted), a community, a crystal,
 * threads with messages, favorites, working memory and a memory in the trash.
 */
export async function seedEveryKind(app: App): Promise<void> {
  const { createMemory, post, put, del } = await import('./helpers.ts');
  const alice = await createMemory(app, { content: 'Alice Johnson leads the Kubernetes migration at Acme Corp in Berlin', labels: ['ops', 'people'], importance: 0.9 });
  const bob = await createMemory(app, { content: 'Bob Smith from Acme Corp reviews the PostgreSQL backups every Friday', labels: ['ops'], metadata: { team: 'db' } });
  const older = await createMemory(app, { content: 'The CI pipeline runs on Jenkins', labels: ['ci'] });
  const newer = await createMemory(app, { content: 'The CI pipeline moved from Jenkins to GitHub Actions', labels: ['ci'] });
  const work = await createMemory(app, { content: 'Quarterly planning happens in Lisbon with Carol Diaz', space_id: 'work', unit_type: 'plan' });
  const archived = await createMemory(app, { content: 'The old wiki lived on Confluence', labels: ['docs'] });
  const forgotten = await createMemory(app, { content: 'A secret that should be forgotten about Dave' });
  const trashed = await createMemory(app, { content: 'Tabs versus spaces was settled at Acme Corp', labels: ['style'] });
  await ok(post(app, `/memories/${archived}/archive`, {}), 'archive');
  await ok(post(app, `/memories/${forgotten}/forget`, {}), 'forget');
  await ok(post(app, `/memories/${alice}/favorite?is_favorite=true`), 'favorite');
  await ok(post(app, `/memories/${alice}/relations`, { target_memory_id: bob, relation_type: 'works_with', strength: 0.7, properties: { since: 2021 } }), 'relation');
  await ok(post(app, `/memories/${newer}/relations`, { target_memory_id: older, relation_type: 'evolves', properties: { relation: 'replaces' }, reason: 'CI moved' }), 'evolves');
  await ok(post(app, '/crystals', { memory_ids: [alice, bob] }), 'crystal');
  // Applied edges are marked so (an automatic rewrite keeps them): an archive carries the mark.
  await ok(
    post(app, `/memories/${bob}/extract-kg/apply`, {
      entities: [{ name: 'Backup Rotation', entity_type: 'project' }],
      relationships: [{ source: 'Backup Rotation', target: 'Bob Smith', relation_type: 'OWNED_BY' }],
    }),
    'apply',
  );
  const entityIds = (await app.deps.store.entities.list({ limit: 100, offset: 0, order_by: 'created_at' })).items.map(e => e.id);
  if (entityIds.length === 0) throw new Error('seed: extraction found no entities');
  const at = new Date().toISOString();
  await app.deps.store.transaction(tx =>
    tx.communities.replaceAll(
      [{ id: 7, name: 'Acme operations', summary: 'Kubernetes and backups', summary_source: 'extractive', entity_count: entityIds.length, memory_count: 2, created_at: at, updated_at: at }],
      entityIds.map((entity_id, rank) => ({ community_id: 7, entity_id, rank, weight: 1 / (rank + 1) })),
    ),
  );
  await ok(post(app, '/threads', {
    thread_id: 'standup-1', title: 'Standup', participants: ['alice', 'bob'], metadata: { project: 'infra' },
    messages: [{ role: 'user', content: 'What is blocking the migration?' }, { role: 'assistant', content: 'The PostgreSQL backups — 数据库备份.' }],
  }), 'thread');
  await ok(post(app, '/threads', { thread_id: 'retro', space_id: 'work', messages: [{ role: 'user', content: 'Lisbon went well' }] }), 'thread 2');
  await ok(post(app, '/threads/standup-1/favorite?is_favorite=true'), 'thread favorite');
  await ok(put(app, '/agent/working-memory', { content: '## Focus\n\n- finish the Kubernetes migration' }), 'working memory');
  await ok(put(app, '/agent/working-memory', { content: '## Work\n\n- plan Lisbon', space_id: 'work' }), 'working memory work');
  await ok(del(app, `/memories/${trashed}`), 'delete to trash');
  await ok(post(app, '/settings/agent-profiles/import', { profile: { id: 'claude-code', displayName: 'Claude Code', tags: ['coding'], extra: { nested: true } } }), 'profile');
  await ok(post(app, '/spaces', { name: 'Research Agent', key: 'rsch', instructions: 'Cite sources', sharedSpaceIds: ['work'] }), 'space');
  void work;
}
