import { cleanEntityName, entityKey, extractionText } from '../../domain/entity.ts';
import type { ExtractedEntity, ExtractedRelationship, Extraction, ExtractionInput, Extractor } from '../ports.ts';
import { dateRangeEnds, datePhrases, resolveRelativeDate } from './dates.ts';
import { NAMED_EVENTS } from './gazetteer.ts';
import { isGivenName } from './givenNames.ts';
import { nameChunks } from './names.ts';
import { capitalisedInside, PERSON_NEXT } from './openings.ts';
import { occasionRanges } from './occasions.ts';
import { restoreCase } from './lowerCase.ts';
import { installedPackages, lowerCaseTools } from './packages.ts';
import { type Placed, sentenceRelations } from './relations.ts';
import { analyse, type EntitySpan, isEnglishWord, type Word } from './words.ts';

/**
 * The offline extractor (the default): names from wink-nlp's tokens and parts of speech typed with compromise's
 * lexicon, a gazetteer and context words; dates, money, urls and emails from wink-nlp's entities (relative dates
 * resolved with chrono against the memory's time); relations from co-occurrence in a sentence, typed by verb patterns.
 * Runs in well under a millisecond for a chat turn, so it runs inline on every create.
 */
export function createRulesExtractor(): Extractor {
  return {
    provider: 'rules',
    model: null,
    inline: true,
    async extract(input) {
      return extractWithRules(input);
    },
  };
}

const DAY_OF_A_MONTH = /\b(?:first|second|third|fourth|last|middle) (?:week(?:end)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day) (?:of|in)\b/i;
const RELATIVE_DATE = /\b(?:yesterday|today|tonight|tomorrow|tmrw?|tmrow|tomoz|2moro|2mrw|tonite|2nite|yday|yest|last|next|this|ago|coming|past)\b|^(?:mon|tues|wednes|thurs|fri|satur|sun)day$|^(?:mon|tues?|weds?|thu|thurs?|fri|sat|sun)$/i;
const SPAN_TYPES: Record<EntitySpan['kind'], string> = { DATE: 'date', MONEY: 'money', URL: 'url', EMAIL: 'email' };

interface Found extends ExtractedEntity {
  occurrences: number;
  aliases: string[];
  /** Each type's cues in this text, summed by confidence: the type most (and most surely) said wins. */
  votes: Map<string, number>;
}

/** Counts a mention's cue and types the entity by the type with the most weight ("Heron" said to act once, named "the Heron project" twice: a product). */
function vote(entity: Found, type: string, confidence: number) {
  if (type === 'other') return;
  entity.votes.set(type, (entity.votes.get(type) ?? 0) + confidence);
  let best = entity.entity_type === 'other' ? null : entity.entity_type;
  for (const [candidate, weight] of entity.votes) if (best === null || weight > (entity.votes.get(best) ?? 0)) best = candidate;
  if (best && best !== entity.entity_type) Object.assign(entity, { entity_type: best, confidence: Math.max(confidence, entity.confidence) });
  else if (best === type) entity.confidence = Math.max(confidence, entity.confidence);
}

const PART_OF_DAY = new Set(['morning', 'afternoon', 'evening', 'night']);
const SEASON = /^(?:spring|summer|autumn|fall|winter)$/;
const SEASON_LEAD = new Set(['last', 'next', 'this', 'early', 'late', 'past', 'coming']);

/**
 * wink's date spans, completed: "Thursday, October 2" is one date, "Sunday night" keeps its part of the day, and a
 * season with a lead word ("last spring") is a date too.
 */
function completeDates(text: string, sentences: Word[][], winkSpans: EntitySpan[]): EntitySpan[] {
  const result: EntitySpan[] = [];
  for (const span of withDatePhrases(text, sentences, winkSpans)) {
    if (personNamedLikeADate(sentences[span.sentence], span)) continue;
    const previous = result[result.length - 1];
    if (span.kind === 'DATE' && previous?.kind === 'DATE' && previous.sentence === span.sentence && /^,? ?$/.test(text.slice(previous.end, span.start))) {
      previous.text = text.slice(previous.start, span.end);
      previous.end = span.end;
      continue;
    }
    result.push({ ...span });
  }
  for (const span of result) {
    if (span.kind !== 'DATE') continue;
    const words = sentences[span.sentence];
    const after = words.findIndex(w => w.start >= span.end);
    if (after >= 0 && PART_OF_DAY.has(words[after].lower) && text.slice(span.end, words[after].start).trim() === '') {
      span.text += text.slice(span.end, words[after].end);
      span.end = words[after].end;
    }
  }
  sentences.forEach((words, s) => {
    for (let i = 1; i < words.length; i++) {
      if (SEASON.test(words[i].lower) && SEASON_LEAD.has(words[i - 1].lower) && words[i].span === null) {
        result.push({ kind: 'DATE', text: text.slice(words[i - 1].start, words[i].end), sentence: s, word: i - 1, start: words[i - 1].start, end: words[i].end });
      }
    }
  });
  return result;
}

