/**
 * Sync recording benchmark: what the change log's triggers (SQLite 028_sync_log) cost a write. One database made by
 * the migrations, copied once per mode, then memory rows inserted and updated with plain SQL (the write the triggers
 * see, without the HTTP and service layers around it), rounds alternating the modes:
 *
 * - `no log`: the sync triggers dropped: the cost before the log existed;
 * - `sync off`: the triggers present, sync never enabled (every device that does not sync);
 * - `sync on`: sync enabled (`sync_state.enabled = 1`, as syncLogFor leaves it);
 * - `before`: with `--before <cairn.db>`, a database made by an earlier commit (e.g. ff830bc, per-field clock rows),
 *   recording as that commit does.
 *
 * Then, through the API (Fastify inject, in process), `--creates` memory creates per mode on a fresh data dir each
 * (`no log`, `sync off`, `sync on`), alternated the same way: the median create, server side and all.
 *
 * Last, enabling sync on a device that holds `--bootstrap` memories (each with a label): the time of the bootstrap.
 *
 *   npm run bench -- sync-cost [--rows 3000] [--rounds 3] [--creates 200] [--bootstrap 5000] [--before /path/to/cairn.db]
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { loadConfig } from '../src/config.ts';
import { createApp } from '../src/main.ts';
import { syncLogFor } from '../src/services/sync/log.ts';
import { formatTable, makeTempDir, numericOptions, percentile, removeDir } from './lib.ts';

type Mode = 'no log' | 'sync off' | 'sync on' | 'before';

/** Prepares a copy of `source` for `mode`. */
function prepare(source: string, dir: string, mode: Mode, round: number): string {
  const path = join(dir, `${mode.replace(' ', '-')}-${round}.db`);
  copyFileSync(source, path);
  const db = new BetterSqlite3(path);
  if (mode === 'no log') {
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\'").all() as { name: string }[];
    for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
  }
  if (mode === 'sync on') db.exec('UPDATE sync_state SET enabled = 1');
  db.close();
  return path;
}

/** µs per memory insert and per two-column update, each write its own statement, all in one transaction per phase. */
function measure(path: string, rows: number): { insert: number; update: number; clockRows: number } {
  const db = new BetterSqlite3(path);
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(`INSERT INTO memories (id, space_id, title, content, source, importance, confidence, unit_type, lifecycle_state,
    is_latest, is_crystal, is_favorite, reindex_needed, metadata, version, created_at, updated_at)
    VALUES (?, 'default', ?, ?, 'bench', 0.5, 0.9, 'fact', 'active', 1, 0, 0, 0, '{}', 1, ?, ?)`);
  const update = db.prepare('UPDATE memories SET importance = ?, updated_at = ? WHERE id = ?');
  const ids = Array.from({ length: rows }, (_, i) => `bench-${i.toString().padStart(8, '0')}`);
  const at = new Date().toISOString();
  const timed = (work: () => void) => {
    const start = process.hrtime.bigint();
    db.transaction(work)();
    return Number(process.hrtime.bigint() - start) / 1000 / rows;
  };
  const insertUs = timed(() => {
    ids.forEach((id, i) => insert.run(id, `Note ${i}`, `Bench note ${i}: the quarterly plan for Lisbon, item ${i}, follow up next week.`, at, at));
  });
  const updateUs = timed(() => {
    ids.forEach((id, i) => update.run((i % 10) / 10, new Date(Date.now() + 1000).toISOString(), id));
  });
  const clockRows = Number((db.prepare('SELECT count(*) AS n FROM sync_clock').get() as { n: number }).n);
  db.close();
  return { insert: insertUs, update: updateUs, clockRows };
}

