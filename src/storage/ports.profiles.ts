/** Agent profiles (part of the Store; re-exported by ports.ts). */
import type { Selectable } from 'kysely';
import type { AgentProfilesTable } from './shared/schema.profiles.ts';

/** A stored agent profile: the profile object as imported, and its card version. */
export type AgentProfileRecord = Omit<Selectable<AgentProfilesTable>, 'profile'> & {
  /** The profile's fields as imported (interface names: `displayName`, `sourceApp`…), `id` included. */
  profile: Record<string, unknown>;
};

export interface AgentProfileRepo {
  /** Adds the profile unless one with this id exists; returns whether it was added. */
  insert(record: AgentProfileRecord): Promise<boolean>;
  /** Adds the profile, or replaces the one with this id (keeping its `created_at`). */
  replace(record: AgentProfileRecord): Promise<void>;
  getById(id: string): Promise<AgentProfileRecord | undefined>;
  /** Every profile, by id. */
  list(): Promise<AgentProfileRecord[]>;
  /** Returns whether a profile was deleted. */
  delete(id: string): Promise<boolean>;
}
