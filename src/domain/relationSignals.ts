/**
 * Offline signals between two memories — word overlap, the subject they open on, update and challenge cues, shared
 * entities — and the rules that read an EVOLVES relation from them. Pure. Tuned to be conservative: a false link
 * costs the user more than a missing one, so every rule asks for the same subject and substantial overlap.
 */
import type { EvolvesRelation } from './evolves.ts';
import { terms, words } from './text.ts';

/** Phrases that say a fact changed ("now", "moved", "no longer", "instead"…). */
const CHANGE_CUES = [
  'now', 'nowadays', 'no longer', 'not anymore', 'anymore', 'any more', 'moved', 'has moved', 'switched', 'changed',
  'instead', 'replaced', 'updated', 'update', 'used to', 'from now on', 'these days', 'currently', 'became', 'renamed',
  'is now', 'are now', 'has become', 'migrated',
];

/** Phrases that dispute a statement ("actually", "not true", "incorrect"…). */
const CHALLENGE_CUES = [
  'actually', 'not true', 'incorrect', 'wrong', 'mistaken', 'contrary', 'false', 'disagree', 'isn\'t', 'wasn\'t',
  'aren\'t', 'doesn\'t', 'didn\'t', 'is not', 'was not', 'are not', 'does not', 'did not', 'never',
];

/** Every word of a cue: none of them names what a memory is about. */
const CUE_WORDS = new Set([...CHANGE_CUES, ...CHALLENGE_CUES].flatMap(cue => cue.split(' ')));

const plainWords = (text: string) => words(text.replace(/’/g, "'"));

/** Runs of one to three words of a text: every cue is one of them. */
function wordRuns(list: string[]): Set<string> {
  const runs = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    runs.add(list[i]!);
    if (i + 1 < list.length) runs.add(`${list[i]} ${list[i + 1]}`);
    if (i + 2 < list.length) runs.add(`${list[i]} ${list[i + 1]} ${list[i + 2]}`);
  }
  return runs;
}

/** The cues of a list that occur in a text as whole words. */
export function cuesIn(text: string, cues: readonly string[]): string[] {
  const runs = wordRuns(plainWords(text));
  return cues.filter(cue => runs.has(cue));
}

/** The first `n` distinct content words of a text, cue words left out, as written (lower case): what it opens on. */
export function openingWords(text: string, n: number): string[] {
  const opening: string[] = [];
  for (const word of plainWords(text)) {
    if (opening.length === n) break;
    if (!CUE_WORDS.has(word) && terms(word).length > 0 && !opening.includes(word)) opening.push(word);
  }
  return opening;
}

/** What the rules read of one text; computed once per memory, compared with many. */
export interface TextProfile {
  terms: Set<string>;
  changeCues: string[];
  challengeCues: string[];
  /** Stemmed first three content words (cue words skipped). */
  opening: string[];
}

export function profileText(text: string): TextProfile {
  const runs = wordRuns(plainWords(text));
  return {
    terms: new Set(terms(text)),
    changeCues: CHANGE_CUES.filter(cue => runs.has(cue)),
    challengeCues: CHALLENGE_CUES.filter(cue => runs.has(cue)),
    opening: openingWords(text, 3).flatMap(terms),
  };
}

export interface TextOverlap {
  /** Shared terms over all distinct terms of both. */
  jaccard: number;
  /** Share of the older text's terms found in the newer one. */
  olderCoverage: number;
  shared: string[];
  newerTerms: number;
  olderTerms: number;
}

export function textOverlap(newer: TextProfile, older: TextProfile): TextOverlap {
  const shared = [...newer.terms].filter(t => older.terms.has(t));
  const union = newer.terms.size + older.terms.size - shared.length;
  return {
    jaccard: union === 0 ? 0 : shared.length / union,
    olderCoverage: older.terms.size === 0 ? 0 : shared.length / older.terms.size,
    shared,
    newerTerms: newer.terms.size,
    olderTerms: older.terms.size,
  };
}

/**
 * Whether the two texts open on the same subject: the first content word of one is among the first three of the
 * other (stemmed; cue words skipped). A change or a dispute is about what a statement says of its subject; "Sam now
 * lives in Lisbon" shares most words with "Alex lives in Lisbon" and is still not an update of it.
 */
