import { EVENT_HEADS } from './catalog.ts';
import type { Typed } from './cues.ts';
import { NAMED_EVENTS, ORGANIZATION_HEADS, ORGANIZATIONS, PERSON_CUES, PLACE_HEADS, PLACE_PREFIXES, PLACES, PRODUCTS, TECHNOLOGIES } from './gazetteer.ts';
import { isGivenName } from './givenNames.ts';
import { openGazetteerKind } from './openGazetteer.ts';
import { isEnglishWord, lexiconTags, type Word } from './words.ts';

/**
 * The feature tokens of a candidate name for the learned typing layer (typingModel.ts): what the name is (its words,
 * its shape, its last word's ending, the lists it is in), where it stands (the two words before and after it, the
 * sentence's start, a chat speaker's prefix, the rules' types of the sentence's other names) and what the hand rules
 * made of it (their type, the type of the name alone and of its context, each with a confidence bucket). A naive Bayes model weighs them; the same function builds
 * the training data (scripts/build-typing-model.ts) and types at run time, so both see the same tokens.
 */

/** What the hand rules said about a name: the type they chose, and the two readings it was chosen from. */
export interface RuleReading {
  chosen: Typed;
  intrinsic: Typed | null;
  context: Typed;
  /** The rules' types of the sentence's other names: a company is often named beside a person, a tool beside a tool. */
  others?: string[];
}

/** Endings that brand names of software and services use ("Shopify", "Bitly", "Twilio", "GitHub", "Firebase"). */
const BRAND_ENDING = /(?:ify|ly|io|hub|base|labs|soft|ware|stack|flow|desk|kit|ops|sync|db|js)$/;

/** A confidence as a coarse bucket, so that 0.85 and 0.8 share a token. */
const bucket = (confidence: number) => (confidence >= 0.9 ? 'sure' : confidence >= 0.75 ? 'likely' : confidence >= 0.6 ? 'weak' : 'guess');

/** A crude lemma: enough to make "joined"/"joins"/"joining" one context token. */
export const stem = (word: string) => (word.length > 4 ? word.replace(/(?:ing|ed|es|s)$/, '') : word);
/** A context word as a token: its stem, with digits as 0 ("£37.50" and "£12.99" are one token: a price). */
const contextToken = (word: Word) => stem(word.lower).replace(/\d/g, '0');

const bare = (word: Word) => word.lower.replace(/\.$/, '');

/** The shape of one word: X for an upper-case letter, x for lower case, d for a digit, runs squeezed ("iPhone" → xXx). */
function shapeOf(text: string): string {
  return text
    .replace(/\p{Lu}/gu, 'X')
    .replace(/\p{Ll}/gu, 'x')
    .replace(/\p{N}/gu, 'd')
    .replace(/(.)\1+/g, '$1');
}

/** The hand-written lists a lower-case name is in. */
function listsOf(key: string): string[] {
  const lists: string[] = [];
  if (ORGANIZATIONS.has(key)) lists.push('organization');
  if (TECHNOLOGIES.has(key)) lists.push('technology');
  if (PRODUCTS.has(key)) lists.push('product');
  if (PLACES.has(key)) lists.push('location');
  if (NAMED_EVENTS.has(key)) lists.push('event');
  return lists;
}

/** Where the sentence's text begins: after leading punctuation, and after a chat speaker's "Name:" prefix. */
function speakerPrefix(words: Word[]): number {
  const first = words.findIndex(w => !w.punct);
  return first >= 0 && words[first + 1]?.text === ':' ? first : -1;
}

