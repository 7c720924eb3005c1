/** Abbreviated ids: finding the records whose id starts with a prefix (part of the Store; re-exported by ports.ts). */

/** The kinds of record a short id may name, each with its own id column (services/ids.ts says which is which). */
export type IdKind = 'memory' | 'label' | 'relation' | 'entity' | 'crystal' | 'thread' | 'trash' | 'job' | 'merge';

export interface IdRepo {
  /**
   * `exact` when an id of `kind` is stored exactly so (looked up only when it differs from `prefix`), then the ids
   * starting with `prefix` in id order, at most `limit` of them. Threads are looked up in `spaceId` (their ids are
   * unique per space); other kinds ignore it.
   */
  findByPrefix(kind: IdKind, prefix: string, exact: string, limit: number, spaceId: string): Promise<string[]>;
  /**
   * For each of `ids` that exists: the ids just before and after it in id order (null at either end), from which the
   * shortest prefix that names it alone follows. Two index probes per id.
   */
  neighbours(kind: IdKind, ids: string[], spaceId: string): Promise<{ id: string; before: string | null; after: string | null }[]>;
}
