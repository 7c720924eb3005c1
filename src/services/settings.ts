import type { WriteLockUsage } from '../storage/ports.ts';

/** Plain values from the configuration that change what services do; no behaviour, nothing to start or stop. */
export interface Settings {
  version: string;
  /** Configured API key (plain), when the operator set one by environment. */
  apiKey: string | null;
  /** CAIRN_AUTO_LABEL: suggest existing labels for memories created without any (off by default). */
  autoLabel: boolean;
  /** CAIRN_TRASH_DAYS: how long deleted memories stay restorable; 0 means deletes are final. */
  trashDays: number;
  /** CAIRN_EXPORT_DIR: where data exports are written and imports read from; archive paths resolve inside it. */
  exportDir: string;
  /** CAIRN_IMPORT_UPLOAD_MAX_MB, in bytes: the largest archive an upload may carry (default 512 MiB). */
  importUploadMaxBytes?: number;
  /** CAIRN_SOURCE_MAX_MB, in bytes: the largest document a source may be (default 50 MiB). */
  sourceMaxBytes?: number;
  /** CAIRN_SOURCE_ROOTS: absolute folders sources may be read from by path; empty: none. */
  sourceRoots?: string[];
  /** CAIRN_SOURCE_FETCH_TIMEOUT_SECONDS, in milliseconds: how long fetching a URL source may take. */
  sourceFetchTimeoutMs?: number;
  /** This process, as leases and work claims on a shared store name it (a UUID made at start). */
  holder?: string;
  /**
   * The cores this process may use and the background queue's worker threads (0: on the event loop), for /health;
   * with background threads on SQLite, how long each side has held and waited for the one write lock.
   */
  workers?: { cores: number; background: number; writeLock?: () => WriteLockUsage };
}
