import { createHash } from 'node:crypto';
import { conflict } from '../../errors.ts';
import { EVOLVES_TYPE } from '../../domain/evolves.ts';
import { type EdgeChange, planRevision, type RevisionDecision, revisionFingerprint } from '../../domain/revision.ts';
import type { MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { requireMemory } from '../readModel/memories.ts';
import { presentEdge, presentMemorySummary } from '../readModel/relations.ts';

export interface RevisionInput {
  decision: RevisionDecision;
  memory_ids: [string, string];
}

export interface ApplyRevisionInput extends RevisionInput {
  plan_id: string;
}

type PairRepos = Pick<Repos, 'memories' | 'evolves'>;

/** Reads the pair (forgotten memories included: they are a reason, not a 404), its edges and the plan. */
async function readPlan(repos: PairRepos, input: RevisionInput) {
  const ids = input.memory_ids;
  const memories: MemoryRecord[] = [];
  for (const id of new Set(ids)) memories.push(await requireMemory(repos, id, { includeForgotten: true }));
  const [a, b] = [memories[0]!, memories[memories.length - 1]!];
  const edges = a.id === b.id ? [] : await repos.evolves.between(a.id, b.id);
  const outsideIncoming = a.id === b.id ? [] : (await Promise.all([a, b].map(m => repos.evolves.listForMemory(m.id))))
    .flat()
    .filter(e => (e.to_memory_id === a.id || e.to_memory_id === b.id) && e.from_memory_id !== a.id && e.from_memory_id !== b.id);
  const plan = planRevision({ decision: input.decision, memories: [a, b], edges, outsideIncoming });
  const planId = createHash('sha256').update(revisionFingerprint(ids, input.decision, edges)).digest('hex').slice(0, 32);
  return { memories, edges, plan, planId };
}

function presentPlan(input: RevisionInput, read: Awaited<ReturnType<typeof readPlan>>) {
  const { memories, edges, plan, planId } = read;
  return {
    decision: input.decision,
    memory_ids: input.memory_ids,
    plan_id: planId,
    current_edges: edges.map(presentEdge),
    target_relation: plan.target_relation,
    authoritative_memory_id: plan.authoritative_memory_id,
    memories: memories.map(presentMemorySummary),
    memory_contents: Object.fromEntries(memories.map(m => [m.id, m.content])),
    memories_preserved: true,
    can_apply: plan.can_apply,
    cannot_apply_reason: plan.cannot_apply_reason,
    planned_changes: { edges: plan.edgeChanges, memories: plan.memoryChanges },
  };
}

/**
 * Shows what a history correction of an EVOLVES pair would do: the exact edges between the two memories, the
 * relation they would end with, which memory would be the latest, and whether it can be applied. Reads only.
 */
export async function previewRevision(deps: Pick<Deps, 'store'>, input: RevisionInput) {
  return presentPlan(input, await readPlan(deps.store, input));
}

async function applyEdgeChange(tx: Repos, change: EdgeChange, at: string) {
  const current = (await tx.relations.getById(change.id))!;
  if (change.kind === 'unlink') return tx.relations.update(change.id, { status: 'deleted', updated_at: at });
  const fields = {
    status: 'active' as const,
    reviewed: true,
    properties: { ...current.properties, relation: change.relation, detected_by: change.detected_by },
    updated_at: at,
  };
  // A reversed edge may meet an inactive one (dismissed, deleted) stored in the new direction: that row takes over.
  const clash = await tx.relations.find(change.from_memory_id, change.to_memory_id, EVOLVES_TYPE);
  if (clash && clash.id !== current.id) {
    await tx.relations.update(clash.id, { ...fields, confidence: current.confidence, reason: current.reason });
    return tx.relations.update(current.id, { status: 'deleted', updated_at: at });
  }
  return tx.relations.update(current.id, { ...fields, source_memory_id: change.from_memory_id, target_memory_id: change.to_memory_id });
}

/**
 * Applies a previewed correction in one transaction: the edges are rewritten (reviewed) or unlinked (soft-deleted)
 * and `is_latest` and the superseded state follow. 409 `plan_stale` when the edges changed since the preview (or
 * the plan was for another pair or decision); 409 `cannot_apply` with `cannot_apply_reason` when the plan may not be
 * applied. Content is never touched.
 */
export async function applyRevision(deps: Pick<Deps, 'store' | 'clock'>, input: ApplyRevisionInput) {
  const at = deps.clock.now();
  return deps.store.transaction(async tx => {
    const read = await readPlan(tx, input);
    if (read.planId !== input.plan_id) {
      throw conflict('plan_stale', 'The EVOLVES edges of this pair changed since the preview (or the plan is for another pair or decision): preview again', {
        current_plan_id: read.planId,
      });
    }
    if (!read.plan.can_apply) {
      throw conflict('cannot_apply', `This plan cannot be applied: ${read.plan.cannot_apply_reason}`, {
        cannot_apply_reason: read.plan.cannot_apply_reason,
      });
    }
    for (const change of read.plan.edgeChanges) await applyEdgeChange(tx, change, at);
    for (const { id, ...change } of read.plan.memoryChanges) {
      const stateChange = change.lifecycle_state && { state_changed_at: at, state_reason: `history correction: ${input.decision}` };
      await tx.memories.update(id, { ...change, ...stateChange, updated_at: at });
    }
    const after = await readPlan(tx, input);
    return {
      applied: true,
      plan_id: input.plan_id,
      decision: input.decision,
      target_relation: read.plan.target_relation,
      authoritative_memory_id: read.plan.authoritative_memory_id,
      current_edges: after.edges.map(presentEdge),
      memories: after.memories.map(presentMemorySummary),
      memories_preserved: true,
    };
  });
}
