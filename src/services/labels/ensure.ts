import { canonicalLabel, DEFAULT_LABEL_COLOR } from '../../domain/label.ts';
import type { LabelRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

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
    const at = deps.clock.now();
    const label: LabelRecord = {
      id: deps.ids.next(),
      name,
      canonical_name: canonicalLabel(name),
      color: DEFAULT_LABEL_COLOR,
      description: '',
      created_at: at,
      updated_at: at,
    };
    await tx.labels.insert(label);
    byName.set(name, label);
  }
  return wanted.map(name => byName.get(name)!);
}
