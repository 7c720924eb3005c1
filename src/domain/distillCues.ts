/**
 * The cues offline distillation reads (domain/distill.ts): what marks a sentence as a decision, a preference, a plan,
 * a fact or a learning, and what disqualifies one. English only; pure data and tiny predicates, no I/O.
 */
import type { UnitType } from './memory.ts';

/** The unit types the offline rules can recognise, in the order they are tried (the first that matches wins). */
export type DistilledKind = Extract<UnitType, 'decision' | 'preference' | 'learning' | 'plan' | 'fact'>;

export interface Cue {
  kind: DistilledKind;
  /** A short name of the cue, given back as the reason a sentence was kept. */
  name: string;
  pattern: RegExp;
  /** Only for sentences written by the user (a preference of the assistant is nobody's preference). */
  userOnly?: boolean;
  /** The sentence must also name something specific (a number, a name, code, a path): vague statements are not facts. */
  needsSpecifics?: boolean;
}

const DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const WHEN = `(?:tomorrow|tonight|later today|next (?:week|month|sprint|quarter|year|release|time we)|this (?:week|weekend|sprint|quarter|month)|on ${DAY}|by (?:${DAY}|tomorrow|eod|end of (?:day|week|month|sprint|quarter)|the end of \\w+|\\w+ \\d{1,2})|before (?:the )?(?:release|launch|demo|deadline|merge|freeze)|after (?:the )?(?:release|launch|demo|merge|migration|review))`;

