import { type Kysely, sql } from 'kysely';

/**
 * The whole schema as SQLite's migrations 001–020 left it, in PostgreSQL's terms. Column types keep what the shared
 * repositories read and write on both backends: ids, timestamps (ISO 8601, which sort as text) and JSON are text;
 * flags are integers 0/1; blobs are bytea. Full text lives beside the rows (memory_documents, thread_documents) so
 * that a memory's row, as export and the repositories see it, is the same on both backends.
 */
const TABLES = `
CREATE TABLE memories (id text PRIMARY KEY, space_id text NOT NULL, title text NOT NULL, content text NOT NULL, source text NOT NULL,
  importance double precision NOT NULL, confidence double precision NOT NULL, unit_type text NOT NULL, lifecycle_state text NOT NULL,
  is_latest integer NOT NULL, is_crystal integer NOT NULL, is_favorite integer NOT NULL, favorited_at text, reindex_needed integer NOT NULL,
  metadata text NOT NULL, event_start text, event_end text, temporal_context text, source_thread_id text, source_message_id text,
  state_reason text, state_changed_at text, version integer NOT NULL, created_at text NOT NULL, updated_at text NOT NULL,
  title_derived integer NOT NULL DEFAULT 0);
CREATE INDEX memories_by_space_state_time ON memories (space_id, lifecycle_state, created_at);
CREATE INDEX memories_favorites ON memories (favorited_at) WHERE is_favorite = 1;
CREATE INDEX memories_by_state ON memories (lifecycle_state, id);
CREATE INDEX memories_needing_reindex ON memories (created_at) WHERE reindex_needed = 1;
CREATE INDEX memories_by_source_thread ON memories (source_thread_id, space_id) WHERE source_thread_id IS NOT NULL;
CREATE INDEX memories_by_time ON memories (is_crystal, created_at, id, lifecycle_state, space_id);
CREATE INDEX memories_dia_id ON memories ((metadata::jsonb ->> 'dia_id')) WHERE (metadata::jsonb ->> 'dia_id') IS NOT NULL;
CREATE INDEX memories_session_id ON memories ((metadata::jsonb ->> 'session_id')) WHERE (metadata::jsonb ->> 'session_id') IS NOT NULL;
CREATE TABLE labels (id text PRIMARY KEY, name text NOT NULL UNIQUE, canonical_name text NOT NULL, color text NOT NULL, description text NOT NULL,
  created_at text NOT NULL, updated_at text NOT NULL);
CREATE INDEX labels_by_canonical ON labels (canonical_name);
CREATE TABLE memory_labels (memory_id text NOT NULL REFERENCES memories (id) ON DELETE CASCADE, label_id text NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
  created_at text NOT NULL, CONSTRAINT memory_labels_pk PRIMARY KEY (memory_id, label_id));
CREATE INDEX memory_labels_by_label ON memory_labels (label_id, memory_id);
CREATE TABLE api_keys (id text PRIMARY KEY, key_hash text NOT NULL UNIQUE, created_at text NOT NULL);
CREATE TABLE label_merges (id text PRIMARY KEY, source_id text NOT NULL, target_id text NOT NULL, source_label text NOT NULL, merged_at text NOT NULL, undone_at text);
CREATE INDEX label_merges_by_source ON label_merges (source_id);
CREATE INDEX label_merges_by_target ON label_merges (target_id);
CREATE TABLE label_merge_edges (merge_id text NOT NULL REFERENCES label_merges (id) ON DELETE CASCADE, memory_id text NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
  created_at text NOT NULL, already_present integer NOT NULL, CONSTRAINT label_merge_edges_pk PRIMARY KEY (merge_id, memory_id));
CREATE INDEX label_merge_edges_by_memory ON label_merge_edges (memory_id);
CREATE TABLE memory_embeddings (memory_id text PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE, model text NOT NULL, dimensions integer NOT NULL,
  vector bytea NOT NULL, content_version integer NOT NULL, created_at text NOT NULL);
CREATE TABLE entities (id text PRIMARY KEY, name text NOT NULL, canonical_name text NOT NULL, entity_type text NOT NULL, description text NOT NULL,
  aliases text NOT NULL, confidence double precision NOT NULL, caller_owned integer NOT NULL, mention_total integer NOT NULL DEFAULT 0, metadata text NOT NULL,
  created_at text NOT NULL, updated_at text NOT NULL);
CREATE INDEX entities_by_name ON entities (name, entity_type);
CREATE INDEX entities_by_canonical ON entities (canonical_name);
CREATE INDEX entities_by_type ON entities (entity_type, created_at);
CREATE INDEX entities_by_time ON entities (created_at);
CREATE TABLE entity_keys (key text NOT NULL, entity_id text NOT NULL REFERENCES entities (id) ON DELETE CASCADE, CONSTRAINT entity_keys_pk PRIMARY KEY (key, entity_id));
CREATE INDEX entity_keys_by_entity ON entity_keys (entity_id);
CREATE TABLE mentions (memory_id text NOT NULL REFERENCES memories (id) ON DELETE CASCADE, entity_id text NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
  occurrences integer NOT NULL, confidence double precision NOT NULL, created_at text NOT NULL, CONSTRAINT mentions_pk PRIMARY KEY (memory_id, entity_id));
CREATE INDEX mentions_by_entity ON mentions (entity_id, memory_id);
CREATE TABLE entity_relations (id text PRIMARY KEY, source_entity_id text NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
  target_entity_id text NOT NULL REFERENCES entities (id) ON DELETE CASCADE, relation_type text NOT NULL, weight double precision NOT NULL,
  confidence double precision NOT NULL, description text NOT NULL, memory_id text REFERENCES memories (id) ON DELETE CASCADE, created_at text NOT NULL);
CREATE INDEX entity_relations_by_source ON entity_relations (source_entity_id, target_entity_id);
CREATE INDEX entity_relations_by_target ON entity_relations (target_entity_id);
CREATE INDEX entity_relations_by_memory ON entity_relations (memory_id);
CREATE TABLE extraction_queue (memory_id text PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE, content_version integer NOT NULL, level text NOT NULL,
  attempts integer NOT NULL DEFAULT 0, last_error text, queued_at text NOT NULL, graph_done integer NOT NULL DEFAULT 0, evolves integer NOT NULL DEFAULT 0,
  auto_label integer NOT NULL DEFAULT 0, claimed_by text, lease_until text);
CREATE INDEX extraction_queue_by_time ON extraction_queue (queued_at);
CREATE INDEX extraction_queue_claim_order ON extraction_queue (attempts, queued_at, memory_id);
CREATE TABLE memory_relations (id text PRIMARY KEY, source_memory_id text NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
  target_memory_id text NOT NULL REFERENCES memories (id) ON DELETE CASCADE, relation_type text NOT NULL, strength double precision, confidence double precision,
  bidirectional integer NOT NULL, status text NOT NULL, reviewed integer NOT NULL, source text, author_id text, agent_id text, source_app text, reason text,
  properties text NOT NULL, created_at text NOT NULL, updated_at text NOT NULL);
CREATE UNIQUE INDEX memory_relations_key ON memory_relations (source_memory_id, target_memory_id, relation_type);
CREATE INDEX memory_relations_by_target ON memory_relations (target_memory_id, relation_type);
CREATE INDEX memory_relations_by_type_time ON memory_relations (relation_type, created_at, id);
CREATE TABLE threads (seq integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, id text NOT NULL UNIQUE, thread_id text NOT NULL, space_id text NOT NULL,
  title text NOT NULL, summary text NOT NULL, source text NOT NULL, participants text NOT NULL, project text, workspace text, tool_version text, import_date text,
  metadata text NOT NULL, message_count integer NOT NULL, is_favorite integer NOT NULL, favorited_at text, created_at text NOT NULL, updated_at text NOT NULL,
  last_message_at text);
CREATE UNIQUE INDEX threads_by_space_thread_id ON threads (space_id, thread_id);
CREATE INDEX threads_by_space_activity ON threads (space_id, updated_at);
CREATE INDEX threads_favorites ON threads (favorited_at) WHERE is_favorite = 1;
CREATE TABLE thread_messages (seq integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, id text NOT NULL UNIQUE, thread_pk text NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  position integer NOT NULL, role text NOT NULL, content text NOT NULL, timestamp text, metadata text NOT NULL, external_id text, content_hash text NOT NULL,
  token_count integer NOT NULL, created_at text NOT NULL);
CREATE UNIQUE INDEX thread_messages_by_position ON thread_messages (thread_pk, position);
CREATE INDEX thread_messages_by_hash ON thread_messages (thread_pk, content_hash);
CREATE TABLE thread_append_keys (thread_pk text NOT NULL REFERENCES threads (id) ON DELETE CASCADE, key text NOT NULL, ack text NOT NULL, created_at text NOT NULL,
  request_hash text, CONSTRAINT thread_append_keys_pk PRIMARY KEY (thread_pk, key));
CREATE TABLE thread_settings (key text PRIMARY KEY, value text NOT NULL, updated_at text NOT NULL);
CREATE TABLE working_memory (space_id text NOT NULL, date text NOT NULL, content text NOT NULL, created_at text NOT NULL, updated_at text NOT NULL,
  CONSTRAINT working_memory_pk PRIMARY KEY (space_id, date));
CREATE TABLE trash (memory_id text PRIMARY KEY, space_id text NOT NULL, title text NOT NULL, content_preview text NOT NULL, deleted_at text NOT NULL,
  expires_at text NOT NULL, snapshot text NOT NULL);
CREATE INDEX trash_by_time ON trash (deleted_at, memory_id);
CREATE INDEX trash_by_space_time ON trash (space_id, deleted_at, memory_id);
CREATE INDEX trash_by_expiry ON trash (expires_at);
CREATE TABLE communities (id integer PRIMARY KEY, name text NOT NULL, summary text NOT NULL, summary_source text NOT NULL, entity_count integer NOT NULL,
  memory_count integer NOT NULL, created_at text NOT NULL, updated_at text NOT NULL);
CREATE INDEX communities_by_size ON communities (entity_count, id);
CREATE TABLE community_members (entity_id text PRIMARY KEY REFERENCES entities (id) ON DELETE CASCADE, community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  rank integer NOT NULL, weight double precision NOT NULL);
CREATE INDEX community_members_by_rank ON community_members (community_id, rank);
CREATE TABLE crystals (id text PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE, synthesis text NOT NULL, community_id integer, created_at text NOT NULL);
CREATE INDEX crystals_by_community ON crystals (community_id, created_at);
CREATE TABLE crystal_sources (crystal_id text NOT NULL REFERENCES crystals (id) ON DELETE CASCADE, memory_id text NOT NULL, contribution_weight double precision NOT NULL,
  position integer NOT NULL, source_version integer NOT NULL, CONSTRAINT crystal_sources_pk PRIMARY KEY (crystal_id, memory_id));
CREATE INDEX crystal_sources_by_memory ON crystal_sources (memory_id);
CREATE TABLE community_runs (id integer PRIMARY KEY, detected_at text NOT NULL, fingerprint text NOT NULL, took_ms integer NOT NULL, communities integer NOT NULL,
  entities integer NOT NULL, max_id integer NOT NULL);
CREATE TABLE jobs (id text PRIMARY KEY, kind text NOT NULL, status text NOT NULL, progress double precision NOT NULL, params text NOT NULL, result text, error text,
  created_at text NOT NULL, started_at text, completed_at text);
CREATE INDEX jobs_by_status ON jobs (status);
CREATE TABLE agent_profiles (id text PRIMARY KEY, profile text NOT NULL, service_identity_card integer NOT NULL, created_at text NOT NULL, updated_at text NOT NULL)
`;

