import { canonicalLabel, compareForKeep, DEFAULT_LABEL_COLOR } from '../../domain/label.ts';
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

/**
 * The stored label each of these names means: the label of exactly that name, else one of the same canonical form
 * (`people` finds `People`; among forks, the one consolidation would keep). Names that mean none are absent.
 */
export async function findLabelsByName(tx: Pick<Repos, 'labels'>, names: string[]): Promise<Map<string, LabelRecord>> {
  const wanted = [...new Set(names)];
  const found = new Map((await tx.labels.getByNames(wanted)).map(l => [l.name, l as LabelRecord]));
  const missing = wanted.filter(name => !found.has(name));
  if (missing.length === 0) return found;
  const forks = await tx.labels.getByCanonicals([...new Set(missing.map(canonicalLabel))]);
  const byCanonical = new Map<string, LabelRecord>();
  for (const fork of forks.sort(compareForKeep)) if (!byCanonical.has(fork.canonical_name)) byCanonical.set(fork.canonical_name, fork);
  for (const name of missing) {
    const label = byCanonical.get(canonicalLabel(name));
    if (label) found.set(name, label);
  }
  return found;
}

/**
 * The labels with these names, creating (with the default colour) those that do not exist yet. A name finds its
 * label as `findLabelsByName` says, so writes never fork the vocabulary. Each label comes once.
 */
export async function ensureLabels(
  deps: Pick<Deps, 'clock' | 'ids'>,
  tx: Pick<Repos, 'labels' | 'locks'>,
  names: string[],
): Promise<LabelRecord[]> {
  const wanted = [...new Set(names)];
  // Another process ensuring a label of the same canonical form waits, then finds it: no twin labels.
  await tx.locks.hold(wanted.map(name => `label:${canonicalLabel(name)}`));
  const byName = await findLabelsByName(tx, wanted);
  const created = new Map<string, LabelRecord>(); // by canonical form: two new spellings of one label make one
  for (const name of wanted) {
    if (byName.has(name)) continue;
    const canonical = canonicalLabel(name);
    let label = created.get(canonical);
    if (!label) {
      label = newLabel(deps, name);
      await tx.labels.insert(label);
      created.set(canonical, label);
    }
    byName.set(name, label);
  }
  return [...new Map(wanted.map(name => [byName.get(name)!.id, byName.get(name)!])).values()];
}