export default async function syncCostBench(argv: string[]) {
  const options = numericOptions(argv.filter((_, i) => argv[i] !== '--before' && argv[i - 1] !== '--before'), { rows: 3000, rounds: 3, creates: 200, bootstrap: 5000 });
  const before = argv.includes('--before') ? argv[argv.indexOf('--before') + 1] : undefined;
  const dir = makeTempDir('cairn-bench-sync-');
  try {
    const dataDir = join(dir, 'data');
    const app = await createApp({ ...loadConfig({ dataDir }, {}), logLevel: 'silent' });
    await app.close();
    const source = join(dataDir, 'cairn.db');
    const modes: Mode[] = before ? ['no log', 'sync off', 'sync on', 'before'] : ['no log', 'sync off', 'sync on'];
    const results = new Map<Mode, { insert: number[]; update: number[]; clockRows: number }>(modes.map(m => [m, { insert: [], update: [], clockRows: 0 }]));
    for (let round = 0; round < options.rounds; round++) {
      // Each round starts from another mode, so no mode always runs first (or last) on the shared machine.
      for (let k = 0; k < modes.length; k++) {
        const mode = modes[(round + k) % modes.length];
        const result = measure(prepare(mode === 'before' ? before! : source, dir, mode, round), options.rows);
        const entry = results.get(mode)!;
        entry.insert.push(result.insert);
        entry.update.push(result.update);
        entry.clockRows = result.clockRows;
      }
    }
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
    console.log(`\nSync recording cost: ${options.rows} memory rows, ${options.rounds} rounds (µs per write, min–max of the rounds)\n`);
    console.log(
      formatTable([
        ['mode', 'insert µs', 'update (2 columns) µs', 'clock rows per memory'],
        ...modes.map(m => {
          const r = results.get(m)!;
          return [m, range(r.insert), range(r.update), (r.clockRows / options.rows).toFixed(1)];
        }),
      ]),
    );
    if (options.creates > 0) await apiCreates(dir, options.creates, options.rounds);
    if (options.bootstrap > 0) await bootstrapTime(dir, options.bootstrap);
  } finally {
    removeDir(dir);
  }
}

/** Median ms of a memory create through the API, per mode, each round on a fresh data dir per mode. */
async function apiCreates(dir: string, creates: number, rounds: number) {
  const modes: Mode[] = ['no log', 'sync off', 'sync on'];
  const medians = new Map<Mode, number[]>(modes.map(m => [m, []]));
  // Round -1 warms the process up (JIT, first app start) and is not counted.
  for (let round = -1; round < rounds; round++) {
    for (let k = 0; k < modes.length; k++) {
      const mode = modes[(round + 1 + k) % modes.length];
      const dataDir = join(dir, `api-${mode.replace(' ', '-')}-${round}`);
      const config = { ...loadConfig({ dataDir }, {}), logLevel: 'silent' as const };
      await (await createApp(config)).close();
      copyFileSync(prepare(join(dataDir, 'cairn.db'), dir, mode, round), join(dataDir, 'cairn.db'));
      const app = await createApp(config);
      const took: number[] = [];
      for (let i = 0; i < creates; i++) {
        const start = performance.now();
        const response = await app.server.inject({ method: 'POST', url: '/memories', payload: { content: `Bench note ${i}: the plan for Lisbon, item ${i}.`, labels: ['bench'] } });
        took.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`create: ${response.statusCode} ${response.body}`);
      }
      await app.close();
      if (round >= 0) medians.get(mode)!.push(percentile(took, 50));
    }
  }
  console.log(`\nMemory create through the API: ${creates} per mode and round, ${rounds} rounds (median ms of each round)\n`);
  console.log(formatTable([['mode', 'create ms (medians of the rounds)'], ...modes.map(m => [m, medians.get(m)!.map(x => x.toFixed(2)).join(' ')])]));
}

/** Seconds to enable sync on a device holding `memories` memories with a label each (the bootstrap), and its changes. */
async function bootstrapTime(dir: string, memories: number) {
  const app = await createApp({ ...loadConfig({ dataDir: join(dir, 'bootstrap') }, {}), logLevel: 'silent' });
  try {
    for (let i = 0; i < memories; i++) {
      await app.server.inject({ method: 'POST', url: '/memories', payload: { content: `Note ${i} about the plan for Lisbon.`, labels: [`label-${i % 50}`] } });
    }
    const start = performance.now();
    const changes = await syncLogFor(app.deps).lastLocalSeq();
    console.log(`\nEnabling sync on ${memories} memories: ${changes} changes logged in ${((performance.now() - start) / 1000).toFixed(2)} s`);
  } finally {
    await app.close();
  }
}
