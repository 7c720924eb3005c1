import type { Store } from '../storage/ports.ts';
import type { Embedder } from '../providers/ports.ts';

export interface Clock {
  /** The current time as an ISO 8601 UTC string. */
  now(): string;
}

export interface Ids {
  /** A new time-ordered id (UUID v7). */
  next(): string;
}

/** What the service layer may be given; each service picks only what it uses. */
export interface Deps {
  store: Store;
  embedder: Embedder;
  clock: Clock;
  ids: Ids;
  version: string;
  /** Configured API key (plain), when the operator set one by environment. */
  apiKey: string | null;
}
