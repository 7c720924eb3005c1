import { GENERIC_TERMS } from './catalog.ts';
import {
  ACCOUNT_THINGS, BILLING_NOUNS, FIRM_KINDS, FIRM_ONLY_NOUNS, FIRM_PARTS, FIRM_VERBS, FIRMS_PEOPLE, MONEY_SENT, MONEY_THINGS, ORGANIZATION_AFTER, ORGANIZATION_AFTER_PHRASE,
  ORGANIZATION_PARTS, PROVIDED, SUBSCRIBED, TRADES,
} from './firms.ts';
import { ORGANIZATION_HEADS, PERSON_CUES, PLACE_PREPOSITIONS, TECHNOLOGIES } from './gazetteer.ts';
import { isGivenName } from './givenNames.ts';
import { EVENT_NOUNS, GOODS_NOUNS, ORGANIZATION_NOUNS, PLACE_KINDS, PLACE_NOUNS, PRODUCT_NOUNS } from './nounsAfter.ts';
import { roleCue } from './roles.ts';
import { roadByNumber, travelledBy } from './ways.ts';
import type { Word } from './words.ts';

/**
 * Context cues: the type the words around a name give it when the name itself is unknown. Read in this order,
 * strongest first: a noun after the name that says what it is ("the Heron project", "Kestrel app"), the verb or
 * preposition before it ("joined X", "flew X", "using X", "flew to X"), what follows it ("X announced", "X said",
 * "X's sister"), then a bare "the X <noun>" (a thing named attributively).
 */

export interface Typed {
  type: string;
  confidence: number;
  /**
   * The words cast the name as a firm's doing ("X emailed us", "X's support team", "the X subscription", "paid
   * through X"): an unknown name keeps `type`, but a known brand or tool is then the company (nameTypes.ts).
   */
  firm?: boolean;
}



/** What a project has, after its possessive name ("Heron's release"); a person rarely has these. */
export const PROJECT_PARTS = new Set('release releases launch rollout roadmap backlog codebase repo repository beta milestone milestones changelog'.split(' '));
/** What only a person has, after a possessive name ("Kemi's birthday", "Ana's mum"). */
export const PERSONAL_AFTER = new Set('birthday birthdays wedding funeral mum mom dad wife husband partner kids son daughter sister brother parents boyfriend girlfriend fiance fiancé fiancée graduation retirement baby dog cat band'.split(' '));
/** Words before "on X" that make X a project ("worked on Heron", "an update on Kestrel"). */
const WORKED_ON = /^(?:work|works|worked|working|progress|update|updates|feedback|focus|focused|focusing|blocked)$/;
/** Nouns before "called X" that make X an organisation ("a startup called Fernweh"). */
const NAMED_ORGANIZATIONS = new Set('startup company firm agency shop store cafe café restaurant bar pub bakery brand charity band club school gym clinic consultancy studio'.split(' '));
/** Verbs of exchanging one thing for another ("swapped X for Y"). */
export const SWAPPED = /^(?:swap|swapped|swapping|replace|replaced|replacing|drop|dropped|dropping|ditch|ditched|ditching|trade|traded)$/;
/** Verbs before a name that make it something built and shipped ("shipped Heron", "released Kestrel 2"). */
const SHIPPED = /^(?:ship|shipped|shipping|ships|release|released|releasing|launch|launched|launching|demoed|demoing|deprecated|deprecating|sunset|sunsetting|open-sourced)$/;

