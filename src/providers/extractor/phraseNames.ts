import { ORGANIZATIONS, PLACES, PRODUCTS, TECHNOLOGIES } from './gazetteer.ts';
import { openGazetteerListsPlace } from './openGazetteer.ts';
import { isEnglishWord, lexiconTags, type Word } from './words.ts';

/**
 * Names that are phrases of ordinary words ("Pets at Home", "Crisis at Christmas", "Habitat for Humanity", "Save the
 * Children", "Welcome to the Jungle", "Women in Tech"): a capitalised everyday word, a small word, then another
 * capitalised everyday word. "Anna at Google" and "Will at Monzo" stay two names: a word that is someone's name, a place's (in the lexicon
 * or the open gazetteer: "Hackney", "Cusco") or a listed brand's is a name of its own, not the start of a phrase.
 */

/** Small words that can sit inside such a name, lower case. */
const PHRASE_CONNECTORS = new Set(['at', 'on', 'for', 'in', 'to', 'the', 'by']);
const ARTICLES = new Set(['the', 'a']);
/** Lexicon tags that make a word a name alone: a person's, a place's, an organisation's. */
const NAME_LIKE_TAGS = /Name|Person|Place|City|Country|Region|Organization|SportsTeam|Honorific/;

const bare = (word: Word) => word.lower.replace(/\.$/, '');

/** A capitalised everyday word that is nobody's and nowhere's name: "Pets", "Crisis", "Habitat", "Save". */
function everydayCapital(word: Word): boolean {
  const key = bare(word);
  if (!word.cap || word.allCaps || word.possessive || word.punct || key.length < 3 || !isEnglishWord(key)) return false;
  if (ORGANIZATIONS.has(key) || PLACES.has(key) || PRODUCTS.has(key) || TECHNOLOGIES.has(key) || openGazetteerListsPlace(key)) return false;
  return !lexiconTags(key).some(tag => NAME_LIKE_TAGS.test(tag));
}

/**
 * How many words after `words[from..to)` continue it as a phrase name: the connector (and an article after it) when
 * the name so far is one everyday capitalised word and another follows (more of the name may follow that); 0 when the name ends.
 * `isNameWord` is the caller's test of a word that may be part of a name.
 */
export function phraseContinuation(words: Word[], from: number, to: number, isNameWord: (word: Word) => boolean): number {
  const connector = words[to];
  if (!connector || !PHRASE_CONNECTORS.has(connector.text) || to - from !== 1 || !everydayCapital(words[from])) return 0;
  const skip = connector.text !== 'the' && ARTICLES.has(words[to + 1]?.text ?? '') ? 2 : 1;
  const next = words[to + skip];
  // Both sides everyday words: "Lantana in Fitzrovia", "Square to SumUp", "Coffee at Costa" are two names.
  return next && isNameWord(next) && everydayCapital(next) ? skip : 0;
}
