import { GREETINGS, NAMED_EVENTS } from './gazetteer.ts';
import { openGazetteerType } from './openGazetteer.ts';
import { isEnglishWord, lexiconTags, type Word, writtenKey } from './words.ts';

/**
 * Occasions of the calendar written as a name and a day word: "Christmas Eve", "Black Friday", "Burns Night",
 * "Golden Week", "King's Day", "Christmas market". wink reads their day word as a date ("Black Friday" → a Friday)
 * or their first word as a holiday ("Christmas", then "Eve" alone); the whole phrase is one event.
 */

const WEEKDAYS = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
/** Capitalised last words that make an occasion of the capitalised words before them. */
const OCCASION_HEADS = new Set(['eve', 'day', 'night', 'week', ...WEEKDAYS]);
/** Last words, of any case, that make an occasion of a holiday ("Christmas market", "Easter Fair"). */
const HOLIDAY_HEADS = new Set(['market', 'markets', 'fair']);
/** Words that make a date, not a name, of a day word: "Next Friday", "Last Night", "Every Day". */
const DATE_LEADS = new Set(
  'next last this that every each early late coming following same one any some all whole first second third mid'.split(' '),
);
/** Words that lead to a place: a capitalised word after them, before a weekday, is the place ("in Porirua Monday"). */
const PLACE_LEADS = new Set(['in', 'at', 'to', 'from', 'near', 'around']);
const MONTHS = new Set('january february march april may june july august september october november december'.split(' '));
/** "Three Kings Day": a number word may lead an occasion. */
const NUMBER_WORDS = new Set('two three four five six seven eight nine ten eleven twelve'.split(' '));
const FIRST_NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName']);
/** Capitalised words before an occasion's head: at most three ("Notting Hill Carnival Day" is rare; "Good Friday" common). */
const MAX_LEAD_WORDS = 3;

const bare = (word: Word) => word.lower.replace(/\.$/, '');
/** Whether the words end with a holiday's name ("Oxford Christmas"). */
const endsWithHoliday = (words: Word[], from: number, to: number) => words.slice(from, to).some((_, k) => NAMED_EVENTS.has(writtenKey(words, from + k, to)));


/**
 * Whether a word opening the sentence is an ordinary word rather than an occasion's first: a verb, adjective or adverb
 * of English ("Spent", "Quiet"), a greeting ("Happy"), or before a weekday any English word ("Stocktake Sunday").
 */
function openingWord(word: Word, head: string): boolean {
  if (!isEnglishWord(bare(word))) return false;
  return GREETINGS.has(bare(word)) || word.pos === 'VERB' || word.pos === 'ADJ' || word.pos === 'ADV' || WEEKDAYS.has(head);
}

/** Whether a capitalised word can lead an occasion's name; an acronym cannot ("ETA Saturday", "EOD Friday"). */
function leadWord(word: Word): boolean {
  const key = bare(word);
  return word.cap && !word.punct && !word.number && !word.allCaps && (!word.stopWord || NUMBER_WORDS.has(key)) && !DATE_LEADS.has(key) && !WEEKDAYS.has(key) && !MONTHS.has(key);
}

/** The occasions of one sentence as word-index ranges [from, to). */
export function occasionRanges(words: Word[]): [number, number][] {
  const found: [number, number][] = [];
  for (let head = 1; head < words.length; head++) {
    // Most words are no day word: the cheapest test first.
    const key = words[head].lower;
    if (!OCCASION_HEADS.has(key) && !HOLIDAY_HEADS.has(key)) continue;
    const capitalHead = OCCASION_HEADS.has(key) && words[head].cap && !words[head].possessive;
    if (!capitalHead && !HOLIDAY_HEADS.has(key)) continue;
    let from = head;
    while (from > 0 && head - from < MAX_LEAD_WORDS && leadWord(words[from - 1])) {
      // A possessive belongs to the name only right before a day ("King's Day", "New Year's Eve"), not before a
      // weekday ("Gran's Sunday lunch").
      if (words[from - 1].possessive && (from !== head || WEEKDAYS.has(key) || !capitalHead)) break;
      // "saw Anna Friday": a first name before a weekday is a person and a date.
      if (WEEKDAYS.has(key) && lexiconTags(bare(words[from - 1])).some(t => FIRST_NAME_TAGS.has(t))) break;
      from--;
    }
    // "Spent Christmas Eve at Margit's", "Quiet Sunday, nobody went out": an ordinary word opening the sentence is no
    // part of the occasion ("Black Friday" and "Easter Sunday" are listed, and stay whole).
    if (from < head && from === words.findIndex(w => !w.punct) && openingWord(words[from], key) && !NAMED_EVENTS.has(writtenKey(words, from, head + 1))) from++;
    // "All Saints' Day": a listed holiday whose first word is a small one.
    if (from > 0 && words[from - 1].cap && openGazetteerType(writtenKey(words, from - 1, head + 1)) === 'event') from--;
    if (from === head) continue;
    // "Ashgrove Night Shelter": the day word is inside a longer name ("Father's Day Sunday 6 September": a date follows).
    const next = words[head + 1];
    if (next?.cap && !next.punct && !WEEKDAYS.has(next.lower) && !MONTHS.has(next.lower)) continue;
    // "in Porirua Monday to Wednesday": a place, then a date.
    if (WEEKDAYS.has(key) && PLACE_LEADS.has(words[from - 1]?.lower ?? '')) continue;
    // "Black Friday", "Mothering Sunday": one word names a weekday's occasion; "the Castle Climbing Centre Tuesday
    // nights" is a venue, then a date.
    if (WEEKDAYS.has(key) && (head - from > 1 || words[from - 1]?.cap)) continue;
    // "Christmas market": a lower-case head makes an occasion of a holiday only.
    if (!capitalHead && !endsWithHoliday(words, from, head)) continue;
    if (found.length && found[found.length - 1][1] > from) found.pop();
    found.push([from, head + 1]);
  }
  return found;
}
