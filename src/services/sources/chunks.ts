/**
 * A source's chunks as memories: written in the transaction that stores (or re-extracts) the source, so a source is
 * never without its chunks nor chunks without their source. Each chunk's metadata points back to the source and
 * its place in it (character range, pages); memory search finds chunks like any memory.
 */
import { chunkText } from '../../domain/sourceChunks.ts';
import type { MemoryRecord, Repos, SourceRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

/** The value of `source` on every chunk memory: lists and search may tell chunks from other memories by it. */
export const CHUNK_MEMORY_SOURCE = 'source';

export interface ChunkInput {
  text: string;
  title: string | null;
  pageStarts?: number[];
}

/** Writes the chunks of `source` (replacing any it had: those memories go for good); returns how many. */
export async function writeChunks(tx: Repos, deps: Pick<Deps, 'clock' | 'ids' | 'indexer'>, source: SourceRecord, parsed: ChunkInput): Promise<string[]> {
  await dropChunks(tx, source.id);
  const at = deps.clock.now();
  const chunks = chunkText(parsed.text, { pageStarts: parsed.pageStarts });
  const name = parsed.title || source.original_name;
  const ids: string[] = [];
  for (const chunk of chunks) {
    const memory: MemoryRecord = {
      id: deps.ids.next(),
      space_id: source.space_id,
      title: chunks.length > 1 ? `${name} (${chunk.index + 1}/${chunks.length})` : name,
      title_derived: false,
      content: chunk.text,
      source: CHUNK_MEMORY_SOURCE,
      importance: 0.5,
      confidence: 0.5,
      unit_type: 'context',
      lifecycle_state: 'active',
      is_latest: true,
      is_crystal: false,
      is_favorite: false,
      favorited_at: null,
      reindex_needed: deps.indexer !== null,
      metadata: {
        source_id: source.id,
        source_name: source.original_name,
        source_version: source.version,
        chunk_index: chunk.index,
        chunk_count: chunks.length,
        char_start: chunk.start,
        char_end: chunk.end,
        ...(chunk.page_start !== undefined ? { page_start: chunk.page_start, page_end: chunk.page_end } : {}),
      },
      event_start: null,
      event_end: null,
      temporal_context: null,
      source_thread_id: null,
      source_message_id: null,
      state_reason: null,
      state_changed_at: null,
      version: 1,
      created_at: at,
      updated_at: at,
    };
    await tx.memories.insert(memory);
    // Entities and the graph follow in the background like any memory's; a document's parts evolve nothing.
    await tx.extractionQueue.enqueueNew({ memory_id: memory.id, content_version: 1, level: '', queued_at: at, evolves: false, auto_label: false });
    ids.push(memory.id);
  }
  await tx.sources.setChunks(source.id, ids);
  return ids;
}

/** Deletes the source's chunk memories for good (a re-extraction replaces them; they were made from its text). */
export async function dropChunks(tx: Repos, sourceId: string): Promise<void> {
  const old = await tx.sources.chunkIds(sourceId);
  if (old.length > 0) await tx.memories.deleteMany(old);
  await tx.sources.setChunks(sourceId, []);
}

/** After chunks were committed: the background embeds them and extracts their entities. */
export function afterChunksWritten(deps: Pick<Deps, 'indexer' | 'extraction'>): void {
  deps.indexer?.kick();
  deps.extraction.jobs?.kick();
}
