import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A data dir whose SQLite store `cairn migrate` moved elsewhere keeps its old `cairn.db` (nothing is deleted), but
 * that copy no longer receives writes: serving, backing up or exporting it would hand out stale data as if it were
 * current. `cairn migrate` leaves this marker beside it, and the commands that use the store refuse while it is there
 * (unless told `--force`), naming where the data went. The marker holds the database URL without its password.
 */

export const MOVED_FILE = 'MOVED-TO-POSTGRES.json';

export interface MovedMarker {
  moved_to: 'postgres';
  /** The target database's URL, password hidden. */
  database: string;
  moved_at: string;
}

export function markMoved(dataDir: string, marker: MovedMarker): void {
  writeFileSync(join(dataDir, MOVED_FILE), `${JSON.stringify(marker, null, 2)}\n`, { mode: 0o600 });
}

/** The marker of a moved store, or null when the store was never moved (or the marker was deleted). */
export function movedMarker(dataDir: string): MovedMarker | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, MOVED_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<MovedMarker>;
    return { moved_to: 'postgres', database: String(parsed.database ?? 'a PostgreSQL database'), moved_at: String(parsed.moved_at ?? 'an earlier run') };
  } catch {
    return { moved_to: 'postgres', database: 'a PostgreSQL database', moved_at: 'an earlier run' };
  }
}

/** The store in this data dir was moved: a clear refusal naming where the data went. */
export class StoreMovedError extends Error {
  constructor(dataDir: string, marker: MovedMarker, verb: string) {
    super(
      `The SQLite store in ${dataDir} was moved to PostgreSQL (${marker.database}) by \`cairn migrate\` at ${marker.moved_at}; ` +
        `this copy no longer receives writes and is stale. Use the database instead: CAIRN_STORAGE=postgres CAIRN_DATABASE_URL=${marker.database} ` +
        `(with your password). To ${verb} the old copy anyway, pass --force (or delete ${join(dataDir, MOVED_FILE)}).`,
    );
  }
}

/** Throws StoreMovedError when the data dir's SQLite store was moved, unless `force`. */
export function refuseMovedStore(dataDir: string, verb: string, force = false): void {
  if (force) return;
  const marker = movedMarker(dataDir);
  if (marker) throw new StoreMovedError(dataDir, marker, verb);
}