/** Words just before a name that make it an organisation ("joined X", "interview with X"). */
const ORGANIZATION_BEFORE = new Set('joined join joining joins employer rejoined interning interned acquired client clients customer vendor supplier distributor reseller left leaving quit'.split(' '));
/** Verbs of talking: "to X" after them is someone spoken to ("talked to Orrin", "pitched it to Clemency at …"). */
const TALKED = /^(?:talk|talked|talking|spoke|speak|speaking|chatted|chatting|explained|explaining|mentioned|pitched|pitching|presented|presenting|introduced|replied|reply|complained|apologised|apologized|wrote|write|writing|reached|engaged|married|wed)$/;
/** Verbs of handing over: "to X at/from <Name>" after them is a person at an organisation ("sent the draft to Emmerich at …"). */
const HANDED = /^(?:sent|send|sending|emailed|emailing|forwarded|gave|give|handed|lent|passed|showed|delegated|assigned)$/;
/** Verbs whose first object is a person: "lent Thibault my ladder". */
const LENT_TO = /^(?:lent|loaned|gave|give|handed|showed|taught|owe|owes)$/;
/** A possessive before what is given. */
const OWNED = /^(?:my|his|her|our|their|your)$/;
/** Words before "from X to Y" that make X and Y software ("switched the CI from Travis to Buildkite"). */
export const SWITCHING = /^(?:switch\w*|migrat\w*|mov(?:e|ed|ing)|replac\w*|port\w*|convert\w*|upgrad\w*)$/;
/** Two words before a name that make it an organisation ("offer from X", "works at X"). */
const ORGANIZATION_PHRASES = new Set(
  `offer from|interview with|interviewing with|work for|works for|worked for|working for|invoice from|refund from|quote from|contract with|account with|works at|worked at|
  working at|work at|job at|role at|intern at|internship at|started at|starts at|rep at|team at|engineer at|manager at|designer at|
  developer at|founders of|ceo of|cto of|customer of|partnered with|partnership with|signed with|insured with|bank with|banking with|
  sponsored by|acquired by|funded by|backed by|hired by|employed by|paid with|pay with|paying with|paid via|banks with|applied to|applying to|apply to|deal with|signed with|agreement with|office of|offices of|founder of|head of|email from|emails from|letter from|newsletter from|
  parcel from|package from|delivery from|bill from|charge from|charges from|export from|statement from|payout from|payouts from|notice from|audit from|estimate from|proposal from|valuation from|got into|accepted into|accepted to|admitted to|enrolled at|enrolled in`.split(/\s*\|\s*/),
);
/** Words just before a name that make it software ("using X", "installed X"). */
const TECHNOLOGY_BEFORE = new Set(
  `using use uses used installed install installs installing deployed deploy deploying configured configure configuring evaluating
  evaluate evaluated trying tried adopted adopting shortlisted benchmarked benchmarking self-hosted self-host upgraded upgrading
  compiled containerised containerized restarted restarting rebooted rebooting patched patching debugging debugged profiling
  migrating test testing tested`.split(/\s+/),
);
/** Verbs after a name that only a person does ("Anna said", "Tomasz recommended"). */
export const PERSON_AFTER = new Set(
  `said says told tells asked asks thinks thought feels felt loves loved likes liked wants wanted prefers preferred went goes
  started starts joined joins works worked studies studied teaches taught lives lived moved married visited volunteers ran hiked
  cooked painted recommended recommends wrote writes broke beat fixed reads enjoys enjoyed plays played sings sang bought buys
  needs needed hopes hoped decided agreed mentioned shared sent called texted emailed replied reviewed presented demoed booked
  finished lent suggested promised paid owes thanked invited cancelled forgot remembered organised organized hosted baked
  cleaned picked dropped flew drove walked arrived graduated retired thinks reckons wonders explained complained laughed cried
  says promised confirmed admitted noticed spotted owns runs leads manages heads mentors coaches`.split(/\s+/),
);
/** Verbs that a person and a thing share ("Aiko is moving", "Allianz is still pending"): a person's only before an -ing verb or a role. */
const SHARED_AFTER = new Set('is was are were has have had will would can could did does got gets'.split(' '));
const ROLE_AFTER = /^(?:the|a|an|my|our|his|her|back|off|also|now|on|in|at|from|into|promoted|engaged|married)$|ing$/;
/** Verbs before "with X" that make X a tool ("rewrote the importer with Polars", "replaced Moment with Luxon"). */
const TOOL_WITH = /^(?:replac\w*|rewr\w*|built|build\w*|integrat\w*|authenticat\w*|render\w*|pars\w*|index\w*|deploy\w*|instrument\w*|monitor\w*|secur\w*|encrypt\w*|generat\w*|scrap\w*)$/;
/** Verbs before "to X" that make X software or a service ("moved the DNS to Route 53", "backups run to Wasabi"). */
const SENDING_TO = /^(?:switch\w*|migrat\w*|port\w*|upgrad\w*|run|runs|push\w*|upload\w*|sync\w*|ship\w*|deploy\w*|export\w*|stream\w*|back(?:s|ed)?|logs?|logging|publish\w*)$/;

/** What one moves to a service rather than to a place. */
const MOVED_THINGS = new Set('dns domain domains site website blog logs logging data files backups emails email mail photos notes docs code traffic payroll billing auth search storage analytics hosting infra infrastructure ci tests'.split(' '));

