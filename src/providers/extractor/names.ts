import {
  COMMON_ACRONYMS, HONORIFICS, NAME_CONNECTORS, NOT_NAMES, OF_HEADS, ORGANIZATION_HEADS, ORGANIZATIONS, PERSON_CUES, PERSON_TITLES,
  PLACE_HEADS, PLACE_PREFIXES, PLACE_PREPOSITIONS, PLACES, PRODUCTS, TECHNOLOGIES,
} from './gazetteer.ts';
import { lexiconTags, type Word } from './words.ts';

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
/** Verbs after a name that say a person did something. */
const PERSON_VERBS = new Set(
  `said says told tells asked asks thinks thought feels felt loves loved likes liked wants wanted prefers preferred went goes
  got gets is was has had will would can could did does started starts joined joins works worked studies studied teaches taught
  lives lived moved married visited volunteers ran hiked cooked painted recommended wrote writes broke beat fixed set reads read
  enjoys enjoyed plays played sings sang bought buys needs needed hopes hoped decided agreed mentioned shared sent called texted
  and`.split(/\s+/),
);
const ORG_CUES = new Set('joined join joining at for by acquired leaving left quit ceo cto founder employer company'.split(' '));
const ORG_VERBS = new Set('announced released raised recalled acquired launched reported hired filed shipped unveiled opened'.split(' '));

const hasTag = (tags: string[], set: Set<string>) => tags.some(t => set.has(t));
const bare = (word: Word) => word.lower.replace(/\.$/, '');

const COMMON_SUFFIX = /(?:ment|ness|tion|sion|ous|ful|ity|ism|ence|ance|able|ible|less)$/;

/** Whether a capitalised word at the start of a sentence is a name rather than an ordinary word written in capitals. */
function nameAtSentenceStart(word: Word): boolean {
  const key = bare(word);
  if (NOT_NAMES.has(key) || word.stopWord) return false;
  if (ORGANIZATIONS.has(key) || TECHNOLOGIES.has(key) || PRODUCTS.has(key) || PLACES.has(key)) return true;
  const tags = lexiconTags(key);
  if (hasTag(tags, NAME_TAGS) || hasTag(tags, PLACE_TAGS) || hasTag(tags, ORG_TAGS)) return true;
  // A bare 'Noun' in the lexicon is a word that is also a name (Jasmine, Maya): trust wink's proper-noun tag.
  if (tags.length > 0 && !(tags.length === 1 && tags[0] === 'Noun')) return false;
  // An unknown word shaped like an ordinary noun or adjective ("Unemployment", "Jealous") is not a name.
  if (!word.allCaps && COMMON_SUFFIX.test(key)) return false;
  return word.pos === 'PROPN' || word.allCaps;
}

/** Whether a word can be part of a name; `inside` when more of the name follows ("European" in "European Central Bank"). */
function nameWord(word: Word, atStart: boolean, inside = false): boolean {
  if (!word.cap || word.punct || word.span !== null) return false;
  const key = bare(word);
  if (DATE_WORDS.has(key) || (NOT_NAMES.has(key) && !(inside && INNER_NAME_WORDS.has(key)))) return false;
  if ((word.allCaps || /\d/.test(key)) && COMMON_ACRONYMS.has(key) && !ORGANIZATIONS.has(key)) return false;
  return atStart ? nameAtSentenceStart(word) || (inside && INNER_NAME_WORDS.has(key)) : true;
}

/** Capitalised words that are not names alone but begin longer ones ("British Museum", "New Year's Day"). */
const INNER_NAME_WORDS = new Set(
  `english spanish french german chinese japanese italian portuguese korean russian arabic hindi american british european asian
  african canadian mexican indian new good happy national royal international great`.split(/\s+/),
);

/** A short major version after a product name belongs to it ("iOS 18", "Llama 3"); a dotted one does not. */
const versionWord = (word: Word) => word.number && /^\d{1,3}$/.test(word.text);

