/**
 * History correction of an EVOLVES pair (contract §7, §15 History): what a decision would change, whether it can be
 * applied, and which memory ends up the latest. Pure: the service reads the pair and its edges, this decides.
 */
import { EVOLVES_RELATIONS, type EvolvesDetector, type EvolvesRelation } from './evolves.ts';
import type { LifecycleState } from './memory.ts';

export const REVISION_DECISIONS = [...EVOLVES_RELATIONS, 'reverse', 'unlink'] as const;
export type RevisionDecision = (typeof REVISION_DECISIONS)[number];

export const CANNOT_APPLY_REASONS = ['no_evolves_edge', 'multiple_edges', 'memory_forgotten', 'already_in_state', 'same_memory'] as const;
export type CannotApplyReason = (typeof CANNOT_APPLY_REASONS)[number];

export interface RevisionMemory {
  id: string;
  lifecycle_state: LifecycleState;
  is_latest: boolean;
}

export interface RevisionEdge {
  id: string;
  from_memory_id: string;
  to_memory_id: string;
  relation: EvolvesRelation;
  confidence: number;
  detected_by: EvolvesDetector;
  reason: string;
  reviewed: boolean;
}

/** An edge rewritten (relation and direction; it becomes reviewed) or unlinked (soft-deleted). */
export type EdgeChange =
  | { kind: 'rewrite'; id: string; from_memory_id: string; to_memory_id: string; relation: EvolvesRelation; detected_by: EvolvesDetector }
  | { kind: 'unlink'; id: string };

export interface MemoryChange {
  id: string;
  is_latest?: boolean;
  lifecycle_state?: LifecycleState;
}

export interface RevisionPlan {
  can_apply: boolean;
  cannot_apply_reason: CannotApplyReason | '';
  /** The relation the pair ends with; "" for unlink, or when no single edge says it. */
  target_relation: EvolvesRelation | '';
  /** The memory that is latest once applied; "" for unlink, or when no single edge says it. */
  authoritative_memory_id: string;
  edgeChanges: EdgeChange[];
  memoryChanges: MemoryChange[];
}

export interface RevisionInput {
  decision: RevisionDecision;
  memories: [RevisionMemory, RevisionMemory];
  /** Active EVOLVES edges between the two memories, both directions. */
  edges: RevisionEdge[];
  /** Active EVOLVES edges into either memory from memories outside the pair: those keep it from being the latest. */
  outsideIncoming: RevisionEdge[];
}

const isRelation = (d: RevisionDecision): d is EvolvesRelation => (EVOLVES_RELATIONS as readonly string[]).includes(d);

/** Changes that bring a memory to the wanted latest flag and lifecycle state, only where they differ. */
function memoryChange(memory: RevisionMemory, isLatest: boolean, state: LifecycleState): MemoryChange | null {
  const change: MemoryChange = { id: memory.id };
  if (memory.is_latest !== isLatest) change.is_latest = isLatest;
  if (memory.lifecycle_state !== state) change.lifecycle_state = state;
  return Object.keys(change).length > 1 ? change : null;
}

/**
 * Lifecycle follows the relation: the authoritative memory is never left `superseded`; the other one is `superseded`
 * when it is replaced, and comes back to `active` when nothing replaces it any more. Other states (deprecated,
 * archived) were chosen by the user for other reasons and stay.
 */
function stateAfter(memory: RevisionMemory, supersededNow: boolean): LifecycleState {
  if (supersededNow && memory.lifecycle_state === 'active') return 'superseded';
  if (!supersededNow && memory.lifecycle_state === 'superseded') return 'active';
  return memory.lifecycle_state;
}

