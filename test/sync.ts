/**
 * Helpers for the sync tests: devices as test apps, each with its own SQLite file, and the exchange of their logs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { App } from '../src/main.ts';
import { buildTestApp } from './helpers.ts';
import type { ApplyResult, SyncChange, SyncLog } from '../src/services/sync/changeLog.ts';
import { syncLogFor } from '../src/services/sync/log.ts';
import { SYNCED_TABLES } from '../src/services/sync/tables.ts';

export interface Device {
  app: App;
  log: SyncLog;
  path: string;
  /** Rows of a table, read straight from the device's database file. */
  rows(query: string): Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * A device: a test app on a SQLite file in `dir`; without one, in a temp folder of its own that close() removes. Its
 * sync is enabled at once (syncLogFor), or with `lateSync` on the first use of `log`, so what the device wrote before
 * has to reach the others through the enabling's bootstrap.
 */
export async function openDevice(dir?: string, { lateSync = false } = {}): Promise<Device> {
  const ownDir = dir === undefined ? mkdtempSync(join(tmpdir(), 'cairn-sync-')) : null;
  const path = join(dir ?? ownDir!, `device-${Math.random().toString(36).slice(2)}.db`);
  const app = await buildTestApp({ databasePath: path });
  let log: SyncLog | null = lateSync ? null : syncLogFor(app.deps);
  let reader: BetterSqlite3.Database | null = null;
  return {
    app, path,
    get log() {
      return (log ??= syncLogFor(app.deps));
    },
    rows(query) {
      reader ??= new BetterSqlite3(path, { readonly: true });
      return reader.prepare(query).all() as Record<string, unknown>[];
    },
    async close() {
      reader?.close();
      await app.close();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/** Every change `from` made that `to` has not applied yet. */
export async function pending(from: Device, to: Device): Promise<SyncChange[]> {
  return from.log.localChanges(await to.log.appliedThrough(await from.log.deviceId()), 100_000);
}

/** Sends `from`'s new changes to `to` (all of them, in one batch). */
export async function send(from: Device, to: Device): Promise<ApplyResult> {
  return to.log.applyRemote(await pending(from, to));
}

/** Exchanges changes until nothing new flows between the devices. */
export async function syncAll(devices: Device[]): Promise<void> {
  for (let round = 0; round < 5; round++) {
    let moved = 0;
    for (const from of devices) for (const to of devices) if (from !== to) moved += (await send(from, to)).applied;
    if (moved === 0) return;
  }
}

/**
 * What sync must make identical on every device: the synced columns of every synced record, in key order (labels
 * by name: their ids are what every device agreed on too, so they are compared as well).
 */
export function syncedState(device: Device): Record<string, Record<string, unknown>[]> {
  const state: Record<string, Record<string, unknown>[]> = {};
  for (const table of Object.values(SYNCED_TABLES)) {
    state[table.entity] = device.rows(`SELECT ${table.columns.join(', ')} FROM ${table.table} ORDER BY ${table.key.join(', ')}`);
  }
  state.trash = device.rows('SELECT memory_id, title, content_preview FROM trash ORDER BY memory_id');
  return state;
}
