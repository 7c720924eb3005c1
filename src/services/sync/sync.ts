import { syncNotConfigured } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import type { SyncRoundReport, SyncStatusReport } from '../ports.ts';

/** Runs one sync round now (after any round in progress): push this device's changes, pull the others'. */
export async function runSyncRound(deps: Pick<Deps, 'sync'>): Promise<SyncRoundReport> {
  if (!deps.sync) throw syncNotConfigured();
  return deps.sync.round();
}

/** The last round, the devices the remote holds, what waits to go either way, refused segments and the last conflicts. */
export async function getSyncStatus(deps: Pick<Deps, 'sync'>): Promise<SyncStatusReport> {
  if (deps.sync) return deps.sync.status();
  return { enabled: false, remote: null, encrypted: null, device_id: null, interval_s: 0, running: false, last_round: null, devices: [], pending: null, errors: [], last_conflicts: [] };
}
