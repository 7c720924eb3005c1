/** Agent profiles as Kysely sees them: the profile object is JSON text. */
export interface AgentProfilesTable {
  id: string;
  /** JSON object: the profile as imported (its `id` included). */
  profile: string;
  /** The identity card version the profile came in. */
  service_identity_card: number;
  created_at: string;
  updated_at: string;
}
