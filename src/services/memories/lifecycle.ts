import { invalidTransition, notFound } from '../../errors.ts';
import { memoryLock } from '../locks.ts';
import { canTransition, type LifecycleOperation, resultingState } from '../../domain/lifecycle.ts';
import type { MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { requireMemory } from '../readModel/memories.ts';
import { EVOLVES_TYPE } from '../../domain/evolves.ts';
import { relationLock } from '../relations/crud.ts';

export interface StateInput {
  reason?: string | null;
  space_id?: string | null;
}

type LifecycleDeps = Pick<Deps, 'store' | 'clock' | 'ids' | 'communities'>;

/** Moves a memory to the operation's state inside one transaction, or answers 409 when the move is not allowed. */
async function transition(
  deps: LifecycleDeps,
  id: string,
  operation: LifecycleOperation,
  input: StateInput,
  extra?: (tx: Repos, memory: MemoryRecord, at: string) => Promise<Partial<MemoryRecord>>,
  alsoLocked: string[] = [],
) {
  const result = await deps.store.transaction(async tx => {
    // The state read here decides the move: a concurrent move of the same memory (or of the one it names) waits.
    await tx.locks.hold([id, ...alsoLocked].map(memoryLock));
    // Timed once its turn came: of two moves, the one applied last carries the later time.
    const at = deps.clock.now();
    const memory = await requireMemory(tx, id, { space_id: input.space_id ?? undefined, includeForgotten: true });
    if (!canTransition(operation, memory.lifecycle_state)) {
      throw invalidTransition(`Cannot ${operation} a memory that is ${memory.lifecycle_state}`, memory.lifecycle_state);
    }
    const changes = {
      lifecycle_state: resultingState[operation],
      state_reason: input.reason ?? null,
      state_changed_at: at,
      updated_at: at,
      ...(await extra?.(tx, memory, at)),
    };
    await tx.memories.update(id, changes);
    return {
      id,
      previous_state: memory.lifecycle_state,
      lifecycle_state: changes.lifecycle_state,
      is_latest: changes.is_latest ?? memory.is_latest,
      changed_at: at,
      reason: changes.state_reason,
    };
  });
  // A forgotten memory's edges leave the community graph; a restored one's come back.
  if (result.previous_state === 'forgotten' || result.lifecycle_state === 'forgotten') deps.communities?.graphChanged();
  return result;
}

/** Marks a memory deprecated; it stays in the graph for history. The replacement, when named, must exist. */
export async function deprecateMemory(deps: LifecycleDeps, id: string, input: StateInput & { replacement_memory_id?: string | null }) {
  return transition(deps, id, 'deprecate', input, async (tx, memory) => {
    const replacementId = input.replacement_memory_id;
    if (!replacementId) return {};
    if (replacementId === id) throw invalidTransition('A memory cannot be its own replacement', memory.lifecycle_state);
    await requireMemory(tx, replacementId);
    return { metadata: { ...memory.metadata, replacement_memory_id: replacementId } };
  }, input.replacement_memory_id ? [input.replacement_memory_id] : []);
}

/** Hides a memory from everyday recall; it stays readable by id. */
export const archiveMemory = (deps: LifecycleDeps, id: string, input: StateInput) => transition(deps, id, 'archive', input);

/** Removes a memory from recall and by-id reads; its rows stay so restore can bring it back. */
export const forgetMemory = (deps: LifecycleDeps, id: string, input: StateInput) => transition(deps, id, 'forget', input);

/** Brings a memory in any other state back to active (beyond the interface). */
export const restoreMemory = (deps: LifecycleDeps, id: string, input: StateInput) =>
  transition(deps, id, 'restore', input, async () => ({ is_latest: true }));

/**
 * Marks a memory replaced by a newer one: is_latest becomes false and an EVOLVES edge newer → older
 * (relation `replaces`, detected by the user, reviewed) is recorded in the same transaction.
 */
export async function supersedeMemory(deps: LifecycleDeps, id: string, input: StateInput & { newer_memory_id: string }) {
  return transition(deps, id, 'supersede', input, async (tx, memory, at) => {
    const newer = await tx.memories.getById(input.newer_memory_id);
    if (!newer) throw notFound('memory', input.newer_memory_id);
    if (newer.id === memory.id) throw invalidTransition('A memory cannot supersede itself', memory.lifecycle_state);
    if (newer.lifecycle_state === 'forgotten') {
      throw invalidTransition(`Memory ${newer.id} is forgotten and cannot supersede another`, memory.lifecycle_state);
    }
    await tx.locks.hold([relationLock(newer.id, memory.id, EVOLVES_TYPE)]); // EVOLVES detection of the pair waits, then leaves this edge alone
    if (await replaces(tx, memory.id, newer.id)) {
      throw invalidTransition(`Memory ${memory.id} already replaces ${newer.id} (directly or through others): superseding it by ${newer.id} would leave no latest version`, memory.lifecycle_state);
    }
    await tx.evolves.insert({
      id: deps.ids.next(),
      from_memory_id: newer.id,
      to_memory_id: memory.id,
      relation: 'replaces',
      confidence: 1,
      detected_by: 'user',
      reason: input.reason ?? '',
      reviewed: true,
      created_at: at,
    });
    return { is_latest: false };
  }, [input.newer_memory_id]);
}

/** Whether `newer` replaces `older` through a chain of active `replaces` edges (newer → older). */
async function replaces(tx: Pick<Repos, 'evolves'>, newer: string, older: string): Promise<boolean> {
  const seen = new Set([newer]);
  for (let frontier = [newer]; frontier.length > 0; ) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const edge of await tx.evolves.listForMemory(id)) {
        if (edge.from_memory_id !== id || edge.relation !== 'replaces' || seen.has(edge.to_memory_id)) continue;
        if (edge.to_memory_id === older) return true;
        seen.add(edge.to_memory_id);
        next.push(edge.to_memory_id);
      }
    }
    frontier = next;
  }
  return false;
}