/** Capitalised runs of a sentence as word-index ranges. */
function runs(words: Word[]): [number, number][] {
  const found: [number, number][] = [];
  const first = words.findIndex(w => !w.punct);
  let i = 0;
  while (i < words.length) {
    const atStart = i === first || (i > 0 && /^["“(‘'—:-]$/.test(words[i - 1].text) && i - 1 <= first);
    const word = words[i];
    const isThe = word.lower === 'the' && !atStart && i + 1 < words.length && nameWord(words[i + 1], false);
    const continues = i + 1 < words.length && nameWord(words[i + 1], false);
    if (!isThe && !nameWord(word, atStart, continues)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < words.length) {
      const next = words[j];
      const last = words[j - 1];
      if (last.possessive && !(next.cap && (ORGANIZATION_HEADS.has(next.lower) || PLACE_HEADS.has(next.lower)))) break;
      if (nameWord(next, false, j + 1 < words.length && nameWord(words[j + 1], false))) {
        j++;
        continue;
      }
      if (versionWord(next) && j + 1 - i <= 3 && !last.number) {
        j++;
        continue;
      }
      const after = words[j + 1];
      const connects = after !== undefined && nameWord(after, false) && NAME_CONNECTORS.has(next.lower);
      if (connects && (next.lower !== 'of' || OF_HEADS.has(last.lower))) {
        j += 2;
        continue;
      }
      break;
    }
    found.push([isThe ? i + 1 : i, j]);
    i = j;
  }
  return found;
}

function gazetteerType(key: string): { type: string; confidence: number } | null {
  if (ORGANIZATIONS.has(key)) return { type: 'organization', confidence: 0.9 };
  if (TECHNOLOGIES.has(key)) return { type: 'technology', confidence: 0.9 };
  if (PRODUCTS.has(key)) return { type: 'product', confidence: 0.9 };
  if (PLACES.has(key)) return { type: 'location', confidence: 0.9 };
  return null;
}

/** The type of a chunk from what it is (gazetteer, lexicon, head words), or null when only context can tell. */
function intrinsicType(words: Word[]): { type: string; confidence: number } | null {
  const key = words.map(w => w.lower).join(' ');
  const known = gazetteerType(key) ?? (versionWord(words[words.length - 1]) && words.length > 1 ? gazetteerType(words.slice(0, -1).map(w => w.lower).join(' ')) : null);
  if (known) return known;
  const tags = lexiconTags(key);
  if (hasTag(tags, PLACE_TAGS)) return { type: 'location', confidence: 0.85 };
  if (hasTag(tags, ORG_TAGS)) return { type: 'organization', confidence: 0.85 };
  if (hasTag(tags, FIRST_NAME_TAGS) && words.length === 1) return { type: 'person', confidence: 0.8 };
  // In "University of Queensland" the head is the word before "of".
  const of = words.findIndex(w => w.lower === 'of');
  const last = bare(words[of > 0 ? of - 1 : words.length - 1]);
  const firstWord = bare(words[0]);
  if (words.length > 1 && (last === 'day' || last === 'eve')) return { type: 'date', confidence: 0.75 };
  if (words.length > 1 && ORGANIZATION_HEADS.has(last)) return { type: 'organization', confidence: 0.8 };
  if (words.length > 1 && (PLACE_HEADS.has(last) || PLACE_PREFIXES.has(firstWord))) return { type: 'location', confidence: 0.8 };
  const firstTags = lexiconTags(firstWord);
  if (words.length <= 3 && hasTag(firstTags, FIRST_NAME_TAGS) && !words.some(w => /\d/.test(w.text))) return { type: 'person', confidence: 0.8 };
  if (words.length === 1 && hasTag(tags, new Set(['LastName']))) return { type: 'person', confidence: 0.6 };
  if (words.length > 1 && hasTag(lexiconTags(last), PLACE_TAGS)) return { type: 'location', confidence: 0.7 };
  if (words.length === 1 && words[0].allCaps) return { type: 'organization', confidence: 0.5 };
  return null;
}

/** The type the surrounding words suggest. */
function contextType(words: Word[], from: number, to: number, titled: boolean): { type: string; confidence: number } {
  if (titled) return { type: 'person', confidence: 0.8 };
  const before = words[from - 1]?.lower ?? '';
  const before2 = words[from - 2]?.lower ?? '';
  const after = words[to]?.lower ?? '';
  const after2 = words[to + 1]?.lower ?? '';
  const last = words[to - 1];
  if (PERSON_CUES.has(before) && before !== 'with' || (before === 'with' && !['work', 'working', 'deal', 'partnership', 'contract', 'account'].includes(before2))) {
    return { type: 'person', confidence: 0.7 };
  }
  if (last.possessive && after && !ORGANIZATION_HEADS.has(after)) return { type: 'person', confidence: 0.6 };
  if (after === 'and' && ['i', 'me', 'my', 'his', 'her'].includes(after2)) return { type: 'person', confidence: 0.75 };
  if (ORG_CUES.has(before) || ORG_VERBS.has(after)) return { type: 'organization', confidence: 0.6 };
  if (PLACE_PREPOSITIONS.has(before)) return { type: 'location', confidence: 0.6 };
  if (PERSON_VERBS.has(after) && to - from <= 3) return { type: 'person', confidence: 0.6 };
  return { type: 'other', confidence: 0.5 };
}

/** Proper-name chunks of one sentence, typed. */
export function nameChunks(words: Word[]): NameChunk[] {
  const chunks: NameChunk[] = [];
  for (const [runFrom, to] of runs(words)) {
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
    if (to - from === 1 && HONORIFICS.has(bare(words[from])) && words[from].text.endsWith('.')) continue;
    const span = words.slice(from, to);
    const typed = intrinsicType(span) ?? contextType(words, from, to, titled);
    const type = titled && typed.type === 'other' ? 'person' : typed.type;
    chunks.push({ name: joinWords(words, from, to), type, confidence: typed.confidence, word: from, endWord: to, alias });
  }
  return chunks;
}

/** The words as written, single-spaced. */
export function joinWords(words: Word[], from: number, to: number): string {
  return words
    .slice(from, to)
    .map((w, i) => (from + i === to - 1 ? w.text : w.raw))
    .join(' ');
}
