/** Text rules shared by search and scoring: tokens, stop words, a light stemmer. Pure, no I/O. */
import { LRUCache } from 'lru-cache';

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her hers him his how i if in into is it its ' +
    'me my of on or our she so than that the their them then there these they this to was we were what when where which who whom ' +
    'why will with would you your yours about also any did just very too not no yes up out over again more most some such only ' +
    'own same both each few other all am being having doing until while during before after above below off under further once ' +
    "here s t don should now let lets like get got go going went ever kind think really"
  ).split(/\s+/),
);

/** True for a word (lower case) that says nothing about what a text is about ("the", "we", "did"). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** A word or number, with an apostrophe suffix ("Caroline's"). */
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/** A count with its noun in the right number: `counted(1, 'memory', 'memories')` is "1 memory", 2 gives "2 memories". */
export const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Lower-cased words and numbers of a text, in order. */
export function words(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

/** `stem`'s suffix rules, tried in order; made once (regex literals in the function were rebuilt on every call). */
const STEM_RULES: readonly (readonly [RegExp, string])[] = [
  [/'s$/, ''],
  [/ies$/, 'y'],
  [/(ss|us)$/, '$1'],
  [/sses$/, 'ss'],
  [/([^s])s$/, '$1'],
  [/ing$/, ''],
  [/ed$/, ''],
  [/ly$/, ''],
];

/** Stems already worked out: search stems every word of every candidate, and the same words come back. */
const stems = new Map<string, string>();
const STEMS_KEPT = 50_000;

/** A light English stemmer: enough to match plural and tense variants in scoring (FTS5 does its own Porter stemming). */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(word, (stemmed = stemOf(word)));
  }
  return stemmed;
}

function stemOf(word: string): string {
  for (const [pattern, replacement] of STEM_RULES) {
    if (pattern.test(word)) {
      const stemmed = word.replace(pattern, replacement);
      return stemmed.length >= 3 ? stemmed : word;
    }
  }
  return word;
}

/** Content words of a text, stemmed: what lexical scoring compares. */
export function terms(text: string): string[] {
  return words(text)
    .filter(w => !STOP_WORDS.has(w))
    .map(stem);
}

/**
 * Each content term of a text (as `terms` gives it, stemmed) mapped to the word it came from, as written (case kept):
 * `Redis caching` → redi → Redis, cach → caching. The first word wins where two share a stem.
 */
export function termsAsWritten(text: string): Map<string, string> {
  const written = new Map<string, string>();
  for (const word of text.normalize('NFKC').match(WORD) ?? []) {
    const lower = word.toLowerCase();
    if (STOP_WORDS.has(lower)) continue;
    const term = stem(lower);
    if (!written.has(term)) written.set(term, word);
  }
  return written;
}

/**
 * Words that frame a question rather than say what it is about ("what database do we *use*", "do you *know*
 * anything about …", "what did we *decide* about the database"): a query searches by them only when it has no other
 * content word. Only verbs of asking about a past exchange are here, in all their forms; the nouns stay content words
 * ("the *decision* log"). "say" and "mention" are not: in chats what someone says is often the answer's own word
 * (read as framing, they cost LoCoMo recall@1 0.003).
 */
const FRAME_WORDS = new Set(
  (
    'use uses used using know knows knew known tell told remember remembered mean means meant happen happens happened ' +
    'decide decides decided deciding discuss discusses discussed discussing talk talks talked talking ' +
    'thing things something anything everything nothing stuff way lot much many one ones else please currently usually actually'
  ).split(/\s+/),
);

/** True for a word that only frames a question (see FRAME_WORDS). */
export function isFrameWord(word: string): boolean {
  return FRAME_WORDS.has(word);
}

/** A query's distinct words of one kind, unstemmed (the search index stems them itself). */
export interface QueryTier {
  kind: 'content' | 'framing' | 'stop';
  words: string[];
}

/**
 * A query's words by what they say about what is meant, in the order search falls back through them: its content
 * words, then the words that only frame a question (see FRAME_WORDS), then its stop words. Tiers without a word are
 * left out, so the first tier is what the query is searched by; a later one only when nothing else found anything.
 */
export function queryTiers(query: string): QueryTier[] {
  const all = [...new Set(words(query))];
  const tiers: QueryTier[] = [
    { kind: 'content', words: all.filter(w => !STOP_WORDS.has(w) && !FRAME_WORDS.has(w)) },
    { kind: 'framing', words: all.filter(w => !STOP_WORDS.has(w) && FRAME_WORDS.has(w)) },
    { kind: 'stop', words: all.filter(w => STOP_WORDS.has(w)) },
  ];
  return tiers.filter(t => t.words.length > 0);
}

/**
 * The distinct content words of a query, unstemmed (the search index stems them itself): never stop words, and
 * question-framing words only when nothing else is left.
 */
export function queryWords(query: string): string[] {
  return queryTiers(query).find(t => t.kind !== 'stop')?.words ?? [];
}

/** The query's words as lexical scoring compares them: `queryWords`, stemmed. */
export function queryTerms(query: string): string[] {
  return [...new Set(queryWords(query).map(stem))];
}

/**
 * Terms of recent texts, by whether stop words were kept: search reads the same candidate memories query after query.
 * Terms depend on the text alone, so a kept answer is never stale; long texts are not kept. A search asks for each
 * candidate's `title content` and its content alone (its length): 4,096 texts, the old bound, were fewer than a space
 * of 5,000 memories asks for, and splitting and stemming them again was ~10 % of a search's CPU. The bound is now the
 * kept texts' characters, so short texts (chat turns) are kept by the tens of thousands and long ones cannot take
 * more memory than that: 4 million characters per kind, a few tens of MB with their terms, per thread.
 */
