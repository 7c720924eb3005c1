import { syncUnavailable } from '../../errors.ts';
import { applyRemote } from './apply.ts';
import type { ApplyDeps } from './applyRun.ts';
import type { SyncChange, SyncLog } from './changeLog.ts';

/**
 * This device's change log over the store in `deps` (the contract is changeLog.ts; how it works, docs/sync.md).
 * SQLite only: its triggers record the changes. On PostgreSQL it throws `sync_unavailable` (a 409).
 */
export function syncLogFor(deps: ApplyDeps): SyncLog {
  if (deps.store.backend !== 'sqlite') throw syncUnavailable(deps.store.backend);
  const { store } = deps;
  return {
    deviceId: async () => (await store.sync.state()).device,
    lastLocalSeq: async () => (await store.sync.state()).seq,
    async localChanges(afterSeq, limit) {
      const rows = await store.sync.localChanges(afterSeq, limit);
      return rows.map(({ base, ...row }): SyncChange => ({ id: `${row.device}:${row.seq}`, ...row, ...(base ? { base } : {}) }));
    },
    applyRemote: changes => applyRemote(deps, changes),
    appliedThrough: device => store.sync.appliedThrough(device),
  };
}
