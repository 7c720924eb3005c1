import type { Typed } from './cues.ts';
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

/** Whether the words around words[from, to) say it plays a match. */
function playsAMatch(words: Word[], from: number, to: number, clubShaped: boolean): boolean {
  const before = words[from - 1]?.lower ?? '';
  const after = words[to]?.lower ?? '';
  if (VERSUS.has(before) || VERSUS.has(after)) return true;
  // "Leinster beat Munster", "lost to Exeter City", "drew with Hearts".
  if (RESULT_AFTER.has(after) || (clubShaped && after === 'won')) return true;
  const before2 = words[from - 2]?.lower ?? '';
  return (before2 === 'lost' && before === 'to') || (before2 === 'drew' && before === 'with') || (before === 'beat' && words[from - 2]?.cap === true);
}

/** The side's type, where a place's or a club-shaped name plays a match; null otherwise. */
export function sportsSide(words: Word[], from: number, to: number, intrinsic: Typed | null): Typed | null {
  const clubShaped = to - from > 1 && CLUB_TAILS.has(words[to - 1].lower);
  if (intrinsic?.type !== 'location' && !clubShaped) return null;
  return playsAMatch(words, from, to, clubShaped) ? { type: 'organization', confidence: 0.9 } : null;
}