/** Verbs of buying and booking: "through X", "via X", "on X", "from X" after them is a shop or a service. */
const PURCHASE = /^(?:paid|pay|pays|paying|booked|book|booking|ordered|order|bought|buy|buying|sold|sell|selling|rented|renewed|subscribed|shipped|delivered)$/;
const PURCHASE_PREPOSITIONS = new Set(['through', 'via', 'on', 'from', 'off']);
/** Things made and kept in a tool: "in X" after them is the tool ("the board deck in Pitch", "the evidence list in Vanta"). */
const WORK_THINGS = new Set(`deck decks doc docs document documents spreadsheet spreadsheets sheet sheets list lists model models dashboard dashboards
  report reports chart charts board boards ticket tickets notes file files query queries table tables workflow workflows
  pipeline pipelines evidence budget draft drafts slides presentation wireframes wireframe mockups designs design prototype
  receipts tasks todos backlog roadmap`.split(/\s+/));
/** Verbs of writing code: "in X" after them is a language ("wrote the exporter in Go"). */
const CODING = /^(?:wr[io]te|written|writing|coded|code|implemented|implementing|rewr\w*|ported|prototyped|scripted)$/;
/** Verbs after which a name is a place one goes up or around ("hiked up Snowdon", "climbed Kilimanjaro"). */
const PLACE_BEFORE = new Set(['up', 'climbed', 'summited', 'visited', 'visiting', 'explored', 'exploring', 'toured', 'touring']);

/** Where one exhibits: "at X" after them is a fair or a conference. */
const EXHIBITED = /^(?:booth|booths|stand|stands|stall|stalls|exhibiting|exhibited)$/;


/** Roles a name may follow, set off by commas. */
/** People one names by their part in one's life: "the landlord is X". */
const PEOPLE_ROLES = new Set('landlord landlady manager boss mentor tutor coach therapist dentist gp doctor midwife neighbour neighbor flatmate roommate partner godmother godfather'.split(' '));
const ROLES = new Set('ceo cto cfo coo cio cmo vp founder cofounder co-founder engineer designer developer analyst accountant lawyer doctor nurse teacher recruiter pm intern contractor consultant architect editor'.split(' '));
const SYSTEM_STATES = new Set(
  'down up flaky slow broken offline online deprecated unreachable unavailable degraded green red backfilling reindexing indexing syncing deploying rebuilding ingesting retrying throttling'.split(' '),
);
/** States only a person is in ("Oriel is away", "Kofi is off sick"). */
const PERSON_STATES = new Set('sick ill unwell away pregnant ooo jetlagged exhausted poorly'.split(' '));
const PRONOUNS = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'it', 'our', 'my', 'the']);
const ADVERBS = new Set(['just', 'such', 'also', 'finally', 'still', 'never', 'already', 'really', 'actually', 'now', 'probably']);

/** Possessives of a person ("Ravi's team", "Esme's school"): the next word is one of these, or any lower-case word. */
const FAMILY_AFTER_AND = ['i', 'me', 'my', 'his', 'her'];

const DETERMINERS = new Set(['the', 'our', 'my', 'their', 'your', 'a', 'an']);
/** "work with X", "a deal with X": not a person. */
const WITH_A_COMPANY = new Set(['work', 'working', 'deal', 'partnership', 'contract', 'account', 'call', 'meeting', 'interview']);
/** Journeys booked with a carrier: "with X" after them is the airline, the ferry or the coach company. */
const CARRIERS_OF = /^(?:ferry|ferries|flight|flights|flying|flew|fly|coach|sailing|crossing)$/;

const phrase = (words: Word[], at: number) => (at >= 1 ? `${words[at - 1].lower} ${words[at].lower}` : '');

/** A name in its sentence: the words around it, read once. */
interface Around {
  words: Word[];
  from: number;
  to: number;
  /** Where the name's phrase starts: before a determiner ("at the Whittington", "joined the Fulbright Commission"). */
  lead: number;
  before: string;
  before2: string;
  after: string;
  after2: string;
  /** Up to seven words before `before`. */
  earlier: string[];
}

/** The type the words around `words[from..to)` give it, strongest cue first; `other` when none speaks. */
export function contextType(words: Word[], from: number, to: number, titled: boolean): Typed {
  if (titled) return { type: 'person', confidence: 0.8 };
  const lead = DETERMINERS.has(words[from - 1]?.lower ?? '') ? from - 1 : from;
  const around: Around = {
    words, from, to, lead,
    before: words[lead - 1]?.lower ?? '',
    before2: words[lead - 2]?.lower ?? '',
    after: words[to]?.lower ?? '',
    after2: words[to + 1]?.lower ?? '',
    earlier: words.slice(Math.max(0, lead - 8), lead - 1).map(w => w.lower),
  };
  return nounAfter(around) ?? whatIsDoneWithIt(around) ?? roleCue(around) ?? personCue(around) ?? weakCue(around) ?? { type: 'other', confidence: 0.5 };
}

