/** Reading sources: one (with its chunks), its text, its bytes, a filtered page of them, and a search over them. */
import { spaceOrDefault } from '../../domain/space.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Repos, SourceRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { findLabelsByName } from '../labels/ensure.ts';
import { presentMemories } from '../readModel/memories.ts';

/** The reference's SourceResponse. */
export function presentSource(source: SourceRecord, labelIds: string[]) {
  return {
    id: source.id,
    source_type: source.source_type,
    original_name: source.original_name,
    mime_type: source.mime_type,
    file_path: source.file_path,
    parsed_path: null,
    source_url: source.source_url,
    sha256: source.sha256,
    size_bytes: source.size_bytes,
    version: source.version,
    space_id: source.space_id,
    lifecycle_state: source.lifecycle_state,
    chunk_count: source.chunk_count,
    memory_count: source.chunk_count,
    section_tree: null,
    summary: source.summary,
    error_message: source.error_message,
    created_at: source.created_at,
    updated_at: source.updated_at,
    metadata: source.metadata,
    label_ids: labelIds,
  };
}

export async function presentSources(repos: Pick<Repos, 'sources'>, sources: SourceRecord[]) {
  const labels = await repos.sources.labelsOf(sources.map(s => s.id));
  return sources.map(s => presentSource(s, (labels.get(s.id) ?? []).map(l => l.id)));
}

/** A live source (in `space_id` when given), or 404. */
export async function requireSource(repos: Pick<Repos, 'sources'>, id: string, spaceId?: string | null): Promise<SourceRecord> {
  const source = await repos.sources.getById(id);
  if (!source || source.deleted_at !== null || (spaceId && source.space_id !== spaceId)) throw notFound('source', id);
  return source;
}

export async function getSource(deps: Pick<Deps, 'store'>, id: string, spaceId?: string | null) {
  const source = await requireSource(deps.store, id, spaceId);
  const chunkIds = await deps.store.sources.chunkIds(id);
  const byId = new Map((await deps.store.memories.getMany(chunkIds)).map(m => [m.id, m]));
  const memories = await presentMemories(deps, chunkIds.flatMap(memoryId => byId.get(memoryId) ?? []));
  const [presented] = await presentSources(deps.store, [source]);
  return { source: presented!, memories, revisions: [] as Record<string, unknown>[] };
}

/** The source's readable text (Markdown), whole or `limit` characters from `offset`. */
export async function getSourceContent(deps: Pick<Deps, 'store'>, id: string, query: { offset: number; limit?: number | null; space_id?: string | null }) {
  const source = await requireSource(deps.store, id, query.space_id);
  const content = source.content.slice(query.offset, query.limit == null ? undefined : query.offset + query.limit);
  return {
    source_id: source.id,
    original_name: source.original_name,
    content,
    offset: query.offset,
    returned_length: content.length,
    total_length: source.content.length,
    has_more: query.offset + content.length < source.content.length,
    content_type: 'markdown',
  };
}

/** The original bytes, with the content type they were read as. */
export async function getSourceRaw(deps: Pick<Deps, 'store'>, id: string, spaceId?: string | null) {
  const source = await requireSource(deps.store, id, spaceId);
  const bytes = (await deps.store.sources.bytes(id)) ?? new Uint8Array(0);
  return { bytes, mimeType: source.mime_type ?? 'application/octet-stream', name: source.original_name };
}

/** Images of a source: Cairn keeps none from documents, so a live source answers 404 `image_not_found`. */
export async function getSourceImage(deps: Pick<Deps, 'store'>, id: string, filename: string, spaceId?: string | null): Promise<never> {
  await requireSource(deps.store, id, spaceId);
  throw new AppError(404, 'image_not_found', `Source ${id} has no image ${filename}: Cairn keeps no images from documents`);
}

export interface SourceFilters {
  space_id?: string | null;
  /** Label names or ids, each required (AND). */
  labels?: string[] | null;
  /** `key=value`, each key required (AND); the same key repeated allows any of its values (OR). */
  metadata?: string[] | null;
}

