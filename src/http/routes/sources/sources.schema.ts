import { z } from 'zod';
import { idString, intQuery, spaceId } from '../../schemas.ts';
import { Memory } from '../../responses.ts';
import { doc, fileResponse } from '../../openapi.ts';
import { BATCH_MAX_FILES } from '../../../services/sources/ingestFrom.ts';

/** A query parameter that may be repeated (`labels=a&labels=b`): always a list. */
const repeated = (description: string) =>
  z
    .union([z.string().max(500), z.array(z.string().max(500)).max(50)])
    .transform(value => (Array.isArray(value) ? value : [value]))
    .optional()
    .describe(description);

const labelNames = z.array(z.string().trim().min(1).max(100)).max(50).nullish().describe('Label names to assign (made when missing)');
const comment = z.string().max(10_000).nullish().describe('A note about the document, kept in its metadata');
const absolutePath = z.string().min(1).max(4096).describe('Absolute path on the server, under CAIRN_SOURCE_ROOTS');

export const sourceParams = z.object({ source_id: idString });
export const sourceLabelParams = z.object({ source_id: idString, label_id: idString });
export const spaceGuardQuery = z.object({ space_id: spaceId.nullish().describe('Optional isolation space guard') });

export const listSourcesQuery = z.object({
  limit: intQuery(1, 200, 50),
  offset: intQuery(0, 1_000_000_000, 0),
  source_type: z.string().max(50).nullish().describe('Filter by source_type (file, url, content)'),
  lifecycle_state: z.string().max(50).nullish().describe('Filter by lifecycle_state (chunked, stale)'),
  labels: repeated('Filter by source label name or label_id. Repeat for AND semantics.'),
  label: repeated('Alias for labels. Repeat for AND semantics.'),
  metadata: repeated('Filter by source metadata equality, e.g. metadata=customer=acme. Repeat for AND semantics; repeat the same key for OR values.'),
  space_id: spaceId.optional().describe('Isolation space to list'),
});

export const searchSourcesQuery = z.object({
  q: z.string().trim().min(1).max(1000).describe('Search query'),
  limit: intQuery(1, 100, 20),
  labels: listSourcesQuery.shape.labels,
  label: listSourcesQuery.shape.label,
  metadata: listSourcesQuery.shape.metadata,
  space_id: spaceId.optional().describe('Isolation space to search'),
});

export const sourceContentQuery = z.object({
  offset: intQuery(0, 1_000_000_000, 0).describe('Character offset for pagination'),
  limit: z.coerce.number().int().min(100).max(50_000).nullish().describe('Maximum characters to return. Omit to read the full parsed content.'),
  space_id: spaceGuardQuery.shape.space_id,
});

export const ingestContentBody = z.object({
  name: z.string().trim().min(1).max(500).describe('A display name for the source, e.g. notes.md'),
  content: z.string().min(1).describe('The raw text to ingest as a Library source'),
  user_comment: comment,
  labels: labelNames,
  space_id: spaceId.optional(),
});

export const ingestUrlBody = z.object({
  url: z.string().min(1).max(8192).describe('URL to fetch and ingest (http or https)'),
  user_comment: comment,
  labels: labelNames,
  space_id: spaceId.optional(),
});

export const ingestFilePathBody = z.object({ file_path: absolutePath, user_comment: comment, labels: labelNames, space_id: spaceId.optional() });

export const batchIngestBody = z.object({
  files: z
    .array(z.object({ file_path: absolutePath, relative_path: z.string().max(4096).nullish(), size_bytes: z.number().int().min(0).nullish() }))
    .min(1)
    .max(BATCH_MAX_FILES)
    .describe('Files to ingest'),
  folder_name: z.string().max(500).nullish(),
  user_comment: comment,
  labels: labelNames,
  space_id: spaceId.optional(),
  emit_feed_event: z.boolean().default(true),
  accumulated_totals: z.record(z.string(), z.number().int()).nullish(),
});

export const folderSummaryBody = z.object({
  folder_name: z.string().max(500),
  accumulated_totals: z.record(z.string(), z.number().int().min(0)).describe('Aggregate totals collected by a chunked import (total_ingested, total_duplicates, total_errors)'),
  space_id: spaceId.optional(),
});

