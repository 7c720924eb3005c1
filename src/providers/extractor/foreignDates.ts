/**
 * Dates in the other languages chat lines mix with English ("la cancha para el jueves", "odebrać dzieci w piątek",
 * "es el 24 de junio", "am 3. Mai"): weekdays, a day of a month, and the days around today. Weekdays are matched
 * where those languages write them, in lower case (German's capitalised ones are no English words either), so a
 * given name ("Domingo") or an English word is left alone; Portuguese weekdays, which are also ordinals ("quinta",
 * "segunda"), only after a word that makes them a day ("na quinta", "pra sexta") or with "-feira".
 */

const SPANISH_DAYS = 'lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo';
const FRENCH_DAYS = 'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche';
const ITALIAN_DAYS = 'lunedì|lunedi|martedì|martedi|mercoledì|mercoledi|giovedì|giovedi|venerdì|venerdi|sabato|domenica';
const POLISH_DAYS = 'poniedziałek|wtorek|środa|środę|czwartek|piątek|sobota|sobotę|niedziela|niedzielę';
const DUTCH_DAYS = 'maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag';
const GERMAN_DAYS = 'Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag';
const PORTUGUESE_DAYS = 'segunda|terça|terca|quarta|quinta|sexta';
const PORTUGUESE_DAY_LEADS = 'na|pra|para|até|ate|de|próxima|proxima|nesta|esta|essa|toda|às|as';
const IBERIAN_MONTHS =
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro';
const FRENCH_MONTHS = 'janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre';
const GERMAN_MONTHS = 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember';
const NORDIC_DAYS = 'mandag|tirsdag|onsdag|torsdag|fredag|lørdag|søndag|måndag|tisdag|lördag|söndag';
/**
 * Months of other languages, written after a day of the month ("12 Ekim", "20 Januari 2027", "3 maart"), in either
 * case: Dutch, Indonesian, Nordic, Turkish, Italian, Polish (genitive).
 */
const OTHER_MONTHS = [
  'januari|februari|maart|mei|juli|augustus|oktober|maret|agustus|desember|januar|februar|mars|maj|augusti',
  'ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|eylül|ekim|kasım|aralık',
  'gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre',
  'stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia',
].join('|');
const AROUND_TODAY = 'mañana|hoy|ayer|amanhã|hoje|ontem|demain|aujourd’hui|aujourd\'hui|domani|oggi|ieri|jutro|dzisiaj|wczoraj|heute|gestern|este año|este mes|esta semana|la semana que viene|el año que viene|el próximo año|este fin de semana|este ano|semana que vem|ano que vem|ce week-end|cette semaine|la semaine prochaine';

/** Not inside a longer word: JavaScript's \b knows no accented letters. */
const word = (alternatives: string) => `(?<!\\p{L})(?:${alternatives})(?!\\p{L})`;

const FOREIGN_DATES = new RegExp(
  [
    // "el 24 de junio", "até 3 de maio", "le 14 juillet", "am 3. Mai"
    `(?<!\\p{L})\\d{1,2} de ${word(IBERIAN_MONTHS)}`,
    `(?<!\\p{L})\\d{1,2} ${word(FRENCH_MONTHS)}`,
    `(?<!\\p{L})\\d{1,2}\\. ${word(GERMAN_MONTHS)}`,
    `(?<=(?<!\\p{L})(?:${PORTUGUESE_DAY_LEADS}) )(?:${PORTUGUESE_DAYS})(?:-feira)?(?!\\p{L})`,
    word(`(?:${PORTUGUESE_DAYS})-feira`),
    word([SPANISH_DAYS, FRENCH_DAYS, ITALIAN_DAYS, POLISH_DAYS, DUTCH_DAYS, NORDIC_DAYS, AROUND_TODAY].join('|')),
    word(GERMAN_DAYS),
  ].join('|'),
  'gu',
);
const OTHER_MONTH_DATES = new RegExp(`(?<!\\p{L})\\d{1,2}\\.? ${word(OTHER_MONTHS)}(?: (?:19|20)\\d{2}(?!\\d))?`, 'giu');
const OTHER_MONTH_HINT = new RegExp(`\\d\\.? (?:${OTHER_MONTHS})`, 'iu');
/**
 * Something each of those phrases has (an accented letter, a day of a month's shape, or an unaccented day's or
 * around-today word): most texts have none, and this is much cheaper to look for than the phrases.
 */
const HINT = new RegExp(
  `[à-ɏ]|\\d de |\\d\\. |${[SPANISH_DAYS, FRENCH_DAYS, ITALIAN_DAYS, POLISH_DAYS, DUTCH_DAYS, NORDIC_DAYS, GERMAN_DAYS, PORTUGUESE_DAYS, AROUND_TODAY]
    .join('|')
    .split('|')
    .filter(word => /^[a-z' ]+$/i.test(word))
    .join('|')
    .toLowerCase()}`,
);

/** Character ranges of the foreign date phrases in a text. */
export function foreignDatePhrases(text: string): { start: number; end: number }[] {
  const months = OTHER_MONTH_HINT.test(text) ? [...text.matchAll(OTHER_MONTH_DATES)] : [];
  const others = HINT.test(text.toLowerCase()) ? [...text.matchAll(FOREIGN_DATES)] : [];
  return [...others, ...months].map(match => ({ start: match.index, end: match.index + match[0].length })).sort((a, b) => a.start - b.start);
}
