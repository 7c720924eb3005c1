import { EVENT_HEADS, GENERIC_TERMS, UNITS } from './catalog.ts';
import { PERSON_AFTER, PERSONAL_AFTER, PROJECT_PARTS } from './cues.ts';
import { GREETINGS, JOB_TITLES, NOT_NAMES, ORGANIZATION_HEADS, PERSON_CUES, PLACE_HEADS, STORM_PREFIXES, VENUE_PREFIXES } from './gazetteer.ts';
import { isGivenName } from './givenNames.ts';
import { bare, DATE_WORDS, hasTag, known, ORG_TAGS, PLACE_TAGS } from './nameTypes.ts';
import { isEnglishWord, lexiconTags, type Word } from './words.ts';

/**
 * A sentence's first words: whether a capitalised word there is a name or only written so because it opens the
 * sentence ("Payments are down" against "Hope has a dentist appointment", "Games Workshop put its prices up").
 * names.ts asks these while it finds the names of a sentence.
 */

const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'Person', 'LastName', 'Honorific']);

const COMMON_SUFFIX = /(?:ment|ness|tion|sion|ous|ful|ity|ism|ence|ance|able|ible|less)$/;

/** First words that open a name of their kind even at a sentence's start, where an English word is otherwise no name. */
const NAME_OPENERS = new Set(['mount', 'mt', 'lake', 'river', 'loch', 'cape', 'isle', 'fort', ...VENUE_PREFIXES, ...STORM_PREFIXES]);

/**
 * Whether a capitalised word at the start of a sentence is a name rather than an ordinary word written in capitals.
 * An English word ("Payments", "Backups", "Heron") is a name there only when more of a name follows it or the same
 * text writes it capitalised elsewhere (`names`).
 */
export function nameAtSentenceStart(word: Word, inside: boolean, names: ReadonlySet<string>): boolean {
  const key = bare(word);
  if (NOT_NAMES.has(key) || word.stopWord) return false;
  if (known(key)) return true;
  // "River Doverby burst its banks", "Storm Ingrith took the roof off", "Bistro Olvera closed": a kind of place, venue
  // or storm that opens its own name.
  if (inside && NAME_OPENERS.has(key)) return true;
  if (GENERIC_TERMS.has(key) || (UNITS.has(key) && !inside)) return false;
  // "Check-in closes", "Camera-ready is due", "Sign-ups for …": everyday words joined by hyphens.
  if (!inside && HYPHENED_WORDS.test(word.text) && key.split('-').every(part => isEnglishWord(part))) return false;
  const tags = lexiconTags(key);
  if (hasTag(tags, NAME_TAGS) || hasTag(tags, PLACE_TAGS) || hasTag(tags, ORG_TAGS)) return true;
  // A bare 'Noun' in the lexicon is a word that is also a name (Jasmine, Maya): trust wink's proper-noun tag.
  if (tags.length > 0 && !(tags.length === 1 && tags[0] === 'Noun')) return false;
  // An unknown word shaped like an ordinary noun or adjective ("Unemployment", "Jealous") is not a name.
  if (!word.allCaps && COMMON_SUFFIX.test(key)) return false;
  if (names.has(key)) return true;
  // A verb opening a work-log line ("Rebased the branch", "Pair-programmed with Noor") is not a name either.
  if (!word.allCaps && /(?:ed|ing)$/.test(key) && (!inside || key.length >= 7 || isEnglishWord(key))) return false;
  if (!word.allCaps && !inside && (isEnglishWord(key) || (VERB_PREFIX.test(key) && isEnglishWord(key.replace(VERB_PREFIX, ''))))) return false;
  return word.pos === 'PROPN' || word.allCaps;
}

const HYPHENED_WORDS = /^\p{Lu}\p{Ll}+(?:-\p{Ll}+)+$/u;

/** "Rewrote", "Unpinned", "Overslept": a prefix on an English word. */
const VERB_PREFIX = /^(?:re|un|pre|over|under|out|mis|co)(?=\p{Ll}{3})/u;