/** Outcome of a relation decision or a reverse on the pair's single edge. */
function rewrite(input: RevisionInput, edge: RevisionEdge) {
  const reverse = input.decision === 'reverse';
  const relation = isRelation(input.decision) ? input.decision : edge.relation;
  const [newer, older] = reverse ? [edge.to_memory_id, edge.from_memory_id] : [edge.from_memory_id, edge.to_memory_id];
  const byId = new Map(input.memories.map(m => [m.id, m]));
  const replacedElsewhere = input.outsideIncoming.some(e => e.to_memory_id === older && e.relation === 'replaces');
  const changes = [
    memoryChange(byId.get(newer)!, true, stateAfter(byId.get(newer)!, false)),
    memoryChange(byId.get(older)!, false, stateAfter(byId.get(older)!, relation === 'replaces' || replacedElsewhere)),
  ].filter((c): c is MemoryChange => c !== null);
  const changed = reverse || relation !== edge.relation;
  const edgeChange: EdgeChange = {
    kind: 'rewrite',
    id: edge.id,
    from_memory_id: newer,
    to_memory_id: older,
    relation,
    detected_by: changed ? 'user' : edge.detected_by,
  };
  // The pair already has the relation asked for, in that direction: there is nothing to decide (the interface's
  // `already_in_state`), even if the edge is unreviewed or a flag lags behind.
  const already = !reverse && !changed;
  return { target_relation: relation, authoritative_memory_id: newer, edgeChanges: [edgeChange], memoryChanges: changes, already };
}

/** Outcome of unlinking: every edge of the pair goes; each memory is latest unless an outside edge still makes it older. */
function unlink(input: RevisionInput) {
  const changes = input.memories
    .map(m => {
      const older = input.outsideIncoming.some(e => e.to_memory_id === m.id);
      const replaced = input.outsideIncoming.some(e => e.to_memory_id === m.id && e.relation === 'replaces');
      return memoryChange(m, !older, stateAfter(m, replaced));
    })
    .filter((c): c is MemoryChange => c !== null);
  const edgeChanges: EdgeChange[] = input.edges.map(e => ({ kind: 'unlink', id: e.id }));
  return { target_relation: '' as const, authoritative_memory_id: '', edgeChanges, memoryChanges: changes, already: false };
}

/**
 * What applying `decision` to the pair would do, and whether it may. Reasons, first match wins: the same memory
 * twice; a forgotten memory; no edge; more than one edge (unlink alone may clear several); nothing would change.
 */
export function planRevision(input: RevisionInput): RevisionPlan {
  const [a, b] = input.memories;
  const blocked = (reason: CannotApplyReason, partial: Partial<RevisionPlan> = {}): RevisionPlan => ({
    target_relation: '',
    authoritative_memory_id: '',
    ...partial,
    can_apply: false,
    cannot_apply_reason: reason,
    edgeChanges: [],
    memoryChanges: [],
  });
  if (a.id === b.id) return blocked('same_memory');

  const single = input.edges.length === 1 ? input.edges[0]! : null;
  const outcome = input.decision === 'unlink' ? (input.edges.length ? unlink(input) : null) : single && rewrite(input, single);
  const shown = outcome ? { target_relation: outcome.target_relation, authoritative_memory_id: outcome.authoritative_memory_id } : {};

  if (a.lifecycle_state === 'forgotten' || b.lifecycle_state === 'forgotten') return blocked('memory_forgotten', shown);
  if (input.edges.length === 0) return blocked('no_evolves_edge');
  if (!outcome) return blocked('multiple_edges');
  if (outcome.already) return blocked('already_in_state', shown);
  return { ...shown, can_apply: true, cannot_apply_reason: '', edgeChanges: outcome.edgeChanges, memoryChanges: outcome.memoryChanges } as RevisionPlan;
}

/** The canonical text a plan id is the hash of: the pair (in either order), the decision and the exact current edges. */
export function revisionFingerprint(memoryIds: string[], decision: RevisionDecision, edges: RevisionEdge[]): string {
  const pair = [...memoryIds].sort();
  const canonical = [...edges]
    .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .map(e => [e.id, e.from_memory_id, e.to_memory_id, e.relation, e.confidence, e.detected_by, e.reason, e.reviewed]);
  return JSON.stringify({ pair, decision, edges: canonical });
}