export const updateSourceBody = z.object({ action: z.string().min(1).max(50).describe("'reparse' to re-parse, 'mark_stale' to mark as stale ('ocr_reparse' answers 422: no OCR)") });
export const updateSourceContentBody = z.object({ content: z.string().min(1).describe('New markdown body') });

export const Source = z
  .object({
    id: z.string(),
    source_type: z.string(),
    original_name: z.string(),
    mime_type: z.string().nullable(),
    file_path: z.string().nullable(),
    parsed_path: z.string().nullable(),
    source_url: z.string().nullable(),
    sha256: z.string().nullable(),
    size_bytes: z.number().int(),
    version: z.number().int(),
    space_id: z.string(),
    lifecycle_state: z.string(),
    chunk_count: z.number().int(),
    memory_count: z.number().int(),
    section_tree: z.string().nullable(),
    summary: z.string().nullable(),
    error_message: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    label_ids: z.array(z.string()).describe('Label IDs assigned to this source'),
  })
  .meta({ id: 'SourceResponse' });

const Ingest = z
  .object({ source_id: z.string(), original_name: z.string(), lifecycle_state: z.string(), is_duplicate: z.boolean(), message: z.string() })
  .meta({ id: 'IngestResponse' });

const BatchIngest = z
  .object({
    folder_name: z.string(),
    total_ingested: z.number().int(),
    total_duplicates: z.number().int(),
    total_errors: z.number().int(),
    results: z.array(Ingest),
    errors: z.array(z.object({ name: z.string(), error: z.string() })).describe('Files that could not be read, and why'),
    message: z.string(),
  })
  .meta({ id: 'BatchIngestResponse' });

const SourceLabel = z.object({ id: z.string(), name: z.string(), color: z.string(), description: z.string(), created_at: z.string(), updated_at: z.string() });
const Message = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
/** The reference answers a map of strings; these are its keys. */
const Strings = z.object({ message: z.string(), source_id: z.string(), status: z.string(), chunk_count: z.string(), version: z.string() });
const binary = (description: string) => fileResponse('application/octet-stream', description);

const SearchHit = z.object({
  source_id: z.string(),
  original_name: z.string(),
  source_type: z.string(),
  score: z.number(),
  matched_terms: z.array(z.string()),
  snippet: z.string(),
  source: Source,
});

const tag = 'Sources' as const;
const ingestNote = 'The same bytes ingested again into a space answer `is_duplicate: true` with the first source.';
const readErrors =
  'A document that cannot be read answers 422 (`value_error.unreadable_source`; one with no text: `value_error.empty_source`), an unsupported kind 415, one over CAIRN_SOURCE_MAX_MB 413; nothing is stored then.';

