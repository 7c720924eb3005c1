import { conflict, notFound } from '../../errors.ts';
import { labelIdLock } from '../locks.ts';
import { canonicalLabel, type LabelOrder } from '../../domain/label.ts';
import type { Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { newLabel } from './ensure.ts';
import { presentLabel } from '../readModel/labels.ts';

/** The label, or a 404. */
export async function requireLabel(repos: Pick<Repos, 'labels'>, id: string) {
  const label = await repos.labels.getById(id);
  if (!label) throw notFound('label', id);
  return label;
}

/** Throws 409 label_exists (carrying the holder) when another label has this exact name. */
export async function requireNameFree(repos: Pick<Repos, 'labels'>, name: string, exceptId?: string) {
  const holder = await repos.labels.getByName(name);
  if (holder && holder.id !== exceptId) {
    const label = await requireLabel(repos, holder.id);
    throw conflict('label_exists', `A label named "${name}" already exists`, { label: presentLabel(label) });
  }
}

/** Labels with their usage counts, in the asked order (ties by id). */
export async function listLabels(
  deps: Pick<Deps, 'store'>,
  input: { limit: number; offset: number; order_by: LabelOrder; order_desc: boolean },
) {
  return (await deps.store.labels.list(input)).map(presentLabel);
}

/** One label with its usage count, or a 404. */
export async function getLabel(deps: Pick<Deps, 'store'>, id: string) {
  return presentLabel(await requireLabel(deps.store, id));
}

/** Creates a label; an existing name (exactly equal) is a 409 carrying that label. */
export async function createLabel(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, input: { name: string; color?: string; description?: string }) {
  const label = newLabel(deps, input.name, input);
  await deps.store.transaction(async tx => {
    await requireNameFree(tx, input.name);
    await tx.labels.insert(label);
  });
  return getLabel(deps, label.id);
}

/** Changes name, colour or description; null or absent fields stay as they are. */
export async function updateLabel(
  deps: Pick<Deps, 'store' | 'clock'>,
  id: string,
  input: { name?: string | null; color?: string | null; description?: string | null },
) {
  await deps.store.transaction(async tx => {
    await requireLabel(tx, id);
    if (input.name != null) await requireNameFree(tx, input.name, id);
    await tx.labels.update(id, {
      ...(input.name != null && { name: input.name, canonical_name: canonicalLabel(input.name) }),
      ...(input.color != null && { color: input.color }),
      ...(input.description != null && { description: input.description }),
      updated_at: deps.clock.now(),
    });
  });
  return getLabel(deps, id);
}

/** Deletes the label and every HAS_LABEL edge to it; the memories stay. */
export async function deleteLabel(deps: Pick<Deps, 'store'>, id: string) {
  return deps.store.transaction(async tx => {
    await tx.locks.hold([labelIdLock(id)]); // a concurrent assignment of it lands before, or answers 404 after
    const label = await requireLabel(tx, id);
    const removed = await tx.labels.delete(id);
    return { message: `Label "${label.name}" deleted`, id, removed_from_memories: removed };
  });
}
