import { join } from 'node:path';
import type { Config, SyncConfig } from './config.ts';
import type { Deps } from './services/deps.ts';
import type { SyncRemote } from './providers/ports.sync.ts';
import type { SyncRunner } from './services/ports.ts';
import type { SyncLog } from './services/sync/changeLog.ts';
import { createSyncRunner } from './services/sync/runner.ts';
import { folderRemote } from './providers/syncRemote/folder.ts';
import { serverRemote } from './providers/syncRemote/server.ts';

/** Composition of sync (main.ts calls these): the remote CAIRN_SYNC_REMOTE names, the runner, the hub's store. */

export function syncRemoteFor(sync: SyncConfig): SyncRemote {
  return sync.remote.kind === 'folder' ? folderRemote(sync.remote.path) : serverRemote(sync.remote.url, sync.remote.key);
}

/** The runner of sync rounds over `log`, or null without CAIRN_SYNC_REMOTE. Not started: the caller starts it. */
export function createSync(config: Pick<Config, 'sync'>, deps: Pick<Deps, 'clock'>, log: SyncLog, warn?: (message: string) => void): SyncRunner | null {
  const sync = config.sync;
  if (!sync) return null;
  return createSyncRunner({
    log,
    remote: syncRemoteFor(sync),
    passphrase: sync.passphrase,
    intervalMs: sync.intervalS * 1000,
    segmentChanges: sync.segmentChanges,
    clock: deps.clock,
    warn,
    // Tests only: die as a power cut would, with no chance to tidy up.
    crashPoint: sync.testCrash ? point => point === sync.testCrash && process.kill(process.pid, 'SIGKILL') : undefined,
  });
}

/** The store a hub keeps for other devices (CAIRN_SYNC_HUB=1): a folder remote in its data dir. */
export function syncHubFor(config: Pick<Config, 'syncHub' | 'dataDir'>): SyncRemote | null {
  return config.syncHub ? folderRemote(join(config.dataDir, 'sync-hub')) : null;
}