/** What follows says what it is: "the Heron project", "the Whistler trip", "the Wise transfer". */
function nounAfter({ words, to, after, after2 }: Around): Typed | null {
  const next = words[to];
  // "Heron's release", "Kestrel's roadmap": what a project has, not a person; "Kemi's birthday": a person.
  if (next && !next.cap && words[to - 1].possessive && PROJECT_PARTS.has(after)) return { type: 'product', confidence: 0.75 };
  if (next && !next.cap && words[to - 1].possessive && PERSONAL_AFTER.has(after)) return { type: 'person', confidence: 0.85 };
  if (next && (!next.cap || next.allCaps) && words[to - 1].possessive && ORGANIZATION_PARTS.has(after)) return { type: 'organization', confidence: 0.8, firm: true };
  // "Sentry's support team", "Zoom's annual plan": someone's (a person's, or a brand's firm's).
  const part = next?.pos === 'ADJ' ? after2 : after;
  if (next && !next.cap && words[to - 1].possessive && FIRM_PARTS.has(part)) return { type: 'person', confidence: 0.65, firm: true };
  // An acronym noun counts like a lower-case one: "the Plumtree API", "the Wren SDK".
  const described = appositive(words, to);
  if (described) return described;
  if (!next || (next.cap && !next.allCaps) || words[to - 1].possessive) return null;
  // "Heron v2": a version of something built.
  if (/^v\d+(?:\.\d+)*$/.test(after)) return { type: 'product', confidence: 0.8 };
  const said = headNoun(after);
  if (said) return said;
  // A compound's head says it as well: "the Whinlatter bike trails", "the Wren landing page".
  const second = words[to + 1];
  if (next.pos === 'NOUN' && !next.allCaps && second && !second.cap && second.pos === 'NOUN') {
    const compound = headNoun(second.lower);
    // "the Whinlatter bike trails", "the Cairngorm ski slopes": a place two nouns say is one surely.
    if (compound) return compound.type === 'location' ? { ...compound, confidence: 0.9 } : compound;
  }
  return null;
}

/**
 * "Otto, the invoice parser, now …", "Tomás, our accountant, sent …": a noun phrase set off after a name says what it
 * is by its last noun (before a comma, a capitalised word or the end).
 */
function appositive(words: Word[], to: number): Typed | null {
  if (words[to]?.text !== ',' || !DETERMINERS.has(words[to + 1]?.lower ?? '')) return null;
  let end = to + 2;
  while (end < to + 8 && words[end] && !/^[,.;:()]$/.test(words[end].text) && !words[end].cap) end++;
  const noun = words.slice(to + 2, end).reverse().find(w => w.pos === 'NOUN');
  if (!noun) return null;
  // As sure as a title: the model is not asked ("Otto, our on-call bot," is no person though Otto is a given name).
  if (ROLES.has(noun.lower) || PEOPLE_ROLES.has(noun.lower)) return { type: 'person', confidence: 0.9 };
  const said = headNoun(noun.lower);
  return said && { ...said, confidence: 0.9 };
}

/** The type a noun right after a name gives it ("app", "cottage", "trip", "invoice"). */
function headNoun(noun: string): Typed | null {
  if (FIRMS_PEOPLE.has(noun)) return { type: 'organization', confidence: 0.75, firm: true };
  const said = typeOfHeadNoun(noun);
  if (!BILLING_NOUNS.has(noun)) return said;
  return { ...(said ?? { type: 'organization', confidence: 0.7 }), firm: true };
}


function typeOfHeadNoun(noun: string): Typed | null {
  if (EVENT_NOUNS.has(noun)) return { type: 'event', confidence: 0.8 };
  if (PRODUCT_NOUNS.has(noun)) return { type: 'product', confidence: 0.85 };
  if (PLACE_KINDS.has(noun)) return { type: 'location', confidence: 0.8 };
  if (PLACE_NOUNS.has(noun)) return { type: 'location', confidence: 0.7 };
  if (FIRM_ONLY_NOUNS.has(noun)) return { type: 'organization', confidence: 0.9 };
  if (ORGANIZATION_NOUNS.has(noun)) return { type: 'organization', confidence: 0.75 };
  return null;
}

/** What moves between places, not tools ("moved the Jakarta office from Kemang to SCBD": places). */
const MOVED_PREMISES = new Set(['office', 'offices', 'hq', 'headquarters', 'home', 'house', 'flat', 'apartment', 'shop', 'store', 'warehouse', 'studio', 'family', 'move']);

