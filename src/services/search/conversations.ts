import { isConversationTurn, speakerOfTurn } from '../../domain/conversation.ts';
import { type InferredTurn, inferConversations, MAX_TURN_CHARS, OPENING_CHARS, type PostedMemory, speakerPrefix } from '../../domain/conversationInference.ts';
import type { MemoryRecord, SearchFilter } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

/** Memories read each way around a candidate: enough to place its neighbours and to see what its metadata keys do. */
const WINDOW = 8;

/**
 * Which memories of one search are conversation turns, who speaks them, and where inferred turns sit: a memory is a
 * turn by Cairn's own names or provenance (domain/conversation.ts), or because the memories posted around it read as
 * a conversation (domain/conversationInference.ts). `learn` reads those around the memories it is given (once each).
 */
export function conversationReader(deps: Pick<Deps, 'store'>, filter: SearchFilter) {
  const windows: PostedMemory[][] = [];
  const read = new Set<string>();
  let inferred = new Map<string, InferredTurn>();

  // Only a memory that could be a turn is worth reading around: short, and with a speaker or metadata of its own.
  const worthReading = (m: MemoryRecord) =>
    !read.has(m.id) &&
    !isConversationTurn(m) &&
    m.content.length <= MAX_TURN_CHARS &&
    (speakerPrefix(m.content) !== null || Object.values(m.metadata ?? {}).some(v => typeof v === 'string' || typeof v === 'number'));

  return {
    async learn(memories: MemoryRecord[]): Promise<void> {
      const anchors = memories.filter(worthReading);
      if (anchors.length === 0) return;
      const rows = await deps.store.search.postedAround(anchors, filter, WINDOW, OPENING_CHARS);
      for (const anchor of anchors) {
        const own: PostedMemory = { ...anchor, opening: anchor.content.slice(0, OPENING_CHARS), length: anchor.content.length };
        windows.push([own, ...rows.filter(r => r.anchor === anchor.id)]);
      }
      for (const window of windows) for (const m of window) read.add(m.id);
      inferred = inferConversations(windows);
    },
    isTurn: (m: MemoryRecord) => isConversationTurn(m) || inferred.has(m.id),
    speaker: (m: MemoryRecord) => (isConversationTurn(m) ? speakerOfTurn(m) : (inferred.get(m.id)?.speaker ?? null)),
    /** Inferred turns read so far, with their places: the memories around a hit that may inherit its context. */
    inferred: () => inferred,
  };
}

export type ConversationReader = ReturnType<typeof conversationReader>;
