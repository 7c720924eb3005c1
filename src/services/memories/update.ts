import type { UnitType } from '../../domain/memory.ts';
import { memoryLock } from '../locks.ts';
import type { MemoryPatch } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { ensureLabels } from '../labels/ensure.ts';
import { titleOnWrite } from './create.ts';
import { getMemory, requireMemory } from '../readModel/memories.ts';
import { afterExtraction, prepareExtraction, recordExtraction } from '../graph/memoryHooks.ts';

export interface UpdateMemoryInput {
  title?: string;
  content?: string;
  importance?: number;
  unit_type?: UnitType;
  metadata?: Record<string, unknown>;
  labels?: string[];
  event_start?: string | null;
  event_end?: string | null;
}

/** Changes the given fields of a readable memory; `labels` replaces its label set; new content re-extracts its entities. Other fields stay. */
export async function updateMemory(deps: Pick<Deps, 'store' | 'clock' | 'ids' | 'indexer' | 'extraction' | 'communities'>, id: string, input: UpdateMemoryInput) {
  // Extracted before the transaction (a model never runs inside one); written only if the content really changed.
  const prepared = input.content === undefined ? null : await prepareExtraction(deps, { content: input.content, title: input.title });
  await deps.store.transaction(async tx => {
    await tx.locks.hold([memoryLock(id)]); // concurrent edits and a background write of its graph take turns: none is lost
    const at = deps.clock.now(); // once its turn came: the edit applied last carries the later time
    const memory = await requireMemory(tx, id);
    const { labels, ...fields } = input;
    const patch: MemoryPatch = { ...fields, updated_at: at };
    // A given title is kept as given; an empty one, or new content under an automatic title, derives it anew.
    if (fields.title !== undefined || (fields.content !== undefined && memory.title_derived)) {
      Object.assign(patch, titleOnWrite(fields.title, fields.content ?? memory.content, { title: memory.title, title_derived: true }));
    }
    const textChanged = (fields.content !== undefined && fields.content !== memory.content) || (patch.title !== undefined && patch.title !== memory.title);
    if (textChanged) {
      patch.version = memory.version + 1;
      if (deps.indexer) patch.reindex_needed = true;
    }
    await tx.memories.update(id, patch);
    if (prepared && fields.content !== memory.content) await recordExtraction(tx, deps, { id, version: patch.version ?? memory.version }, prepared, { replace: true });
    if (labels) {
      const records = await ensureLabels(deps, tx, labels);
      await tx.memoryLabels.replace(id, records.map(l => l.id), at);
      await tx.extractionQueue.forgoAutoLabel(id); // the caller chose its labels: no suggestion lands later
    }
  });
  deps.indexer?.kick();
  if (prepared) afterExtraction(deps, prepared);
  return getMemory(deps, id, {});
}
