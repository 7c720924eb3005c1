/** Sources (documents ingested as memories), as Kysely sees them. */
export interface SourcesTable {
  id: string;
  space_id: string;
  /** How it came: file (upload or path), url, content (raw text). */
  source_type: string;
  original_name: string;
  mime_type: string | null;
  /** The path it was read from (file-path and batch ingest), else null. */
  file_path: string | null;
  source_url: string | null;
  /** Of the original bytes. */
  sha256: string;
  size_bytes: number;
  /** Goes up by one each time the content is replaced (PUT content, refetch with new bytes). */
  version: number;
  /** ingested → chunked; stale (marked by a caller), failed (a re-extraction that could not read the bytes). */
  lifecycle_state: string;
  chunk_count: number;
  /** The readable text (Markdown) the chunks were cut from. */
  content: string;
  summary: string | null;
  error_message: string | null;
  /** JSON object: the caller's metadata, plus user_comment and what the parser found (pages, title). */
  metadata: string;
  created_at: string;
  updated_at: string;
  /** Set while the source is in the trash (its chunks are trashed memories); null while it is live. */
  deleted_at: string | null;
}

/** The original bytes of a source, apart from its row so lists never read them. */
export interface SourceFilesTable {
  source_id: string;
  bytes: Uint8Array;
}

/** Which memories are a source's chunks, and in which order. */
export interface SourceChunksTable {
  source_id: string;
  memory_id: string;
  chunk_index: number;
}

export interface SourceLabelsTable {
  source_id: string;
  label_id: string;
  created_at: string;
}
