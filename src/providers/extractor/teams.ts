import type { Typed } from './cues.ts';
import { ORGANIZATIONS, PLACES } from './gazetteer.ts';
import { openGazetteerListsPlace } from './openGazetteer.ts';
import type { Word } from './words.ts';

/**
 * A sports side: "Leinster v Munster", "Glamorgan collapsed to 98 all out", "Aldershot Town won at home". A place's
 * name playing a match is the club or county side that plays it, an `organization` (the labelling guideline: sports
 * teams are organisations). Only a place's name or a club-shaped one turns: "Vikram beat me twice" stays a person.
 */

/** Words between two sides. */
const VERSUS = new Set(['v', 'v.', 'vs', 'vs.', 'versus']);
/** A side's result, right after its name ("won" only after a club's name: "Kenya won independence" is the country). */
const RESULT_AFTER = new Set(['drew', 'beat', 'lost', 'collapsed', 'thrashed', 'hammered', 'equalised', 'equalized', 'conceded', 'declared', 'batted', 'bowled']);
/** Last words of clubs' names that are also words of places ("Aldershot Town", "Exeter City", "Partick Thistle"). */
const CLUB_TAILS = new Set(['town', 'city', 'united', 'rovers', 'rangers', 'athletic', 'wanderers', 'albion', 'thistle', 'county', 'fc', 'afc', 'rfc', 'hotspur', 'celtic', 'villa', 'harriers', 'orient', 'argyle', 'rugby', 'cricket']);

/** A side's match, right after its name: "Poland play Netherlands", "a Leicester fan", "Brighton at home". */
const MATCH_AFTER = new Set(['play', 'plays', 'playing', 'fan', 'fans', 'supporter', 'supporters', 'away']);
/** What a side is, after "are": "Bath are playing", "Newcastle are top". */
const SIDE_STATE = new Set(['playing', 'top', 'bottom', 'winning', 'losing', 'unbeaten', 'relegated', 'promoted']);

/** Whether the words around words[from, to) say it plays a match. */
function playsAMatch(words: Word[], from: number, to: number, clubShaped: boolean): boolean {
  const before = words[from - 1]?.lower ?? '';
  const after = words[to]?.lower ?? '';
  const next = words[to + 1]?.lower ?? '';
  if (VERSUS.has(before) || VERSUS.has(after)) return true;
  // "Leinster beat Munster", "lost to Exeter City", "drew with Hearts".
  if (RESULT_AFTER.has(after) || (clubShaped && after === 'won')) return true;
  // Not a place where someone else plays: "Ravi's club in Pune plays its final".
  const placed = /^(?:in|at|from|near|to|of|around)$/.test(before);
  if (!placed && (MATCH_AFTER.has(after) || (after === 'at' && next === 'home'))) return true;
  if ((after === 'are' || after === 'were') && SIDE_STATE.has(next)) return true;
  const before2 = words[from - 2]?.lower ?? '';
  // "Leeds away at Sunderland", "Poland play Netherlands", "he supports Hearts".
  if ((before2 === 'away' && before === 'at') || before === 'supports' || (/^play(?:s|ing)?$/.test(before) && words[from - 2]?.cap === true)) return true;
  return (before2 === 'lost' && before === 'to') || (before2 === 'drew' && before === 'with') || (before === 'beat' && words[from - 2]?.cap === true);
}

/** Whether the name across "v" from words[from, to) is a place's or a club-shaped one ("Dublin v Kerry": Kerry's side is Dublin). */
function facesAPlace(words: Word[], from: number, to: number): boolean {
  const other = VERSUS.has(words[from - 1]?.lower ?? '') ? words[from - 2] : VERSUS.has(words[to]?.lower ?? '') ? words[to + 1] : undefined;
  return !!other?.cap && (PLACES.has(other.lower) || ORGANIZATIONS.has(other.lower) || openGazetteerListsPlace(other.lower) || CLUB_TAILS.has(other.lower));
}

/** The side's type, where a place's or a club-shaped name plays a match; null otherwise. */
export function sportsSide(words: Word[], from: number, to: number, intrinsic: Typed | null): Typed | null {
  const clubShaped = to - from > 1 && CLUB_TAILS.has(words[to - 1].lower);
  // A name that "are playing" is a side whatever else it names: one person "is" ("Bath are playing at home").
  const pluralSide = /^(?:are|were)$/.test(words[to]?.lower ?? '') && SIDE_STATE.has(words[to + 1]?.lower ?? '');
  if (intrinsic?.type !== 'location' && !clubShaped && !pluralSide && !(intrinsic?.type !== 'product' && facesAPlace(words, from, to))) return null;
  return playsAMatch(words, from, to, clubShaped) ? { type: 'organization', confidence: 0.9 } : null;
}
