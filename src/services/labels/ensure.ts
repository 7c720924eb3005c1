import { canonicalLabel, DEFAULT_LABEL_COLOR } from '../../domain/label.ts';
import type { LabelRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

/** A new label's record (not stored): its canonical form, the default colour and an empty description unless given. */
export function newLabel(deps: Pick<Deps, 'clock' | 'ids'>, name: string, fields: { color?: string; description?: string } = {}): LabelRecord {
  const at = deps.clock.now();
  return {
    id: deps.ids.next(),
    name,
    canonical_name: canonicalLabel(name),
    color: fields.color ?? DEFAULT_LABEL_COLOR,
    description: fields.description ?? '',
    created_at: at,
    updated_at: at,
  };
}

/** The labels with these names, creating (with the default colour) those that do not exist yet. */
export async function ensureLabels(
  deps: Pick<Deps, 'clock' | 'ids'>,
  tx: Pick<Repos, 'labels'>,
  names: string[],
): Promise<LabelRecord[]> {
  const wanted = [...new Set(names)];
  const existing = await tx.labels.getByNames(wanted);
  const byName = new Map(existing.map(l => [l.name, l]));
  for (const name of wanted) {
    if (byName.has(name)) continue;
    const label = newLabel(deps, name);
    await tx.labels.insert(label);
    byName.set(name, label);
  }
  return wanted.map(name => byName.get(name)!);
}
