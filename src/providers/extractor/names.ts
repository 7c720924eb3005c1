import { GENERIC_TERMS, HOLIDAYS, UNITS } from './catalog.ts';
import { contextType, PROJECT_PARTS, type Typed } from './cues.ts';
import { DISH_NOUNS, GOODS_NOUNS } from './nounsAfter.ts';
import {
  COMMON_ACRONYMS, FAMILY_NOUNS, FORMAT_ACRONYMS, GREETINGS, HONORIFICS, JOB_TITLES, KIN_TITLES, LANGUAGES_AND_FAITHS, NAME_CONNECTORS, NAMED_EVENTS, NOT_NAMES, OF_HEADS, FOR_HEADS,
  ORGANIZATION_HEADS, PERSON_TITLES,
  PLACE_HEADS, PLACE_PREPOSITIONS, VEHICLE_MAKERS,
} from './gazetteer.ts';
import { openGazetteerListsPlace } from './openGazetteer.ts';
import { firmOpening, personRoleBeatsTown } from './roles.ts';
import { coordinate, type NameChunk, regions, routes } from './neighbours.ts';
import { colonSubtitle, fieldAfterAnd, joinedName, listedContinuation, phraseContinuation, topicContinuation } from './phraseNames.ts';
import { isGivenName } from './givenNames.ts';
import { chatSpeaker } from './speakers.ts';
import { sportsSide } from './teams.ts';
import { possessiveVenue } from './venues.ts';
import { releaseAlias, versionWord } from './versions.ts';
import { bare, chooseType, DATE_WORDS, ERROR_CLASS, FIRST_NAME_TAGS, hasTag, intrinsicType, known, pluralTerm } from './nameTypes.ts';
import { everydayNameOpening, givenNameOpening, imperative, nameAtSentenceStart, personFollows } from './openings.ts';
import { genericAcronym } from './acronyms.ts';
import { type RuleReading, typingFeatures } from './typingFeatures.ts';
import { combineTypes, cuedByContext, modelMayRetype, typingModel } from './typingModel.ts';
import { isEnglishWord, joinWords, lexiconTags, type Word, writtenKey } from './words.ts';

/**
 * Proper-name chunks of a sentence and their types: capitalised runs (with "of", "de", "&" inside), honorifics
 * dropped, typed by the gazetteer, then compromise's lexicon (first names, cities, countries, organisations), then
 * head words ("… University", "Mount …"), then the words around the name ("my sister Anna", "moved to Denver").
 */