/** MENTIONS edges per entity, kept by triggers as on SQLite (counting them per read grew with every mention). */
const MENTION_COUNTS = `
CREATE FUNCTION cairn_mentions_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN UPDATE entities SET mention_total = mention_total + 1 WHERE id = NEW.entity_id; RETURN NEW;
  ELSE UPDATE entities SET mention_total = mention_total - 1 WHERE id = OLD.entity_id; RETURN OLD; END IF;
END $$;
CREATE TRIGGER mentions_count AFTER INSERT OR DELETE ON mentions FOR EACH ROW EXECUTE FUNCTION cairn_mentions_count()
`;

/**
 * Full text: a tsvector per memory (title weighted A unless it is the content's own first line, as SQLite's bm25 weights
 * it), per thread message and per thread title/summary, kept by triggers in the same transaction as the row. The
 * 'english' configuration stems (as FTS5's porter tokenizer does) and drops stop words.
 */
const FULL_TEXT = `
CREATE TABLE memory_documents (memory_id text COLLATE "C" PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE, document tsvector NOT NULL);
CREATE INDEX memory_documents_gin ON memory_documents USING gin (document);
CREATE FUNCTION cairn_memory_document(title text, content text) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN position(rtrim(title, '…') IN content) = 1 THEN setweight(to_tsvector('english', content), 'B')
    ELSE setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B') END
$$;
CREATE FUNCTION cairn_memory_document_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO memory_documents (memory_id, document) VALUES (NEW.id, cairn_memory_document(NEW.title, NEW.content))
    ON CONFLICT (memory_id) DO UPDATE SET document = excluded.document;
  RETURN NEW;
END $$;
CREATE TRIGGER memories_document_insert AFTER INSERT ON memories FOR EACH ROW EXECUTE FUNCTION cairn_memory_document_sync();
CREATE TRIGGER memories_document_update AFTER UPDATE OF title, content ON memories FOR EACH ROW EXECUTE FUNCTION cairn_memory_document_sync();
CREATE TABLE thread_message_documents (message_seq integer PRIMARY KEY REFERENCES thread_messages (seq) ON DELETE CASCADE, document tsvector NOT NULL);
CREATE INDEX thread_message_documents_gin ON thread_message_documents USING gin (document);
CREATE FUNCTION cairn_thread_message_document_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO thread_message_documents (message_seq, document) VALUES (NEW.seq, to_tsvector('english', NEW.content))
    ON CONFLICT (message_seq) DO UPDATE SET document = excluded.document;
  RETURN NEW;
END $$;
CREATE TRIGGER thread_messages_document_insert AFTER INSERT ON thread_messages FOR EACH ROW EXECUTE FUNCTION cairn_thread_message_document_sync();
CREATE TRIGGER thread_messages_document_update AFTER UPDATE OF content ON thread_messages FOR EACH ROW EXECUTE FUNCTION cairn_thread_message_document_sync();
CREATE TABLE thread_documents (thread_seq integer PRIMARY KEY REFERENCES threads (seq) ON DELETE CASCADE, document tsvector NOT NULL);
CREATE INDEX thread_documents_gin ON thread_documents USING gin (document);
CREATE FUNCTION cairn_thread_document_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO thread_documents (thread_seq, document)
    VALUES (NEW.seq, setweight(to_tsvector('english', NEW.title), 'A') || setweight(to_tsvector('english', NEW.summary), 'B'))
    ON CONFLICT (thread_seq) DO UPDATE SET document = excluded.document;
  RETURN NEW;
END $$;
CREATE TRIGGER threads_document_insert AFTER INSERT ON threads FOR EACH ROW EXECUTE FUNCTION cairn_thread_document_sync();
CREATE TRIGGER threads_document_update AFTER UPDATE OF title, summary ON threads FOR EACH ROW EXECUTE FUNCTION cairn_thread_document_sync()
`;

/**
 * Text columns compare byte by byte (`COLLATE "C"`), as SQLite's do: lists sorted by name, ids and ISO timestamps
 * come out in the same order whatever locale the database was created with (en_US would put "_x" after "Zed").
 */
export const byteOrdered = (script: string) => script.replace(/ text(?=[ ,)\n])/g, ' text COLLATE "C"');

/** Runs a script of statements one at a time (the extended protocol takes one per query). */
export async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\n(?=CREATE|INSERT|DROP|ALTER)/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, byteOrdered(TABLES));
  await runScript(db, MENTION_COUNTS);
  await runScript(db, FULL_TEXT);
}
