/** Space profiles and the small settings table, as Kysely sees them. */
export interface SpacesTable {
  /** The value records carry in `space_id`. */
  id: string;
  /** A short handle clients may use instead of the id (unique when set). */
  key: string | null;
  name: string;
  /** JSON array of strings: other names the space answers to. */
  aliases: string;
  description: string | null;
  icon: string | null;
  /** Guidance for agents working in this space (the context bundle shows it). */
  instructions: string | null;
  /** JSON array of space ids whose memories this space's searches may also read. */
  shared_space_ids: string;
  default_retrieval_mode: string;
  created_at: string;
  updated_at: string;
}

/** Server-wide settings by key; each value is JSON text. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}
