import { NAMED_EVENTS, ORGANIZATIONS, PLACES, PRODUCTS, TECHNOLOGIES } from './gazetteer.ts';
import { openGazetteerListsPlace } from './openGazetteer.ts';
import { isEnglishWord, lexiconTags, type Word } from './words.ts';

const FIRST_NAME = /^(?:FirstName|MaleName|FemaleName)$/;

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
  if (ORGANIZATIONS.has(key) || PLACES.has(key) || PRODUCTS.has(key) || TECHNOLOGIES.has(key) || NAMED_EVENTS.has(key) || openGazetteerListsPlace(key)) return false;
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
  // "Spoon at the Roundhouse", "Blur at the Palladium": someone at a venue, two names ("Pets at Home" has no article).
  if (connector.text === 'at' && skip === 2) return 0;
  const next = words[to + skip];
  // Both sides everyday words: "Lantana in Fitzrovia", "Square to SumUp", "Coffee at Costa" are two names.
  return next && isNameWord(next) && everydayCapital(next) ? skip : 0;
}

/** Small words inside names the lists know: "Ruby on Rails", "Newcastle upon Tyne", "Henley on Thames". */
const LISTED_INNER_WORDS = new Set(['on', 'upon', 'at', 'in', 'for', 'to', 'by', 'under', 'over']);
/** Other languages' particles, written in lower case inside listed names: "Dar es Salaam" (not English's "and"). */
const PARTICLE = /^\p{Ll}{1,3}$/u;

/**
 * How many words after `words[from..to)` complete a name that `known` (the hand lists and the open gazetteer) holds
 * with a small word inside: "Ruby on Rails" (where "Ruby" alone is a first name, so no phrase of everyday words),
 * "Newcastle upon Tyne", "Dar es Salaam"; 0 when there is none. The longest such name wins.
 */
export function listedContinuation(words: Word[], from: number, to: number, known: (key: string) => boolean): number {
  const inner = words[to]?.text ?? '';
  if (!LISTED_INNER_WORDS.has(inner) && !(PARTICLE.test(inner) && !isEnglishWord(inner))) return 0;
  const head = words.slice(from, to).map(w => w.lower).join(' ');
  for (let more = 3; more >= 2; more--) {
    const tail = words.slice(to, to + more);
    if (tail.length === more && tail[more - 1].cap && known(`${head} ${tail.map(w => w.lower).join(' ')}`)) return more;
  }
  return 0;
}

/**
 * "Hollow Knight: Silksong", "Star Wars: Andor": a title of two or more capitalised words, a colon written against it,
 * then a capitalised subtitle, is one name (2: the colon and the subtitle's first word; the rest of it follows as
 * name words). Not a label or a speaker opening the sentence ("Standup: Ola is blocked", "Mary Jane: see you"), not a
 * person's name before a colon mid-sentence ("a note for Ana Lucia: Jira is down"), not a place or a shop after a
 * preposition introducing a list ("from Cotswold Outdoor: Montane jacket", "at Tynecastle Park: Hearts vs Hibs").
 */
export function colonSubtitle(words: Word[], from: number, to: number, sentenceStart: number, isNameWord: (word: Word) => boolean): number {
  const colon = words[to];
  const next = words[to + 1];
  if (colon?.text !== ':' || to - from < 2 || from <= sentenceStart || colon.start !== words[to - 1].end) return 0;
  if (!next || next.start !== colon.end + 1 || !isNameWord(next) || PLACE_PREPOSITIONS.has(words[from - 1]?.lower ?? '')) return 0;
  return lexiconTags(bare(words[from])).some(tag => FIRST_NAME.test(tag)) ? 0 : 2;
}

const PLACE_PREPOSITIONS = new Set(['at', 'from', 'in', 'to', 'with', 'for', 'by', 'of', 'on', 'near', 'via', 'into']);

/** Heads of meetings whose names run on through "on" and a topic. */
export const TOPIC_HEADS = new Set(['conference', 'symposium', 'workshop', 'summit', 'congress', 'forum', 'colloquium', 'seminar', 'convention']);

/**
 * "Brightwater Symposium on Urban Water", "International Conference on Machine Learning": a meeting's name continues
 * through "on" and its capitalised topic (2: "on" and the topic's first word). "the Summit on Friday" stays a meeting
 * and a day: `isNameWord` refuses dates.
 */
export function topicContinuation(words: Word[], to: number, isNameWord: (word: Word) => boolean): number {
  const next = words[to + 1];
  return TOPIC_HEADS.has(bare(words[to - 1])) && words[to]?.text === 'on' && next !== undefined && isNameWord(next) ? 2 : 0;
}

/** Whether words[from, to) is a name already joined by "of" or "for" ("University of Science", "Institute for Fiscal"). */
export const joinedName = (words: Word[], from: number, to: number) => words.slice(from, to).some(w => w.lower === 'of' || w.lower === 'for');

/**
 * "University of Science and Technology", "Institute for Fiscal and Legal Studies": a field's everyday word after "and"
 * (at words[to + 1]), in a name already joined; not a second name ("Bank of England and Barclays").
 */
export function fieldAfterAnd(words: Word[], from: number, to: number): boolean {
  const after = words[to + 1];
  if (words[to]?.lower !== 'and' || !after?.cap || after.allCaps || !joinedName(words, from, to)) return false;
  const key = after.lower;
  return isEnglishWord(key) && !ORGANIZATIONS.has(key) && !PLACES.has(key) && !PRODUCTS.has(key) && !TECHNOLOGIES.has(key);
}
