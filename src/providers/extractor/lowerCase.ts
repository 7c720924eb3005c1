import { HONORIFICS, NAMED_EVENTS, NOT_NAMES } from './gazetteer.ts';
import { isGivenName } from './givenNames.ts';
import { listedType } from './nameTypes.ts';
import { isEnglishWord, lexiconTags } from './words.ts';

/**
 * Chat lines typed all in lower case ("maya: landed in porto, the airbnb is by the river"): the names in them have no
 * capital for the name finder to start from. In such a line, a word or run of words the lists know as a name
 * ("porto", "airbnb", "taylor swift") and a speaker's or given name no English word spells ("maya") get their capital
 * back before the line is read. Case changes keep every character's offset. Lines written with capitals are left
 * alone: their writer capitalises names, so a lower-case word there is a word.
 */

/** Runs of letters, digits and inner marks: the words of a line. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.&+-]*/gu;
/** A chat line's speaker: "maya: …", "Hiroshi: …". */
const SPEAKER = /^\s*\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*)?:\s/u;
/** Runs of words looked up as one name, longest first ("taylor swift", "seoul national university hospital"). */
const RUN_LENGTHS = [4, 3, 2, 1];
/** Occasions a line in lower case names as everyday words ("off to the carnival"). */
const COMMON_OCCASIONS = new Set(['carnival', 'sabbath', 'fasching', 'karneval']);
/** Chat words of other languages that are given names too ("abi", brother in Turkish; "omo", "abeg" in Nigerian English). */
const CHAT_WORDS = new Set(['abi', 'bora', 'vamos', 'partiu', 'abeg', 'omo', 'oga', 'wahala', 'bhai', 'yaar', 'chale', 'sha', 'habibi', 'habibti', 'wallah', 'yalla', 'inshallah', 'mashallah', 'bro', 'sis', 'bestie']);
/** Fewer words than this say too little about how a line is written. */
const FEWEST_WORDS = 3;

export function restoreCase(text: string): string {
  return text.replace(/[^\n]+/g, line => {
    if (writtenInLowerCase(line)) return capitaliseNames(line);
    return opensInLowerCase(line) ? capitalisePeople(capitaliseSpeaker(line)) : capitaliseSpeaker(line);
  });
}

/** Words that call to someone before the name: "yo tunde", "hey wanjiru". */
const CALLS = new Set(['yo', 'hey', 'hi', 'hiya', 'oi', 'ey', 'thanks', 'thx', 'ty', 'cheers', 'morning', 'night', 'congrats']);

/**
 * Whether a word in a lower-case run is a person's name by the word before it: a title ("ms okonkwo", "uncle
 * tunde") or a call ("yo tunde"). Only a word no English word spells: "hey guys", "mr bean" stay as written.
 */
function calledName(words: { lower: string }[], i: number): boolean {
  const before = words[i - 1]?.lower;
  if (before === undefined || (!HONORIFICS.has(before) && !(CALLS.has(before) && i === 1))) return false;
  const word = words[i].lower;
  return word.length >= 3 && !isEnglishWord(word) && !NOT_NAMES.has(word) && !CHAT_WORDS.has(word) && !/\d/.test(word);
}

/** "rahul ur Swiggy order is outside": a line opening in lower case after its speaker, though a brand in it has a capital. */
function opensInLowerCase(line: string): boolean {
  // Most lines open with a capital and have no speaker: nothing to do, and cheap to see.
  const first = line.charAt(0);
  if (first !== first.toLowerCase() && !line.includes(':')) return false;
  const letter = /\p{L}/u.exec(line.slice(speakerEnd(line)));
  return letter !== null && letter[0] !== letter[0].toUpperCase();
}

/**
 * In a line opening in lower case, its writer does not capitalise people: a given name no English word spells
 * ("rahul", "dylan"; not "sam"), or one a title or a call names ("ms okonkwo", "yo tunde"), gets its capital back.
 */
function capitalisePeople(line: string): string {
  const { chars, capitalise, words, speakerWords } = lineLetters(line);
  let changed = false;
  for (let i = speakerWords.length; i < words.length; i++) {
    const { text, lower } = words[i];
    if (/\p{Lu}/u.test(text)) continue;
    const given = isGivenName(lower) && !isEnglishWord(lower) && !CHAT_WORDS.has(lower) && !NOT_NAMES.has(lower) && listedType(lower) === null;
    if (given || calledName(words, i)) {
      capitalise(words[i].at);
      changed = true;
    }
  }
  return changed ? chars.join('') : line;
}

