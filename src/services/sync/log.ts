import { syncUnavailable } from '../../errors.ts';
import type { Store } from '../../storage/ports.ts';
import { applyRemote } from './apply.ts';
import type { ApplyDeps } from './applyRun.ts';
import type { SyncChange, SyncLog } from './changeLog.ts';
import { SYNCED_TABLES } from './tables.ts';

/** Per store, the enabling begun by the first syncLogFor (a failed one is tried again by the next). */
const enabling = new WeakMap<Store, Promise<void>>();

/**
 * Turns sync recording on for `store`, idempotently: in one transaction the triggers start recording and every
 * synced record is logged as it is now (the bootstrap), so a device that enables sync late still sends everything.
 * Until then the triggers record nothing: a device that never syncs pays nothing for the log.
 */
function enableRecording(store: Store): Promise<void> {
  let ready = enabling.get(store);
  if (!ready) {
    ready = store.transaction(async tx => void (await tx.sync.enable(Object.values(SYNCED_TABLES))));
    enabling.set(store, ready);
    ready.catch(() => enabling.delete(store)); // the log's calls report the failure; the next syncLogFor tries again
  }
  return ready;
}

/**
 * This device's change log over the store in `deps` (the contract is changeLog.ts; how it works, docs/sync.md).
 * The first call enables sync on this device (enableRecording); every method waits for that to be done.
 * SQLite only: its triggers record the changes. On PostgreSQL it throws `sync_unavailable` (a 409).
 */
export function syncLogFor(deps: ApplyDeps): SyncLog {
  if (deps.store.backend !== 'sqlite') throw syncUnavailable(deps.store.backend);
  const { store } = deps;
  const ready = enableRecording(store);
  return {
    deviceId: async () => (await ready, await store.sync.state()).device,
    lastLocalSeq: async () => (await ready, await store.sync.state()).seq,
    async localChanges(afterSeq, limit) {
      await ready;
      const rows = await store.sync.localChanges(afterSeq, limit);
      return rows.map(({ base, ...row }): SyncChange => ({ id: `${row.device}:${row.seq}`, ...row, ...(base ? { base } : {}) }));
    },
    applyRemote: async changes => (await ready, applyRemote(deps, changes)),
    appliedThrough: async device => (await ready, store.sync.appliedThrough(device)),
  };
}
