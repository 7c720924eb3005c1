/** The jobs table (migration 016). */
export interface JobsTable {
  id: string;
  kind: string;
  status: string;
  progress: number;
  /** JSON object. */
  params: string;
  /** JSON object, once completed. */
  result: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** The process running it (migration 022 / postgres 002); null for a job of an older version. */
  owner?: string | null;
  /** Until when its owner vouches for it: a running job past its lease was interrupted. */
  lease_until?: string | null;
}

/** Named leases: which process holds a singleton task (community detection, trash purge) until when (migration 022). */
export interface LeasesTable {
  name: string;
  holder: string;
  lease_until: string;
}

/** Memories a process is embedding (the embedding queue's claims), until when (migration 022). */
export interface EmbeddingClaimsTable {
  memory_id: string;
  claimed_by: string;
  lease_until: string;
}
