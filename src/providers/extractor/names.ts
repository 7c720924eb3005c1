import { EVENT_HEADS, GENERIC_TERMS, UNITS } from './catalog.ts';
import { contextType, PERSONAL_AFTER, PROJECT_PARTS, techShaped, type Typed } from './cues.ts';
import {
  COMMON_ACRONYMS, HONORIFICS, KIN_TITLES, NAME_CONNECTORS, NAMED_EVENTS, NOT_NAMES, OF_HEADS, ORGANIZATION_HEADS, ORGANIZATIONS, PERSON_TITLES,
  PLACE_HEADS, PLACE_PREFIXES, PLACES, PRODUCTS, TECHNOLOGIES,
} from './gazetteer.ts';
import { openGazetteerListsPlace, openGazetteerType } from './openGazetteer.ts';
import { personRoleBeatsTown } from './roles.ts';
import { phraseContinuation } from './phraseNames.ts';
import { possessiveVenue } from './venues.ts';
import { modelNumber, versionWord } from './versions.ts';
import { type RuleReading, typingFeatures } from './typingFeatures.ts';
import { combineTypes, modelMayRetype, typingModel } from './typingModel.ts';
import { isEnglishWord, lexiconTags, type Word } from './words.ts';

/**
 * Proper-name chunks of a sentence and their types: capitalised runs (with "of", "de", "&" inside), honorifics
 * dropped, typed by the gazetteer, then compromise's lexicon (first names, cities, countries, organisations), then
 * head words ("… University", "Mount …"), then the words around the name ("my sister Anna", "moved to Denver").
 */

export interface NameChunk {
  name: string;
  type: string;
  confidence: number;
  /** Index of the chunk's first word in the sentence. */
  word: number;
  /** Index after the chunk's last word. */
  endWord: number;
  /** What the name was written as when an honorific was dropped ("Dr. Okafor"). */
  alias?: string;
}

const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'Person', 'LastName', 'Honorific']);
const FIRST_NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'Person']);
const PLACE_TAGS = new Set(['City', 'Country', 'Region', 'Place']);
const ORG_TAGS = new Set(['Organization', 'SportsTeam']);
const DATE_WORDS = new Set(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays'.split(' '),
);
const hasTag = (tags: string[], set: Set<string>) => tags.some(t => set.has(t));
const bare = (word: Word) => word.lower.replace(/\.$/, '');

const COMMON_SUFFIX = /(?:ment|ness|tion|sion|ous|ful|ity|ism|ence|ance|able|ible|less)$/;

const listed = (key: string) => ORGANIZATIONS.has(key) || TECHNOLOGIES.has(key) || PRODUCTS.has(key) || PLACES.has(key) || NAMED_EVENTS.has(key);
/** Vocabulary that no list makes a name: "JSON", "REST", "MB", "Payments". */
const vocabulary = (key: string) => COMMON_ACRONYMS.has(key) || GENERIC_TERMS.has(key) || UNITS.has(key) || NOT_NAMES.has(key);
/** In the hand lists, or in the open-data gazetteer where it is not vocabulary. */
const known = (key: string) => listed(key) || (!vocabulary(key) && openGazetteerType(key) !== null);

/**
 * Whether a capitalised word at the start of a sentence is a name rather than an ordinary word written in capitals.
 * An English word ("Payments", "Backups", "Heron") is a name there only when more of a name follows it or the same
 * text writes it capitalised elsewhere (`names`).
 */
