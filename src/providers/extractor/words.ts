import { createRequire } from 'node:module';
import type winkNLP from 'wink-nlp';

/**
 * Text → sentences of words, through wink-nlp (tokens, parts of speech, sentence breaks, dates, money, urls,
 * emails). A "word" is a run of tokens with no space between them ("Node.js", "1Password", "Mary's"), so names keep
 * their punctuation. wink, its model and compromise load once per process, on first use (a few hundred ms of CPU
 * in all), not when the server starts: a server that extracts nothing never loads them.
 */

const load = createRequire(import.meta.url);

type Wink = ReturnType<typeof winkNLP>;
let wink: Wink | null = null;
/**
 * wink numbers the words of its vocabulary first; a word it has never seen gets the next free number when first
 * read. The number a nonsense word gets at load is the vocabulary's size: a word numbered below it is an English word.
 */
let vocabularySize = 0;
const winkInstance = () => {
  if (wink) return wink;
  const instance = (load('wink-nlp') as typeof winkNLP)(load('wink-eng-lite-web-model'));
  vocabularySize = instance.readDoc('qxzqjv').tokens().out(instance.its.uniqueId)[0] as unknown as number;
  return (wink = instance);
};

type Lexicon = Record<string, string | string[]>;
let lexicon: Lexicon | null = null;
/** compromise's word list (24k words: first names, cities, countries, regions, organisations, and ordinary words). */
const compromiseLexicon = () => (lexicon ??= (load('compromise') as { model(): { one: { lexicon: Lexicon } } }).model().one.lexicon);

const englishWords = new Map<string, boolean>();
const MAX_REMEMBERED = 20_000;

/**
 * Whether a lower-case word is an English word: in wink's vocabulary, or an inflection its lemmatiser knows
 * ("payments", "migrated", "heron"); brand and personal names ("hetzner", "solveig") are not. Remembered per word.
 */
export function isEnglishWord(lower: string): boolean {
  const remembered = englishWords.get(lower);
  if (remembered !== undefined) return remembered;
  const instance = winkInstance();
  const tokens = instance.readDoc(lower).tokens();
  const ids = tokens.out(instance.its.uniqueId) as unknown as number[];
  const lemmas = tokens.out(instance.its.lemma as Parameters<typeof tokens.out>[0]) as unknown as string[];
  const known = ids.length === 1 && (ids[0] < vocabularySize || (lemmas[0] !== lower && isKnownId(instance, lemmas[0])));
  if (englishWords.size >= MAX_REMEMBERED) englishWords.clear();
  englishWords.set(lower, known);
  return known;
}

function isKnownId(instance: Wink, word: string): boolean {
  const ids = instance.readDoc(word).tokens().out(instance.its.uniqueId) as unknown as number[];
  return ids.length === 1 && ids[0] < vocabularySize;
}

/** compromise's tags for a lower-case word or phrase ([] when it does not know it). */
export function lexiconTags(key: string): string[] {
  const tags = compromiseLexicon()[key];
  return tags === undefined ? [] : Array.isArray(tags) ? tags : [tags];
}

/** Words `from`..`to` as written, lower case, possessives kept and curly apostrophes straight ("new year's day"), as the lists hold names. */
export const writtenKey = (words: Word[], from: number, to: number) => words.slice(from, to).map(w => w.raw.toLowerCase().replace(/’/g, "'")).join(' ');

export type SpanKind = 'DATE' | 'MONEY' | 'URL' | 'EMAIL';

export interface Word {
  /** Surface text without a trailing possessive. */
  text: string;
  /** Surface text as written. */
  raw: string;
  lower: string;
  start: number;
  end: number;
  /** wink's part of speech of the word's first token. */
  pos: string;
  punct: boolean;
  number: boolean;
  /** Written like a name: capitalised, camel case ("iOS") or a digit then capitals ("1Password"). */
  cap: boolean;
  allCaps: boolean;
  possessive: boolean;
  stopWord: boolean;

  /** The wink entity the word belongs to (date, money, url, email), if any. */
  span: SpanKind | null;
}

export interface EntitySpan {
  kind: SpanKind;
  text: string;
  sentence: number;
  /** Index of the span's first word in its sentence. */
  word: number;
  /** Character offsets of the span. */
  start: number;
  end: number;
}

