import { EVENT_HEADS, EVENT_OPENERS, GENERIC_TERMS, UNITS } from './catalog.ts';
import { techShaped, type Typed } from './cues.ts';
import { COMMON_ACRONYMS, FORMAT_ACRONYMS, NAME_CONNECTORS, NAMED_EVENTS, NOT_NAMES, ORGANIZATION_HEADS, ORGANIZATIONS, PLACE_HEADS, PLACE_PREFIXES, PLACES, PRODUCTS, STORM_PREFIXES, TECHNOLOGIES, VEHICLE_MAKERS, VENUE_PREFIXES } from './gazetteer.ts';
import { isGivenName } from './givenNames.ts';
import { openGazetteerListsPlace, openGazetteerType } from './openGazetteer.ts';
import { TOPIC_HEADS } from './phraseNames.ts';
import { modelNumber, versionWord } from './versions.ts';
import { isEnglishWord, lexiconTags, type Word } from './words.ts';

/**
 * What a name is by itself, before the words around it: the hand lists, the open-data gazetteer, compromise's lexicon
 * and the name's head words ("St Thomas' Hospital", "Boston Marathon", "Air India"). names.ts finds the names and
 * weighs this against their context.
 */

export const FIRST_NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'Person']);
export const PLACE_TAGS = new Set(['City', 'Country', 'Region', 'Place']);
export const ORG_TAGS = new Set(['Organization', 'SportsTeam']);
export const hasTag = (tags: string[], set: Set<string>) => tags.some(t => set.has(t));
export const bare = (word: Word) => word.lower.replace(/\.$/, '');
/** Vocabulary that no list makes a name: "JSON", "REST", "MB", "Payments". */
export const vocabulary = (key: string) =>
  COMMON_ACRONYMS.has(key) || GENERIC_TERMS.has(key) || UNITS.has(key) || NOT_NAMES.has(key) || ERROR_CLASS.test(key) || pluralTerm(key);

/** An exception's class ("TypeError", "NullPointerException"): vocabulary of code, not a name. */
export const ERROR_CLASS = /^\p{L}+(?:error|exception)$/u;
/** A term's plural ("ORMs", "PDFs", "SDKs"): vocabulary as the term is. */
export const pluralTerm = (key: string) => key.length > 3 && key.endsWith('s') && (COMMON_ACRONYMS.has(key.slice(0, -1)) || GENERIC_TERMS.has(key.slice(0, -1)));

/** Month and day names, whose capital says nothing about a name. */
export const DATE_WORDS = new Set(
  'january february march april may june july august september october november december feb mar apr jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays'.split(' '),
);

const listed = (key: string) => ORGANIZATIONS.has(key) || TECHNOLOGIES.has(key) || PRODUCTS.has(key) || PLACES.has(key) || NAMED_EVENTS.has(key);
/** In the hand lists, or in the open-data gazetteer where it is not vocabulary. */
export const known = (key: string) => listed(key) || (!vocabulary(key) && openGazetteerType(key) !== null);

/** Open data types with less confidence than the hand lists: a brand may be named as a company ("joined Hetzner"). */
const OPEN_CONFIDENCE = { technology: 0.75, organization: 0.85, location: 0.8, person: 0.75, event: 0.85 } as const;

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

/** The type the hand lists or the open-data gazetteer give a lower-case name (null for vocabulary). */
export const listedType = (key: string) => (vocabulary(key) ? null : (gazetteerType(key)?.type ?? null));

/** The type of a chunk from what it is (gazetteer, lexicon, head words), or null when only context can tell. */
export function intrinsicType(words: Word[]): Typed | null {
  const typed = nameType(words);
  // "Volvo XC40", "Hyundai Ioniq 5", "Nokia 3310": a maker's name and a model's number is the product.
  if (typed?.type === 'organization' && words.length > 1 && modelNumber(words[words.length - 1])) return { type: 'product', confidence: typed.confidence };
  return typed;
}

/** Words that make a name a race wherever they stand in it. */
const RACE_WORDS = new Set(['marathon', 'maratón', 'maratona', 'marató', 'marathonien', 'half-marathon', 'triathlon', 'ultramarathon']);
/** A sequel's or an edition's Roman number, II to XXX. */
const SEQUEL = /^(?=[IVX]{2,5}$)X{0,3}(?:IX|IV|V?I{0,3})$/;

