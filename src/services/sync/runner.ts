import type { SyncRemote } from '../../providers/ports.sync.ts';
import { AppError, syncFailed } from '../../errors.ts';
import type { Clock, SyncConflictReport, SyncErrorReport, SyncRoundReport, SyncRunner, SyncStatusReport } from '../ports.ts';
import type { SyncLog } from './changeLog.ts';
import { newManifest, parseManifest, type Sealer, sealerFor } from './sealing.ts';
import { type CrashPoint, remoteThrough, runRound } from './round.ts';

export interface SyncRunnerSetup {
  log: SyncLog;
  remote: SyncRemote;
  /** CAIRN_SYNC_PASSPHRASE; null with CAIRN_SYNC_PLAINTEXT=1. */
  passphrase: string | null;
  /** CAIRN_SYNC_INTERVAL_S in milliseconds; 0: rounds only on demand. */
  intervalMs: number;
  segmentChanges: number;
  /** Tests: a smaller bound on a segment's bytes than the default 8 MiB. */
  maxSegmentBytes?: number;
  clock: Clock;
  warn?: (message: string) => void;
  crashPoint?: (point: CrashPoint) => void;
}

/** How many refused segments and conflicts the status keeps (newest first). */
const KEEP = 20;

/** The remote's sealer, setting the remote up (remote.json) when this device is its first. */
async function openRemote(remote: SyncRemote, passphrase: string | null): Promise<Sealer> {
  const where = `The sync remote ${remote.description}`;
  const stored = (await remote.readManifest()) ?? (await remote.createManifest(Buffer.from(JSON.stringify(await newManifest(passphrase), null, 2))));
  return sealerFor(parseManifest(stored, where), passphrase, where);
}

/** A runner of sync rounds against one remote; it keeps the last round, refused segments and conflicts for status. */
export function createSyncRunner(setup: SyncRunnerSetup): SyncRunner {
  let sealer: Promise<Sealer> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let lastRound: SyncStatusReport['last_round'] = null;
  let errors: SyncErrorReport[] = [];
  let conflicts: (SyncConflictReport & { at: string })[] = [];

  const sealerOnce = () => {
    sealer ??= openRemote(setup.remote, setup.passphrase).catch(error => {
      sealer = null; // a remote that was unplugged, or a passphrase fixed: the next round tries again
      throw error;
    });
    return sealer;
  };

  async function roundNow(): Promise<SyncRoundReport> {
    const startedAt = setup.clock.now();
    running = true;
    try {
      const outcome = await runRound({ ...setup, sealer: await sealerOnce() });
      const at = setup.clock.now();
      const refused = outcome.rejected.map(r => ({ at, message: r.message, device: r.device, segment: r.segment }));
      const report = { pushed: outcome.pushed, pulled: outcome.pulled, conflicts: outcome.conflicts.length, errors: refused };
      lastRound = { ...report, started_at: startedAt, finished_at: at, error: null };
      errors = [...refused, ...errors].slice(0, KEEP);
      conflicts = [...outcome.conflicts.map(c => ({ ...c, at })), ...conflicts].slice(0, KEEP);
      return report;
    } catch (error) {
      const at = setup.clock.now();
      const message = (error as Error).message;
      lastRound = { pushed: 0, pulled: 0, conflicts: 0, errors: [], started_at: startedAt, finished_at: at, error: message };
      errors = [{ at, message, device: null, segment: null }, ...errors].slice(0, KEEP);
      throw error instanceof AppError ? error : syncFailed(`Sync round failed against ${setup.remote.description}: ${message}`);
    } finally {
      running = false;
    }
  }

  const round = () => {
    const next = queue.then(roundNow, roundNow);
    queue = next.catch(() => {});
    return next;
  };

  return {
    round,
    async status() {
      const report: SyncStatusReport = {
        enabled: true, remote: setup.remote.description, encrypted: setup.passphrase !== null, device_id: null,
        interval_s: setup.intervalMs / 1000, running, last_round: lastRound, devices: [], pending: null, errors, last_conflicts: conflicts,
      };
      try {
        Object.assign(report, await devicesAndPending(setup));
      } catch (error) {
        report.errors = [{ at: setup.clock.now(), message: `Could not read ${setup.remote.description}: ${(error as Error).message}`, device: null, segment: null }, ...errors];
      }
      return report;
    },
    start() {
      if (setup.intervalMs <= 0 || timer) return;
      const background = () => void round().catch(error => setup.warn?.(`sync: ${(error as Error).message}`));
      background(); // catch up at start, then every interval
      timer = setInterval(background, setup.intervalMs).unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    async settle() {
      await queue;
    },
  };
}

/** Each device the remote holds, how far the remote and this device are, and what waits to go either way. */
async function devicesAndPending(setup: Pick<SyncRunnerSetup, 'log' | 'remote'>) {
  const me = await setup.log.deviceId();
  const names = [...new Set([me, ...(await setup.remote.listDevices())])].sort();
  const devices = await Promise.all(
    names.map(async device => {
      const through = await remoteThrough(setup.remote, device);
      const applied = device === me ? await setup.log.lastLocalSeq() : await setup.log.appliedThrough(device);
      return { device_id: device, this_device: device === me, remote_through: through, applied_through: applied };
    }),
  );
  const mine = devices.find(d => d.this_device)!;
  const pull = devices.filter(d => !d.this_device).reduce((sum, d) => sum + Math.max(0, d.remote_through - d.applied_through), 0);
  return { device_id: me, devices, pending: { push: Math.max(0, mine.applied_through - mine.remote_through), pull } };
}
