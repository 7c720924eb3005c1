/**
 * Words that cast a name as a firm's doing (cues.ts reads them): what people and firms do but tools never, what a firm
 * has, bills or does to an account, money moved through or between providers, kinds of firm. A cue built on them
 * carries `firm`: a known brand or tool so cast is the company (nameTypes.ts `chooseType`), the labelling guideline's
 * "a tool's maker acting as a firm" ("Linear emailed us", "the Datadog contract", "paid you back on Venmo").
 */

/** What a firm has or bills, after a brand's possessive ("Sentry's support team", "Zoom's annual plan"). */
export const FIRM_PARTS = new Set(
  `support sales team teams staff rep reps engineers lawyers legal billing pricing prices fees terms policy plan plans subscription
  customer customers account founders`.split(/\s+/),
);
/** What a firm bills or sells by the month, after its name ("the Netflix subscription", "the Datadog contract"). */
export const BILLING_NOUNS = new Set(
  'subscription subscriptions trial trials membership memberships credits contract contracts pricing fees invoice invoices bill bills'.split(' '),
);
/**
 * Verbs after a name that people and firms do, tools never ("Linear emailed us", "Xero replied", "Zendesk promised");
 * not "says", which an app does ("Strava says I did 40 km").
 */
export const FIRM_VERBS = new Set(
  `emailed emails replied replies responded answered called rang phoned texted confirmed promised apologised
  apologized agreed refused approved rejected offered thanked invited contacted renews renewed`.split(/\s+/),
);
/**
 * What one moves between banks and providers ("moved the emergency fund from Barclays to Marcus", "payroll moved from
 * Sage to Deel", "switched mobile carrier from Safaricom to Airtel").
 */
export const MONEY_THINGS = new Set(
  `fund funds savings money cash pension pensions isa balance deposit deposits salary transfer transfers payroll carrier
  carriers provider providers supplier suppliers broadband`.split(/\s+/),
);
/** Verbs before a name that make it a subscription, a firm's service ("cancelled Disney+", "renewed Audible"). */
export const SUBSCRIBED = /^(?:cancel|cancelled|canceled|cancelling|canceling|renew|renewed|renewing|unsubscribed)$/;

/** More kinds of firm, before a name set off by commas ("our bank, Nordea,", "the supplier, Kaltenbach Textil,"). */
export const FIRM_KINDS = new Set('pharmacy bank supplier vendor employer client insurer landlord agency garage dentist vet nursery practice surgery'.split(' '));

/** Verbs of sending money or hiring help: "through X", "via X" after them is a service ("hired a contractor through Toptal"). */
export const MONEY_SENT = /^(?:sent|send|sending|transfer|transferred|transferring|wired|remitted|hired|hire|hiring)$/;

/** A customer's things a firm acts on: "paused our account", "froze my card", "held the transfer". */
export const ACCOUNT_THINGS = new Set('account accounts card cards transfer transfers payment payments refund order orders subscription domain'.split(' '));

/** What an organisation has, after its possessive name ("Corvex's CEO", "Plinth's layoffs"); a person has none of these. */
export const ORGANIZATION_PARTS = new Set('ceo cto cfo coo founder founders cofounder co-founder board shareholders investors headquarters hq stock shares ipo valuation layoffs employees workforce'.split(' '));
/** A firm's people after its name: "the Foodora courier", "the Bolt driver", "the Vodafone rep". */
export const FIRMS_PEOPLE = new Set('courier couriers driver drivers rider riders rep reps'.split(' '));
/** Nouns only a firm has ("the Asana rep", "the Peloton membership", "Stripe's headquarters"): a surer cue, which the learned layer does not override. */
export const FIRM_ONLY_NOUNS = new Set('headquarters hq staff employees recruiters membership memberships rep reps'.split(' '));
/** Verbs after an organisation's name. */
export const ORGANIZATION_AFTER = new Set('announced raised recalled acquired launched hired filed unveiled laid ipo invoiced charged billed refunded'.split(' '));
/** What follows an organisation's name: "X is hiring", "X was acquired". */
export const ORGANIZATION_AFTER_PHRASE = /^(?:is|are|was|were) (?:hiring|recruiting|acquired|bought|listed|public|bankrupt|closing|expanding|relocating)$|^(?:went|goes) (?:public|bust|under)$/;
/** People a firm sends ("the plumber from X"). */
export const TRADES = new Set('plumber plumbers electrician electricians engineer engineers builder builders technician technicians courier driver rep reps recruiter recruiters agent agents fitter fitters installer surveyor inspector adjuster broker auditor auditors salesman saleswoman guy guys lady woman man folks people team'.split(' '));
/** Words before "with X" that make X a provider ("car insurance with Admiral", "a mortgage with Nationwide"). */
export const PROVIDED = /^(?:insurance|insured|account|accounts|mortgage|contract|policy|subscription|plan|booking|loan|pension|isa|broadband|tariff|claim|renewal|payroll|carrier)$/;
