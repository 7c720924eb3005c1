/**
 * Ingest: a document's bytes become a source (its row, its original bytes, its labels) and its chunk memories, in one
 * transaction, after the document was read: a document that cannot be read leaves nothing behind. The same bytes
 * ingested again into a space are answered as a duplicate of the first source.
 */
import { createHash } from 'node:crypto';
import { spaceOrDefault } from '../../domain/space.ts';
import { AppError, InputError, sourceTooLarge } from '../../errors.ts';
import type { Repos, SourceRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { ensureLabels } from '../labels/ensure.ts';
import { afterChunksWritten, writeChunks } from './chunks.ts';
import { MIME_TYPES, parseDocument, sourceKind } from './parse.ts';

export type SourceType = 'file' | 'url' | 'content';

/** A document about to become a source. */
export interface DocumentInput {
  name: string;
  bytes: Uint8Array;
  /** As the sender declared it (upload part, HTTP response), if at all. */
  mimeType?: string | null;
  source_type: SourceType;
  file_path?: string | null;
  source_url?: string | null;
  user_comment?: string | null;
  labels?: string[] | null;
  metadata?: Record<string, unknown> | null;
  space_id?: string | null;
  /** The request field an unreadable document is reported under (`loc`). */
  field?: string;
}

/** The reference's IngestResponse. */
export interface IngestResult {
  source_id: string;
  original_name: string;
  lifecycle_state: string;
  is_duplicate: boolean;
  message: string;
}

export type IngestDeps = Pick<Deps, 'store' | 'clock' | 'ids' | 'indexer' | 'extraction' | 'sourceMaxBytes'>;

export const DEFAULT_SOURCE_MAX_BYTES = 50 * 1024 * 1024;
export const sourceLimit = (deps: Pick<Deps, 'sourceMaxBytes'>) => deps.sourceMaxBytes ?? DEFAULT_SOURCE_MAX_BYTES;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Gives the source exactly these labels by name (made when missing). */
export async function labelSource(tx: Repos, deps: Pick<Deps, 'clock' | 'ids'>, sourceId: string, names: string[]) {
  if (names.length === 0) return;
  for (const label of await ensureLabels(deps, tx, names)) await tx.sources.assignLabel(sourceId, label.id, deps.clock.now());
}

export async function ingestDocument(deps: IngestDeps, input: DocumentInput): Promise<IngestResult> {
  const limit = sourceLimit(deps);
  if (input.bytes.length > limit) throw sourceTooLarge(input.name, limit);
  const space = spaceOrDefault(input.space_id);
  const digest = sha256(input.bytes);
  const twin = await deps.store.sources.findBySha(space, digest);
  if (twin) {
    return { source_id: twin.id, original_name: twin.original_name, lifecycle_state: twin.lifecycle_state, is_duplicate: true, message: `Already ingested as ${twin.id}` };
  }
  const kind = sourceKind(input.name, input.mimeType ?? null, input.bytes);
  const parsed = await parseDocument(kind, input.bytes, input.name, input.field);
  const at = deps.clock.now();
  const metadata: Record<string, unknown> = { ...(input.metadata ?? {}), kind };
  if (input.user_comment) metadata.user_comment = input.user_comment;
  if (parsed.title) metadata.title = parsed.title;
  if (parsed.pageStarts) metadata.page_count = parsed.pageStarts.length;
  const source: SourceRecord = {
    id: deps.ids.next(),
    space_id: space,
    source_type: input.source_type,
    original_name: input.name,
    mime_type: MIME_TYPES[kind],
    file_path: input.file_path ?? null,
    source_url: input.source_url ?? null,
    sha256: digest,
    size_bytes: input.bytes.length,
    version: 1,
    lifecycle_state: 'chunked',
    chunk_count: 0,
    content: parsed.text,
    summary: summarize(parsed.text),
    error_message: null,
    metadata,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
  const chunks = await deps.store.transaction(async tx => {
    await tx.sources.insert(source, input.bytes);
    const ids = await writeChunks(tx, deps, source, parsed);
    await tx.sources.update(source.id, { chunk_count: ids.length });
    await labelSource(tx, deps, source.id, input.labels ?? []);
    return ids.length;
  });
  afterChunksWritten(deps);
  return {
    source_id: source.id,
    original_name: source.original_name,
    lifecycle_state: source.lifecycle_state,
    is_duplicate: false,
    message: `Ingested ${source.original_name}: ${chunks} chunk${chunks === 1 ? '' : 's'}`,
  };
}

/** The first sentences of the text, up to about 300 characters: what a list shows of a source. */
export function summarize(text: string): string {
  const flat = text.replace(/^#+\s*/gm, '').replace(/\s+/g, ' ').trim();
  if (flat.length <= 300) return flat;
  const cut = flat.lastIndexOf(' ', 300);
  return `${flat.slice(0, cut > 150 ? cut : 300)}…`;
}

/** Raw text given in the request (POST /sources/ingest/content): its name says its kind (Markdown by default). */
export function ingestContent(deps: IngestDeps, input: { name: string; content: string; user_comment?: string | null; labels?: string[] | null; space_id?: string | null }) {
  const bytes = new TextEncoder().encode(input.content);
  return ingestDocument(deps, { ...input, bytes, mimeType: 'text/markdown', source_type: 'content', field: 'content' });
}

/** The reference's BatchIngestResponse, from the results (and the errors) of several ingests. */
export interface BatchResult {
  folder_name: string;
  total_ingested: number;
  total_duplicates: number;
  total_errors: number;
  results: IngestResult[];
  errors: { name: string; error: string }[];
  message: string;
}

/**
 * Ingests documents one after the other: each is whole or absent, and one that cannot be read is counted and reported
 * in `errors` without stopping the others.
 */
export async function ingestMany(deps: IngestDeps, folderName: string, documents: AsyncIterable<DocumentInput | { name: string; error: string }>): Promise<BatchResult> {
  const results: IngestResult[] = [];
  const errors: { name: string; error: string }[] = [];
  for await (const document of documents) {
    if ('error' in document) {
      errors.push(document);
      continue;
    }
    try {
      results.push(await ingestDocument(deps, document));
    } catch (error) {
      if (!isClientError(error)) throw error;
      errors.push({ name: document.name, error: (error as Error).message });
    }
  }
  const duplicates = results.filter(r => r.is_duplicate).length;
  const ingested = results.length - duplicates;
  return {
    folder_name: folderName,
    total_ingested: ingested,
    total_duplicates: duplicates,
    total_errors: errors.length,
    results,
    errors,
    message: `Ingested ${ingested} of ${results.length + errors.length} files${duplicates ? `, ${duplicates} already there` : ''}${errors.length ? `, ${errors.length} could not be read` : ''}`,
  };
}

/** A 4xx of the catalog (or a validation failure): the document's fault, not the server's. */
const isClientError = (error: unknown) => error instanceof InputError || (error instanceof AppError && error.status < 500);
