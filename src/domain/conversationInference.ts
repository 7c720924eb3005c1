/**
 * Conversations inferred from the memories themselves, whatever a client names its metadata. Pure.
 *
 * A client that stores each chat message as a memory ("Ann: text", dated, with metadata keys of its own such as
 * `{chat: "trip", msg_no: 3}`, `{role: "user", run_id: "r1"}`, or none) writes no Cairn names (domain/conversation.ts
 * reads those). Its turns are recognised here from a stretch of memories read in posting order (created_at, then id)
 * around each search candidate, all of one space:
 *
 * - A **speaker** is a name-like token a memory opens with: "Ann: …", "[Ann] …", "**Ann**: …" or "**Ann:** …" (one
 *   to three words, the first capitalised: "Ann Lee", "AI companion"; or one lower-case word such as "user"), never
 *   a note's label ("Note:", "TODO:", "Update:", "Q:", an all-capitals word other than "AI", …), or the value of a
 *   speaker-like metadata key (below).
 * - Metadata keys are read by what their values do in the stretch, never by their names. A key with a string or
 *   number value on several memories is a **grouping key** ("trip", "r1", "session 3") when its value mostly stays the
 *   same from one memory to the next, a **speaker-like key** ("Ann"/"Bob", "user"/"assistant") when it mostly
 *   changes, holds a few short name-like values and agrees with the speakers texts name (if they name any), and an **index-like key** (`msg_no: 3`) when it is a whole number
 *   that changes from one memory to the next. Other values held by one memory each (ids, timestamps) are ignored.
 * - Memories with the same values for every grouping key form a **group**. A group is a conversation when at least
 *   two of its memories, and at least half of them, have a speaker, and, past three speaking, its speakers **recur** (those who speak more
 *   than once say at least half of it: topic-labelled notes, "Chess: …", "Heating: …", name a new topic nearly every time).
 *   Then every memory of the group is a turn.
 * - Other memories are a conversation when they form a **run**: consecutive memories in posting order,
 *   each with a speaker prefix, at most `RUN_GAP_HOURS` apart (by event_start, else created_at), with two speakers or
 *   more who recur.
 * - Documents (over `MAX_TURN_CHARS` characters) are never turns; a run goes on past one (a file shared in a chat).
 * A turn's position is its index-like key when its group has one, else its place in posting order; neighbours are
 * only looked for within one contiguous stretch, so a memory the stretch did not read is never skipped over.
 */
import type { TurnPosition } from './conversation.ts';

/** A memory as read in posting order: its opening words suffice to find a speaker. */
export interface PostedMemory {
  id: string;
  /** The first characters of its content (at least `OPENING_CHARS`). */
  opening: string;
  /** Its content's full length in characters. */
  length: number;
  metadata: Record<string, unknown>;
  created_at: string;
  event_start: string | null;
}

export interface InferredTurn {
  position: TurnPosition;
  speaker: string | null;
}

/** Content past this length is a document, not something said in a chat. */
export const MAX_TURN_CHARS = 2000;
/** How much of a memory's content is read to find its speaker. */
export const OPENING_CHARS = 120;
/** Consecutive prefixed memories further apart than this (hours) are not one run. */
const RUN_GAP_HOURS = 12;
/** A speaker-like key changes value between at least this share of consecutive memories; a grouping key less. */
const ALTERNATION = 0.5;
/** A speaker-like key holds at most this many values in a stretch (a chat has few participants). */
const MAX_SPEAKERS = 8;

/** Words that open notes as labels ("Note: …", "Update: …"): never a speaker. */
const LABELS = new Set(
  (
    'note notes todo to-do update updates decision decisions summary question answer idea ideas reminder fix bug status result results ' +
    'error warning tip tips goal goals action actions agenda issue issues problem solution context background example important subject ' +
    'title date time location source link url re fwd ps step steps task tasks meeting plan plans outcome lesson lessons learning insight ' +
    'observation conclusion recap log changelog feedback review edit draft quote definition term rule tag tags category type priority ' +
    'deadline owner followup follow-up hint caution tldr tl;dr abstract introduction overview description details detail next done pros ' +
    'cons reason reasons cause effect fact facts update edited edit fixed added removed changed prerequisites requirements question answers ' +
    'response request input output query reply comment comments caveat aside correction clarification disclaimer psa announcement news ' +
    'breaking alert info information motto thought thoughts reflection memo minutes attendees participants keywords topic topics fyi nb btw ' +
    'eta wip imo imho aka ps p.s. n.b. reminder warning danger todo-list checklist'
  ).split(' '),
);

