/** Changing a source: its text (chunks replaced), a re-extraction from its bytes or a fresh fetch, its state, its labels. */
import { AppError, InputError, notFound } from '../../errors.ts';
import type { SourceRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { fetchDocument } from './fetchUrl.ts';
import { type IngestDeps, sha256, summarize } from './ingest.ts';
import { afterChunksWritten, writeChunks } from './chunks.ts';
import { type ParsedDocument, parseDocument, sourceKind } from './parse.ts';
import { presentSource, requireSource } from './read.ts';

/** Replaces the source's text and chunks (and, when given, its bytes) in one transaction; the version goes up by one. */
async function replaceText(deps: IngestDeps, source: SourceRecord, parsed: ParsedDocument, bytes?: Uint8Array): Promise<SourceRecord> {
  const at = deps.clock.now();
  const next: SourceRecord = {
    ...source,
    content: parsed.text,
    summary: summarize(parsed.text),
    version: source.version + 1,
    lifecycle_state: 'chunked',
    error_message: null,
    updated_at: at,
    ...(bytes ? { sha256: sha256(bytes), size_bytes: bytes.length } : {}),
  };
  await deps.store.transaction(async tx => {
    const ids = await writeChunks(tx, deps, next, parsed);
    next.chunk_count = ids.length;
    const { id: _id, created_at: _created, ...fields } = next;
    await tx.sources.update(source.id, fields);
    if (bytes) await tx.sources.replaceBytes(source.id, bytes);
  });
  afterChunksWritten(deps);
  return next;
}

const presentOne = async (deps: Pick<Deps, 'store'>, source: SourceRecord) =>
  presentSource(source, ((await deps.store.sources.labelsOf([source.id])).get(source.id) ?? []).map(l => l.id));

/** PUT /sources/{id}/content: the caller's Markdown becomes the source's text; its chunks are cut again from it. */
export async function updateSourceContent(deps: IngestDeps, id: string, input: { content: string; space_id?: string | null }) {
  const source = await requireSource(deps.store, id, input.space_id);
  if (!input.content.trim()) throw new InputError(['body', 'content'], 'The content holds no text', 'value_error.empty_source');
  return presentOne(deps, await replaceText(deps, source, { text: input.content, title: (source.metadata.title as string | undefined) ?? null }));
}

/** Reads the stored bytes again (a newer reader, or undoing edits of the text). */
async function reparse(deps: IngestDeps, source: SourceRecord): Promise<SourceRecord> {
  const bytes = (await deps.store.sources.bytes(source.id)) ?? new Uint8Array(0);
  const kind = sourceKind(source.original_name, source.mime_type, bytes);
  return replaceText(deps, source, await parseDocument(kind, bytes, source.original_name, 'source'));
}

/** POST /sources/{id}/extract: the text and chunks made again from the original bytes. */
export async function extractSource(deps: IngestDeps, id: string, spaceId?: string | null) {
  const source = await reparse(deps, await requireSource(deps.store, id, spaceId));
  return { message: `Extracted ${source.original_name} again: ${source.chunk_count} chunks`, source_id: source.id, status: 'extracted', chunk_count: String(source.chunk_count), version: String(source.version) };
}

/** POST /sources/{id}/refetch: a URL source fetched again; new bytes replace the text and chunks, the same ones change nothing. */
export async function refetchSource(deps: IngestDeps & Pick<Deps, 'sourceFetchTimeoutMs'>, id: string, spaceId?: string | null) {
  const source = await requireSource(deps.store, id, spaceId);
  if (!source.source_url) throw new AppError(409, 'not_a_url_source', `Source ${id} was not fetched from a URL: there is nothing to fetch again`);
  const fetched = await fetchDocument(deps, source.source_url, ['path', 'source_id']);
  if (sha256(fetched.bytes) === source.sha256) {
    return { message: `${source.source_url} has not changed`, source_id: id, status: 'unchanged', chunk_count: String(source.chunk_count), version: String(source.version) };
  }
  const kind = sourceKind(fetched.name, fetched.mimeType, fetched.bytes);
  const parsed = await parseDocument(kind, fetched.bytes, fetched.name, 'source');
  const next = await replaceText(deps, { ...source, metadata: { ...source.metadata, ...(parsed.title ? { title: parsed.title } : {}) } }, parsed, fetched.bytes);
  return { message: `Fetched ${source.source_url} again: ${next.chunk_count} chunks`, source_id: id, status: 'refetched', chunk_count: String(next.chunk_count), version: String(next.version) };
}

export const SOURCE_ACTIONS = ['reparse', 'ocr_reparse', 'mark_stale'] as const;

/** PATCH /sources/{id}: `reparse` (as extract), `mark_stale`; `ocr_reparse` needs OCR, which Cairn does not have. */
export async function updateSource(deps: IngestDeps, id: string, input: { action: string; space_id?: string | null }) {
  const source = await requireSource(deps.store, id, input.space_id);
  if (input.action === 'reparse') return presentOne(deps, await reparse(deps, source));
  if (input.action === 'mark_stale') {
    const at = deps.clock.now();
    await deps.store.sources.update(id, { lifecycle_state: 'stale', updated_at: at });
    return presentOne(deps, { ...source, lifecycle_state: 'stale', updated_at: at });
  }
  if (input.action === 'ocr_reparse') throw new InputError(['body', 'action'], 'Cairn has no OCR: use reparse to read the text layer again', 'value_error.unsupported_action');
  throw new InputError(['body', 'action'], `Unknown action ${input.action}: use one of ${SOURCE_ACTIONS.join(', ')}`, 'enum');
}

/** The source's labels, by name. */
export async function sourceLabels(deps: Pick<Deps, 'store'>, id: string) {
  await requireSource(deps.store, id);
  const labels = (await deps.store.sources.labelsOf([id])).get(id) ?? [];
  return { labels: labels.map(({ canonical_name: _canonical, ...label }) => label) };
}

export async function assignSourceLabel(deps: Pick<Deps, 'store' | 'clock'>, id: string, labelId: string) {
  const source = await requireSource(deps.store, id);
  const label = await deps.store.labels.getById(labelId);
  if (!label) throw notFound('label', labelId);
  const added = await deps.store.sources.assignLabel(id, labelId, deps.clock.now());
  return { message: added ? `Label ${label.name} assigned to ${source.original_name}` : `${source.original_name} already has the label ${label.name}` };
}

export async function removeSourceLabel(deps: Pick<Deps, 'store'>, id: string, labelId: string) {
  const source = await requireSource(deps.store, id);
  const label = await deps.store.labels.getById(labelId);
  if (!label) throw notFound('label', labelId);
  const removed = await deps.store.sources.removeLabel(id, labelId);
  return { message: removed ? `Label ${label.name} removed from ${source.original_name}` : `${source.original_name} did not have the label ${label.name}` };
}
