/** Space profiles and server settings (part of the Store; re-exported by ports.ts). */
import type { SpaceProfile } from '../domain/space.ts';

/** A space someone described (domain/space.ts has its fields): records name it by `id` in their `space_id`. */
export interface SpaceRecord extends SpaceProfile {
  created_at: string;
  updated_at: string;
}

/** What a space holds. */
export interface SpaceUsage {
  memories: number;
  threads: number;
  /** Live sources (documents), trashed ones aside. */
  sources: number;
  hasWorkingMemory: boolean;
}

export interface SpaceRepo {
  /** Adds the profile unless its id (or key) is taken; returns whether it was added. */
  insert(record: SpaceRecord): Promise<boolean>;
  /** Replaces the profile with this id; returns whether there was one. */
  update(record: SpaceRecord): Promise<boolean>;
  getById(id: string): Promise<SpaceRecord | undefined>;
  /** Every profile, by id. */
  list(): Promise<SpaceRecord[]>;
  delete(id: string): Promise<boolean>;
  /** Per space id that holds anything (memories, threads, sources or working memory), what it holds. */
  usage(): Promise<Map<string, SpaceUsage>>;
  /** Deletes a space's working-memory days; returns how many. */
  purgeWorkingMemory(spaceId: string): Promise<number>;
}

export interface SettingsRepo {
  /** The stored JSON value of a setting, parsed; undefined when never set. */
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, now: string): Promise<void>;
}