export const sourceDocs = {
  list: doc({ tag, summary: 'List sources', description: 'Live sources of a space, newest first, filtered by type, state, labels and metadata.', response: { 200: z.object({ sources: z.array(Source), total: z.number().int() }).meta({ id: 'SourceListResponse' }) } }),
  search: doc({
    tag,
    summary: 'Search sources',
    description: 'Sources whose name or text holds the words of `q`, best first, with a snippet. Memory search (`/memories/search`, `/search`) finds the chunks themselves.',
    response: { 200: z.object({ results: z.array(SearchHit), total: z.number().int() }).meta({ id: 'SourceSearchResponse' }) },
  }),
  get: doc({ tag, summary: 'Read a source', description: 'The source with its chunk memories in order (`memories`); `revisions` is empty (Cairn keeps the current text only).', response: { 200: z.object({ source: Source, memories: z.array(Memory), revisions: z.array(z.record(z.string(), z.unknown())) }).meta({ id: 'SourceDetailResponse' }) } }),
  content: doc({
    tag,
    summary: "A source's text",
    description: 'The readable text (Markdown) the chunks were cut from, whole or `limit` characters from `offset`.',
    response: { 200: z.object({ source_id: z.string(), original_name: z.string(), content: z.string(), offset: z.number().int(), returned_length: z.number().int(), total_length: z.number().int(), has_more: z.boolean(), content_type: z.string() }).meta({ id: 'SourceContentResponse' }) },
  }),
  raw: doc({ tag, summary: "A source's original bytes", description: 'The document as it was ingested (or last fetched), with its content type.', response: { 200: binary('The original bytes, with their own content type') } }),
  image: doc({ tag, summary: 'An image of a source', description: 'Cairn keeps no images from documents: always 404 `image_not_found`.', response: { 200: binary('An image (never: Cairn keeps none)') } }),
  update: doc({ tag, summary: 'Re-parse or mark a source', description: '`reparse` reads the original bytes again (edits of the text are replaced); `mark_stale` sets `lifecycle_state: stale`.', response: { 200: Source } }),
  updateContent: doc({ tag, summary: "Replace a source's text", description: 'The Markdown becomes the source\'s text; its chunks are replaced (cut again from it) and its version goes up by one. The original bytes stay as they were.', response: { 200: Source } }),
  extract: doc({ tag, summary: 'Extract a source again', description: 'Reads the original bytes again and replaces the text and chunks. Answers strings: `status`, `source_id`, `chunk_count`, `version`, `message`.', response: { 200: Strings } }),
  refetch: doc({ tag, summary: 'Fetch a URL source again', description: 'Fetches the URL again: new bytes replace the text and chunks (`status: refetched`), the same bytes change nothing (`unchanged`). A source not from a URL: 409 `not_a_url_source`.', response: { 200: Strings } }),
  delete: doc({ tag, summary: 'Delete a source', description: 'Moves the source and its chunk memories to the trash (restore with `POST /trash/restore` and the source id); with CAIRN_TRASH_DAYS=0 the delete is final.', response: { 200: z.object({ message: z.string(), source_id: z.string(), deleted_memories: z.number().int(), in_trash: z.boolean() }) } }),
  labels: doc({ tag, summary: "A source's labels", description: 'The labels assigned to the source, by name.', response: { 200: z.object({ labels: z.array(SourceLabel) }).meta({ id: 'LabelsResponse' }) } }),
  assignLabel: doc({ tag, summary: 'Label a source', description: 'Assigns an existing label (by id) to the source; 404 when either is missing.', response: { 200: Message } }),
  removeLabel: doc({ tag, summary: 'Unlabel a source', description: 'Removes the label from the source.', response: { 200: Message } }),
  ingestFile: doc({
    tag,
    summary: 'Ingest an uploaded file',
    description: `multipart/form-data: the document in \`file\`; \`user_comment\`, \`labels\` (comma-separated or a JSON array), \`metadata\` (a JSON object) and \`space_id\` as text. ${readErrors} ${ingestNote}`,
    response: { 200: Ingest },
  }),
  ingestFolder: doc({
    tag,
    summary: 'Ingest uploaded files of a folder',
    description: `multipart/form-data: the documents in \`files\` (repeated), \`folder_name\`, and optionally \`file_manifest\` (a JSON array of each file's relative path, in order), \`user_comment\`, \`labels\`, \`space_id\`. A file that cannot be read is counted in \`total_errors\` and listed in \`errors\`; the others are ingested. The whole body is bounded by CAIRN_SOURCE_MAX_MB: send a large folder in several requests.`,
    response: { 200: BatchIngest },
  }),
  ingestFilePath: doc({ tag, summary: 'Ingest a file on the server', description: `A file under one of the folders of CAIRN_SOURCE_ROOTS (symlinks resolved; none by default: 403 \`path_not_allowed\`). ${readErrors} ${ingestNote}`, response: { 200: Ingest } }),
  ingestBatch: doc({ tag, summary: 'Ingest files on the server', description: 'Files under CAIRN_SOURCE_ROOTS; a path outside them refuses the whole batch (403) before anything is read. A file that cannot be read is counted in `total_errors` and listed in `errors`.', response: { 200: BatchIngest } }),
  folderSummary: doc({ tag, summary: 'Report a chunked folder import', description: 'The closing report of a folder sent in several requests, from the totals the client gathered (`total_ingested`, `total_duplicates`, `total_errors`); nothing is read or written.', response: { 200: BatchIngest } }),
  ingestUrl: doc({ tag, summary: 'Ingest a URL', description: `Fetches the URL (http or https; CAIRN_SOURCE_FETCH_TIMEOUT_SECONDS, default 20; at most CAIRN_SOURCE_MAX_MB): an HTML page becomes its readable text, other documents by their content type. A fetch that fails or answers an error status is a 422 (\`value_error.fetch_failed\`). ${ingestNote}`, response: { 200: Ingest } }),
  ingestContent: doc({ tag, summary: 'Ingest text', description: `The text given becomes a source (Markdown unless its name says .txt or .html). ${ingestNote}`, response: { 200: Ingest } }),
};