/** Whom a sentence names by their part, not their name: "Client wants …", "Customer said …", "Landlord texted …". */
const PEOPLE_BY_ROLE = new Set([...PERSON_CUES, ...JOB_TITLES, ...'client clients customer customers user users buyer seller supplier vendor candidate patient guest tenant visitor caller everyone someone nobody'.split(' ')]);

/** Verbs after a name opening a sentence that only people do ("Bryony said", "Marigold joined Stripe"). */
const PERSON_OPENING_VERBS = new Set('said says thinks thought asked asks told tells reckons joined wants wanted recommended suggested promised texted emailed'.split(' '));

/**
 * Whether what follows a capitalised word says it is a person: kin or a birthday after its possessive, or a person's
 * verb. A given name that is also an English word ("Hope", "Sunny", "Florence") is a person on less: anything it owns
 * ("Hope's school"), a verb only people do ("Hope started"), or "is" doing something ("Sky is staying").
 */
export function personFollows(word: Word, next: Word | undefined, after: Word | undefined): boolean {
  if (!next || next.cap) return false;
  // Not a listed company's or product's name: "Sky sent an engineer" is the broadband firm.
  const given = isGivenName(bare(word)) && !known(bare(word)) && !DATE_WORDS.has(bare(word)) && !NOT_NAMES.has(bare(word));
  if (word.possessive) return PERSONAL_AFTER.has(next.lower) || (given && next.pos === 'NOUN' && !PROJECT_PARTS.has(next.lower));
  if (word.pos === 'PROPN' && PERSON_OPENING_VERBS.has(next.lower) && !PEOPLE_BY_ROLE.has(bare(word))) return true;
  if (!given) return false;
  if (PERSON_AFTER.has(next.lower) || (/^(?:is|was)$/.test(next.lower) && !!after && /\p{Ll}ing$/u.test(after.text))) return true;
  // "Hope has a dentist appointment", "Precious lost her bag", "Destiny and her cousins", "Bill from next door".
  const owned = !!after && (PERSONAL_OBJECTS.has(after.lower) || /\p{Ll}ing$/u.test(after.text));
  if (/^(?:has|had|got|gets|lost|loses)$/.test(next.lower)) return owned || next.lower === 'got' && after?.lower === 'into';
  if (next.lower === 'and') return !!after && /^(?:her|his|their|my|i)$/.test(after.lower);
  return next.lower === 'from' && !!after && (after.lower === 'the' || after.lower === 'next' || after.cap);
}

/** What follows "Hope has", "Precious lost": someone's things. */
const PERSONAL_OBJECTS = new Set(['a', 'an', 'her', 'his', 'their', 'my', 'our']);

/** What a heading's or a plan's second word names rather than a firm's: "Team Lunch", "Sprint Review", "Family Dinner". */
const GATHERINGS = new Set('lunch dinner breakfast brunch drinks meeting meetings call calls standup review retro sync update updates notes plan plans party day night'.split(' '));

/**
 * Whether a sentence opens with a name made of everyday words ("Games Workshop put its prices up", "Refugee Action
 * needs volunteers", "Marrow & Crumb sold out"): a noun, then a capitalised everyday word or "&" — the
 * second word's capital says it is a name, as an opening word's does not. Not a heading ("Shopping List: eggs",
 * "Weekly Review", "Team Lunch"), a date, a greeting or a word that is never a name.
 */
