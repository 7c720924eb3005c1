/**
 * Which memories are conversation turns by Cairn's own names, who speaks them, and where they sit in their
 * conversation. Pure. Memories that use no Cairn name are read by domain/conversationInference.ts, from the memories
 * posted around them (a speaker prefix, metadata keys of any name, posting order); search asks both.
 *
 * A memory is a turn by Cairn's names when it says so explicitly, never because its text has a colon or a question mark:
 * - provenance: `source_thread_id` (and `source_message_id`): captured from a thread or distilled from one;
 * - metadata `distilled_by` (written by distillation);
 * - metadata `speaker` (a string);
 * - metadata `dia_id` like `D3:12` (session 3, turn 12: how LoCoMo numbers turns);
 * - metadata `session_id` with `turn`, `turn_index` or `message_index` (a number).
 * Its position (for neighbouring turns) comes from the same explicit fields: `dia_id`, or `session_id` + turn index,
 * both optionally within `conversation_id`; or the source message's position in its thread. A turn with no position
 * still gets the speaker rule, but no neighbours.
 */
import { speakerOf } from './text.ts';

export interface TurnFields {
  content: string;
  metadata: Record<string, unknown>;
  source_thread_id: string | null;
  source_message_id?: string | null;
}

/** An explicit place in a conversation: turns with the same `conversation` are ordered by (session, turn). */
export interface TurnPosition {
  conversation: string;
  session: number;
  turn: number;
}

const DIA_ID = /^D(\d+):(\d+)$/;
const TURN_KEYS = ['turn', 'turn_index', 'message_index'] as const;

const asIndex = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
};
const scope = (metadata: Record<string, unknown>) => (typeof metadata.conversation_id === 'string' ? metadata.conversation_id : '');

/** The position metadata gives a turn, if any. */
export function metadataPosition(metadata: Record<string, unknown>): TurnPosition | null {
  const dia = typeof metadata.dia_id === 'string' ? DIA_ID.exec(metadata.dia_id) : null;
  if (dia) return { conversation: `dia:${scope(metadata)}`, session: Number(dia[1]), turn: Number(dia[2]) };
  if (typeof metadata.session_id === 'string' || typeof metadata.session_id === 'number') {
    const turn = TURN_KEYS.map(k => asIndex(metadata[k])).find(n => n !== null);
    if (turn !== undefined && turn !== null) return { conversation: `session:${scope(metadata)}:${metadata.session_id}`, session: 0, turn };
  }
  return null;
}

/** True when the memory is explicitly a conversation turn (see the module comment). */
export function isConversationTurn(memory: TurnFields): boolean {
  const m = memory.metadata ?? {};
  return Boolean(memory.source_thread_id) || typeof m.distilled_by === 'string' || typeof m.speaker === 'string' || metadataPosition(m) !== null;
}

/** The speaker of a turn: metadata `speaker`, else the leading "Name:" of its text; null for anything not a turn. */
export function speakerOfTurn(memory: TurnFields): string | null {
  if (!isConversationTurn(memory)) return null;
  const named = memory.metadata?.speaker;
  return typeof named === 'string' && named.trim() ? named.trim() : speakerOf(memory.content);
}

/** The dia_ids of the turns up to `radius` places before and after a `D<session>:<turn>` position, in its session. */
export function neighbourDiaIds(position: TurnPosition, radius: number): string[] {
  const ids: string[] = [];
  for (let d = 1; d <= radius; d++) {
    if (position.turn - d >= 1) ids.push(`D${position.session}:${position.turn - d}`);
    ids.push(`D${position.session}:${position.turn + d}`);
  }
  return ids;
}

/** Orders positions of one conversation: session, then turn. */
export function comparePositions(a: TurnPosition, b: TurnPosition): number {
  return a.session - b.session || a.turn - b.turn;
}

export interface PlacedTurn {
  id: string;
  position: TurnPosition;
}

/**
 * For each seed, the turns within `radius` places of it in its own conversation (by explicit position; ties on a
 * position keep no order, so equal positions are not neighbours), each with its distance and whether it comes after.
 */
export function turnNeighbours(seeds: PlacedTurn[], turns: PlacedTurn[], radius: number): Map<string, { id: string; distance: number; after: boolean }[]> {
  const byConversation = new Map<string, PlacedTurn[]>();
  for (const t of turns) (byConversation.get(t.position.conversation) ?? byConversation.set(t.position.conversation, []).get(t.position.conversation)!).push(t);
  for (const list of byConversation.values()) list.sort((a, b) => comparePositions(a.position, b.position) || (a.id < b.id ? -1 : 1));
  const key = (p: TurnPosition) => `${p.session}:${p.turn}`;
  const places = new Map<string, Map<string, number>>();
  for (const [conversation, list] of byConversation) {
    const index = new Map<string, number>();
    for (const t of list) if (!index.has(key(t.position))) index.set(key(t.position), index.size);
    places.set(conversation, index);
  }
  const result = new Map<string, { id: string; distance: number; after: boolean }[]>();
  for (const seed of seeds) {
    const index = places.get(seed.position.conversation);
    const at = index?.get(key(seed.position));
    if (index === undefined || at === undefined) continue;
    const near: { id: string; distance: number; after: boolean }[] = [];
    for (const t of byConversation.get(seed.position.conversation)!) {
      const place = index.get(key(t.position))!;
      const distance = Math.abs(place - at);
      if (distance >= 1 && distance <= radius) near.push({ id: t.id, distance, after: place > at });
    }
    result.set(seed.id, near);
  }
  return result;
}