const INSTITUTION_ENDINGS = /(?:\b(?:high|crown|county|supreme|district|magistrates'?|family|appeals?|federal|circuit|constitutional|coroner's|coroners'?) court|\bpolice station|gericht|\btribunal(?: .+)?)$/;

function nameType(words: Word[]): Typed | null {
  // "Hollow Knight: Silksong": a title and its subtitle are what the title is; a work (a game, a show) if unknown.
  const colon = words.findIndex(w => w.text === ':');
  if (colon > 0) return nameType(words.slice(0, colon)) ?? { type: 'product', confidence: 0.6 };
  const key = words.map(w => w.lower).join(' ');
  if (FORMAT_ACRONYMS.has(key)) return { type: 'technology', confidence: 0.85 };
  // Possessives are part of some names of the calendar ("New Year's Eve", "St Patrick's Day") and of the lists' ("Let's Encrypt").
  const written = words.some(w => w.possessive) ? words.map(w => w.raw.toLowerCase().replace(/’/g, "'")).join(' ') : key;
  if (written !== key && NAMED_EVENTS.has(written)) return { type: 'event', confidence: 0.9 };
  const versioned = versionWord(words[words.length - 1]) && words.length > 1 ? gazetteerType(words.slice(0, -1).map(w => w.lower).join(' ')) : null;
  // "Apollo 11", "Node 22": a number after a name makes a thing of it, never a person.
  // "Fiat 500", "Porsche 911": a vehicle maker's name and a model's number is the vehicle.
  if (versioned && VEHICLE_MAKERS.has(words.slice(0, -1).map(w => w.lower).join(' '))) return { type: 'product', confidence: 0.9 };
  const known = gazetteerType(key) ?? (written !== key ? gazetteerType(written) : null) ?? (versioned?.type === 'person' ? null : versioned);
  const tags = lexiconTags(key);
  // A famous person's name that compromise knows as a place or a company ("Fillmore", "Ford") is more often that.
  if (known && !(known.type === 'person' && (hasTag(tags, PLACE_TAGS) || hasTag(tags, ORG_TAGS)))) return known;
  // "Hades II", "Final Fantasy XVI", "Civilization VI": a sequel's number; a monarch's ("Elizabeth II") follows a given name.
  if (words.length > 1 && SEQUEL.test(words[words.length - 1].text) && !isGivenName(bare(words[words.length - 2]))) return { type: 'product', confidence: 0.8 };
  // "Dacia Sandero", "Royal Enfield Himalayan", "Seat Ibiza": a vehicle maker's name before a model's is the vehicle,
  // not the firm's division ("Nissan Motor", "Ford Credit", "Tata Steel").
  const maker = [2, 1].find(n => words.length > n && VEHICLE_MAKERS.has(words.slice(0, n).map(w => w.lower).join(' ')));
  if (maker && !ORGANIZATION_HEADS.has(bare(words[words.length - 1])) && !DIVISION_WORDS.has(bare(words[words.length - 1]))) return { type: 'product', confidence: 0.85 };
  // Courts and police stations are institutions: "Southwark Crown Court", "Bombay High Court", "Shinjuku Police Station".
  if (words.length > 1 && INSTITUTION_ENDINGS.test(key)) return { type: 'organization', confidence: 0.85 };
  // A maker named alone is the firm ("Kubota put their prices up"); names.ts makes "my Kawasaki" the vehicle.
  if (VEHICLE_MAKERS.has(key)) return { type: 'organization', confidence: 0.85 };
  if (hasTag(tags, PLACE_TAGS)) return { type: 'location', confidence: 0.85 };
  if (hasTag(tags, ORG_TAGS)) return { type: 'organization', confidence: 0.85 };
  // "St Ives", "St. Moritz": a saint's name kept whole (names.ts keeps "St" only where a place is reached) is a town's.
  if (words.length === 2 && /^(?:st|saint)\.?$/.test(words[0].lower) && !words[1].possessive) return { type: 'location', confidence: 0.7 };
  if (hasTag(tags, FIRST_NAME_TAGS) && words.length === 1) return { type: 'person', confidence: 0.8 };
  // A given name of some country that no list holds and English does not use ("Hamish", "Yaw", "Emeka").
  if (words.length === 1 && givenName(key)) return { type: 'person', confidence: 0.75 };
  // In "University of Queensland" the head is the word before "of"; in "Symposium on Urban Water", before "on".
  const of = words.findIndex(w => w.lower === 'of' || w.lower === 'on');
  const last = bare(words[of > 0 ? of - 1 : words.length - 1]);
  const firstWord = bare(words[0]);
  const final = bare(words[words.length - 1]);
  // "Windrush Day", "Sports Day": a day named for something is an occasion, an event on the calendar.
  if (words.length > 1 && (last === 'day' || last === 'eve')) return { type: 'event', confidence: 0.75 };
  // "Boston Marathon", "Glastonbury Festival", "Oxford Half", "PyCon Italia": events.
  // "Tour of Britain", "Festival of Speed": the head before "of" names the event too.
  // "Symposium on Urban Water": only a meeting's name runs on through "on" (names.ts), a sure event.
  if (of > 0 && words[of].lower === 'on' && TOPIC_HEADS.has(last)) return { type: 'event', confidence: 0.9 };
  // "KubeCon Europe", "JSConf Budapest", "DevOpsDays Amsterdam": a meeting's name written as one word is sure, its
  // edition's place after it or not (the learned layer had read the pair as a firm or a place).
  if (MEETING_WORD.test(words[0].text)) return { type: 'event', confidence: 0.9 };
  // "CCP Games", "Riot Games": a head that ends firms' names as well as events' leaves the sentence to say which.
  if (words.length > 1 && EVENT_HEADS.has(final) && ORGANIZATION_HEADS.has(final) && of < 0) return { type: 'event', confidence: 0.7 };
  if (words.length > 1 && (EVENT_HEADS.has(final) || (of > 0 && EVENT_HEADS.has(last)))) return { type: 'event', confidence: 0.85 };
  // "Medio Maratón Valencia", "Marathon des Sables": a race's word anywhere in its name.
  if (words.length > 1 && words.some(w => RACE_WORDS.has(bare(w)))) return { type: 'event', confidence: 0.8 };
  // "Feria de las Flores", "Fête de la Musique", "Festa do Divino": other languages name the kind of event first.
  if (words.length > 2 && EVENT_OPENERS.has(firstWord) && NAME_CONNECTORS.has(words[1].lower)) return { type: 'event', confidence: 0.85 };
  // "Air India", "Air Baltic": an airline, not the country.
  if (words.length > 1 && firstWord === 'air') return { type: 'organization', confidence: 0.8 };
  // "Storm Darragh": a storm is something that happened; "Bistro Kalina", "Hotel Amrâth": a venue named by its kind first.
  if (words.length === 2 && STORM_PREFIXES.has(firstWord)) return { type: 'event', confidence: 0.85 };
  if (words.length > 1 && VENUE_PREFIXES.has(firstWord)) return { type: 'organization', confidence: 0.8 };
  if (words.length > 1 && ORGANIZATION_HEADS.has(last)) return { type: 'organization', confidence: 0.8 };
  // "Trinity College Dublin": an institution named with its place.
  if (words.length > 2 && words.slice(0, -1).some(w => INSTITUTION_HEADS.has(bare(w)))) return { type: 'organization', confidence: 0.75 };
  if (words.length > 1 && (PLACE_HEADS.has(last) || PLACE_PREFIXES.has(firstWord))) return { type: 'location', confidence: 0.8 };
  // A known company's or tool's name before a product word is its product ("Hetzner Cloud", "Meta Ads"), though
  // the company's name is someone's too ("Meta").
  if (words.length > 1 && (ORGANIZATIONS.has(firstWord) || TECHNOLOGIES.has(firstWord)) && PRODUCT_WORDS.has(final)) return { type: 'technology', confidence: 0.75 };
  const firstTags = lexiconTags(firstWord);
  // A given name first, then at most two more names; particles do not count ("Pieter van den Hoogenband").
  const named = words.filter(w => !NAME_CONNECTORS.has(w.lower));
  if (named.length <= 3 && (hasTag(firstTags, FIRST_NAME_TAGS) || givenName(firstWord)) && !words.some(w => /\d/.test(w.text))) return { type: 'person', confidence: 0.8 };
  // A surname that is also a town ("Bradford", "Rivera") is left to the words around it.
  if (words.length === 1 && hasTag(tags, new Set(['LastName']))) return openGazetteerListsPlace(key) ? null : { type: 'person', confidence: 0.6 };
  // A place's name before a word that is no kind of place names a team, an orchestra or a company ("Dublin Bus",
  // "Manchester United", "Kenya Power"); places and events were caught above.
  if (words.length > 1 && (PLACES.has(firstWord) || hasTag(firstTags, PLACE_TAGS)) && !hasTag(firstTags, FIRST_NAME_TAGS) && !hasTag(lexiconTags(final), PLACE_TAGS) && !PLACE_HEADS.has(final)) {
    return { type: 'organization', confidence: 0.7 };
  }
  // "Azure AD", "Windows IoT": a known tool's name and an acronym of its edition.
  if (words.length === 2 && TECHNOLOGIES.has(firstWord) && words[1].allCaps && /\p{Lu}{2}/u.test(words[1].text)) return { type: 'technology', confidence: 0.75 };
  // A known organisation's name leads a division's ("Bosch Rexroth", "Siemens Energy").
  if (words.length > 1 && ORGANIZATIONS.has(firstWord) && !PRODUCT_WORDS.has(final)) return { type: 'organization', confidence: 0.7 };
  if (words.length > 1 && hasTag(lexiconTags(last), PLACE_TAGS)) return { type: 'location', confidence: 0.7 };
  if (techShaped(words)) return { type: 'technology', confidence: 0.6 };
  // "Kiwibank", "Citibank": a bank's name written as one word.
  if (words.length === 1 && /.{3}bank$/.test(key) && key !== 'riverbank') return { type: 'organization', confidence: 0.75 };
  return null;
}

/** What a brand's own name is typed by the lists: a company's, or its tool's or product's. */
const BRAND_TYPES = new Set(['technology', 'product', 'organization']);

/** Last words of a maker's firms, not its vehicles: "Nissan Motor", "Ford Credit", "Tata Steel", "Honda UK". */
const DIVISION_WORDS = new Set(['motor', 'credit', 'steel', 'uk', 'usa', 'europe', 'india', 'japan', 'china', 'dealership', 'dealer', 'dealers', 'f1', 'racing', 'team', 'trucks', 'mobility', 'digital', 'ventures']);

/** One word naming a meeting by its last part: "PyCon", "JSConf", "DevOpsDays", "WordCamp", "HackFest". */
const MEETING_WORD = /^\p{Lu}[\p{L}\d]*(?:Con|Conf|Fest|Camp|Days)$/u;

/** A given name (givenNames.ts) that is no English word ("Hope" and "Summer" are left to their context). */
const givenName = (key: string) => isGivenName(key) && !isEnglishWord(key);

const INSTITUTION_HEADS = new Set(['university', 'college', 'school', 'hospital', 'clinic', 'institute', 'academy', 'bank']);
/** Last words that make a product of an organisation's name ("Stripe Radar" is not, "Google Maps" is by the gazetteer). */
const PRODUCT_WORDS = new Set(['app', 'cloud', 'pay', 'maps', 'drive', 'docs', 'radar', 'studio', 'pro', 'max', 'plus', 'one', 'go', 'lite', 'mini', 'air', 'tv', 'music', 'photos', 'sheets', 'mail', 'workers', 'pages', 'functions', 'storage', 'analytics', 'ads', 'assistant', 'watch', 'fit', 'home']);

/**
 * What a name is beats what surrounds it, except where a strong cue contradicts a weak reading: "from Travis to
 * Buildkite" (a first name, used as software), "left Canva" (a product, named as the employer).
 */
export function chooseType(intrinsic: Typed | null, context: Typed, firstName: boolean, oneWord: boolean, givenFirst: boolean): Typed {
  // "Cancelled the Showmax subscription": what a firm bills is the firm's, named or not.
  if (!intrinsic) return context.firm && BRAND_TYPES.has(context.type) ? { type: 'organization', confidence: context.confidence } : context;
  // "Linear emailed us", "Sentry's support team", "the Netflix subscription": a known brand or tool cast as a firm's
  // doing is the company (the labelling guideline), surely enough that the learned layer is not asked.
  if (context.firm && !firstName && BRAND_TYPES.has(intrinsic.type)) return { type: 'organization', confidence: 0.9 };
  // "My manager, Helen Park, approved": a strong person cue beats a place read from a surname's last word.
  if (givenFirst && intrinsic.type === 'location' && intrinsic.confidence < 0.9 && context.type === 'person' && context.confidence >= 0.8) return context;
  // "Kemi's birthday", "Dr. Achterberg": a strong person cue beats a town's or a brand's name from the open list.
  if (oneWord && context.type === 'person' && intrinsic.type !== 'person' && intrinsic.confidence < 0.9 && context.confidence >= Math.max(0.8, intrinsic.confidence)) return context;
  // "Zara's mum", "Ana and I": a first name that is also a brand, used as a person.
  if (firstName && context.type === 'person' && context.confidence >= 0.65) return context;
  if (intrinsic.type === 'person' && intrinsic.confidence <= 0.8 && context.confidence >= 0.8 && context.type !== 'other') return context;
  // "work for CCP Games": a firm's cue beats an event read from a head both can have.
  if (intrinsic.type === 'event' && intrinsic.confidence <= 0.7 && context.type === 'organization' && context.confidence >= 0.75) return context;
  if ((intrinsic.type === 'technology' || intrinsic.type === 'product') && context.type === 'organization' && context.confidence >= 0.75) return context;
  // "the Zerodha app", "the Synology NAS": a company's name before a product's noun is its product (the labelling guideline).
  if (intrinsic.type === 'organization' && context.type === 'product' && context.confidence >= 0.85) return context;
  // A brand from the open list, named as a company ("at Hetzner", "Feedzai announced"): the company.
  if (intrinsic.type === 'technology' && intrinsic.confidence < 0.8 && context.type === 'organization' && context.confidence >= 0.6) return context;
  return intrinsic;
}