/** What the sentence does with it: switched to, moved to, paid through, written in, joined, flew, used. */
function whatIsDoneWithIt({ words, from, to, lead, before, before2, after, after2, earlier }: Around): Typed | null {
  // "stuck on the A40", "traffic on the M25", "drove the I-95": a road by its number, where the sentence is about the
  // road (not "the build failed on the M2", Apple's chip).
  if (roadByNumber(words, from, to, lead, before)) return { type: 'location', confidence: 0.9 };
  if ((before === 'from' && after === 'to') || (before === 'to' && words[lead - 3]?.lower === 'from')) {
    const verb = words.slice(Math.max(0, lead - 7), lead - 1).findIndex(w => SWITCHING.test(w.lower));
    // "Ludovic moved from Criteo to Dataiku": a person moving between employers; "we switched from X to Y": software.
    const at = Math.max(0, lead - 7) + verb;
    const mover = words[at - 1];
    const movedAlone = verb >= 0 && words[at + 1]?.lower === 'from' && /^mov(?:e|ed|es|ing)$/.test(words[at].lower);
    if (verb >= 0 && movedAlone && mover?.cap && !PRONOUNS.has(mover.lower) && !GENERIC_TERMS.has(mover.lower)) return { type: 'organization', confidence: 0.75 };
    // "moved the emergency fund from Barclays to Marcus", "the pension transfer from Aviva to Nest": banks and providers.
    if (words.slice(Math.max(0, lead - 7), lead - 1).some(w => MONEY_THINGS.has(w.lower))) return { type: 'organization', confidence: 0.9, firm: true };
    if (words.slice(Math.max(0, lead - 7), lead - 1).some(w => MOVED_PREMISES.has(w.lower))) return { type: 'location', confidence: 0.8 };
    if (verb >= 0) return { type: 'technology', confidence: 0.8 };
  }
  // "switched the car insurance to Admiral": a provider.
  // (The provided thing near the name: not "Chuseok plan: drive to Jeonju".)
  if (before === 'to' && earlier.slice(-4).some(w => PROVIDED.test(w))) return { type: 'organization', confidence: 0.75, firm: true };
  if (before === 'to' && earlier.some(w => SENDING_TO.test(w))) return { type: 'technology', confidence: 0.7 };
  // "moved the DNS to X", "moved our logs to X" — but "moved to X", "the office moves to X" is a place.
  const moved = earlier.some(w => /^mov(?:e|ed|es|ing)$/.test(w));
  if (before === 'to' && moved && earlier.some(w => PRODUCT_NOUNS.has(w) || MOVED_THINGS.has(w))) return { type: 'technology', confidence: 0.7 };
  if (PURCHASE_PREPOSITIONS.has(before) && earlier.some(w => PURCHASE.test(w))) return { type: 'organization', confidence: 0.7, firm: true };
  // "sent Rosa 5,000 pesos through GCash", "transferred it via Wise": a payment service.
  if ((before === 'through' || before === 'via') && earlier.some(w => MONEY_SENT.test(w))) return { type: 'organization', confidence: 0.7, firm: true };
  // "tickets for Fuji Rock", "two tickets to Glastonbury": what one holds a ticket for is an event, where nothing else
  // says who performs or plays ("tickets for Dua Lipa"; "season tickets for Leyton Orient" are a club's).
  const ticketed = /^(?:tickets?|tix|passes|wristbands?)$/.test(before2) && words[lead - 3]?.lower !== 'season';
  if ((before === 'for' || before === 'to') && ticketed && lead === from) return { type: 'event', confidence: 0.6 };
  // "cancelled Disney+", "renewed Audible before it lapsed": a subscription's firm.
  if (SUBSCRIBED.test(before) && lead === from) return { type: 'organization', confidence: 0.6, firm: true };
  if (before === 'in' && earlier.some(w => CODING.test(w))) return { type: 'technology', confidence: 0.75 };
  // "prepared the board deck in Pitch": a tool, where an unknown name after "in" would be read as a place.
  if (before === 'in' && lead === from && WORK_THINGS.has(before2)) return { type: 'product', confidence: 0.65 };
  if (ORGANIZATION_AFTER_PHRASE.test(`${after} ${after2}`)) return { type: 'organization', confidence: 0.7, firm: true };
  const twoBefore = phrase(words, lead - 1);
  if (twoBefore === 'set up' || twoBefore === 'setting up' || twoBefore === 'sets up') return { type: 'technology', confidence: 0.7 };
  if (before === 'with' && earlier.some(w => TOOL_WITH.test(w))) return { type: 'technology', confidence: 0.7 };
  if (before === 'with' && earlier.slice(-4).some(w => PROVIDED.test(w))) return { type: 'organization', confidence: 0.7, firm: true };
  // "Bought a Brompton", "ordered an Oura": a product.
  if (lead < from && /^(?:a|an)$/.test(words[lead].lower) && PURCHASE.test(before)) return { type: 'product', confidence: 0.8 };
  // "ordered the Framework 13": what one buys (not "booked the Hilton", a place to stay).
  if (lead < from && words[lead].lower === 'the' && /^(?:bought|buy|buying|ordered|order|ordering|purchased|preordered|pre-ordered)$/.test(before)) return { type: 'product', confidence: 0.75 };
  // "a startup called Fernweh", "an app named Driftwood": the noun before says what it is.
  if (before === 'called' || before === 'named') {
    const noun = words[lead - 2]?.lower ?? '';
    if (NAMED_ORGANIZATIONS.has(noun)) return { type: 'organization', confidence: 0.75 };
    if (PRODUCT_NOUNS.has(noun) || noun === 'tool') return { type: 'product', confidence: 0.75 };
    if (/^(?:town|village|city|place|island|street|neighbourhood|neighborhood)$/.test(noun)) return { type: 'location', confidence: 0.75 };
  }
  // "bumped Tokio to 1.40", "pinned Hanami to v1.4": a dependency at a version.
  if (after === 'to' && /^v?\d+(?:\.\d+)+$/.test(after2)) return { type: 'technology', confidence: 0.8 };
  // "migrate Tessera to Postgres": what is moved is software too.
  if (SWITCHING.test(before) && (after === 'to' || after === 'from' || after === 'off')) return { type: 'technology', confidence: 0.8 };
  // "invoice 2291 from Kessler Bau": a document's number between its noun and "from" does not count.
  const noun = words[lead - 2]?.number ? (words[lead - 3]?.lower ?? '') : before2;
  if (ORGANIZATION_BEFORE.has(before) || ORGANIZATION_PHRASES.has(`${noun} ${before}`)) return { type: 'organization', confidence: 0.75 };
  // "our booth at Collision", "a stand at Web Summit": where exhibitors stand is a fair or a conference.
  if (before === 'at' && EXHIBITED.test(before2)) return { type: 'event', confidence: 0.7 };
  // "the plumber from Flowright", "our rep from Tidewell": someone sent by a firm.
  if (before === 'from' && lead === from && after !== 'to' && (TRADES.has(before2) || ROLES.has(before2) || PEOPLE_ROLES.has(before2) || FIRMS_PEOPLE.has(before2))) return { type: 'organization', confidence: 0.75, firm: true };
  // "flew Qatar Airways", "flying Norwegian": an airline; "flew to Oslo" is a place (below).
  if (/^(?:flew|fly|flying|flies|booked)$/.test(before) && (after === 'to' || after === 'from' || after === 'via' || after === 'flight')) {
    return { type: 'organization', confidence: 0.7 };
  }
  // "swapped Moment for Luxon", "replaced Jenkins with Buildkite": both sides are software.
  if (SWAPPED.test(before) && (after === 'for' || after === 'with') && words[to + 1]?.cap) return { type: 'technology', confidence: 0.7 };
  if ((before === 'for' || before === 'with') && SWAPPED.test(words[lead - 3]?.lower ?? '') && words[lead - 2]?.cap) return { type: 'technology', confidence: 0.7 };
  // "a vendor call with Corbel", "our client meeting with Anselm & Co": a company.
  if (before === 'with' && earlier.some(w => /^(?:vendor|vendors|supplier|suppliers|client|clients|customer|customers)$/.test(w))) return { type: 'organization', confidence: 0.7, firm: true };
  if (SHIPPED.test(before) && lead === from) return { type: 'product', confidence: 0.75 };
  // "worked on Heron", "feedback on Kestrel": what work is done on, here a project (a person is worked *with*).
  if (before === 'on' && WORKED_ON.test(before2) && lead === from) return { type: 'product', confidence: 0.7 };
  if (TECHNOLOGY_BEFORE.has(before) || twoBefore === 'switched to' || twoBefore === 'migrated to') return { type: 'technology', confidence: 0.7 };
  return null;
}

