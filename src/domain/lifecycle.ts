import type { LifecycleState } from './memory.ts';

/** Lifecycle operations and the states each may start from (contract §5). */
export type LifecycleOperation = 'deprecate' | 'archive' | 'forget' | 'supersede' | 'restore';

const allowedFrom: Record<LifecycleOperation, readonly LifecycleState[]> = {
  deprecate: ['active', 'archived'],
  archive: ['active', 'deprecated'],
  forget: ['active', 'deprecated', 'archived', 'superseded'],
  supersede: ['active', 'deprecated', 'archived'],
  restore: ['deprecated', 'archived', 'superseded', 'forgotten'],
};

export const resultingState: Record<LifecycleOperation, LifecycleState> = {
  deprecate: 'deprecated',
  archive: 'archived',
  forget: 'forgotten',
  supersede: 'superseded',
  restore: 'active',
};

export function canTransition(operation: LifecycleOperation, from: LifecycleState): boolean {
  return allowedFrom[operation].includes(from);
}

/** Whether a memory in this state is still visible to a by-id read. */
export function isReadable(state: LifecycleState): boolean {
  return state !== 'forgotten';
}
