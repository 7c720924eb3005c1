import { InputError } from '../../errors.ts';
import { MAX_THREAD_METADATA_CHARS } from '../../domain/thread.ts';
import type { Deps } from '../deps.ts';
import { requireThread } from './messages.ts';

export interface MetadataMergeInput {
  /** Top-level keys to set on the thread's metadata (bounded in depth and size by the route). */
  metadata: Record<string, unknown>;
  /** Add only the keys the thread's metadata does not have yet; keys it has keep their values. */
  only_missing: boolean;
  space_id?: string | null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Merges keys into a thread's metadata, key by key at the top level: a given key replaces the stored value, or with
 * `only_missing` is added only when absent. 404 `thread_not_found` for a thread the space lacks; a merge that would
 * take the metadata past its size bound is a 422 and changes nothing. The thread's activity time is not touched.
 */
export async function mergeThreadMetadata(deps: Pick<Deps, 'store'>, threadId: string, input: MetadataMergeInput) {
  return deps.store.transaction(async tx => {
    const thread = await requireThread(tx, threadId, input.space_id);
    const merged = new Map(Object.entries(thread.metadata));
    const added: string[] = [];
    const updated: string[] = [];
    const skipped: string[] = [];
    for (const [key, value] of Object.entries(input.metadata)) {
      if (!merged.has(key)) added.push(key);
      else if (input.only_missing || sameJson(merged.get(key), value)) {
        skipped.push(key);
        continue;
      } else updated.push(key);
      merged.set(key, value);
    }
    const metadata = Object.fromEntries(merged);
    if (added.length + updated.length > 0) {
      if (JSON.stringify(metadata).length > MAX_THREAD_METADATA_CHARS) {
        throw new InputError(['body', 'metadata'], `The thread's metadata would exceed ${MAX_THREAD_METADATA_CHARS} characters of JSON`);
      }
      await tx.threads.update(thread.id, { metadata });
    }
    return { success: true, thread_id: thread.thread_id, metadata, added_keys: added, updated_keys: updated, skipped_keys: skipped };
  });
}