// A name's later words may be lower-case: an assistant is often "AI companion" or "Support bot" (MemoryBank's chats).
const NAME = String.raw`[\p{Lu}][\p{L}\p{N}'.-]*(?: [\p{L}][\p{L}\p{N}'.-]*){0,2}|[\p{Ll}][\p{Ll}\p{N}_-]*`;
const PREFIXES = [
  new RegExp(String.raw`^\s*\*\*(${NAME})\*\*\s*:\s`, 'u'),
  new RegExp(String.raw`^\s*\*\*(${NAME}):\*\*\s`, 'u'),
  new RegExp(String.raw`^\s*\[(${NAME})\]\s*:?\s`, 'u'),
  new RegExp(String.raw`^\s*(${NAME}):\s`, 'u'),
];

/** All-capitals words that name a participant, not a label: the assistant of "User: … / AI: …" chats. */
const CAPITALISED_SPEAKERS = new Set(['AI']);

/** True for a token that can name a participant: not a note's label, not a single letter, not an all-capitals word (but "AI"). */
export function isNameLike(name: string): boolean {
  if (name.length > 40) return false;
  let known = namesJudged.get(name);
  if (known === undefined) {
    if (namesJudged.size >= NAMES_JUDGED) namesJudged.clear();
    namesJudged.set(name, (known = judgeName(name)));
  }
  return known;
}

/**
 * Names judged so far: search asks of every candidate and every memory read around one, query after query, and the
 * answer depends on the name alone (docs/benchmarks.md, "Issue 27: search CPU under the mix (round 4)").
 */
const namesJudged = new Map<string, boolean>();
const NAMES_JUDGED = 20_000;

function judgeName(name: string): boolean {
  const letters = name.replace(/[^\p{L}]/gu, '');
  if (letters.length < 2 || (/^\p{Lu}+$/u.test(letters) && !CAPITALISED_SPEAKERS.has(name))) return false;
  return !LABELS.has(name.toLowerCase()) && !LABELS.has(name.split(' ')[0]!.toLowerCase());
}

/** The speaker a memory's text opens with ("Ann: …", "[Ann] …", "**Ann**: …"), or null. */
export function speakerPrefix(text: string): string | null {
  for (const pattern of PREFIXES) {
    const name = pattern.exec(text)?.[1];
    if (name) return isNameLike(name) ? name : null;
  }
  return null;
}

type Scalar = string | number;
const scalar = (value: unknown): Scalar | null => (typeof value === 'string' && value.trim() ? value : typeof value === 'number' && Number.isFinite(value) ? value : null);
const asIndex = (value: Scalar): number | null => {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
};
const postingOrder = (a: PostedMemory, b: PostedMemory) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

interface KeyRoles {
  grouping: string[];
  speaker: string[];
  index: string[];
}

/** What each metadata key does across the stretches: groups memories, names their speaker, numbers them, or nothing. */
export function keyRoles(stretches: PostedMemory[][]): KeyRoles {
  const stats = new Map<string, { values: Scalar[]; pairs: number; changes: number; named: number; agrees: number }>();
  for (const stretch of stretches) {
    let previous: Record<string, unknown> | null = null;
    for (const m of stretch) {
      const prefixed = speakerPrefix(m.opening);
      for (const [key, raw] of Object.entries(m.metadata ?? {})) {
        const value = scalar(raw);
        if (value === null) continue;
        const s = stats.get(key) ?? stats.set(key, { values: [], pairs: 0, changes: 0, named: 0, agrees: 0 }).get(key)!;
        s.values.push(value);
        if (prefixed) {
          s.named++;
          if (String(value).toLowerCase() === prefixed.toLowerCase()) s.agrees++;
        }
        const before = previous ? scalar(previous[key]) : null;
        if (before !== null) {
          s.pairs++;
          if (before !== value) s.changes++;
        }
      }
      previous = m.metadata ?? {};
    }
  }
  const roles: KeyRoles = { grouping: [], speaker: [], index: [] };
  for (const [key, { values, pairs, changes, named, agrees }] of stats) {
    if (values.length < 2) continue;
    const distinct = new Set(values.map(String));
    const changing = pairs === 0 ? distinct.size === values.length : changes / pairs >= ALTERNATION;
    // Numbers that change from one memory to the next number them (two chats of a space may both count from 1).
    if (changing && values.every(v => asIndex(v) !== null)) {
      roles.index.push(key);
      continue;
    }
    if (distinct.size === values.length) continue;
    const nameLike = values.every(v => typeof v === 'string' && v.length <= 40 && v.trim().split(/\s+/).length <= 3 && /^\p{L}/u.test(v));
    // Where texts name their speakers, a speaker key agrees with them; one that does not is two chats posted in turns.
    const agreeing = named < 2 || agrees * 2 >= named;
    if (pairs > 0 && changes / pairs >= ALTERNATION && nameLike && distinct.size <= MAX_SPEAKERS && agreeing) roles.speaker.push(key);
    else if (pairs === 0 || changes / pairs < ALTERNATION || !agreeing) roles.grouping.push(key);
  }
  roles.grouping.sort();
  roles.index.sort();
  // Names ("Ann", "Bob") before kinds ("user", "assistant"): the key with more values names the speaker.
  const values = (key: string) => new Set(stats.get(key)!.values).size;
  roles.speaker.sort((a, b) => values(b) - values(a) || (a < b ? -1 : 1));
  return roles;
}