/** Words that lead to a date: the month after one is the month ("In April Johnson left"). */
const DATE_LEADS = new Set(['in', 'on', 'since', 'until', 'till', 'by', 'from', 'last', 'next', 'this', 'every', 'early', 'late', 'mid', 'of', 'through', 'before', 'after', 'during', 'to']);

/**
 * "April Johnson asked", "Summer Lee: I can take it", "May from finance said": a month's or a season's name that is
 * someone's given name, before a surname (one no English word spells, or one a speaker's colon or a person's doing
 * follows) or opening the sentence before a person's doing, and after no word that leads to a date ("In April Johnson
 * left" stays a date). Its words are given back to the name finder (openings.ts givenNameOpening).
 */
function personNamedLikeADate(words: Word[] | undefined, span: EntitySpan): boolean {
  if (!words || span.kind !== 'DATE') return false;
  const at = words.findIndex(w => w.start === span.start);
  const [word, next] = [words[at], words[at + 1]];
  if (!word || word.end !== span.end || !isGivenName(word.lower) || DATE_LEADS.has(words[at - 1]?.lower ?? '')) return false;
  // "May from finance asked", "April wants the launch party on the roof": someone opening the sentence.
  const opening = at === words.findIndex(w => !w.punct);
  if (opening && PERSON_NEXT.test(next?.lower ?? '')) {
    word.span = null;
    return true;
  }
  const surname = !!next?.cap && !next.allCaps && (!isEnglishWord(next.lower) || words[at + 2]?.text === ':' || PERSON_NEXT.test(words[at + 2]?.lower ?? ''));
  if (!surname || /^\d/.test(next.text) || /^(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i.test(next.text)) return false;
  word.span = null;
  return true;
}

/**
 * wink's spans, with the date phrases it does not mark ("the 17th", "this weekend", "Q3"): a phrase that overlaps a
 * wink date widens it ("Wednesday" → "Wednesday the 12th"); one that overlaps money, a url or an email is dropped.
 */
function withDatePhrases(text: string, sentences: Word[][], spans: EntitySpan[]): EntitySpan[] {
  const result = spans.map(span => ({ ...span }));
  for (const phrase of datePhrases(text)) {
    const overlapping = result.filter(span => span.start < phrase.end && phrase.start < span.end);
    if (overlapping.some(span => span.kind !== 'DATE')) continue;
    const date = overlapping[0];
    const sentence = sentences.findIndex(words => words.length > 0 && words[0].start <= phrase.start && phrase.start < words[words.length - 1].end);
    // Its words are a date's, no name's ("Sat" in "Sat 16 May", where wink marked "16 May").
    // Every sentence's: a splitter may end one at "12." in "am 12. März".
    for (const words of sentences) for (const w of words) if (w.start < phrase.end && phrase.start < w.end) w.span = 'DATE';
    if (date) {
      const start = Math.min(date.start, phrase.start);
      const end = Math.max(date.end, phrase.end);
      Object.assign(date, { start, end, text: text.slice(start, end) });
      continue;
    }
    if (sentence < 0) continue;
    const word = sentences[sentence].findIndex(w => w.end > phrase.start);
    result.push({ kind: 'DATE', text: text.slice(phrase.start, phrase.end), sentence, word, start: phrase.start, end: phrase.end });
  }
  return result.sort((a, b) => a.start - b.start);
}

const LEADING_PREPOSITION = /^(?:by|until|till|since|from|on)\s+(?=\S)/i;
const ANAPHORIC_DAY = /^(?:that|the same|which) (?:day|night|week|morning|evening)$/i;
/** "the end of next week" → "next week": notes name the date by either. */
const EDGE_OF = /^(?:(?:the )?(?:end|start|beginning|middle) of (?:the )?|(?:early|late|mid)[- ](?=\p{L}))(?=\S)/iu;

/** A recurrence before a day and a part of the day after it: "every other Thursday", "Thursday afternoon". */
const RECURRENCE = /^(?:every|each)(?: other)?\s+(?=\S)/i;
const DAY_PART_AFTER = /(?<=\S)\s+(?:morning|afternoon|evening|night)s?$/i;

/**
 * A date as an entity: absolute dates by their words, relative ones by the day they mean ("yesterday" → 2026-03-03,
 * with what was written as an alias). A recurring day or a part of a day keeps the day itself as an alias too
 * ("every Thursday", "Thursday night" → also "Thursday"): notes and their readers name the date by either.
 */
function dateEntity(spanText: string, reference: Date): { name: string; aliases: string[] } {
  // wink's span of "by April" takes the preposition in; the date is "April".
  const text = spanText.replace(LEADING_PREPOSITION, '');
  const day = text.replace(RECURRENCE, '').replace(DAY_PART_AFTER, '');
  // The period an edge is of ("the end of next week" → "next week") and a range's ends ("20 to 23 May" → "20 May",
  // "23 May") are aliases too: some notes name the whole, some its part.
  const edge = text.replace(EDGE_OF, '');
  const dayAlias = [...(day !== text ? [day] : []), ...(edge !== text ? [edge] : []), ...dateRangeEnds(text)];
  // "the last week of October", "the first Saturday of the month": a day of a month, not one relative to now.
  if (!RELATIVE_DATE.test(text) || DAY_OF_A_MONTH.test(text)) return { name: text, aliases: dayAlias };
  const iso = resolveRelativeDate(text, reference);
  return iso ? { name: iso, aliases: [text, ...dayAlias] } : { name: text, aliases: dayAlias };
}

let holidayKeys: Set<string> | null = null;
/** Holidays and events by match key ("new years eve"), as wink's date spans are compared. */
const HOLIDAY_KEYS = () => (holidayKeys ??= new Set([...NAMED_EVENTS].map(entityKey)));

/** Runs the rules on one text; synchronous, no I/O. */
export function extractWithRules(input: ExtractionInput): Extraction {
  const text = restoreCase(extractionText(input.text, input.title));
  const reference = input.reference_time ? new Date(input.reference_time) : new Date();
  const { sentences, spans } = analyse(text);

  const found = new Map<string, Found>();
  /** Name as written in a sentence → the key of the entity it became. */
  const placedBySentence: Placed[][] = sentences.map(() => []);
  const add = (name: string, type: string, confidence: number, ...written: (string | undefined)[]): string | null => {
    const clean = cleanEntityName(name);
    const key = entityKey(clean);
    if (!key || key.length < 2 && type !== 'person') return null;
    const aliases = written.filter((alias): alias is string => !!alias).map(cleanEntityName).filter(alias => entityKey(alias) !== key);
    const existing = found.get(key);
    if (existing) {
      existing.occurrences++;
      vote(existing, type, confidence);
      for (const alias of aliases) if (!existing.aliases.includes(alias)) existing.aliases.push(alias);
      return key;
    }
    const votes = new Map(type === 'other' ? [] : [[type, confidence]]);
    found.set(key, { name: clean, entity_type: type, confidence, occurrences: 1, aliases: [...new Set(aliases)], votes });
    return key;
  };

  // Dates first: the words of a date phrase ("Sat 9am", "the end of Q3") are then no part of a name.
  const dateSpans = completeDates(text, sentences, spans);
  const capitalised = capitalisedInside(sentences);
  /** Character ranges of the occasions ("Christmas Eve", "Black Friday"): no name or date inside one is drawn alone. */
  const occasions: [number, number][] = [];
  const inOccasion = (start: number, end: number) => occasions.some(([from, to]) => start < to && end > from);
  sentences.forEach((words, s) => {
    for (const [from, to] of occasionRanges(words)) {
      occasions.push([words[from].start, words[to - 1].end]);
      const key = add(text.slice(words[from].start, words[to - 1].end), 'event', 0.85);
      if (key) placedBySentence[s].push({ name: key, type: 'event', word: from, endWord: to });
    }
    for (const chunk of nameChunks(words, capitalised)) {
      if (inOccasion(words[chunk.word].start, words[chunk.endWord - 1].end)) continue;
      const key = add(chunk.name, chunk.type, chunk.confidence, chunk.alias);
      if (key) placedBySentence[s].push({ name: key, type: chunk.type, word: chunk.word, endWord: chunk.endWord });
    }
    // "parkrun", written in lower case by its own brand: the Saturday run, an event, wherever it stands alone.
    words.forEach((word, i) => {
      if (word.text !== 'parkrun' || placedBySentence[s].some(p => p.word <= i && i < p.endWord)) return;
      const key = add(word.text, 'event', 0.85);
      if (key) placedBySentence[s].push({ name: key, type: 'event', word: i, endWord: i + 1 });
    });
    const packages = installedPackages(words);
    for (const pkg of [...packages, ...lowerCaseTools(words, packages)]) {
      const key = add(pkg.name, 'technology', 0.85);
      if (key && !placedBySentence[s].some(p => p.word === pkg.word)) placedBySentence[s].push({ name: key, type: 'technology', word: pkg.word, endWord: pkg.word + 1 });
    }
  });
  for (const whole of dateSpans) {
    // "Father's Day Sunday 6 September": wink's one date holds an occasion, then the day; the day stays a date.
    const occasionEnd = whole.kind === 'DATE' ? occasions.find(([from, to]) => from <= whole.start && whole.start < to && to < whole.end)?.[1] : undefined;
    const start = occasionEnd === undefined ? whole.start : occasionEnd + Math.max(0, text.slice(occasionEnd, whole.end).search(/\S/));
    const span = start === whole.start ? whole : { ...whole, start, text: text.slice(start, whole.end) };
    if (inOccasion(span.start, span.end)) continue;
    // A holiday wink reads as a date ("Christmas", "New Year's Eve") is an event on the calendar.
    const type = span.kind === 'DATE' && HOLIDAY_KEYS().has(entityKey(span.text)) ? 'event' : SPAN_TYPES[span.kind];
    // "that day", "the same day": a day named elsewhere, no date of its own.
    if (type === 'date' && ANAPHORIC_DAY.test(span.text.trim())) continue;
    const { name, aliases } = type === 'date' ? dateEntity(span.text.trim(), reference) : { name: span.text.trim(), aliases: [] };
    add(name, type, type === 'date' || type === 'event' ? 0.8 : 0.95, ...aliases);
  }

  const redirect = mergeShortNames(found);
  const resolve = (key: string) => redirect.get(key) ?? key;
  const entities = [...found.values()].map(({ aliases, votes: _votes, ...entity }) => (aliases.length ? { ...entity, aliases } : entity));
  const typeHints = new Map<string, string>();
  const relationships = dedupeRelations(
    sentences.flatMap((words, s) =>
      sentenceRelations(
        words,
        placedBySentence[s].flatMap(p => {
          const entity = found.get(resolve(p.name));
          return entity ? [{ ...p, name: entity.name, type: entity.entity_type }] : [];
        }),
        typeHints,
      ),
    ),
  );
  for (const entity of entities) {
    const hint = entity.entity_type === 'other' ? typeHints.get(entity.name) : undefined;
    if (hint) Object.assign(entity, { entity_type: hint, confidence: 0.65 });
  }
  return { entities, relationships };
}

/**
 * A one-word name that begins exactly one longer person name of the same text is that person ("Maria" in a text
 * about "Maria Gonzalez"): it is folded in. Returns folded key → the key it now lives under.
 */
function mergeShortNames(found: Map<string, Found>): Map<string, string> {
  const redirect = new Map<string, string>();
  const full = [...found.entries()].filter(([key, e]) => e.entity_type === 'person' && key.includes(' '));
  for (const [key, entity] of [...found.entries()]) {
    if (key.includes(' ') || (entity.entity_type !== 'person' && entity.entity_type !== 'other')) continue;
    const matches = full.filter(([fullKey]) => fullKey.startsWith(`${key} `));
    if (matches.length !== 1) continue;
    const [targetKey, target] = matches[0];
    target.occurrences += entity.occurrences;
    redirect.set(key, targetKey);
    found.delete(key);
  }
  return redirect;
}

/** One relation per source, target and type; a typed relation replaces co-occurrence of the same pair. */
function dedupeRelations(relations: ExtractedRelationship[]): ExtractedRelationship[] {
  const typedPairs = new Set(relations.filter(r => r.relation_type !== 'RELATED_TO').flatMap(r => [`${r.source}\u0000${r.target}`, `${r.target}\u0000${r.source}`]));
  const seen = new Set<string>();
  return relations.filter(r => {
    if (r.source === r.target) return false;
    if (r.relation_type === 'RELATED_TO' && typedPairs.has(`${r.source}\u0000${r.target}`)) return false;
    const key = `${r.source}\u0000${r.target}\u0000${r.relation_type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