export function everydayNameOpening(words: Word[], i: number): boolean {
  const [word, next] = [words[i], words[i + 1]];
  if (!word.cap || word.allCaps || !isEnglishWord(bare(word)) || DATE_WORDS.has(bare(word)) || NOT_NAMES.has(bare(word)) || GREETINGS.has(bare(word))) return false;
  if ((word.pos !== 'NOUN' && word.pos !== 'PROPN') || lexiconTags(bare(word)).includes('Adjective') || !next) return false;
  // "Cancelled Audible", "Booked Centre Parcs": a verb opening a note, whatever wink tags it, starts no name; but
  // "Reading Festival", "Ealing Broadway": a head word after it, or a list, says the two are one name.
  // A head word ends the name ("Reading Festival"); one that begins a place's name ("Hiking Mount Kinabalu") does not count.
  const headAfter = (EVENT_HEADS.has(bare(next)) || ORGANIZATION_HEADS.has(bare(next)) || PLACE_HEADS.has(bare(next))) && !words[i + 2]?.cap;
  if (/(?:ed|ing)$/.test(bare(word)) && !headAfter && !known(`${bare(word)} ${bare(next)}`)) return false;
  const everyday = next.text === '&' || (next.cap && !next.allCaps && isEnglishWord(bare(next)) && !DATE_WORDS.has(bare(next)) && !GATHERINGS.has(bare(next)));
  return everyday && words[i + 2]?.text !== ':' && words[i + 3]?.text !== ':';
}

/** Words written capitalised inside sentences (not first): at a sentence's start the same word is a name too. */
export function capitalisedInside(sentences: Word[][]): Set<string> {
  const names = new Set<string>();
  for (const words of sentences) {
    const first = words.findIndex(w => !w.punct);
    for (let i = first + 1; i < words.length; i++) {
      // A word inside a longer name ("Leeds City Council") does not make the same word a name alone ("Council tax …").
      const inLongerName = words[i - 1]?.cap === true || words[i + 1]?.cap === true;
      if (words[i].cap && !words[i].punct && words[i - 1].text !== ':' && !inLongerName) names.add(bare(words[i]));
    }
  }
  return names;
}

/** Verbs a note opens with to say whom to contact: "Call Wen Li", "Email Dr Osei", "Ping Ravi". */
const CONTACT_VERBS = new Set(['call', 'email', 'text', 'ping', 'ask', 'remind', 'tell', 'message', 'invite', 'thank', 'meet', 'phone', 'dm']);
const DETERMINER_NEXT = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'their', 'his', 'her', 'this', 'these', 'those']);

/** Whether the capitalised word opening a sentence is a command: a contact verb before a name, or a verb before its object. */
export function imperative(words: Word[], at: number): boolean {
  const next = words[at + 1];
  if (!words[at].cap || !next || !(next.cap || DETERMINER_NEXT.has(next.lower))) return false;
  const key = bare(words[at]);
  if (CONTACT_VERBS.has(key) && next.cap) return true;
  // "Chase the invoices", "Mark the calendar": a word that is a name's spelling too, before its object; not "Sam the
  // plumber", someone named by their trade.
  const role = JOB_TITLES.has(words[at + 2]?.lower ?? '') || PERSON_CUES.has(words[at + 2]?.lower ?? '');
  return DETERMINER_NEXT.has(next.lower) && !role && (isEnglishWord(key) || (!known(key) && !isGivenName(key)));
}

/** What follows someone named at a sentence's start: "May from finance asked", "April wants …", "June Tan from …". */
export const PERSON_NEXT = /^(?:from|wants|said|says|asked|told|thinks|reckons|texted|emailed|called|rang)$/;

/**
 * "Florence Adjei rewrote the doc", "Hope Mwangi will present": a given name, then a surname no English word spells;
 * or a given name that is a month's, which rules.ts gave back from the dates there ("May from finance asked").
 */
export function givenNameOpening(words: Word[], i: number): boolean {
  const [word, next] = [words[i], words[i + 1]];
  if (!next || !isGivenName(word.lower)) return false;
  if (DATE_WORDS.has(word.lower) && word.span === null && (PERSON_NEXT.test(next.lower) || (next.cap && PERSON_NEXT.test(words[i + 2]?.lower ?? '')))) return true;
  return next.cap && !next.allCaps && next.span === null && !isEnglishWord(next.lower) && !known(next.lower);
}