const hours = (a: PostedMemory, b: PostedMemory) => Math.abs(Date.parse(a.event_start ?? a.created_at) - Date.parse(b.event_start ?? b.created_at)) / 3_600_000;

/**
 * The turns among stretches of memories, each stretch contiguous in posting order within one space (see the module
 * comment): for each turn, its place in its conversation and its speaker, when one is known.
 */
export function inferConversations(windows: PostedMemory[][]): Map<string, InferredTurn> {
  const sorted = mergeStretches(windows);
  const roles = keyRoles(sorted);
  const speakerOf = (m: PostedMemory) => {
    const prefixed = speakerPrefix(m.opening);
    if (prefixed) return prefixed;
    const named = roles.speaker.map(k => scalar(m.metadata?.[k])).find(v => typeof v === 'string');
    return typeof named === 'string' && isNameLike(named) ? named : null;
  };
  const speakers = new Map(sorted.flat().map(m => [m.id, m.length <= MAX_TURN_CHARS ? speakerOf(m) : null]));
  const turns = new Map<string, InferredTurn>();
  sorted.forEach((stretch, at) => {
    const chats = stretch.filter(m => m.length <= MAX_TURN_CHARS);
    const groups = new Map<string, PostedMemory[]>();
    for (const m of chats) {
      const values = roles.grouping.map(k => [k, scalar(m.metadata?.[k])] as const).filter(([, v]) => v !== null);
      if (values.length === 0) continue;
      const key = JSON.stringify(values);
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(m);
    }
    for (const [key, members] of groups) {
      // Most of a conversation's members speak: a key every memory of a client carries (`source: "app"`) does not
      // turn its notes into turns because a few chat lines share it.
      const names = members.map(m => speakers.get(m.id)).filter((n): n is string => Boolean(n));
      // A short exchange ("Cy: …", "Di: …") under one key is a chat too; more lines must show the same voices again.
      if (names.length < 2 || names.length * 2 < members.length || (names.length > 3 && !speakersRecur(names))) continue;
      placeGroup(turns, `group:${key}@${at}`, members, roles.index, speakers);
    }
    // Memories no group made turns: runs of consecutive prefixed memories.
    let run: PostedMemory[] = [];
    const close = () => {
      const names = run.map(m => speakers.get(m.id)!);
      if (new Set(names).size >= 2 && speakersRecur(names)) placeGroup(turns, `run:${run[0]!.id}@${at}`, run, [], speakers);
      run = [];
    };
    // A document shared in the middle of a chat is skipped over, not an end to it.
    for (const m of chats) {
      const prefixed = !turns.has(m.id) && speakerPrefix(m.opening) !== null;
      if (!prefixed || (run.length && hours(run.at(-1)!, m) > RUN_GAP_HOURS)) close();
      if (prefixed) run.push(m);
    }
    close();
  });
  return turns;
}

/**
 * True when the speakers of a stretch of memories talk as people in a chat do: the same few speak again and again, so
 * those who speak more than once say at least half of it. Notes that open with their topic ("Chess: …", "Heating: …",
 * "Gym: …") name a new topic nearly every time.
 */
export function speakersRecur(names: string[]): boolean {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  const again = [...counts.values()].filter(c => c >= 2).reduce((sum, c) => sum + c, 0);
  return names.length >= 2 && again * 2 >= names.length;
}

/** Windows read around several memories, joined where they overlap into contiguous stretches, each in posting order. */
export function mergeStretches(windows: PostedMemory[][]): PostedMemory[][] {
  const stretches: Map<string, PostedMemory>[] = [];
  for (const window of windows) {
    const overlapping = stretches.filter(s => window.some(m => s.has(m.id)));
    const merged = new Map(window.map(m => [m.id, m]));
    for (const s of overlapping) {
      for (const [id, m] of s) merged.set(id, m);
      stretches.splice(stretches.indexOf(s), 1);
    }
    stretches.push(merged);
  }
  return stretches.map(s => [...s.values()].sort(postingOrder));
}

/** Positions for the members of one conversation: by an index-like key all of them carry, else by posting order. */
function placeGroup(turns: Map<string, InferredTurn>, conversation: string, members: PostedMemory[], indexKeys: string[], speakers: Map<string, string | null>) {
  const key = indexKeys.find(k => {
    const values = members.map(m => scalar(m.metadata?.[k]));
    return values.every(v => v !== null && asIndex(v) !== null) && new Set(values.map(String)).size === values.length;
  });
  members.forEach((m, place) => {
    if (turns.has(m.id)) return;
    const turn = key === undefined ? place : asIndex(scalar(m.metadata[key])!)!;
    turns.set(m.id, { position: { conversation, session: 0, turn }, speaker: speakers.get(m.id) ?? null });
  });
}
