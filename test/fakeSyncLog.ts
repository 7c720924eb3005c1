import type { ApplyResult, SyncChange, SyncLog } from '../src/services/sync/changeLog.ts';

/**
 * An in-memory SyncLog for testing the transport apart from the real change log: records are fields with a clock each,
 * merged last-writer-wins by (hlc, device); cursors advance with each applied batch, as the contract says.
 */
export interface FakeSyncLog extends SyncLog {
  /** Records one local write, as the real log does for a user's write. */
  write(entity: string, key: string, fields: Record<string, unknown>): SyncChange;
  /** The records, as `entity/key` → fields, sorted: what must end identical on every device. */
  snapshot(): Record<string, Record<string, unknown>>;
  /** How many times applyRemote was called, and with how many changes in all. */
  readonly applyCalls: number;
}

export function fakeSyncLog(device: string): FakeSyncLog {
  const own: SyncChange[] = [];
  const records = new Map<string, Map<string, { value: unknown; hlc: string; device: string }>>();
  const cursors = new Map<string, number>();
  let tick = 0;
  let applyCalls = 0;

  const wins = (a: { hlc: string; device: string }, b: { hlc: string; device: string }) => a.hlc > b.hlc || (a.hlc === b.hlc && a.device > b.device);
  function merge(change: SyncChange): number {
    const record = records.get(`${change.entity}/${change.key}`) ?? new Map();
    records.set(`${change.entity}/${change.key}`, record);
    let conflicts = 0;
    for (const [field, value] of Object.entries(change.fields ?? {})) {
      const held = record.get(field);
      if (held && held.device !== change.device) conflicts++;
      if (!held || wins(change, held)) record.set(field, { value, hlc: change.hlc, device: change.device });
    }
    return conflicts;
  }

  return {
    deviceId: async () => device,
    localChanges: async (afterSeq, limit) => own.filter(c => c.seq > afterSeq).slice(0, limit),
    lastLocalSeq: async () => own.length,
    appliedThrough: async other => cursors.get(other) ?? 0,
    async applyRemote(changes): Promise<ApplyResult> {
      applyCalls++;
      const result: ApplyResult = { applied: 0, skipped: 0, conflicts: [] };
      for (const change of changes) {
        if (change.seq <= (cursors.get(change.device) ?? 0)) {
          result.skipped++;
          continue;
        }
        tick = Math.max(tick, Number.parseInt(change.hlc, 10));
        if (merge(change) > 0) result.conflicts.push({ entity: change.entity, key: change.key, field: '*', winner: change, loser: change, keptAs: null });
        cursors.set(change.device, change.seq);
        result.applied++;
      }
      return result;
    },
    write(entity, key, fields) {
      tick++;
      const change: SyncChange = { id: `${device}:${own.length + 1}`, device, seq: own.length + 1, hlc: String(tick).padStart(12, '0'), entity, key, op: 'put', fields };
      own.push(change);
      merge(change);
      return change;
    },
    snapshot() {
      const out: Record<string, Record<string, unknown>> = {};
      for (const name of [...records.keys()].sort()) out[name] = Object.fromEntries([...records.get(name)!].sort().map(([f, v]) => [f, v.value]));
      return out;
    },
    get applyCalls() {
      return applyCalls;
    },
  };
}