/** Words that go with people: "with X", "my sister X", "our CTO, X,", "X's team", "X from accounting", "X and I". */
function personCue({ words, from, to, lead, before, before2, after, after2, earlier }: Around): Typed | null {
  // "SQLite with Litestream", "Postgres with pgvector": a tool with a tool.
  if (before === 'with' && lead === from && TECHNOLOGIES.has(before2) && words[lead - 2]?.cap) return { type: 'technology', confidence: 0.7 };
  // "the ferry to Picton with Interislander", "flying to Lisbon with TAP": the carrier ("flew to Lisbon with Joana": company).
  if (before === 'with' && lead === from && earlier.some(w => CARRIERS_OF.test(w)) && !isGivenName(words[from].lower)) return { type: 'organization', confidence: 0.7 };
  if (before === 'with' && !WITH_A_COMPANY.has(before2)) return { type: 'person', confidence: 0.7 };
  // "talked to Orrin", "sent the draft to Emmerich at Lindqvist & Berg": someone, not somewhere.
  const atSomeone = (after === 'at' || after === 'from') && words[to + 1]?.cap === true;
  if (before === 'to' && lead === from && (TALKED.test(before2) || (atSomeone && earlier.slice(-4).some(w => HANDED.test(w) || TALKED.test(w))))) {
    return { type: 'person', confidence: 0.8 };
  }
  if (PERSON_CUES.has(before) && before !== 'with') return { type: 'person', confidence: 0.7 };
  // "Lent Thibault my ladder", "gave Aoife her keys back": whom something is given, before what is given (a firm is
  // sent things, so not "sent", "emailed" or "forwarded"; and not "gave X a try").
  if (lead === from && LENT_TO.test(before) && OWNED.test(after)) return { type: 'person', confidence: 0.7 };
  // "the user's landlord is Panagiotis Vlachos", "my manager is Rebecca Thornbury": who a role or kin word is.
  if (before === 'is' && lead === from && (ROLES.has(before2) || PERSON_CUES.has(before2) || PEOPLE_ROLES.has(before2))) return { type: 'person', confidence: 0.8 };
  // "My manager, Helen Park, approved": a name set off after a role or kin word is who that is, as sure as a title.
  if (before === ',' && after === ',' && (ROLES.has(before2) || PERSON_CUES.has(before2))) return { type: 'person', confidence: 0.9 };
  // "their pharmacy, Apotek Hjärtat, stopped …": a name set off after a kind of firm is that firm.
  if (before === ',' && after === ',' && (NAMED_ORGANIZATIONS.has(before2) || FIRM_KINDS.has(before2))) return { type: 'organization', confidence: 0.8 };
  if (before === ',' && after === ',' && GENERIC_TERMS.has(before2)) return { type: 'person', confidence: 0.65 };
  const next = words[to];
  // "Ravi's team", "Tiago's PR" (a pull request is someone's), but not "Heron's app".
  if (words[to - 1].possessive && next && (!next.cap || next.allCaps) && (!PRODUCT_NOUNS.has(after) || /^(?:pr|prs|mr)$/.test(after))) return { type: 'person', confidence: 0.65 };
  // "Hannelore from accounting", "Declan from Arnott's": a person from a team or a company.
  const afterFrom = words[to + 1];
  if (after === 'from' && afterFrom && !afterFrom.punct && afterFrom.lower !== 'the' && !PLACE_PREPOSITIONS.has(before)) return { type: 'person', confidence: 0.6 };
  if (PLACE_BEFORE.has(before)) return { type: 'location', confidence: 0.55 };
  // "don't drive over Haukelifjell", "cycled past Kinderdijk": a way travelled is a place.
  if (travelledBy(before, before2)) return { type: 'location', confidence: 0.75 };
  if (after === 'and' && FAMILY_AFTER_AND.includes(after2)) return { type: 'person', confidence: 0.75 };
  return null;
}