/** Each label reference (an id or a name) as the label ids it may mean: none when it names no label. */
async function labelGroups(repos: Pick<Repos, 'labels'>, refs: string[]): Promise<string[][]> {
  const byName = await findLabelsByName(repos, refs);
  return Promise.all(refs.map(async ref => [...new Set([...(byName.has(ref) ? [byName.get(ref)!.id] : []), ...((await repos.labels.getById(ref)) ? [ref] : [])])]));
}

/** The metadata filter as a test: every key given must hold one of its values (compared as text). */
function metadataTest(filters: string[]): (source: SourceRecord) => boolean {
  const wanted = new Map<string, Set<string>>();
  for (const filter of filters) {
    const at = filter.indexOf('=');
    const [key, value] = at < 0 ? [filter, ''] : [filter.slice(0, at), filter.slice(at + 1)];
    (wanted.get(key) ?? wanted.set(key, new Set()).get(key)!).add(value);
  }
  return source => [...wanted].every(([key, values]) => key in source.metadata && values.has(String(source.metadata[key])));
}

async function filtered(deps: Pick<Deps, 'store'>, input: SourceFilters & { source_type?: string | null; lifecycle_state?: string | null }) {
  const labels = [...(input.labels ?? [])];
  const sources = await deps.store.sources.list({
    space_id: spaceOrDefault(input.space_id),
    source_type: input.source_type,
    lifecycle_state: input.lifecycle_state,
    labels: labels.length > 0 ? await labelGroups(deps.store, labels) : undefined,
  });
  return input.metadata?.length ? sources.filter(metadataTest(input.metadata)) : sources;
}

export async function listSources(
  deps: Pick<Deps, 'store'>,
  input: SourceFilters & { limit: number; offset: number; source_type?: string | null; lifecycle_state?: string | null },
) {
  const sources = await filtered(deps, input);
  return { sources: await presentSources(deps.store, sources.slice(input.offset, input.offset + input.limit)), total: sources.length };
}

const SNIPPET_CHARS = 240;

/** Up to SNIPPET_CHARS of text around the first place a term occurs. */
function snippet(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map(t => lower.indexOf(t)).filter(i => i >= 0), text.length);
  const start = Math.max(0, at - SNIPPET_CHARS / 3);
  const piece = text.slice(start, start + SNIPPET_CHARS).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}

const occurrences = (text: string, term: string) => text.split(term).length - 1;

/**
 * Sources whose name or text holds the query's words, best first: a word in the name counts more than one in the text,
 * and a source holding more of the words ranks above one holding fewer. (Memory search finds the chunks themselves.)
 */
export async function searchSources(deps: Pick<Deps, 'store'>, input: SourceFilters & { q: string; limit: number }) {
  const terms = [...new Set(input.q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(t => t.length > 0))];
  const candidates = await deps.store.sources.containing(spaceOrDefault(input.space_id), terms);
  const allowed = new Set((await filtered(deps, input)).map(s => s.id));
  const ranked = candidates
    .filter(s => allowed.has(s.id))
    .map(source => {
      const name = source.original_name.toLowerCase();
      const text = source.content.toLowerCase();
      const matched = terms.filter(t => name.includes(t) || text.includes(t));
      const score = matched.length * 10 + terms.reduce((sum, t) => sum + 3 * occurrences(name, t) + Math.min(occurrences(text, t), 20), 0);
      return { source, score, matched };
    })
    .sort((a, b) => b.score - a.score || (a.source.created_at < b.source.created_at ? 1 : -1));
  const scored = ranked.slice(0, input.limit);
  const presented = await presentSources(deps.store, scored.map(s => s.source));
  return {
    results: scored.map((s, i) => ({
      source_id: s.source.id,
      original_name: s.source.original_name,
      source_type: s.source.source_type,
      score: s.score,
      matched_terms: s.matched,
      snippet: snippet(s.source.content, s.matched),
      source: presented[i]!,
    })),
    total: ranked.length,
  };
}
