import type { Repos, SyncStamp } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import type { SyncConflict } from './changeLog.ts';

/** Text that lost a content conflict, to keep as an older version of its memory. */
export interface LosingText {
  memoryId: string;
  content: string;
  stamp: SyncStamp;
  /** The memory's row when the conflict was found: the kept version's other fields (it may be deleted by then). */
  memory: Record<string, unknown>;
  /** The id the kept version takes: the same on every device, so two devices that both keep it keep one. */
  versionId: string;
}

export type ApplyDeps = Pick<Deps, 'store' | 'clock' | 'indexer' | 'extraction' | 'communities' | 'trashDays' | 'ids'>;

/** The work of one applyRemote call: what the changes touched, for the derived data and the conflicts report. */
export interface ApplyRun {
  tx: Repos;
  deps: ApplyDeps;
  conflicts: SyncConflict[];
  losers: LosingText[];
  /** Memories whose text changed here: their derived data is recomputed. */
  rewritten: Map<string, 'new' | 'changed'>;
  threads: Set<string>;
}