function nameAtSentenceStart(word: Word, inside: boolean, names: ReadonlySet<string>): boolean {
  const key = bare(word);
  if (NOT_NAMES.has(key) || word.stopWord) return false;
  if (known(key)) return true;
  if (GENERIC_TERMS.has(key) || UNITS.has(key)) return false;
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

/** Vocabulary written in capitals ("PhD", "URLs", "MB", "SOC 2"), or a generic term that is never a name alone ("Payments", "Legal"). */
function genericWord(word: Word, key: string, inside: boolean): boolean {
  if (known(key)) return false;
  // Flight numbers and ticket ids ("BA117", "JIRA-123") are references, not names.
  if (/^\p{Lu}{2}\d{2,4}$|^\p{Lu}{2,6}-\d+$/u.test(word.text)) return true;
  const shaped = word.allCaps || /\d/.test(key) || (word.text.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
  // A generic word inside a longer name belongs to it ("Vilnius Legal Partners").
  return (shaped && (COMMON_ACRONYMS.has(key) || UNITS.has(key))) || (GENERIC_TERMS.has(key) && !inside);
}

/** Whether a word can be part of a name; `inside` when more of the name follows ("European" in "European Central Bank"). */
function nameWord(word: Word, atStart: boolean, inside = false, names: ReadonlySet<string> = NO_NAMES): boolean {
  if (!word.cap || word.punct || word.span !== null) return false;
  const key = bare(word);
  if (DATE_WORDS.has(key) || (NOT_NAMES.has(key) && !(inside && INNER_NAME_WORDS.has(key)))) return false;
  if (genericWord(word, key, inside)) return false;
  return atStart ? nameAtSentenceStart(word, inside, names) || (inside && INNER_NAME_WORDS.has(key)) : true;
}

const NO_NAMES: ReadonlySet<string> = new Set();
/** "Series A": a funding round, not a name. */
const FUNDING_ROUND = /^(?:pre-)?series [a-h]\.?$/i;
/** "Rewrote", "Unpinned", "Overslept": a prefix on an English word. */
const VERB_PREFIX = /^(?:re|un|pre|over|under|out|mis|co)(?=\p{Ll}{3})/u;
/** Verbs after a name opening a sentence that only people do ("Bryony said", "Marigold joined Stripe"). */
const PERSON_OPENING_VERBS = new Set('said says thinks thought asked asks told tells reckons joined wants wanted recommended suggested promised texted emailed'.split(' '));

/** Whether what follows a capitalised word says it is a person: kin or a birthday after its possessive, or a person's verb. */
function personFollows(word: Word, next: Word | undefined): boolean {
  if (!next || next.cap) return false;
  return word.possessive ? PERSONAL_AFTER.has(next.lower) : word.pos === 'PROPN' && PERSON_OPENING_VERBS.has(next.lower);
}

const ARTICLES = new Set(['the', 'la', 'le', 'les', 'los', 'las', 'el']);
const FIRM_TAILS = new Set(['co', 'company', 'son', 'sons', 'daughters', 'partners', 'associates']);

/** Words written capitalised inside sentences (not first): at a sentence's start the same word is a name too. */
export function capitalisedInside(sentences: Word[][]): Set<string> {
  const names = new Set<string>();
  for (const words of sentences) {
    const first = words.findIndex(w => !w.punct);
    for (let i = first + 1; i < words.length; i++) if (words[i].cap && !words[i].punct && words[i - 1].text !== ':') names.add(bare(words[i]));
  }
  return names;
}

/** Capitalised words that are not names alone but begin longer ones ("British Museum", "New Year's Day"). */
const INNER_NAME_WORDS = new Set(
  `english spanish french german chinese japanese italian portuguese korean russian arabic hindi american british european asian
  african canadian mexican indian thai vietnamese greek turkish polish dutch swedish danish finnish irish scottish welsh brazilian
  argentinian peruvian colombian nigerian kenyan ethiopian moroccan egyptian lebanese persian israeli pakistani indonesian
  malaysian filipino australian swiss austrian belgian czech hungarian romanian ukrainian icelandic new good happy national royal
  international great web`.split(/\s+/),
);

/** Capitalised runs of a sentence as word-index ranges. */
/** A lower-case particle glued to a name by a hyphen ("al-Fitr", "el-Sheikh"): part of a listed name ("Eid al-Fitr"). */
const HYPHENED_PARTICLE = /^\p{Ll}{1,3}-\p{Lu}/u;

/** "Fennick IPO'd last year": a verb written in capitals, no part of a name. */
const IPOED = /^IPO(?:'|’)?d$/;

function runs(words: Word[], names: ReadonlySet<string>): [number, number][] {
  const found: [number, number][] = [];
  const first = words.findIndex(w => !w.punct);
  let i = 0;
  while (i < words.length) {
    const atStart = i === first || (i > 0 && /^["“(‘'—:-]$/.test(words[i - 1].text) && i - 1 <= first);
    const word = words[i];
    const isThe = word.lower === 'the' && !atStart && i + 1 < words.length && nameWord(words[i + 1], false);
    const continues = i + 1 < words.length && nameWord(words[i + 1], false);
    // "Heron's release slipped": an ordinary word at the start, but what follows says it is a project's name.
    const project = atStart && word.possessive && PROJECT_PARTS.has(words[i + 1]?.lower ?? '') && nameWord(word, false);
    // "Eluned's son is …", "Bryony said …": an ordinary word at the start, but a person's kin or a person's verb follows.
    const person = atStart && !continues && nameWord(word, false) && personFollows(word, words[i + 1]);
    if ((!isThe && !project && !person && !nameWord(word, atStart, continues, names)) || IPOED.test(word.text)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < words.length) {
      const next = words[j];
      const last = words[j - 1];
      // A possessive ends the name unless an ordinary word written capitalised follows: "Guy's Hospital", "King's Cross".
      if (last.possessive && !(next.cap && (ORGANIZATION_HEADS.has(next.lower) || PLACE_HEADS.has(next.lower) || (!known(next.lower) && isEnglishWord(next.lower))))) break;
      if (IPOED.test(next.text)) break;
      if (nameWord(next, false, j + 1 < words.length && nameWord(words[j + 1], false))) {
        j++;
        continue;
      }
      // A generic word that is an organisation's last word completes its name ("Marchbank Legal", "Fernleaf Payroll").
      if (next.cap && !next.allCaps && GENERIC_TERMS.has(bare(next)) && ORGANIZATION_HEADS.has(bare(next))) {
        j++;
        continue;
      }
      // A word that is vocabulary alone but completes a known name ("Apple TV", "Google Docs").
      if ((next.cap || HYPHENED_PARTICLE.test(next.text)) && known(`${words.slice(i, j).map(w => w.lower).join(' ')} ${next.lower}`)) {
        j++;
        continue;
      }
      if (versionWord(next) && j + 1 - i <= 3 && !last.number) {
        j++;
        continue;
      }
      const after = words[j + 1];
      // "Crumb and Co", "Dombey and Son": a firm's name.
      // "the Fox and Hounds", "the Crown and Anchor": one name (a pub's, an inn's) after "the", not two.
      const pairAfterThe = isThe && j - i === 2 && after !== undefined && nameWord(after, false) && !words[j + 2]?.cap && !after.possessive;
      if (next.lower === 'and' && after && (FIRM_TAILS.has(bare(after)) || pairAfterThe)) {
        j += 2;
        continue;
      }
      const connects = after !== undefined && nameWord(after, false) && NAME_CONNECTORS.has(next.lower);
      if (connects && (next.lower !== 'of' || OF_HEADS.has(last.lower))) {
        j += 2;
        continue;
      }
      // "Pets at Home", "Save the Children", "Welcome to the Jungle": a phrase of everyday words (phraseNames.ts).
      const phrase = phraseContinuation(words, isThe ? i + 1 : i, j, w => nameWord(w, false));
      if (phrase > 0) {
        j += phrase + 1;
        continue;
      }
      // "Universidad de los Andes", "Paseo de la Reforma", "Gift of the Givers": a connector, then an article.
      const articled = NAME_CONNECTORS.has(next.lower) && ARTICLES.has(after?.lower ?? '') && words[j + 2] !== undefined && nameWord(words[j + 2], false);
      if (articled && (next.lower !== 'of' || OF_HEADS.has(last.lower))) {
        j += 3;
        continue;
      }
      break;
    }
    found.push([isThe ? i + 1 : i, j]);
    i = j;
  }
  return found;
}

/** Open data types with less confidence than the hand lists: a brand may be named as a company ("joined Hetzner"). */
const OPEN_CONFIDENCE = { technology: 0.75, organization: 0.85, location: 0.8, person: 0.75 } as const;

function gazetteerType(key: string): Typed | null {
  if (NAMED_EVENTS.has(key)) return { type: 'event', confidence: 0.9 };
  if (ORGANIZATIONS.has(key)) return { type: 'organization', confidence: 0.9 };
  if (TECHNOLOGIES.has(key)) return { type: 'technology', confidence: 0.9 };
  if (PRODUCTS.has(key)) return { type: 'product', confidence: 0.9 };
  if (PLACES.has(key)) return { type: 'location', confidence: 0.9 };
  const open = vocabulary(key) ? null : openGazetteerType(key);
  // A brand compromise knows as an organisation ("Spotify") is the company.
  if (open === 'technology' && hasTag(lexiconTags(key), ORG_TAGS)) return { type: 'organization', confidence: 0.8 };
  return open ? { type: open, confidence: OPEN_CONFIDENCE[open] } : null;
}

/** The type of a chunk from what it is (gazetteer, lexicon, head words), or null when only context can tell. */
function intrinsicType(words: Word[]): Typed | null {
  const typed = nameType(words);
  // "Volvo XC40", "Hyundai Ioniq 5", "Nokia 3310": a maker's name and a model's number is the product.
  if (typed?.type === 'organization' && words.length > 1 && modelNumber(words[words.length - 1])) return { type: 'product', confidence: typed.confidence };
  return typed;
}

function nameType(words: Word[]): Typed | null {
  const key = words.map(w => w.lower).join(' ');
  // Possessives are part of some names of the calendar ("New Year's Eve", "St Patrick's Day").
  if (words.some(w => w.possessive) && NAMED_EVENTS.has(words.map(w => w.raw.toLowerCase().replace(/’/g, "'")).join(' '))) return { type: 'event', confidence: 0.9 };
  const versioned = versionWord(words[words.length - 1]) && words.length > 1 ? gazetteerType(words.slice(0, -1).map(w => w.lower).join(' ')) : null;
  // "Apollo 11", "Node 22": a number after a name makes a thing of it, never a person.
  const known = gazetteerType(key) ?? (versioned?.type === 'person' ? null : versioned);
  const tags = lexiconTags(key);
  // A famous person's name that compromise knows as a place or a company ("Fillmore", "Ford") is more often that.
  if (known && !(known.type === 'person' && (hasTag(tags, PLACE_TAGS) || hasTag(tags, ORG_TAGS)))) return known;
  if (hasTag(tags, PLACE_TAGS)) return { type: 'location', confidence: 0.85 };
  if (hasTag(tags, ORG_TAGS)) return { type: 'organization', confidence: 0.85 };
  if (hasTag(tags, FIRST_NAME_TAGS) && words.length === 1) return { type: 'person', confidence: 0.8 };
  // In "University of Queensland" the head is the word before "of".
  const of = words.findIndex(w => w.lower === 'of');
  const last = bare(words[of > 0 ? of - 1 : words.length - 1]);
  const firstWord = bare(words[0]);
  const final = bare(words[words.length - 1]);
  // "Windrush Day", "Sports Day": a day named for something is an occasion, an event on the calendar.
  if (words.length > 1 && (last === 'day' || last === 'eve')) return { type: 'event', confidence: 0.75 };
  // "Boston Marathon", "Glastonbury Festival", "Oxford Half", "PyCon Italia": events.
  // "Tour of Britain", "Festival of Speed": the head before "of" names the event too.
  if ((words.length > 1 && (EVENT_HEADS.has(final) || (of > 0 && EVENT_HEADS.has(last)))) || /^\p{Lu}\p{L}*\p{Ll}(?:Con|Conf|Fest|Camp)$/u.test(words[0].text)) return { type: 'event', confidence: 0.85 };
  // "Air India", "Air Baltic": an airline, not the country.
  if (words.length > 1 && firstWord === 'air') return { type: 'organization', confidence: 0.8 };
  if (words.length > 1 && ORGANIZATION_HEADS.has(last)) return { type: 'organization', confidence: 0.8 };
  // "Trinity College Dublin": an institution named with its place.
  if (words.length > 2 && words.slice(0, -1).some(w => INSTITUTION_HEADS.has(bare(w)))) return { type: 'organization', confidence: 0.75 };
  if (words.length > 1 && (PLACE_HEADS.has(last) || PLACE_PREFIXES.has(firstWord))) return { type: 'location', confidence: 0.8 };
  const firstTags = lexiconTags(firstWord);
  if (words.length <= 3 && hasTag(firstTags, FIRST_NAME_TAGS) && !words.some(w => /\d/.test(w.text))) return { type: 'person', confidence: 0.8 };
  // A surname that is also a town ("Bradford", "Rivera") is left to the words around it.
  if (words.length === 1 && hasTag(tags, new Set(['LastName']))) return openGazetteerListsPlace(key) ? null : { type: 'person', confidence: 0.6 };
  // A place's name before a word that is no kind of place names a team, an orchestra or a company ("Dublin Bus",
  // "Manchester United", "Kenya Power"); places and events were caught above.
  if (words.length > 1 && (PLACES.has(firstWord) || hasTag(firstTags, PLACE_TAGS)) && !hasTag(firstTags, FIRST_NAME_TAGS) && !hasTag(lexiconTags(final), PLACE_TAGS) && !PLACE_HEADS.has(final)) {
    return { type: 'organization', confidence: 0.7 };
  }
  // A known company's or tool's name before a product word is its product ("Hetzner Cloud", "Grafana Cloud").
  if (words.length > 1 && (ORGANIZATIONS.has(firstWord) || TECHNOLOGIES.has(firstWord)) && PRODUCT_WORDS.has(final)) return { type: 'technology', confidence: 0.75 };
  // A known organisation's name leads a division's ("Bosch Rexroth", "Siemens Energy").
  if (words.length > 1 && ORGANIZATIONS.has(firstWord) && !PRODUCT_WORDS.has(final)) return { type: 'organization', confidence: 0.7 };
  if (words.length > 1 && hasTag(lexiconTags(last), PLACE_TAGS)) return { type: 'location', confidence: 0.7 };
  if (techShaped(words)) return { type: 'technology', confidence: 0.6 };
  return null;
}

const INSTITUTION_HEADS = new Set(['university', 'college', 'school', 'hospital', 'clinic', 'institute', 'academy', 'bank']);
/** Last words that make a product of an organisation's name ("Stripe Radar" is not, "Google Maps" is by the gazetteer). */
const PRODUCT_WORDS = new Set(['app', 'cloud', 'pay', 'maps', 'drive', 'docs', 'radar', 'studio', 'pro', 'max', 'plus', 'one', 'go', 'lite', 'mini', 'air', 'tv', 'music', 'photos', 'sheets', 'mail', 'workers', 'pages', 'functions', 'storage', 'analytics', 'ads', 'assistant', 'watch', 'fit', 'home']);

/** Proper-name chunks of one sentence, typed; `names` are the words the text writes capitalised inside sentences. */
export function nameChunks(words: Word[], names: ReadonlySet<string> = NO_NAMES): NameChunk[] {
  const chunks: NameChunk[] = [];
  /** The rules' two readings of each chunk, beside it: the model reads them once the chunks are coordinated. */
  const readings: (RuleReading | null)[] = [];
  for (const [runFrom, to] of runs(words, names)) {
    if (possessiveVenue(words, runFrom, to)) {
      // "Gail's", "St Mungo's": the name keeps its possessive (and its "St"), a sure organisation.
      const name = words.slice(runFrom, to).map(w => w.raw).join(' ');
      chunks.push({ name, type: 'organization', confidence: 0.9, word: runFrom, endWord: to });
      readings.push(null);
      continue;
    }
    let from = runFrom;
    let titled = HONORIFICS.has(words[from - 1]?.lower.replace(/\.$/, '') ?? '') && PERSON_TITLES.has(bare(words[from - 1]));
    let alias: string | undefined;
    // "Dr. Okafor" → Okafor (person); "St. Mary's Hospital" keeps its "St." because it names a place.
    const head = bare(words[to - 1]);
    if (to - from > 1 && HONORIFICS.has(bare(words[from])) && !ORGANIZATION_HEADS.has(head) && !PLACE_HEADS.has(head)) {
      titled = titled || PERSON_TITLES.has(bare(words[from]));
      alias = joinWords(words, from, to);
      from++;
    }
    // "Dr." alone is no name, nor "Gran" ("lunch at Gran's").
    if (to - from === 1 && HONORIFICS.has(bare(words[from])) && (words[from].text.endsWith('.') || KIN_TITLES.has(bare(words[from])))) continue;
    const span = words.slice(from, to);
    if (genericAcronym(words, from, to) || FUNDING_ROUND.test(joinWords(words, from, to))) continue;
    const firstName = to - from === 1 && hasTag(lexiconTags(bare(words[from])), FIRST_NAME_TAGS);
    const context = contextType(words, from, to, titled);
    // A first name that is also a town ("Bradford", "Florence") is the town where the words around it say a place.
    const town = (firstName || words[from - 1]?.lower === 'in') && !titled && context.type === 'location' && openGazetteerListsPlace(joinWords(words, from, to).toLowerCase());
    const intrinsic = intrinsicType(span);
    // "at the Marsden", "the Fillmore": a place or an institution named after a person is no person ("the Chopin
    // nocturne", a noun after the name, is the man's).
    const namedAfter = intrinsic?.type === 'person' && words[from - 1]?.lower === 'the' && words[to]?.pos !== 'NOUN';
    const ruled = town || namedAfter || personRoleBeatsTown(words, from, to, context, intrinsic) ? context : chooseType(intrinsic, context, firstName, to - from === 1);
    const type = titled && ruled.type === 'other' ? 'person' : ruled.type;
    chunks.push({ name: joinWords(words, from, to), type, confidence: ruled.confidence, word: from, endWord: to, alias });
    // A title ("Dr. Okafor", "Aunt Mireille") is as sure a cue as the rules have: the model is not asked.
    readings.push(titled ? null : { chosen: ruled, intrinsic, context });
  }
  coordinate(words, chunks);
  chunks.forEach((chunk, i) => {
    const reading = readings[i];
    if (reading) Object.assign(chunk, typeName(words, chunk.word, chunk.endWord, { ...reading, chosen: { type: chunk.type, confidence: chunk.confidence } }));
  });
  return chunks;
}

/** Where the training script listens: each candidate name's features and the rules' reading, before the model. */
let observer: ((features: string[], rules: RuleReading, name: string) => void) | null = null;
export const observeTyping = (listener: typeof observer) => {
  observer = listener;
};

/** The rules' reading of a name, passed through the learned typing layer (typingModel.ts). */
function typeName(words: Word[], from: number, to: number, rules: RuleReading): Typed {
  const model = typingModel();
  if (observer) observer(typingFeatures(words, from, to, rules), rules, joinWords(words, from, to));
  if (!model || !modelMayRetype(rules.chosen)) return rules.chosen;
  return combineTypes(model, rules.chosen, typingFeatures(words, from, to, rules));
}

/**
 * What a name is beats what surrounds it, except where a strong cue contradicts a weak reading: "from Travis to
 * Buildkite" (a first name, used as software), "left Canva" (a product, named as the employer).
 */
function chooseType(intrinsic: Typed | null, context: Typed, firstName: boolean, oneWord: boolean): Typed {
  if (!intrinsic) return context;
  // "Kemi's birthday", "Dr. Achterberg": a strong person cue beats a town's or a brand's name from the open list.
  if (oneWord && context.type === 'person' && intrinsic.type !== 'person' && intrinsic.confidence < 0.9 && context.confidence >= Math.max(0.8, intrinsic.confidence)) return context;
  // "Zara's mum", "Ana and I": a first name that is also a brand, used as a person.
  if (firstName && context.type === 'person' && context.confidence >= 0.65) return context;
  if (intrinsic.type === 'person' && intrinsic.confidence <= 0.8 && context.confidence >= 0.8 && context.type !== 'other') return context;
  if ((intrinsic.type === 'technology' || intrinsic.type === 'product') && context.type === 'organization' && context.confidence >= 0.75) return context;
  // "the Thornbury sync service", "the Kestrel app": what follows the name says it is a thing, whatever town has the name.
  if (intrinsic.type === 'location' && intrinsic.confidence < 0.9 && context.type === 'product' && context.confidence >= 0.85) return context;
  // A brand from the open list, named as a company ("at Hetzner", "Feedzai announced"): the company.
  if (intrinsic.type === 'technology' && intrinsic.confidence < 0.8 && context.type === 'organization' && context.confidence >= 0.6) return context;
  return intrinsic;
}

/** Names joined by "and", "&", "or" or a comma are of one kind: "Jordi and Nuria", "Lars and Mette". */
function coordinate(words: Word[], chunks: NameChunk[]): NameChunk[] {
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < chunks.length; i++) {
      if (chunks[i].type !== 'other') continue;
      for (const j of [i - 1, i + 1]) {
        const [a, b] = j < i ? [chunks[j], chunks[i]] : [chunks[i], chunks[j]];
        if (!a || !b || chunks[j].type === 'other' || chunks[j].confidence < 0.6) continue;
        const between = words.slice(a.endWord, b.word).map(w => w.lower).join(' ');
        // A comma joins a list, but not an interjection opening the sentence to a name ("Woah, Caroline").
        const list = between === ',' && a.word > words.findIndex(w => !w.punct);
        if (/^(?:and|&|or|, and)$/.test(between) || list) {
          Object.assign(chunks[i], { type: chunks[j].type, confidence: 0.6 });
          break;
        }
      }
    }
  }
  return chunks;
}

/**
 * An unknown short acronym used as a modifier or a term ("the GIN index", "TXT record", "REST endpoints", "SAML"):
 * vocabulary, not an organisation. One with an organisation's cue ("joined NHSX", "at ACME") is kept.
 */
function genericAcronym(words: Word[], from: number, to: number): boolean {
  const word = words[from];
  if (to - from !== 1 || !word.allCaps || known(bare(word)) || word.text.replace(/[^\p{L}]/gu, '').length > 5) return false;
  const before = words[from - 1]?.lower ?? '';
  if (/^(?:joined|at|from|for|with|by|acquired|flew|fly|flying|booked)$/.test(before) || hasTag(lexiconTags(bare(word)), ORG_TAGS)) return false;
  // "The FCA fined …", "ISMB will be …": an acronym that does something is a body's (or a meeting's) name.
  const next = words[to];
  if (next && (next.pos === 'VERB' || next.pos === 'AUX') && !next.cap) return false;
  // "at the EPO on Friday", "on RNZ last week": after a preposition (and "the"), ending the phrase, not a modifier.
  const preposition = before === 'the' ? (words[from - 2]?.lower ?? '') : before;
  return !(/^(?:at|from|on|to|with|by|for|of|in|via)$/.test(preposition) && (!next || next.punct || (next.pos !== 'NOUN' && next.pos !== 'PROPN')));
}

/** The words as written, single-spaced. */
export function joinWords(words: Word[], from: number, to: number): string {
  return words
    .slice(from, to)
    .map((w, i) => (from + i === to - 1 ? w.text : w.raw))
    .join(' ');
}