/** The weaker cues: prepositions, a system's state, a chat speaker, a payee, the verb after the name. */
function weakCue({ words, from, to, lead, before, before2, after, after2 }: Around): Typed | null {
  // "Ola from Vipps": a person from an organisation; not a route ("the Camel Trail from Padstow to Wadebridge").
  const route = after === 'to' && words[to + 1]?.cap;
  // Not after a sentence's opening verb, capitalised only there ("Walked from Florence …"); a noun is fine ("Skip from Biffa").
  const sender = words[lead - 2];
  const openingVerb = lead - 2 === words.findIndex(w => !w.punct) && sender?.pos === 'VERB';
  // Someone named from it ("Ryan from Datadog demoed …") is sent by a firm: a known tool so named is its company.
  if (before === 'from' && sender?.cap && !openingVerb && !route) return { type: 'organization', confidence: 0.65, firm: isGivenName(sender.lower) };
  if (ORGANIZATION_AFTER.has(after)) return { type: 'organization', confidence: 0.6, firm: true };
  if (before === 'at' && !PLACE_PREPOSITIONS.has(before2)) return { type: 'organization', confidence: 0.6 };
  if (PLACE_PREPOSITIONS.has(before)) return { type: 'location', confidence: 0.6 };
  // An adverb between the verb and what follows does not count: "Kasia just got engaged".
  const [verb, next] = ADVERBS.has(after) ? [after2, words[to + 2]?.lower ?? ''] : [after, after2];
  const following = ADVERBS.has(next) ? (words[to + (verb === after ? 2 : 3)]?.lower ?? '') : next;
  // "Oriel is away", "Kofi is off sick": a person's state.
  if (SHARED_AFTER.has(verb) && (PERSON_STATES.has(following) || (following === 'off' && PERSON_STATES.has(words[to + 2]?.lower ?? ''))) && lead === from) return { type: 'person', confidence: 0.7 };
  // "Maple is down", "the Cedar build is flaky": a system's state.
  if (SHARED_AFTER.has(verb) && SYSTEM_STATES.has(following)) return { type: 'technology', confidence: 0.6 };
  // A chat line's speaker: "Rekha: the export is done".
  if (after === ':' && from === words.findIndex(w => !w.punct) && to - from <= 2) return { type: 'person', confidence: 0.6 };
  if (/^(?:pay|paid|pays|paying)$/.test(before) && lead === from) return { type: 'organization', confidence: 0.6 };
  // "Linear emailed us", "Xero's support replied": what people and firms do; a known tool doing it is its company.
  if (FIRM_VERBS.has(verb) && to - from <= 3) return { type: 'person', confidence: techShaped(words.slice(from, to)) ? 0.6 : 0.8, firm: true };
  // A verb only people do ("Kemi drove us") is a strong cue, strong enough to beat a town of the same name.
  if (PERSON_AFTER.has(verb) && to - from <= 3 && !techShaped(words.slice(from, to))) return { type: 'person', confidence: 0.8 };
  if (SHARED_AFTER.has(verb) && ROLE_AFTER.test(following) && to - from <= 3 && !techShaped(words.slice(from, to))) return { type: 'person', confidence: 0.6 };
  // The subject of a clause doing something ("Benedikt rewrote the CLI", "… and Priya printed it"): in notes and chats
  // an unknown name that acts is most often a person. Known brands and places were typed before this point.
  const subject = lead === words.findIndex(w => !w.punct) || CLAUSE_OPENERS.has(before);
  // wink tags some verbs as nouns ("rewrote"): a word followed by a determiner ("rewrote the") is a verb too.
  // An adverb between the name and its verb does not count: "Ambrosine finally heard back".
  const at = ADVERBS.has(after) ? to + 1 : to;
  const [acted, object] = [words[at]?.lower ?? '', words[at + 1]?.lower ?? ''];
  const verbLike = words[at]?.pos === 'VERB' || (words[at]?.pos === 'NOUN' && (DETERMINERS.has(object) || object === 'its' || object === 'his' || object === 'her'));
  const acts = verbLike && !words[at].cap && !SHARED_AFTER.has(acted) && !ORGANIZATION_AFTER.has(acted);
  // "Quillory closed its seed round": "its" says the actor is no person.
  // "Strava changed its pricing": what a firm has, so a known brand is the firm ("the Duster failed its MOT" is not).
  // "Mailgun paused our account", "Monzo froze my card": what a firm does to a customer's money or account.
  if (subject && acts && OWNED.test(object) && ACCOUNT_THINGS.has(words[at + 2]?.lower ?? '')) return { type: 'organization', confidence: 0.6, firm: true };
  if (subject && acts && object === 'its') return { type: 'organization', confidence: 0.6, firm: FIRM_PARTS.has(words[at + 2]?.lower ?? '') };
  if (subject && acts && lead === from && to - from <= 2 && !techShaped(words.slice(from, to))) return { type: 'person', confidence: 0.55 };
  return null;
}

/** Words after which a name begins a clause as its subject. */
const CLAUSE_OPENERS = new Set(['and', 'but', 'so', 'then', ',', 'when', 'because', 'while', 'if', 'since', 'after', 'before', 'until', 'though', 'although',
  // chat openers: "lol Fenella fell asleep", "omg Tiberius got engaged"
  'lol', 'omg', 'ok', 'okay', 'haha', 'btw', 'oh', 'wow', 'yay', 'ugh', 'fyi']);

/** Written like software: an inner capital ("MapLibre", "uBlock") or letters and digits in one word ("Auth0", "S3"). */
export function techShaped(words: Word[]): boolean {
  return words.some(w => (/\p{Ll}\p{Lu}/u.test(w.text) && !SURNAME_CAPITALS.test(w.text)) || (/\p{L}\p{L}/u.test(w.text) && /\d/.test(w.text) && !/^\d/.test(w.text)));
}

/** Names with an inner capital that are people's: "LeBron", "McKenzie", "DeShawn", "MacLeod", "VanDyke". */
const SURNAME_CAPITALS = /^(?:Mc|Mac|Le|La|De|Di|Da|Du|Van|Von|Fitz|St)\p{Lu}\p{Ll}+$/u;
