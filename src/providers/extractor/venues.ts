import { HONORIFICS, ORGANIZATIONS } from './gazetteer.ts';
import { isGivenName } from './givenNames.ts';
import { isEnglishWord, type Word, writtenKey } from './words.ts';

/**
 * A shop, café or institution named by a possessive alone: "coffee from Gail's", "meet at Bewley's on Grafton Street",
 * "St Mungo's is looking for volunteers", "Declan from Arnott's". The possessive is part of the name and what follows
 * is no noun of the owner's ("Gail's brownies" is Gail's). Where the sentence is about a meal or a stay at someone's
 * ("dinner at Mirela's", "hosting Diwali at Nandini's") the name is a person's home, which stays the person.
 */

/** Words saying a possessive is someone's home ("dinner at Ananya's", "staying at Tom's"). */
const HOME_CUES = new Set(
  'dinner dinners lunch breakfast brunch supper tea drinks party bbq barbecue sleepover hosting hosted host stay stayed staying sleep slept sleeping crash crashed crashing round over visit visited visiting'.split(' '),
);
/** Parts of speech of a word that would be what the possessive owns ("Gail's brownies", "Kate's new flat"). */
const CONTRACTED = new Set(['not', 'been', 'got', 'gone', 'going', 'gonna', 'never', 'always', 'just', 'still', 'off', 'back', 'away', 'here', 'there', 'late']);
/** Words that lead to a place: "at", "from", "the" ("at the Sainsbury's on Lee High Road"). */
const VENUE_LEADS = new Set(['at', 'from', 'to', 'into', 'in', 'for', 'near', 'outside', 'opposite', 'behind', 'past', 'the', 'via']);
const SAINT = /^(?:St\.?|Saint)$/;
/** Words that lead to someone's home as readily as to a shop: "left it at Megan's", "bring it to Marta's", "in Tom's". */
const HOME_LEADS = new Set(['at', 'to', 'in', 'for', 'round', 'over']);

/**
 * "movie night at Ruth's", "the box to Marta's": a given name nobody lists as a business, reached by "at" or "to", is
 * someone's home. A name that is also a word ("Bill's") or a listed chain ("Nando's") stays the venue, and so does
 * one reached "from" ("a loaf from Gail's": one brings things home from a shop).
 */
function someonesHome(words: Word[], from: number, to: number): boolean {
  if (to - from !== 1) return false;
  const name = words[from];
  if (!HOME_LEADS.has(words[from - 1]?.lower ?? '') || isEnglishWord(name.lower) || !isGivenName(name.lower)) return false;
  return !ORGANIZATIONS.has(name.lower) && !ORGANIZATIONS.has(name.raw.toLowerCase());
}
const OWNED = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/** Whether the name words[from, to) is a venue named by its possessive. */
export function possessiveVenue(words: Word[], from: number, to: number): boolean {
  const last = words[to - 1];
  if (!last.possessive) return false;
  // "St Bede's summer fair", "St Mary's car park": a saint's possessive names a church, a school or a hospital,
  // whatever follows it (a saint's day, "St Patrick's Day", is an event the lists hold).
  if (to - from > 1 && SAINT.test(words[from].text)) return true;
  // "Sainsbury's in Kennington": a chain the lists hold with its possessive.
  if (ORGANIZATIONS.has(writtenKey(words, from, to))) return true;
  const next = words[to];
  if (next && !next.punct && (next.cap || OWNED.has(next.pos))) return false;
  // "Tom's running late", "Tom's not coming", "Tom's been ill": "'s" is "is" or "has".
  if (next && (CONTRACTED.has(next.lower) || (next.pos === 'VERB' && /ing$/.test(next.lower)))) return false;
  // "Aunt Dvora's": a relative's home.
  if (HONORIFICS.has(words[from].lower.replace(/\.$/, '')) && !SAINT.test(words[from].text)) return false;
  // Opening the sentence, only a verb of its own makes the possessive a name ("Byju's is in the news"); inside it,
  // a place's preposition must lead to it ("from Gail's", "at the Sainsbury's"), not a verb ("made Kenji's").
  const first = words.findIndex(w => !w.punct);
  const before = words[from - 1];
  if (from === first || before?.text === ':') {
    if (next?.pos !== 'AUX') return false;
  } else if (!VENUE_LEADS.has(before?.lower ?? '') || someonesHome(words, from, to)) return false;
  return !words.some((w, i) => i < from && HOME_CUES.has(w.lower));
}