export function sameOpening(a: TextProfile, b: TextProfile): boolean {
  const [ta, tb] = [a.opening, b.opening];
  return (ta.length > 0 && tb.includes(ta[0]!)) || (tb.length > 0 && ta.includes(tb[0]!));
}

export interface EvolutionInput {
  newer: TextProfile;
  older: TextProfile;
  /** Ids of the entities each mentions (empty when none were found). */
  newerEntities: string[];
  olderEntities: string[];
}

export interface EvolutionVerdict {
  relation: EvolvesRelation;
  confidence: number;
  reason: string;
  overlap: TextOverlap;
  sharedEntities: number;
}

/** Thresholds: how much the two texts must share before each relation is considered. */
export const EVOLUTION_THRESHOLDS = {
  replaces: { olderCoverage: 0.5, jaccard: 0.3 },
  challenges: { olderCoverage: 0.6, jaccard: 0.4 },
  confirms: { jaccard: 0.8 },
  enriches: { olderCoverage: 0.85, extraTerms: 3, jaccard: 0.4, olderTerms: 4 },
  minTerms: 2,
} as const;

const quote = (items: string[]) => items.slice(0, 3).map(t => `'${t}'`).join(', ');
const added = (newer: string[], older: string[]) => newer.filter(c => !older.includes(c));

/**
 * Whether `newer` reads as an update of `older`, and how: replaces (says the fact changed), challenges (disputes
 * it), confirms (restates it) or enriches (says all of it and more). Null when nothing is convincing. Shared entities
 * add confidence but decide nothing: the entity that differs is often the very value that changed ("runs on Heroku"
 * → "now runs on Fly.io"), so sharing none is no evidence against an update.
 */
export function classifyEvolution(input: EvolutionInput): EvolutionVerdict | null {
  const { newer, older } = input;
  const overlap = textOverlap(newer, older);
  const t = EVOLUTION_THRESHOLDS;
  if (overlap.newerTerms < t.minTerms || overlap.olderTerms < t.minTerms) return null;
  const olderEntities = new Set(input.olderEntities);
  const sharedEntities = new Set(input.newerEntities.filter(e => olderEntities.has(e))).size;
  const entityBoost = 0.05 * Math.min(sharedEntities, 2);

  const subject = sharedEntities > 0 ? `both about ${sharedEntities} shared entit${sharedEntities === 1 ? 'y' : 'ies'}; ` : '';
  const sharing = `shares ${quote(overlap.shared)} (${Math.round(overlap.jaccard * 100)}% of terms)`;
  const verdict = (relation: EvolvesRelation, confidence: number, why: string): EvolutionVerdict => ({
    relation,
    confidence: Number(Math.min(0.95, confidence + entityBoost).toFixed(3)),
    reason: `${why}; ${subject}${sharing}`,
    overlap,
    sharedEntities,
  });

  // Cues count only when the newer text brings them: both saying "now" says nothing changed.
  const change = added(newer.changeCues, older.changeCues);
  const challenge = added(newer.challengeCues, older.challengeCues);
  const subjectKept = sameOpening(newer, older);
  if (change.length && subjectKept && overlap.olderCoverage >= t.replaces.olderCoverage && overlap.jaccard >= t.replaces.jaccard) {
    return verdict('replaces', 0.5 + 0.4 * overlap.olderCoverage, `the newer memory says it changed (${quote(change)})`);
  }
  if (challenge.length && subjectKept && overlap.olderCoverage >= t.challenges.olderCoverage && overlap.jaccard >= t.challenges.jaccard) {
    return verdict('challenges', 0.45 + 0.4 * overlap.olderCoverage, `the newer memory disputes it (${quote(challenge)})`);
  }
  if (change.length || challenge.length) return null;
  if (overlap.jaccard >= t.confirms.jaccard) {
    return verdict('confirms', 0.4 + 0.5 * overlap.jaccard, 'the newer memory restates it');
  }
  const extra = overlap.newerTerms - overlap.shared.length;
  const e = t.enriches;
  if (subjectKept && overlap.olderTerms >= e.olderTerms && overlap.olderCoverage >= e.olderCoverage && overlap.jaccard >= e.jaccard && extra >= e.extraTerms) {
    return verdict('enriches', 0.35 + 0.4 * overlap.olderCoverage, `the newer memory repeats it and adds ${extra} terms`);
  }
  return null;
}
