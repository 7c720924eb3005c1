import { ORGANIZATIONS, PLACES, PRODUCTS, TECHNOLOGIES } from './gazetteer.ts';
import { isGivenName } from './givenNames.ts';
import { openGazetteerListsPlace } from './openGazetteer.ts';
import type { Word } from './words.ts';

/**
 * A chat line's speaker: "Florence: can someone grab milk?", "Sky: lol no". A message stored as "Name: text" names
 * its sender first, so a given name there (givenNames.ts) is a person even where the same word is an English word
 * ("Sky", "Hope") or a town ("Brooklyn"). A town's name counts only where what follows reads as a message (a
 * lower-case word or a pronoun first: "Brooklyn: can we …"), not as a travel note's heading ("Florence: the Uffizi
 * at nine"); so does a listed brand's ("Zara: did anyone …", but not "Jira: 3 new tickets").
 */

/** Words that open a message rather than a heading's subject. */
const MESSAGE_OPENERS = new Set(
  "i i'm i've i'll i'd we we're you you're my our anyone someone who what when where can could did does has have is are thanks thank happy just lol omg yes no yeah yep nope ok okay hey hi hello morning sorry".split(' '),
);

/** Whether words[from, to) is the speaker opening a "Name: message" sentence: one word, or a given name and a surname ("Summer Lee: …"). */
export function chatSpeaker(words: Word[], from: number, to: number): boolean {
  const name = words[from];
  if (to - from < 1 || to - from > 2 || words[to]?.text !== ':' || !name.cap || name.allCaps) return false;
  if (to - from === 2 && (!words[from + 1].cap || words[from + 1].allCaps)) return false;
  if (from !== words.findIndex(w => !w.punct)) return false;
  const opener = words[to + 1];
  if (!opener || opener.punct || !isGivenName(name.lower)) return false;
  if (to - from === 2) return true;
  // A listed brand that is also a given name speaks only where a message follows ("Zara: did anyone save the board?").
  const brand = ORGANIZATIONS.has(name.lower) || TECHNOLOGIES.has(name.lower) || PRODUCTS.has(name.lower);
  if (brand && !MESSAGE_OPENERS.has(opener.lower)) return false;
  const town = PLACES.has(name.lower) || openGazetteerListsPlace(name.lower);
  return !town || !opener.cap || MESSAGE_OPENERS.has(opener.lower);
}