/** Tried in order: a sentence takes the kind of the first cue that matches. */
export const CUES: Cue[] = [
  // Decisions: something was settled.
  { kind: 'decision', name: 'decided', pattern: /\b(?:we|i)(?: have|'ve| had|'d)? (?:finally |just )?decided\b/i },
  { kind: 'decision', name: 'decision', pattern: /\b(?:the |our |final )?decision (?:is|was|:)/i },
  { kind: 'decision', name: "let's go with", pattern: /\blet'?s (?:just )?(?:go with|use|stick with|keep|switch to|move to|adopt|drop|standardi[sz]e on)\b/i },
  { kind: 'decision', name: 'going with', pattern: /\b(?:we|i)(?:'re| are|'m| am| will|'ll) (?:going with|go with|sticking with|stick with|switching to|moving to|migrating to|standardi[sz]ing on)\b/i },
  { kind: 'decision', name: 'chose', pattern: /\b(?:we|i) (?:chose|picked|opted for|settled on|went with|agreed (?:on|to|that))\b/i },
  { kind: 'decision', name: 'instead of', pattern: /\b(?:let'?s|we(?:'ll| will| should)|i(?:'ll| will)) \w+.{1,80}\b(?:instead of|rather than)\b/i },
  { kind: 'decision', name: 'agreed', pattern: /\b(?:agreed|settled|final answer)\s*[:—-]/i },
  // Preferences: how the user likes things done.
  { kind: 'preference', name: 'prefer', userOnly: true, pattern: /\bi(?:(?: really| much| strongly)? (?:prefer|like .{1,40} better|dislike|hate|can't stand|don't like|do not like|love)|(?:'d| would)(?: much)? (?:rather|prefer))\b/i },
  { kind: 'preference', name: 'my preference', userOnly: true, pattern: /\bmy (?:preference|preferred|favou?rite|go-to)\b/i },
  { kind: 'preference', name: 'always/never', userOnly: true, pattern: /^(?:please )?(?:always|never|don't ever|do not ever) \w+/i },
  { kind: 'preference', name: 'please always/never', userOnly: true, pattern: /\bplease (?:always|never|don't|do not|stop|keep)\b/i },
  { kind: 'preference', name: 'from now on', userOnly: true, pattern: /^(?:from now on|going forward|in the future),? \w+/i },
  { kind: 'preference', name: 'i usually', userOnly: true, pattern: /\bi (?:usually|always|never|tend to|normally|generally)\b/i },
  // Learnings: something found out, usually the hard way.
  { kind: 'learning', name: 'turns out', pattern: /\b(?:it )?turn(?:s|ed) out\b/i },
  { kind: 'learning', name: 'learned', pattern: /\b(?:i|we)(?: have|'ve|'d)? (?:just )?(?:learned|learnt|realized|realised|found out|discovered|figured out)\b/i },
  { kind: 'learning', name: 'root cause', pattern: /\b(?:root cause|culprit|real problem|real issue|fix|solution|trick|catch)(?: here)? (?:was|is|turned out to be)\b|\b(?:problem|issue|bug|error|crash|leak)(?: here)? (?:was|turned out to be)\b/i },
  { kind: 'learning', name: 'caused by', pattern: /\b(?:was|were|is|are) (?:caused|triggered) by\b/i },
  { kind: 'learning', name: 'lesson', pattern: /\b(?:lesson(?:s)? learned|lesson:|til\b|today i learned|note to self|gotcha|pro tip|next time\b|in the future\b|from now on\b)/i },
  { kind: 'learning', name: 'fixed by', pattern: /\b(?:fixed|solved|resolved|worked around)(?: it| this| that| the \w+)? by\b/i },
  // Plans: what will happen, with a when or an explicit plan word.
  { kind: 'plan', name: 'next step', pattern: /\b(?:next steps?|todo|to-do|action items?|follow-ups?)\b\s*(?:is|are|:|-)/i },
  { kind: 'plan', name: 'the plan', pattern: /\b(?:the|our|my) plan (?:is|was|:)|\b(?:we|i)(?:'re| are|'m| am) planning to\b/i },
  { kind: 'plan', name: 'scheduled', pattern: new RegExp(`(?:'ll|\\b(?:will|are going to|is going to|am going to|need to|needs to|have to|has to|must|should|plan to|plans to))\\b.*\\b${WHEN}\\b`, 'i') },
  { kind: 'plan', name: 'deadline', pattern: /\b(?:deadline|due date|launch date|release date|ship date) (?:is|was|moved to|:)/i },
  // Facts: stable statements about the user, the project or the world, with something specific in them.
  { kind: 'fact', name: 'about me', userOnly: true, pattern: /\b(?:my name is|i(?:'m| am) (?:a|an) (?!bit|little|lot|fan of)\w+|i (?:work|live|am based) (?:at|in|for|on)|i(?:'m| am) from)\b/i },
  { kind: 'fact', name: 'runs on', needsSpecifics: true, pattern: /\b(?:runs on|is hosted (?:on|at|in)|is deployed (?:on|to|at)|listens on|is stored (?:in|on)|lives in|defaults to|is configured (?:in|with)|is located (?:in|at)|points to|depends on|requires)\b/i },
  { kind: 'fact', name: 'our x is', needsSpecifics: true, pattern: /\b(?:my|our|the team's|the company's) [\w -]{1,30}? (?:is|are|was|uses|has|have)\b/i },
  { kind: 'fact', name: 'key value', needsSpecifics: true, pattern: /\b(?:port|version|address|email|url|endpoint|region|timezone|time zone|budget|birthday|account|username|limit|quota) (?:is|are|was|=|:)/i },
];

/** Questions, hedges and suggestions state nothing settled: no memory comes from them. */
const QUESTION_START = /^(?:what|why|how|when|where|who|which|should|could|can|would|will|shall|do(?!n't| not)|does|did|is|are|was|were|any idea)\b/i;
const HEDGES = /\b(?:maybe|perhaps|not sure|unsure|i wonder|wondering|what if|considering|thinking about|any thoughts|do you think|probably)\b/i;
const SUGGESTIONS = /\b(?:you could|you can|you might|you may want|you should|i suggest|i'd suggest|i recommend|i would recommend|consider|one option|another option|alternatively)\b/i;
/** A decision about "that" or "it" says nothing without the message before it. */
const VAGUE_OBJECT = /\b(?:go with|use|do|pick|take|keep|choose|chose|picked)\s+(?:that|it|this|these|those|the (?:first|second|third|last|latter|former|other)(?: one| option)?|option \w|(?:your|the) (?:suggestion|proposal|approach|idea))[.!]*$/i;

const SPECIFICS = [
  /\d/, // numbers, versions, dates, ports
  /`[^`]+`/, // code
  /https?:\/\/|[\w.-]+\.(?:com|org|io|dev|net|app)\b/i, // addresses
  /(?:^|\s)(?:~|\.{0,2})\/[\w.-]+/, // paths
  /(?<!^)(?<![.!?]\s)\b[A-Z][a-zA-Z0-9]+/, // a name (a capital not at the start of the sentence)
  /\b[a-z]+[A-Z][a-zA-Z]+\b|\b\w+_\w+\b/, // identifiers
];

export const hasSpecifics = (sentence: string) => SPECIFICS.some(p => p.test(sentence));

/** Why a sentence cannot be a memory whatever its cue, or null when it may be. */
export function disqualified(sentence: string, kind: DistilledKind): string | null {
  if (sentence.endsWith('?') || QUESTION_START.test(sentence)) return 'a question';
  if (kind !== 'learning' && HEDGES.test(sentence)) return 'a hedge';
  if ((kind === 'decision' || kind === 'plan') && SUGGESTIONS.test(sentence)) return 'a suggestion';
  if (kind === 'decision' && VAGUE_OBJECT.test(sentence)) return 'says nothing without the message before';
  return null;
}

/** Words of small talk and acknowledgements: a message made only of these holds nothing to keep. */
export const SMALL_TALK_WORDS = new Set(
  (
    'hi hello hey yo thanks thank you thx ty ok okay k cool great nice awesome perfect sure yes yep yeah no nope lol haha ' +
    'good morning night evening bye see cheers np problem welcome sounds got it makes sense will do done wow so much a lot ' +
    'man mate again there then that this is was works worked looks fine right alright all glad to help happy you are ' +
    "you're i i'm am doing well for asking too very hope have a day how"
  ).split(' '),
);

/** Leading fillers cut from a kept sentence ("Ok, so we decided…" → "We decided…"). */
export const FILLER = /^(?:(?:ok(?:ay)?|alright|all right|so|well|great|cool|yes|yeah|yep|sure|right|good|perfect|nice|hmm+|oh|ah|anyway|anyways|also|and|but|then|actually|honestly|fine)\b[,!.:]?\s+)+/i;

/** Sentences that explain a kept one ("…because the team knows it") and are joined to it. */
export const BECAUSE = /^(?:because|since|that way|this way|the reason|so that|which means|otherwise)\b/i;

export const IMPORTANCE: Record<DistilledKind, number> = {
  decision: 0.8,
  preference: 0.7,
  learning: 0.7,
  plan: 0.6,
  fact: 0.6,
};
