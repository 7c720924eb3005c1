/**
 * Names of the locks (`Repos.locks.hold`: PostgreSQL advisory locks until the transaction ends; nothing on SQLite,
 * whose one writer already runs write transactions one at a time) that a transaction takes before it reads a record
 * to decide a write on it. Two requests on the same record then run one after the other, as they would on SQLite:
 * the second reads what the first wrote (two supersedes: one wins, the other sees `superseded` and answers 409; two
 * deletes: one deletes, the other finds nothing and answers 404).
 */
/**
 * A memory: taken first (then any entity locks) by every write that reads the memory to decide, by a person's edit of
 * it and by the background queue's write of its graph, so these take turns instead of interleaving.
 */
export const memoryLock = (id: string) => `memory:${id}`;

/** A label by id (`label:` + its canonical name guards the creation of a name: see labels/ensure.ts). */
export const labelIdLock = (id: string) => `label-id:${id}`;

/** The space profiles: every write to them takes it, so names, keys and ids stay unique under concurrent writes. */
export const spacesLock = () => 'spaces';

/** One server-wide setting (the owner's profile, the guidance rules): every read-change-write of it takes turns. */
export const settingLock = (key: string) => `setting:${key}`;

/** An agent profile: an edit reads it and writes it back whole, so two edits take turns. */
export const agentProfileLock = (id: string) => `agent-profile:${id}`;