/** The feature tokens of `words[from..to)` in its sentence. */
export function typingFeatures(words: Word[], from: number, to: number, rules: RuleReading): string[] {
  const name = words.slice(from, to);
  const key = name.map(w => w.lower).join(' ');
  const last = bare(name[name.length - 1]);
  const first = bare(name[0]);
  const features: string[] = [];

  // The name itself.
  for (const word of name) features.push(`w:${bare(word)}`);
  if (name.length > 1) {
    features.push(`first:${first}`);
    features.push(`last:${last}`);
  }
  features.push(`len:${Math.min(name.length, 3)}`);
  features.push(`shape:${name.map(w => shapeOf(w.text)).join(' ').slice(0, 12)}`);
  if (last.length >= 5) {
    features.push(`suf3:${last.slice(-3)}`);
    features.push(`suf4:${last.slice(-4)}`);
  }
  // Letter trigrams of each word ("^oi", "oís", "ín$"): how a name is spelt says much about an unknown one.
  for (const word of name) {
    const padded = `^${bare(word)}$`;
    for (let i = 0; i + 3 <= padded.length; i++) features.push(`tri:${padded.slice(i, i + 3)}`);
  }
  if (/[^\x00-\x7f]/.test(key)) features.push('non-ascii');
  if (BRAND_ENDING.test(last) && name.length === 1) features.push('brand-ending');
  if (name.some(w => /\d/.test(w.text))) features.push('digit');
  if (name.some(w => w.text.includes('-'))) features.push('hyphen');
  if (name.some(w => /\p{Ll}\p{Lu}/u.test(w.text))) features.push('camel');
  if (name.every(w => w.allCaps)) features.push('all-caps');
  if (name.some(w => w.possessive)) features.push('possessive');
  // The head: the last word, or the word before "of" ("Valley of Flowers", "Gathering of Nations").
  const of = name.findIndex((w, i) => i > 0 && w.lower === 'of');
  const head = of > 0 ? bare(name[of - 1]) : last;
  if (of > 0) features.push(`of-head:${head}`);
  if (ORGANIZATION_HEADS.has(head) && name.length > 1) features.push('head:organization');
  if (PLACE_HEADS.has(head) && name.length > 1) features.push('head:location');
  if (EVENT_HEADS.has(head) && name.length > 1) features.push('head:event');
  if (PLACE_PREFIXES.has(first) && name.length > 1) features.push('prefix:location');

  // The lists it is in: the hand lists, the open-data gazetteer, compromise's lexicon, the English vocabulary.
  for (const list of listsOf(key)) features.push(`list:${list}`);
  const open = openGazetteerKind(key);
  if (open) features.push(`open:${open}`);
  for (const tag of lexiconTags(key)) features.push(`lex:${tag}`);
  if (name.length > 1) for (const tag of lexiconTags(first)) features.push(`lex-first:${tag}`);
  if (name.length > 1) for (const tag of lexiconTags(last)) features.push(`lex-last:${tag}`);
  if (name.length === 1 && isEnglishWord(key)) features.push('english');
  // A given name of some country (givenNames.ts): alone, or first of two words ("Jarvis Cocker").
  if (name.length === 1 && isGivenName(key)) features.push('given');
  if (name.length > 1 && isGivenName(first)) features.push('given-first');
  // A given name and one more word: a surname no dictionary knows ("Rebecca Thornbury"), an everyday word or a
  // kind of place or firm ("Helen Park", "Victoria Station"): the linear models cannot combine the two features alone.
  if (name.length === 2 && isGivenName(first)) {
    const heads = ORGANIZATION_HEADS.has(last) || PLACE_HEADS.has(last) || EVENT_HEADS.has(last);
    features.push(`given-pair:${heads ? 'head' : isEnglishWord(last) ? 'word' : 'surname'}`);
  }

  // Where it stands.
  const start = words.findIndex(w => !w.punct);
  if (from === start) features.push('at-start');
  const speaker = speakerPrefix(words);
  if (speaker === from && to === from + 1) features.push('speaker');
  else if (speaker >= 0) features.push('in-chat');
  const before = [words[from - 1], words[from - 2]];
  const after = [words[to], words[to + 1]];
  for (let i = 0; i < 2; i++) {
    if (before[i]) features.push(`b${i + 1}:${contextToken(before[i])}`);
    if (after[i]) features.push(`a${i + 1}:${contextToken(after[i])}`);
  }
  if (words[from - 1] && words[from - 2]) features.push(`b12:${contextToken(words[from - 2])} ${contextToken(words[from - 1])}`);
  if ((before[0] && PERSON_CUES.has(before[0].lower)) || (before[1] && PERSON_CUES.has(before[1].lower))) features.push('person-cue');
  if (words[to]?.pos) features.push(`a1pos:${words[to].pos}`);
  for (const type of new Set(rules.others ?? [])) features.push(`other:${type}`);
  if (words[from - 1]?.pos) features.push(`b1pos:${words[from - 1].pos}`);

  // What the rules made of it.
  features.push(`rule:${rules.chosen.type}`);
  features.push(`rule:${rules.chosen.type}:${bucket(rules.chosen.confidence)}`);
  features.push(`intrinsic:${rules.intrinsic ? `${rules.intrinsic.type}:${bucket(rules.intrinsic.confidence)}` : 'none'}`);
  features.push(`context:${rules.context.type}:${bucket(rules.context.confidence)}`);
  return features;
}
