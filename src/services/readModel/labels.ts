import type { LabelWithUsage } from '../../storage/ports.ts';

/** The reference's LabelResponse. */
export function presentLabel(label: LabelWithUsage) {
  return {
    id: label.id,
    name: label.name,
    color: label.color,
    description: label.description,
    created_at: label.created_at,
    updated_at: label.updated_at,
    usage_count: label.usage_count,
  };
}

/** The short label object of the label-care responses (contract §15): `{id, name, usage_count}`. */
export function labelRef(label: Pick<LabelWithUsage, 'id' | 'name' | 'usage_count'>) {
  return { id: label.id, name: label.name, usage_count: label.usage_count };
}