/** Whether no word of the line after its speaker has a capital, except "I" (a writer who capitalises a sentence's first word capitalises names too). */
function writtenInLowerCase(line: string): boolean {
  const body = line.slice(speakerEnd(line));
  // A capital in a word of two letters or more is no "I": the line is written with capitals (most are; cheap to see).
  if (/\p{L}\p{Lu}|\p{Lu}\p{L}/u.test(body)) return false;
  const words = [...body.matchAll(WORD)].map(m => m[0]);
  if (words.length < FEWEST_WORDS) return false;
  return words.every(w => !/\p{Lu}/u.test(w) || /^I(?:['’]\p{Ll}+)?$/u.test(w));
}

const speakerEnd = (line: string) => SPEAKER.exec(line)?.[0].length ?? 0;

/** A line's letters (code points, so that an offset is one into the line's letters) and its words, to capitalise some. */
function lineLetters(line: string) {
  const chars = [...line];
  const capitalise = (start: number) => {
    const upper = chars[start].toUpperCase();
    // A letter whose capital is longer ("ß") is left alone: offsets must not move.
    if (upper.length === chars[start].length) chars[start] = upper;
  };
  const words = [...line.matchAll(WORD)].map(m => ({ text: m[0], lower: m[0].toLowerCase(), at: [...line.slice(0, m.index)].length }));
  const speakerLength = [...line.slice(0, speakerEnd(line))].length;
  return { chars, capitalise, words, speakerWords: words.filter(w => w.at < speakerLength) };
}

/**
 * Whether a lower-case speaker's words are a name: a given name even where it spells an English word ("sam",
 * "bill"), not a heading's word ("note:", "fyi:").
 */
const speakerNamed = (words: { lower: string }[]) => words.every(w => (isGivenName(w.lower) || !isEnglishWord(w.lower)) && !NOT_NAMES.has(w.lower));

/** "kasia: idziemy na pierogi at Zapiecek": a speaker written in lower case on a line written with capitals. */
function capitaliseSpeaker(line: string): string {
  // Most lines have no speaker, or one written with a capital: nothing to do, and cheap to see.
  const speaker = SPEAKER.exec(line)?.[0];
  if (!speaker || /\p{Lu}/u.test(speaker)) return line;
  const { chars, capitalise, speakerWords } = lineLetters(line);
  if (speakerWords.length === 0 || speakerWords.some(w => /\p{Lu}/u.test(w.text)) || !speakerNamed(speakerWords)) return line;
  speakerWords.forEach(w => capitalise(w.at));
  return chars.join('');
}

function capitaliseNames(line: string): string {
  const { chars, capitalise, words, speakerWords } = lineLetters(line);
  if (speakerNamed(speakerWords)) speakerWords.forEach(w => capitalise(w.at));
  for (let i = speakerWords.length; i < words.length; ) {
    const length = RUN_LENGTHS.find(n => i + n <= words.length && knownName(words.slice(i, i + n).map(w => w.lower))) ?? (calledName(words, i) ? 1 : undefined);
    if (!length) {
      i++;
      continue;
    }
    words.slice(i, i + length).forEach(w => capitalise(w.at));
    i += length;
  }
  return chars.join('');
}

/**
 * Whether lower-case words are a name the lists know, at least one of them no English word or number. Software is
 * left as written: many tools are named in lower case ("npm", "esbuild"), and packages.ts reads those.
 */
function knownName(words: string[]): boolean {
  // A holiday is a name though a dictionary has it ("nowruz mubarak", "diwali at my aunt's").
  if (words.length === 1 && NAMED_EVENTS.has(words[0]) && !COMMON_OCCASIONS.has(words[0])) return true;
  const distinctive = words.filter(w => !isEnglishWord(w) && !/^\d/.test(w) && w.length >= 3);
  if (distinctive.length === 0) return false;
  const listed = (key: string) => {
    const type = listedType(key);
    return type !== null && type !== 'technology';
  };
  if (words.length > 1) return listed(words.join(' '));
  const [word] = words;
  if (CHAT_WORDS.has(word)) return false;
  return listed(word) || isGivenName(word) || lexiconTags(word).some(tag => tag === 'FirstName' || tag === 'MaleName' || tag === 'FemaleName');
}