const TERMS_KEPT_CHARACTERS = 4_000_000;
const TERMS_KEPT_MAX_LENGTH = 4_000;

/** Kept terms, by key (the text itself, or the caller's key), with the texts they are of. */
interface Kept {
  parts: readonly string[];
  terms: readonly string[];
}
/**
 * The least recently used leave first, in constant time. A Map's oldest entry, looked up by iterating from its start,
 * cost ~11 µs a look once the kept texts were full (the iterator steps over every deleted slot): at 10k memories that
 * was 17 % of a search's CPU.
 */
const keptCache = () => new LRUCache<string, Kept>({ maxSize: TERMS_KEPT_CHARACTERS, sizeCalculation: kept => Math.max(1, kept.parts.reduce((n, part) => n + part.length, 0)) });
const termsKept = { withStopWords: keptCache(), content: keptCache() };

/** The terms of a text as a tier of query words is compared with it: stop words are kept for the stop tier only. */
export function termsFor(kind: QueryTier['kind'], text: string): readonly string[] {
  return keptTerms(kind, text, [text]);
}

/**
 * `termsFor` the texts `parts` joined by a space (a memory's title and content), kept by a key of the caller's (a
 * memory's id and which of its texts) and checked against the parts themselves: the database reads a candidate's
 * texts afresh on every search, and joining and hashing them as the key cost more than comparing them with the kept
 * ones (docs/benchmarks.md, "Issue 27: the mixed load on two cores (round 3)"). A text edited since differs from the
 * kept one, so its terms are worked out again and replace them.
 */
export function termsForKeyed(kind: QueryTier['kind'], key: string, parts: readonly string[]): readonly string[] {
  return keptTerms(kind, key, parts);
}

/** What search reads of a memory's text besides its terms (see memoryTextTerms). */
export interface MemoryTextTerms {
  /** The terms of `title content` (termsForKeyed). */
  terms: readonly string[];
  /** How many of them are the title's (`termsFor(kind, title).length`): the content's follow. */
  titleTerms: number;
  /** How many content words the content alone holds (`termsFor('content', content)`): what makes a memory long. */
  contentWords: number;
  /** The distinct terms, as lexicalOverlap compares a query with them. */
  distinct: ReadonlySet<string>;
}

/** Kept by the kept terms themselves: a text edited since has other terms (a new list), so nothing here goes stale. */
const textTermsOf = new WeakMap<readonly string[], MemoryTextTerms>();

/**
 * A memory's `title content` terms (termsForKeyed by its id) with what search works out from them for every candidate
 * of every query: three look-ups and a set per candidate became one (docs/benchmarks.md, "Issue 27: search CPU under
 * the mix (round 4)"). Each number is computed by the same call as before, once per kept list of terms.
 */
export function memoryTextTerms(kind: QueryTier['kind'], id: string, title: string, content: string): MemoryTextTerms {
  const kept = keptTerms(kind, id, [title, content]);
  let found = textTermsOf.get(kept);
  if (found === undefined) {
    // Worked out once per kept list of terms, so not kept themselves (the content's took half the kept characters).
    found = { terms: kept, titleTerms: analysed(kind, title).length, contentWords: terms(content).length, distinct: new Set(kept) };
    textTermsOf.set(kept, found);
  }
  return found;
}

const sameParts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((part, i) => part === b[i]);

function keptTerms(kind: QueryTier['kind'], key: string, parts: readonly string[]): readonly string[] {
  const kept = kind === 'stop' ? termsKept.withStopWords : termsKept.content;
  const found = kept.get(key);
  if (found !== undefined && sameParts(found.parts, parts)) return found.terms;
  const text = parts.length === 1 ? parts[0]! : parts.join(' ');
  const made = analysed(kind, text);
  if (text.length <= TERMS_KEPT_MAX_LENGTH) kept.set(key, { parts, terms: made });
  else if (found !== undefined) kept.delete(key);
  return made;
}

/** A text's terms as a tier of query words is compared with it (see termsFor), worked out afresh. */
const analysed = (kind: QueryTier['kind'], text: string) => (kind === 'stop' ? words(text).map(stem) : terms(text));

const TIME_WORDS =
  /\b(?:yesterday|today|tonight|tomorrow|ago|last|next|recently|lately|earlier|(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|week|month|year|january|february|march|april|june|july|august|september|october|november|december|(?:19|20)\d{2})s?\b/iu;

/** True when a text places something in time ("yesterday", "last week", "two years ago", "in June"; "may" is a verb too). */
export function mentionsTime(text: string): boolean {
  return TIME_WORDS.test(text);
}

/** True for a question about when something happened ("When did …", "What date …", "How long ago …"). */
export function asksWhen(query: string): boolean {
  return /^\s*(?:when\b|what (?:date|day|time|year|month)\b|how long ago\b)/iu.test(query);
}

/** The speaker of a memory written as a transcript turn ("Caroline: …", "Dr. Ann Lee: …"): its leading name, or null. */
export function speakerOf(content: string): string | null {
  return /^\s*([\p{Lu}][\p{L}'.-]*(?: [\p{Lu}][\p{L}'.-]*){0,2}):\s/u.exec(content)?.[1] ?? null;
}