/** Vocabulary written in capitals ("PhD", "URLs", "MB", "SOC 2"), or a generic term that is never a name alone ("Payments", "Legal"). */
function genericWord(word: Word, key: string, inside: boolean): boolean {
  if (known(key)) return false;
  // Flight numbers and ticket ids ("BA117", "JIRA-123") are references, not names.
  if (/^\p{Lu}{2}\d{2,4}$|^\p{Lu}{2,6}-\d+$/u.test(word.text)) return true;
  const shaped = word.allCaps || /\d/.test(key) || (word.text.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
  // "420 kV", "a kWh": a unit written as its symbol.
  if (UNITS.has(key) && /^\p{Ll}+\p{Lu}/u.test(word.text)) return true;
  // "ORMs", "SDKs": a term's plural, as the term; "TypeError": an exception's class.
  if ((shaped && pluralTerm(key)) || (!inside && ERROR_CLASS.test(key))) return true;
  // A generic word inside a longer name belongs to it ("Vilnius Legal Partners").
  // A unit's letters opening a longer name are the name's ("PB Tech", "GB News"); "500 MB" has its number before.
  return (shaped && (COMMON_ACRONYMS.has(key) || (UNITS.has(key) && !inside))) || (GENERIC_TERMS.has(key) && !inside);
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
/** A numbered group, room or grade in a school, ward or shop ("Year 5", "Level 3", "aisle 9"): no name. */
/** Someone's numbered group ("Mr Ahmadi's Year 11", "Ms Okoro's Class 4"), not a title's number ("Baldur's Gate 3"). */
const SOMEONES_GROUP = /^(?:year|class|form|grade|set|group) \d{1,2}[a-z]?$/i;
const NUMBERED_PLACE_IN = /^(?:year|ward|bay|bed|room|level|entry|grade|class|set|form|stage|aisle|court|pitch|gate|table|seat|platform|row|berth|cabin|terminal|locker|desk|suite|unit) \d{1,3}[a-z]?$/i;
/**
 * Nouns after a name that only software has ("the Thornbury sync service", "the Kestrel app"): a sure product even
 * where a town has the name. Not "branch", "library", "account" or "plan", which towns have too ("the Stockport library").
 */
const SOFTWARE_HEADS = new Set(['app', 'apps', 'sync', 'api', 'sdk', 'cli', 'plugin', 'repo', 'dashboard', 'bot', 'webhook', 'endpoint', 'extension']);

const HOLIDAY_NAMES = new Set(HOLIDAYS);


/** Street words other languages write after a name, in lower case: Hungarian, Polish, Turkish, German, Nordic. */
const STREET_AFTER = new Set(['utca', 'út', 'tér', 'ulica', 'ulice', 'caddesi', 'sokak', 'sokağı', 'straße', 'strasse', 'gasse', 'gatan', 'gata', 'gade', 'vej', 'katu']);
/** Editions written after a vehicle's model: "Kia Niro EV", "Golf GTI", "Yaris Hybrid". */
const VEHICLE_EDITIONS = new Set(['ev', 'phev', 'hev', 'hybrid', 'gt', 'gti', 'gtd', 'rs', 'st', 'amg', 'tdi', 'tsi', 'e-tron']);
const ARTICLES = new Set(['the', 'la', 'le', 'les', 'los', 'las', 'el', 'den', 'der', 'het']);

/** A given name of the lists or the lexicon. */
const givenNameFirst = (word: Word) => isGivenName(bare(word)) || hasTag(lexiconTags(bare(word)), FIRST_NAME_TAGS);
const headWord = (word: Word) => word.cap && (ORGANIZATION_HEADS.has(bare(word)) || PLACE_HEADS.has(bare(word)));

/** How many name words from `at` end in a place's or an organisation's head word (at most three), else 0. */
function sharedHead(words: Word[], at: number): number {
  for (let n = 1; n <= 3 && at + n <= words.length && nameWord(words[at + n - 1], false); n++) {
    if (n > 1 && headWord(words[at + n - 1]) && !words[at + n - 2].possessive) return n;
  }
  return 0;
}
/** Companies' legal forms, written in capitals after the name ("Kylteknik Norr AB", "Brenner AG"). */
const LEGAL_FORMS = new Set(['ab', 'ag', 'sa', 'sas', 'srl', 'bv', 'nv', 'oy', 'as', 'kk', 'spa', 'llc', 'plc', 'ltd', 'inc', 'gmbh']);
const FIRM_TAILS = new Set(['co', 'company', 'son', 'sons', 'daughters', 'partners', 'associates']);


/** Capitalised words that are not names alone but begin longer ones ("British Museum", "New Year's Day"). */
const INNER_NAME_WORDS = new Set([
  ...`english spanish french german chinese japanese italian portuguese korean russian arabic hindi american british european asian
  african canadian mexican indian thai vietnamese greek turkish polish dutch swedish danish finnish irish scottish welsh brazilian
  argentinian peruvian colombian nigerian kenyan ethiopian moroccan egyptian lebanese persian israeli pakistani indonesian
  malaysian filipino australian swiss austrian belgian czech hungarian romanian ukrainian icelandic new good happy national royal
  saudi emirati qatari omani kuwaiti jordanian syrian iraqi iranian afghan nepalese ghanaian ugandan tanzanian rwandan
  cameroonian senegalese ivorian chilean venezuelan ecuadorian bolivian uruguayan paraguayan cuban jamaican haitian
  taiwanese singaporean cambodian laotian azerbaijani maltese cypriot zimbabwean zambian malawian sudanese somalian
  tunisian algerian libyan
  international great web western eastern northern southern central north south east west`.split(/\s+/),
  ...LANGUAGES_AND_FAITHS,
]);

/** Capitalised runs of a sentence as word-index ranges. */
/** A lower-case particle glued to a name by a hyphen ("al-Fitr", "el-Sheikh"): part of a listed name ("Eid al-Fitr"). */
const HYPHENED_PARTICLE = /^\p{Ll}{1,3}-\p{Lu}/u;

/** "Fennick IPO'd last year": a verb written in capitals, no part of a name. */
const IPOED = /^IPO(?:'|’)?d$/;

/** "Let's Encrypt", "Bank Holiday Monday": a listed name whose first word is no name alone (asked last: it is dearest). */
const listedPair = (words: Word[], at: number) => words[at].cap && !!words[at + 1]?.cap && known(writtenKey(words, at, at + 2));
/** "Rafael's Seat Ibiza": two capitalised words after a given name's possessive are the person's thing. */
const ownedThing = (words: Word[], at: number) => !!words[at + 1]?.cap && givenNameFirst(words[at - 1]);

/** Whether `connector` joins a name after `head`: "of", "de", "van" …, and "for" after an institution's head ("Centre for …"). */
const joins = (connector: Word, head: Word) => NAME_CONNECTORS.has(connector.lower) || (connector.lower === 'for' && FOR_HEADS.has(head.lower));
/** A capitalised organisation's or place's head word: "Hospital", "Street". */
const capitalisedHead = (word: Word | undefined) => !!word?.cap && (ORGANIZATION_HEADS.has(word.lower) || PLACE_HEADS.has(word.lower));

/** Whether a connector, then a name (an article between them or not), follows words[at]: "of America", "de las Flores". */
function connectorFollows(words: Word[], at: number): boolean {
  const connector = words[at + 1];
  if (!connector || !joins(connector, words[at]) || (connector.lower === 'of' && !OF_HEADS.has(words[at].lower))) return false;
  const named = ARTICLES.has(words[at + 2]?.lower ?? '') ? words[at + 3] : words[at + 2];
  return named !== undefined && nameWord(named, false);
}

function runs(words: Word[], names: ReadonlySet<string>): [number, number][] {
  const found: [number, number][] = [];
  const first = words.findIndex(w => !w.punct);
  let i = 0;
  while (i < words.length) {
    const atStart = i === first || (i > 0 && /^["“(‘'—:-]$/.test(words[i - 1].text) && i - 1 <= first);
    const word = words[i];
    // "Call Wen Li at …", "Hotfix the CSV export", "Chase the two invoices": an imperative opening the sentence.
    if (atStart && imperative(words, i)) {
      i++;
      continue;
    }
    const isThe = word.lower === 'the' && !atStart && i + 1 < words.length && nameWord(words[i + 1], false);
    const continues = i + 1 < words.length && nameWord(words[i + 1], false);
    // "Heron's release slipped": an ordinary word at the start, but what follows says it is a project's name.
    const project = atStart && word.possessive && PROJECT_PARTS.has(words[i + 1]?.lower ?? '') && nameWord(word, false);
    // "Eluned's son is …", "Bryony said …": an ordinary word at the start, but a person's kin or a person's verb follows.
    const person = atStart && !continues && nameWord(word, false) && personFollows(word, words[i + 1], words[i + 2]);
    // "Sky: lol no": a chat line's speaker, though an English word.
    const speaker = chatSpeaker(words, i, i + 1) || chatSpeaker(words, i, i + 2);
    const givenThenSurname = atStart && givenNameOpening(words, i);
    // "Games Workshop put its prices up": two everyday words, both capitalised, opening the sentence.
    const phrase = atStart && continues && everydayNameOpening(words, i);
    // "Bank of America reversed …", "Feria de las Flores is …": a capitalised word opening the sentence, then a connector
    // (and an article) before a name, opens that name; "of" only after a head that takes it ("Photos of Lisbon" does not).
    const connected = atStart && nameWord(word, false) && !HONORIFICS.has(word.lower) && connectorFollows(words, i);
    // "Mercury declined the wire", "Neon support replied": a firm's doing after an English word opening the sentence.
    const firm = atStart && !continues && nameWord(word, false) && firmOpening(words, i);
    // "Lord Street", "26th Street", "Table Mountain": a word no name alone, or an ordinal, before a place's head word.
    const placeNamed = !atStart && !word.punct && word.span === null && (word.cap || ORDINAL.test(word.text)) && !!words[i + 1]?.cap && PLACE_HEADS.has(bare(words[i + 1]));
    // "as CSV on Mondays", "strong on SQL": a format or a query language standing alone, not before a noun ("CSV importer").
    const format = word.allCaps && FORMAT_ACRONYMS.has(word.lower) && words[i + 1]?.pos !== 'NOUN' && !words[i + 1]?.cap;
    if ((!isThe && !project && !person && !speaker && !givenThenSurname && !phrase && !placeNamed && !connected && !firm && !format && !nameWord(word, atStart, continues, names) && !listedPair(words, i)) || IPOED.test(word.text)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < words.length) {
      const next = words[j];
      const last = words[j - 1];
      // A possessive ends the name unless an ordinary word written capitalised follows: "Guy's Hospital", "King's Cross",
      // "Arthur's Seat"; not two of them after a given name ("Rafael's Seat Ibiza" is Rafael's car).
      // "St. Luke's International Hospital": one capitalised word, then the head, after it too.
      if (last.possessive && !(capitalisedHead(next) || (next.cap && capitalisedHead(words[j + 1])) || (next.cap && !known(next.lower) && isEnglishWord(next.lower) && !ownedThing(words, j)))) break;
      // "Ms Achterberg's Year 9 class": a numbered group after a possessive is the group, not more of the name.
      if (last.possessive && SOMEONES_GROUP.test(`${next.text} ${words[j + 1]?.text ?? ''}`)) break;
      if (IPOED.test(next.text)) break;
      // "On New Year's Day Emeka and I walked …": a listed holiday ends where a person's name follows it.
      if (isGivenName(next.lower) && HOLIDAY_NAMES.has(writtenKey(words, i, j)) && !known(`${writtenKey(words, i, j)} ${next.lower}`)) break;
      if (nameWord(next, false, j + 1 < words.length && nameWord(words[j + 1], false))) {
        j++;
        continue;
      }
      // A generic word that is an organisation's last word completes its name ("Marchbank Legal", "Fernleaf Payroll").
      if (next.cap && (!next.allCaps || LEGAL_FORMS.has(bare(next))) && GENERIC_TERMS.has(bare(next)) && ORGANIZATION_HEADS.has(bare(next))) {
        j++;
        continue;
      }
      // A word that is vocabulary alone but completes a known name ("Apple TV", "Google Docs").
      if ((next.cap || HYPHENED_PARTICLE.test(next.text)) && known(`${words.slice(i, j).map(w => w.lower).join(' ')} ${next.lower}`)) {
        j++;
        continue;
      }
      // "Kazinczy utca", "Bağdat Caddesi", "Cornwall Park parkrun": a street's word written in lower case after its name,
      // as its language writes it, and the run that is written so by its own brand.
      if (!next.cap && (STREET_AFTER.has(next.lower) || next.lower === 'parkrun')) {
        j++;
        continue;
      }
      // "Kia Niro EV", "VW Golf GTI": a vehicle's edition after its maker and model.
      if (next.cap && VEHICLE_EDITIONS.has(next.lower) && j - (isThe ? i + 1 : i) >= 2 && VEHICLE_MAKERS.has(words[isThe ? i + 1 : i].lower)) {
        j++;
        continue;
      }
      // "Garmin Forerunner 265", "the DJI Mini 3": a model's number (a leading "the" does not count), but not an amount
      // owed ("owes Marit 30 pounds").
      if (versionWord(next) && j + 1 - (isThe ? i + 1 : i) <= 3 && !last.number && !MEASURES.has(words[j + 1]?.lower ?? '')) {
        j++;
        continue;
      }
      const after = words[j + 1];
      // "Crumb and Co", "Dombey and Son": a firm's name.
      // "the Fox and Hounds", "the Crown and Anchor": one name (a pub's, an inn's) after "the", not two.
      // Not two things named before their plural ("the Heron and Kestrel dashboards").
      const pairAfterThe = isThe && j - i === 2 && after !== undefined && nameWord(after, false) && !words[j + 2]?.cap && !after.possessive && !(words[j + 2]?.pos === 'NOUN' && /s$/.test(words[j + 2].lower));
      if (next.lower === 'and' && after && (FIRM_TAILS.has(bare(after)) || pairAfterThe)) {
        j += 2;
        continue;
      }
      // "Royal Devon and Exeter Hospital", "Leeds and Liverpool Canal", "Paws and Claws Clinic": two names sharing one
      // head word are one name ("Hyde Park and Regent's Park", each with its own, stay two).
      const shared = (next.lower === 'and' || next.text === '&') && !headWord(last) ? sharedHead(words, j + 1) : 0;
      if (shared > 0) {
        j += shared + 1;
        continue;
      }
      // "Society for the Promotion of Science": in a name already joined by "of" or "for", "of" joins after any word;
      // so does a field after "and" ("University of Science and Technology", phraseNames.ts).
      const connects = after !== undefined && nameWord(after, false) && joins(next, last);
      if ((connects && (next.lower !== 'of' || OF_HEADS.has(last.lower) || joinedName(words, i, j))) || fieldAfterAnd(words, i, j)) {
        j += 2;
        continue;
      }
      // "Pets at Home", "Save the Children", "Welcome to the Jungle": a phrase of everyday words (phraseNames.ts).
      const phrase = phraseContinuation(words, isThe ? i + 1 : i, j, w => nameWord(w, false));
      if (phrase > 0) {
        j += phrase + 1;
        continue;
      }
      // "Ruby on Rails", "Hollow Knight: Silksong", "Symposium on Urban Water": listed names, titles and meetings (phraseNames.ts).
      const more = listedContinuation(words, isThe ? i + 1 : i, j, known) || colonSubtitle(words, isThe ? i + 1 : i, j, first, w => nameWord(w, false)) || topicContinuation(words, j, w => nameWord(w, false));
      if (more > 0) {
        j += more;
        continue;
      }
      // "Universidad de los Andes", "Paseo de la Reforma", "Gift of the Givers": a connector, then an article.
      const articled = joins(next, last) && ARTICLES.has(after?.lower ?? '') && words[j + 2] !== undefined && nameWord(words[j + 2], false);
      if (articled && (next.lower !== 'of' || OF_HEADS.has(last.lower))) {
        j += 3;
        continue;
      }
      break;
    }
    // "Happy Diwali", "Merry Christmas": a greeting before a listed holiday is no part of its name.
    const greeted = GREETINGS.has(word.lower) && j - i > 1 && NAMED_EVENTS.has(writtenKey(words, i + 1, j));
    found.push([isThe || greeted ? i + 1 : i, j]);
    i = j;
  }
  return found;
}


/** Proper-name chunks of one sentence, typed; `names` are the words the text writes capitalised inside sentences. */
export function nameChunks(words: Word[], names: ReadonlySet<string> = NO_NAMES): NameChunk[] {
  const chunks: NameChunk[] = [];
  /** The rules' two readings of each chunk, beside it: the model reads them once the chunks are coordinated. */
  const readings: (RuleReading | null)[] = [];
  for (const [runFrom, runTo] of runs(words, names)) {
    let to = runTo;
    if (possessiveVenue(words, runFrom, to)) {
      // "Gail's", "St Mungo's": the name keeps its possessive (and its "St"), a sure organisation.
      const name = words.slice(runFrom, to).map(w => w.raw).join(' ');
      chunks.push({ name, type: 'organization', confidence: 0.9, word: runFrom, endWord: to });
      readings.push(null);
      continue;
    }
    let from = runFrom;
    const before = words[from - 1];
    let titled = (!before?.possessive && HONORIFICS.has(before?.lower.replace(/\.$/, '') ?? '') && PERSON_TITLES.has(bare(before))) || (!!before && !before.cap && FAMILY_NOUNS.has(before.lower));
    let alias: string | undefined;
    // "Dr. Okafor" → Okafor (person); "St. Mary's Hospital" keeps its "St." because it names a place.
    const head = bare(words[to - 1]);
    // Titles in a row drop together: "Lecturer Dr Owusu" → Owusu.
    // "in St Ives", "to St. Moritz", "St Albans": a saint's name reached as a place, or listed as one, is the place's
    // name, its "St" kept.
    const saintsPlace = SAINT.test(bare(words[from])) &&
      (PLACE_PREPOSITIONS.has(words[from - 1]?.lower ?? '') || words[from - 1]?.lower === 'at' || openGazetteerListsPlace(joinWords(words, from, to).toLowerCase()));
    while (!saintsPlace && to - from > 1 && HONORIFICS.has(bare(words[from])) && !ORGANIZATION_HEADS.has(head) && !PLACE_HEADS.has(head)) {
      titled = titled || PERSON_TITLES.has(bare(words[from]));
      alias ??= joinWords(words, from, to);
      from++;
    }
    // "Mehta Aunty's house", "Sharma Uncle": a kin word after a surname, as many families in South Asia say it.
    if (to - from > 1 && KIN_AFTER.has(bare(words[to - 1]))) {
      titled = true;
      alias ??= joinWords(words, from, to);
      to--;
    }
    // "Tanaka-san", "Aiko-chan": a Japanese honorific written onto the name is a title; the name is the rest.
    const honorific = HONORIFIC_SUFFIX.exec(words[to - 1].text);
    if (honorific) {
      titled = true;
      alias ??= joinWords(words, from, to);
    }
    // "Dr." alone is no name, nor "Gran" ("lunch at Gran's"), nor a job ("Physio at Balance Clinic on Wednesday").
    if (to - from === 1 && HONORIFICS.has(bare(words[from])) && (words[from].text.endsWith('.') || KIN_TITLES.has(bare(words[from])) || JOB_TITLES.has(bare(words[from])))) continue;
    const span = words.slice(from, to);
    // "seat 14C", "gate B12": a number in a room, a row or a gate is no name, nor a code after "code" ("fault code EA").
    const numbered = (/\d/.test(words[to - 1].text) && (NUMBERED_PLACE_IN.test(joinWords(words, from, to)) || (from > 0 && NUMBERED_PLACE_IN.test(joinWords(words, from - 1, to))))) || (to - from === 1 && words[from - 1]?.lower === 'code');
    if (genericAcronym(words, from, to) || FUNDING_ROUND.test(joinWords(words, from, to)) || numbered) continue;
    const firstName = to - from === 1 && hasTag(lexiconTags(bare(words[from])), FIRST_NAME_TAGS);
    const context = contextType(words, from, to, titled);
    // A first name that is also a town ("Bradford", "Florence") is the town where the words around it say a place.
    const town = (firstName || words[from - 1]?.lower === 'in') && !titled && context.type === 'location' && openGazetteerListsPlace(joinWords(words, from, to).toLowerCase());
    const intrinsic = intrinsicType(span);
    // "Chelsea buns", "a Victoria sponge", "Lincolnshire sausages": a dish named after a place or a person is no name.
    if (DISH_NOUNS.has(words[to]?.lower ?? '') && !words[to - 1].possessive && (intrinsic?.type === 'location' || intrinsic?.type === 'person')) continue;
    // "at the Marsden", "the Fillmore": a place or an institution named after a person is no person ("the Chopin
    // nocturne", a noun after the name, is the man's).
    const namedAfter = intrinsic?.type === 'person' && words[from - 1]?.lower === 'the' && words[to]?.pos !== 'NOUN';
    const speaker = chatSpeaker(words, from, to);
    const side = speaker ? null : sportsSide(words, from, to, intrinsic);
    const contextRules = town || namedAfter || personRoleBeatsTown(words, from, to, context, intrinsic);
    // "Helen Park", "Fenella Marsh": a given name, then a surname that is a place's last word.
    const givenFirst = to - from === 2 && givenNameFirst(words[from]);
    // A title or a family word before the name ("Dr. Ford", "my niece Chanel") says a person, whatever else has the name.
    const read = titled || contextRules ? context : chooseType(intrinsic, context, firstName, to - from === 1, givenFirst);
    const chosen = speaker ? { type: 'person', confidence: 0.9 } : (side ?? read);
    // "the Thornbury sync service": a town's name before a noun only software has is the software, and the model
    // (which knows the town) is not asked.
    // A brand's goods ("the Costco card"), not a venue's pass ("the Brackwater Museum pass").
    const brand = intrinsic?.type === 'organization' && !(to - from > 1 && ORGANIZATION_HEADS.has(head));
    const productHead = (word: Word | undefined) => !!word && (SOFTWARE_HEADS.has(word.lower) || (GOODS_NOUNS.has(word.lower) && brand));
    const softwareAfter = productHead(words[to]) || (words[to]?.pos === 'NOUN' && productHead(words[to + 1]));
    // So is a company's name there ("the Starling app": the labelling guideline's brand before a product noun).
    const sureThing = intrinsic?.type === 'location' || intrinsic?.type === 'organization';
    // "my Kawasaki", "a Tesla", "the Skoda": a vehicle maker's name owned or counted is the vehicle.
    const vehicle = to - from === 1 && VEHICLE_MAKERS.has(bare(words[from])) && OWNED_OR_COUNTED.has(words[from - 1]?.lower ?? '') && !(words[to]?.pos === 'NOUN' && !words[to].cap);
    // A town's name before a noun other things have too stays the town ("the Venlo warehouse", "the Kyiv servers").
    const software = sureThing && softwareAfter && (chosen.type === 'product' || intrinsic?.type === 'location');
    const ruled = vehicle || software ? { type: 'product', confidence: 0.9 } : chosen;
    const type = titled && ruled.type === 'other' ? 'person' : ruled.type;
    const name = honorific ? joinWords(words, from, to).slice(0, -honorific[0].length) : joinWords(words, from, to);
    chunks.push({ name, type, confidence: ruled.confidence, word: from, endWord: to, alias: alias ?? (SOFTWARE_TYPES.has(type) ? releaseAlias(words, from, to) : undefined) });
    // A title ("Dr. Okafor", "Aunt Mireille") is as sure a cue as the rules have: the model is not asked.
    readings.push(titled ? null : { chosen: ruled, intrinsic, context });
  }
  coordinate(words, chunks);
  routes(words, chunks);
  regions(words, chunks);
  const ruleTypes = chunks.map(chunk => chunk.type);
  chunks.forEach((chunk, i) => {
    const reading = readings[i];
    const others = ruleTypes.filter((_, j) => j !== i);
    if (reading) Object.assign(chunk, typeName(words, chunk.word, chunk.endWord, { ...reading, chosen: { type: chunk.type, confidence: chunk.confidence }, others }));
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
  const cued = cuedByContext(rules.chosen, rules.context);
  // A type the hand lists give a brand ("Bosch", "GitLab") is asked about too, where a cue agreeing with it gives way
  // only to a surer model: the same brand is its firm in one sentence and its product in another ("the Bosch
  // dishwasher", "in GitLab"). A cue that changed the type (a firm's: "Linear emailed us") is kept.
  const listedAlone = rules.intrinsic?.type === rules.chosen.type;
  if (!model || !modelMayRetype(rules.chosen, listedAlone)) return rules.chosen;
  return combineTypes(model, rules.chosen, typingFeatures(words, from, to, rules), cued, listedAlone);
}

const SAINT = /^(?:st|saint)$/;
const ORDINAL = /^\d+(?:st|nd|rd|th)$/i;
/** Words after a number that make it an amount, not a model's or a version's number. */
const MEASURES = new Set(`euros euro pounds pound quid dollars dollar bucks pence cents rupees rupee yen pesos naira cedis rand shillings francs
  kronor krona zloty złoty lira baht ringgit won dirhams riyals percent % km miles minutes mins hours hrs days weeks months years kg people
  times pages points`.split(/\s+/));
const SOFTWARE_TYPES = new Set(['technology', 'product']);
/** Kin words said after a name: "Mehta Aunty", "Sharma Uncle", "Ravi Bhaiya". */
/** Japanese honorifics written onto a name with a hyphen. */
const HONORIFIC_SUFFIX = /-(?:san|sama|kun|chan|sensei|senpai)$/i;
const KIN_AFTER = new Set(['aunty', 'auntie', 'uncle', 'bhaiya', 'didi', 'ji']);

/** Words before a thing one owns or counts: "my Kawasaki", "a Tesla". */
const OWNED_OR_COUNTED = new Set(['my', 'our', 'his', 'her', 'their', 'your', 'a', 'an', 'the', 'new', 'old']);


