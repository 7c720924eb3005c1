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
}