export interface Analysis {
  sentences: Word[][];
  spans: EntitySpan[];
}

const SPAN_KINDS: Record<string, SpanKind> = { DATE: 'DATE', MONEY: 'MONEY', URL: 'URL', EMAIL: 'EMAIL' };
const LONE_MONTH_ABBREVIATION = /^(?:jan|jun)$/i;
/** A month's abbreviation in lower case, alone, is a word more often ("la mar", "the mar-a-lago"): a date only after "in", "since", …. */
const LOWER_MONTH_ABBREVIATION = /^(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?$/;
const SEASON = /^(?:spring|summer|autumn|fall|winter)$/i;
const TIME_FROM_NOW = /^in (?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|a couple of|\d+) (?:days?|weeks?|months?|years?)$/i;
const DAY_ABBREVIATION = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat)$/i;
/** A month, a day or a part of the day after a day's abbreviation keeps it a date ("Thu March 5", "Fri Sat", "Sat Morning"). */
const MONTH_OR_DAY_AFTER = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|morning|afternoon|evening|night|noon|am|pm|[AP]M)/i;
/** Words after which "Jan" is the month: "back in Jan", "since Jun". */
const MONTH_BEFORE = /^(?:in|since|until|till|by|from|before|after|early|late|mid|of|last|next|this|due|during|around)$/i;
const GLUE_PUNCT = new Set(['.', '-', '/', '_', '&', '@', "'", '’']);
const TRAILING_GLUE = new Set(['+', '#']);
const CAP = /^(?:\p{Lu}|\p{N}+\p{Lu}|\p{Ll}\p{Lu}|[dl]['’]\p{Lu})/u;

function isCap(text: string): boolean {
  return CAP.test(text);
}

/** Splits text into sentences of words, marking those inside wink's date, money, url and email entities. */
export function analyse(text: string): Analysis {
  const its = winkInstance().its;
  const doc = winkInstance().readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out(its.value) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const pos = tokens.out(its.pos) as string[];
  const types = tokens.out(its.type) as string[];
  const stop = tokens.out(its.stopWordFlag) as unknown as boolean[];

  const entityOf = new Array<SpanKind | null>(values.length).fill(null);
  const entitySpans = doc.entities().out(its.span) as unknown as [number, number][];
  const entityTypes = doc.entities().out(its.type) as string[];
  const entityValues = doc.entities().out(its.value) as string[];
  entitySpans.forEach(([from, to], i) => {
    // "Jan" and "Jun" alone are people's names more often than months ("Mei and Jun"); with a day they are dates.
    if ((LONE_MONTH_ABBREVIATION.test(entityValues[i]) || LOWER_MONTH_ABBREVIATION.test(entityValues[i])) && !MONTH_BEFORE.test(values[from - 1] ?? '')) return;
    // "winter boots", "the summer fair": a season describing a thing, no date; nor "in the sun.", wink's Sunday.
    if (SEASON.test(entityValues[i]) && (pos[to + 1] === 'NOUN' || pos[to + 1] === 'ADJ') && /^\p{Ll}/u.test(values[to + 1] ?? '')) return;
    if (/^sun\.?$/.test(entityValues[i])) return;
    // "in six weeks", "in two days": a stretch of time from now, which notes' readers do not call a date.
    if (TIME_FROM_NOW.test(entityValues[i])) return;
    // "the Thu Bồn River", "Sat Nam": a day's abbreviation alone before a capitalised word begins a name.
    if (from === to && DAY_ABBREVIATION.test(entityValues[i]) && /^\p{Lu}/u.test(values[to + 1] ?? '') && !MONTH_OR_DAY_AFTER.test(values[to + 1] ?? '')) return;
    const kind = SPAN_KINDS[entityTypes[i]];
    if (kind) for (let t = from; t <= to; t++) entityOf[t] = kind;
  });
  const sentenceOf = new Array<number>(values.length).fill(0);
  let merged = 0;
  (doc.sentences().out(its.span) as unknown as [number, number][]).forEach(([from, to], s) => {
    // wink may end a sentence inside a word ("Next." "js 15 took …"): what follows stays in the word's sentence.
    if (from >= 2 && spaces[from] === '' && types[from] === 'word' && GLUE_PUNCT.has(values[from - 1]) && spaces[from - 1] === '' && types[from - 2] === 'word') merged++;
    for (let t = from; t <= to; t++) sentenceOf[t] = s - merged;
  });

  const sentences: Word[][] = [];
  const spans: EntitySpan[] = [];
  let offset = 0;
  let t = 0;
  while (t < values.length) {
    // Line breaks come as tokens of their own: they separate words like spaces do.
    if (values[t].trim() === '') {
      offset += spaces[t].length + values[t].length;
      t++;
      continue;
    }
    offset += spaces[t].length;
    const start = text.indexOf(values[t], offset) >= 0 ? text.indexOf(values[t], offset) : offset;
    let end = start + values[t].length;
    const first = t;
    t++;
    // Glue following tokens written without a space: words, numbers, inner punctuation followed by a word, "+"/"#".
    // wink may end a sentence inside a word ("Node." "js"): the glued word stays in the first sentence.
    while (t < values.length && spaces[t] === '' && entityOf[t] === entityOf[first]) {
      if (values[t].trim() === '') break;
      // wink leaves some letters out of its alphabet ("Gda" "ń" "sk"): they glue like letters.
      const isWordLike = types[t] === 'word' || types[t] === 'number' || (types[t] === 'unk' && /^\p{L}+$/u.test(values[t]));
      const inner = GLUE_PUNCT.has(values[t]) && t + 1 < values.length && spaces[t + 1] === '' && (types[t + 1] === 'word' || types[t + 1] === 'number');
      // "Thomas'" (a possessive written with the apostrophe alone) keeps its apostrophe.
      const possessiveMark = (values[t] === "'" || values[t] === '’') && /s$/i.test(values[t - 1]) && (t + 1 >= values.length || spaces[t + 1] !== '');
      if (types[first] === 'punctuation' || !(isWordLike || inner || possessiveMark || TRAILING_GLUE.has(values[t]))) break;
      end = (text.indexOf(values[t], end) >= 0 ? text.indexOf(values[t], end) : end) + values[t].length;
      t++;
    }
    offset = end;
    let surface = text.slice(start, end);
    let possessive = false;
    const possessiveMatch = /(?:['’]s|s['’])$/i.exec(surface);
    if (possessiveMatch && surface.length > 2) {
      possessive = true;
      surface = surface.endsWith("'") || surface.endsWith('’') ? surface.slice(0, -1) : surface.slice(0, -2);
    }
    const letters = surface.replace(/[^\p{L}]/gu, '');
    const word: Word = {
      text: surface,
      raw: text.slice(start, end),
      lower: surface.toLowerCase(),
      start,
      end,
      pos: pos[first],
      punct: types[first] === 'punctuation' || types[first] === 'symbol',
      number: types[first] === 'number' && !/\p{L}/u.test(surface),
      cap: isCap(surface),
      allCaps: letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase(),
      possessive,
      stopWord: stop[first] === true,
      span: entityOf[first],
    };
    const s = sentenceOf[first];
    while (sentences.length <= s) sentences.push([]);
    const sentence = sentences[s];
    const kind = word.span;
    if (kind) {
      const last = spans[spans.length - 1];
      const previous = sentence[sentence.length - 1];
      if (previous?.span === kind && last?.sentence === s && last.end === previous.end) {
        last.text += text.slice(last.end, end);
        last.end = end;
      } else {
        spans.push({ kind, text: text.slice(start, end), sentence: s, word: sentence.length, start, end });
      }
    }
    sentence.push(word);
  }
  return { sentences, spans };
}

/** The words as written, single-spaced; a model's number keeps no full stop wink left on it ("YubiKey 5C."). */
export function joinWords(words: Word[], from: number, to: number): string {
  const joined = words
    .slice(from, to)
    .map((w, i) => (from + i === to - 1 ? w.text : w.raw))
    .join(' ')
    .replace(/ :/g, ':');
  return joined.endsWith('.') ? joined.replace(/(?<=\d\p{L}{0,3})\.$/u, '') : joined;
}
