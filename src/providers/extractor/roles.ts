import { AGENCY_NOUNS, PAID_OR_CALLED } from './nounsAfter.ts';
import { isGivenName } from './givenNames.ts';
import type { Word } from './words.ts';

/**
 * Sentence-role cues for a name no list holds: what it does as a clause's subject ("Tamberlane shipped the offline
 * mode", "Pelligrew went down") and what is done in it or at it ("keeps her recipes in Paprika", "dinner at Dishoom").
 * They come after the noun-after and verb-before cues of cues.ts, and before its weaker person and place cues.
 */

export interface RoleTyped {
  type: string;
  confidence: number;
  /** A firm's doing ("Figma raised the price"): a known tool so cast is its company (cues.ts `Typed.firm`). */
  firm?: boolean;
}

/** The words around a name, as cues.ts reads them. */
export interface RoleAround {
  words: Word[];
  from: number;
  to: number;
  /** Where the name's phrase starts (before a determiner). */
  lead: number;
  before: string;
  after: string;
  /** Up to seven words before `before`. */
  earlier: string[];
}

/** What a firm does as a subject: ships, raises, hires, deprecates ("Quillory raised a seed round"). */
const FIRM_ACTS = /^(?:shipped|ships|launched|launches|raised|raises|acquired|acquires|hired|hires|released|releases|deprecated|deprecates|open-sourced|open-sources|ipo'd|ipoed|rebranded|pivoted|sunset|sunsetted|unveiled|laid)$/;
/** Objects that a person ships or releases at work ("Mabyn shipped the fix"): a person's concern or hire ('raised the issue', 'hired a plumber'): the subject is then a person. */
const PERSONAL_WORK = new Set('issue issues concern concerns question questions point points alarm plumber builder electrician nanny tutor cleaner lawyer accountant van car fix fixes hotfix patch patches pr prs change changes ticket tickets branch commit commits migration script post blog newsletter podcast video album song track'.split(' '));
/** A system's outage as a subject's verb ("Pelligrew went down", "Pelligrew keeps crashing"). */
/** Words after "down" that make it a person's state or plan ("down with flu", "down to help", "down for it"). */
const PERSONAL_AFTER_OUTAGE = /^(?:with|to|for|about|on|in|at|bad)$/;
const OUTAGE = /^(?:went|goes|going|was|is) (?:down|offline)$|^(?:crashed|crashes|timed|froze|freezes)$/;

/** Verbs of noting and tracking (not "kept", "stored", "planned": one keeps a car or plans a week in a town): "in X" after them is the app that holds it ("tracked in Linear"). */
const FILED = /^(?:track|tracks|tracked|tracking|log|logs|logged|logging|drafted|drafting|noted|jot|jotted|documented|bookmarked|typed)$/;
/** What lives in an app ("my notes are in Bear", "our roadmap lives in Coda"). */
const FILED_THINGS = new Set('notes note recipes recipe roadmap roadmaps docs doc todos todo to-dos tasks task journal diary drafts draft bookmarks passwords spreadsheet backlog tickets wiki habits highlights snippets'.split(' '));
/** What software has in it: "in X" after them is the app ("push notifications in Heron", "login is live in Juniper"). */
const SOFTWARE_PARTS = new Set('login logins notifications notification traces tracing flag flags toggle feature features button buttons screen screens endpoint endpoints bug bugs crash crashes errors mode settings onboarding checkout sso webauthn'.split(' '));
/** A name a team gives its own software: "codenamed Marigold", "the codename is Marigold". */
const CODENAMED = /^(?:codenamed|code-named|codename|code-name)$/;
const FIRMS_CALLED = new Set('competitor competitors company startup start-up firm agency business brand supplier vendor shop fund bank consultancy'.split(' '));

/** Meals and drinks: "at X" after them is a venue, counted as an organisation like the older labelled sets do. */
const MEAL = /^(?:dinner|dinners|lunch|lunches|brunch|breakfast|coffee|coffees|drinks|drink|drank|pint|pints|beers|beer|wine|cocktails|tea|ate|eat|eating|eaten|dined|dining|meal|meals|supper|takeaway|curry|pizza|burgers|tapas|brunched)$/;

/** What a provider does to its customer: "Mercury declined the wire", "Nubank charged the annual fee". */
const SERVICE_ACTS = /^(?:charged|billed|refunded|refunding|credited|debited|declined|froze|blocked|suspended|deducted|overcharged|quoted)$/;
/** What a firm sends ("Ubiquiti sent a recall notice", "Miele sent an engineer"); a person sends a deck or photos. */
const SENT_BY_FIRMS = new Set('notice notices letter letters engineer technician replacement recall otp statement courier refund reminder agreement contract confirmation voucher sim bill invoice router modem'.split(' '));
/** What a carrier loses ("Aramex lost a parcel"). */
const CARRIED = new Set('parcel parcels package packages luggage suitcase shipment delivery'.split(' '));
/** Words after the verb that make it passive or no act on the customer: "Quote sent to …", "Kofi charged his phone". */
const NO_CUSTOMER = /^(?:to|by|for|from|in|at|on|out|off|over|back|up|his|her|himself|herself)$/;

/** Whether the words from `verb` on are what a provider does to its customer, said of the name before them. */
function serviceAct(words: Word[], at: number): boolean {
  // "Peloton is finally refunding us": past the auxiliary and the adverb to the act.
  let verb = at;
  while (verb < at + 3 && AUXILIARIES.has(words[verb]?.lower ?? '')) verb++;
  const acted = words[verb]?.lower ?? '';
  // "Zurich paid out for the stolen laptop": an insurer's payment.
  if (acted === 'paid' && words[verb + 1]?.lower === 'out') return true;
  const service = SERVICE_ACTS.test(acted);
  const handled = HANDLED.test(acted);
  if (!service && !handled && acted !== 'sent' && acted !== 'lost') return false;
  const next = words[verb + 1]?.lower ?? '';
  if (!next || NO_CUSTOMER.test(next)) return false;
  if (service) return true;
  const things = acted === 'sent' ? SENT_BY_FIRMS : handled ? SERVICE_OBJECTS : CARRIED;
  return words.slice(verb + 1, verb + 5).some(w => things.has(w.lower));
}

const AUXILIARIES = new Set(['is', 'are', 'was', 'has', 'have', 'had', 'finally', 'still', 'just', 'already', 'now']);
/** What a provider does with a customer's order or claim ("Maxicare approved the ultrasound", "Iberdrola moves the direct debit"). */
const HANDLED = /^(?:approved|approves|delayed|delays|cancelled|canceled|cancels|confirmed|confirms|moved|moves|rescheduled|redelivered|texted|rejected|denied|renewed)$/;
/** A customer's order, claim or account: what HANDLED acts on for a firm, not for a person ("Amara moved the meeting"). */
const SERVICE_OBJECTS = new Set(
  'order orders delivery deliveries parcel refund claim loan mortgage cover policy premium warranty guarantee debit bill invoice subscription account booking prescription pre-approval ultrasound scan flight flights ticket tickets payment payments transfer card plan'.split(' '),
);

/** A match's result and its score. */
const MATCH_RESULTS = /^(?:won|wins|lost|loses|drew|draws|beat|beats|thrashed|edged)$/;
const SCORE = /(?:^|\s)\d{1,2} ?[-–] ?\d{1,2}(?:\s|$)/;

/** Words that name a team or a kind of firm, never a firm's own name ("Finance approved", "Customer support replied"). */
const DEPARTMENTS = new Set(
  `customer customers tech technical it product payroll finance accounts accounting legal security reception customs hr ops
  operations admin management marketing sales support engineering design billing procurement compliance facilities maintenance
  school council bank insurance airline landlord agency hotel nursery everyone nobody someone somebody nothing everything`.split(/\s+/),
);

/**
 * Whether an English word opening a sentence is a firm's name by what follows it: an act of a provider or of a firm
 * ("Mercury declined the wire", "Particle deprecated the old boards") or its support answering ("Neon support replied").
 * Elsewhere a capitalised English word there is the sentence's first word, not a name.
 */
export function firmOpening(words: Word[], at: number): boolean {
  const key = words[at].lower;
  if (DEPARTMENTS.has(key) || words[at].stopWord) return false;
  const verb = words[at + 1]?.lower ?? '';
  if (serviceAct(words, at + 1) || (FIRM_ACTS.test(verb) && !PERSONAL_WORK.has(words[at + 2]?.lower ?? ''))) return true;
  return /^(?:support|billing)$/.test(verb) && words[at + 2]?.pos === 'VERB';
}

/** The type a name's role in its sentence gives it, or null. */
export function roleCue(around: RoleAround): RoleTyped | null {
  return subjectRole(around) ?? placeOfThing(around) ?? agencyRole(around);
}

/** "an OSHA compliance officer", "the CBN circular", "pay NHIF": an acronym whose officers, letters or dues they are. */
function agencyRole({ words, from, to, before }: RoleAround): RoleTyped | null {
  if (to - from !== 1 || !words[from].allCaps) return null;
  const agency = [words[to], words[to + 1]].some(w => w && !w.cap && AGENCY_NOUNS.has(w.lower)) || PAID_OR_CALLED.test(before);
  return agency ? { type: 'organization', confidence: 0.75 } : null;
}

/** A name opening its clause, followed by what it does. */
function subjectRole({ words, from, to, lead, after }: RoleAround): RoleTyped | null {
  if (lead !== from || !opensClause(words, from)) return null;
  // "Pelligrew went down", "Pelligrew crashed again": a system.
  const [verb, next] = [after, words[to + 1]?.lower ?? ''];
  // Going down or offline is as sure a cue as a system has ("Tessary is down again"; not "Kofi went down with flu").
  if (OUTAGE.test(`${verb} ${next}`)) return { type: 'technology', confidence: PERSONAL_AFTER_OUTAGE.test(words[to + 2]?.lower ?? '') ? 0.65 : 0.9 };
  // Not a given name's: "Priya quoted 300 for the tiles" is the tiler. "Qonto froze our account": the bank, not an outage.
  if (serviceAct(words, to) && !(to - from === 1 && isGivenName(words[from].lower))) return { type: 'organization', confidence: 0.75, firm: true };
  if (OUTAGE.test(verb)) return { type: 'technology', confidence: 0.65 };
  // "Raja won 2-1", "Partick Thistle drew 1-1 at Firhill", "Harlow Vale Rangers beat us 3–2": a side, a club.
  if (MATCH_RESULTS.test(verb) && SCORE.test(words.slice(to + 1, to + 5).map(w => w.text).join(' '))) return { type: 'organization', confidence: 0.8 };
  if (!FIRM_ACTS.test(verb.replace(/’/g, "'"))) return null;
  // "Mabyn shipped the fix": a person's piece of work; "Tamberlane shipped the offline mode": a firm's product.
  const object = words.slice(to + 1, to + 5).find(w => !w.punct && !/^(?:the|a|an|our|their|its|his|her|my|new|first|last)$/.test(w.lower));
  if (object && PERSONAL_WORK.has(object.lower)) return { type: 'person', confidence: 0.6 };
  // "Docmost released version 0.9": the name is the product released.
  if (object && /^(?:version|v\d[\d.]*)$/.test(object.lower)) return { type: 'product', confidence: 0.65 };
  return { type: 'organization', confidence: 0.7, firm: true };
}

/** Where something is kept ("recipes in Paprika") or where one eats ("dinner at Dishoom"). */
function placeOfThing({ words, from, to, lead, before, earlier }: RoleAround): RoleTyped | null {
  const near = earlier.slice(-4);
  if ((before === 'is' || before === 'called') && lead === from && CODENAMED.test(earlier[earlier.length - 1] ?? '')) return { type: 'product', confidence: 0.85 };
  if (CODENAMED.test(before) && lead === from) return { type: 'product', confidence: 0.85 };
  // "a competitor called Orbit", "a startup called Ladder": a firm by the kind it was said to be.
  if ((before === 'called' || before === 'named') && lead === from && FIRMS_CALLED.has(earlier[earlier.length - 1] ?? '')) return { type: 'organization', confidence: 0.8 };
  const inSoftware = (before === 'in' || before === 'to') && lead === from && near.some(w => SOFTWARE_PARTS.has(w));
  if ((before === 'in' && lead === from && (near.some(w => FILED.test(w)) || near.some(w => FILED_THINGS.has(w)))) || inSoftware) {
    // "wrote it in Lisbon" stays a place where the sentence travels ("trip", "holiday", "flew").
    if (!earlier.some(w => /^(?:trip|holiday|flew|stayed|visiting|visited|weekend|hotel|travel\w*)$/.test(w))) return { type: 'product', confidence: 0.75 };
  }
  // "Dinner at Dishoom", "drinks at the Wheatsheaf" (`before` is read before a determiner).
  // A possessive is someone's home ("dinner at Anna's"), and a known first name keeps its reading (confidence under 0.8).
  if (before === 'at' && !words[to - 1].possessive && earlier.slice(-3).some(w => MEAL.test(w))) return { type: 'organization', confidence: 0.75 };
  return null;
}

/** Words after which a name begins a clause as its subject (as in cues.ts, which reads chat openers too). */
const OPENERS = new Set(['and', 'but', 'so', 'then', ',', 'when', 'because', 'while', 'if', 'since', 'after', 'before', 'until', 'though', 'although', 'lol', 'omg', 'ok', 'okay', 'btw', 'fyi', 'oh', 'wow', 'ugh']);

function opensClause(words: Word[], from: number): boolean {
  return from === words.findIndex(w => !w.punct) || OPENERS.has(words[from - 1]?.lower ?? '');
}

/** Words before a name that are person cues in cues.ts but say nothing of a town's name ("love Hastings", "compared with Selby"). */
const NO_ROLE_BEFORE = new Set(['love', 'named', 'called', 'compared', 'twinned', 'connected', 'linked', 'along', 'together', 'familiar', 'obsessed']);

/**
 * A person's name that is also a town ("Hastings", "Selby", "Carlisle"): a role only a person fills — "lunch with X",
 * "told X", "X and I", "X is off sick", "X's new job" — makes it the person. The big cities of the curated list
 * (confidence 0.9) keep their reading.
 */
export function personRoleBeatsTown(words: Word[], from: number, to: number, context: RoleTyped, intrinsic: RoleTyped | null): boolean {
  if (to - from !== 1 || intrinsic?.type !== 'location' || intrinsic.confidence >= 0.9) return false;
  if (context.type !== 'person' || context.confidence < 0.7) return false;
  const before = words[from - 1]?.lower ?? '';
  const before2 = words[from - 2]?.lower ?? '';
  return !NO_ROLE_BEFORE.has(before) && !(before === 'with' && NO_ROLE_BEFORE.has(before2));
}
