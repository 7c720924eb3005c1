import { isConversationTurn, speakerOfTurn } from '../../domain/conversation.ts';
import { type InferredTurn, inferConversations, isNameLike, MAX_TURN_CHARS, OPENING_CHARS, type PostedMemory, speakerPrefix } from '../../domain/conversationInference.ts';
import { CONVERSATION_PROFILE } from '../../domain/searchProfile.ts';
import { words } from '../../domain/text.ts';
import type { RankedMemory, SearchFilter } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

/** Memories read each way around a candidate: enough to place its neighbours and to see what its metadata keys do. */
const WINDOW = 6;
/**
 * Candidates read around per search, best first: as many as may pass context on to their neighbours (the conversation
 * profile's seeds, 50). The memories read around them are placed too, and a chat's hits lie close together. Measured
 * on LoCoMo posted with client keys: 30 lost 0.003 of deep recall@10 against Cairn's names; reading all ~100 costs
 * twice the reads for nothing more.
 */
const ANCHORS = CONVERSATION_PROFILE.turns?.neighbours?.seeds ?? 50;

/**
 * Which memories of one search are conversation turns, who speaks them, and where inferred turns sit: a memory is a
 * turn by Cairn's own names or provenance (domain/conversation.ts), or because the memories posted around it read as
 * a conversation (domain/conversationInference.ts). `learn` reads those around the memories it is given (once each);
 * `only`, when given, limits that to the memories it accepts (given the speaker the text opens with, found once).
 */
export function conversationReader(deps: Pick<Deps, 'store'>, filter: SearchFilter, only?: (m: RankedMemory, prefixed: string | null) => boolean) {
  const windows: PostedMemory[][] = [];
  const read = new Set<string>();
  let budget = ANCHORS;
  let inferred = new Map<string, InferredTurn>();

  // Only a memory that could be a turn is worth reading around: short, and with a speaker — a name its text opens with,
  // or a metadata value that could name one (a turn needs one; a note dated `{recorded: "2024-01-10"}` has none).
  // Asked of every candidate of every search: the cheap checks first, and the text's speaker matched once.
  const worthReading = (m: RankedMemory) => {
    if (read.has(m.id) || m.content.length > MAX_TURN_CHARS || isConversationTurn(m)) return false;
    const prefixed = speakerPrefix(m.content);
    if (only !== undefined && !only(m, prefixed)) return false;
    return prefixed !== null || Object.values(m.metadata ?? {}).some(v => typeof v === 'string' && isNameLike(v));
  };

  return {
    /** Reads around the memories (best first) not read yet, as many as the search's budget still allows. */
    async learn(memories: RankedMemory[]): Promise<void> {
      const anchors = memories.filter(worthReading).slice(0, budget);
      if (anchors.length === 0) return;
      budget -= anchors.length;
      const rows = await deps.store.search.postedAround(anchors, filter, WINDOW, OPENING_CHARS);
      const around = new Map<string, PostedMemory[]>(anchors.map(a => [a.id, [{ ...a, opening: a.content.slice(0, OPENING_CHARS), length: a.content.length }]]));
      for (const r of rows) around.get(r.anchor)?.push(r);
      windows.push(...around.values());
      for (const window of windows) for (const m of window) read.add(m.id);
      inferred = inferConversations(windows);
    },
    isTurn: (m: RankedMemory) => isConversationTurn(m) || inferred.has(m.id),
    speaker: (m: RankedMemory) => (isConversationTurn(m) ? speakerOfTurn(m) : (inferred.get(m.id)?.speaker ?? null)),
    /** Inferred turns read so far, with their places: the memories around a hit that may inherit its context. */
    inferred: () => inferred,
  };
}

export type ConversationReader = ReturnType<typeof conversationReader>;

/**
 * Whether a memory may be spoken by someone a query names (its words): the name its text opens with, or a short text
 * value of its metadata (a speaker-like key), is all query words.
 */
export function mayBeSpokenBy(queryWords: ReadonlySet<string>) {
  const said = (name: string) => {
    const parts = words(name);
    return parts.length > 0 && parts.length <= 3 && parts.every(w => queryWords.has(w));
  };
  return (m: RankedMemory, prefixed: string | null = speakerPrefix(m.content)) => {
    return (prefixed !== null && said(prefixed)) || Object.values(m.metadata ?? {}).some(v => typeof v === 'string' && v.length <= 40 && said(v));
  };
}
