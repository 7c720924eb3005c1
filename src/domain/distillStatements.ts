/**
 * Offline distillation that keeps what was said: every informative statement of a conversation becomes a memory,
 * attributed to its speaker (domain/attribution.ts), typed (the cues of distillCues.ts first, then plain preference,
 * plan and event wording, else a fact), dated by its message and citing it. Only chit-chat, bare questions and filler
 * are left out; near-duplicates are kept once. `guided` keeps each statement apart; `swift` keeps one memory per
 * message (its statements together). English only. Pure.
 */
import { attribute } from './attribution.ts';
import { classify, sentences, SKIPPED_ROLES, type TranscriptMessage } from './distill.ts';
import { FILLER, IMPORTANCE } from './distillCues.ts';
import type { UnitType } from './memory.ts';

export type DistillLevel = 'swift' | 'guided';

/** One memory to make: its text, type and the message it came from. */
export interface Statement {
  unit_type: UnitType;
  content: string;
  importance: number;
  message_id: string | null;
  position: number;
  /** When the message was said (ISO), when the conversation says. */
  said_at: string | null;
  speaker: string;
}

/** Statements of one thread at most: a bound on what one request writes. */
export const MAX_STATEMENTS = 5000;
/** Two statements sharing this much of their words (Jaccard) say the same thing. */
const NEAR_DUPLICATE = 0.8;

/** Words that carry no information in a conversation: function words, reactions, greetings and fillers. */
const EMPTY_WORDS = new Set(
  (
    'a an the and or but so if then than that this these those it its it\'s is are was were be been being am do does did done have has had ' +
    'i me my mine you your yours we us our he him his she her they them their there here what which who whom how when where why ' +
    'to of in on at by for with from about as into up down out over just really very so too also even still much many more most ' +
    'not no yes yeah yep yup ok okay oh ah wow haha lol hey hi hello bye thanks thank thx please sure well right alright ' +
    'good great nice cool awesome amazing wonderful fantastic incredible lovely sweet glad happy sorry proud super ' +
    'sounds sound seems looks fun hear hearing heard see seeing know knew glad congrats congratulations care luck soon talk chat catch ' +
    'later again can could will would should might must may shall get got let lets let\'s thing things stuff something anything ' +
    'totally definitely absolutely exactly true indeed keep going hope same too all any some such one ' +
    "i'm i've i'd i'll you're you've you'd you'll that's it's what's there's don't can't didn't isn't wasn't aren't won't " +
    'tell told say said mean means meant think thought feel felt guess bet man dude mate buddy friend friends doing asking welcome day nope ' +
    'fine agree agreed understand totally exactly'
  ).split(' '),
);

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];

/** Words of a statement that say something: not function words, reactions or the speakers' names. */
function contentWords(text: string, names: Set<string>): string[] {
  return words(text).filter(w => w.length > 1 && !EMPTY_WORDS.has(w.replace('’', "'")) && !names.has(w));
}

/** Openers that only address the other person or react: "Hey Mel!", "Wow,", "You know,". */
const OPENERS = /^(?:(?:hey|hi|hello|wow|whoa|oh|ah|aw+|haha|lol|omg|yay|ugh|hmm+|thanks|thank you|you know|i mean|by the way|btw)\b[^.!?,]{0,20}?[,!.]+\s*)+/i;

/** A sentence with its Markdown emphasis, fillers and greetings cut off; empty when nothing else was in it. */
function trimmed(sentence: string): string {
  return sentence.replace(/\*\*|__/g, '').replace(OPENERS, '').replace(FILLER, '').replace(/\s+/g, ' ').trim();
}

/** A sentence that leans on the one before it ("It was amazing.", "That's where I met him.") goes with it. */
const LEANS_ON_PREVIOUS = /^(?:it|that|this|they|there|he|she|those|these|which|and|but|so|because|since|plus)\b/i;

/** The kind of a statement: the distillation cues first, then plain wording, else a fact. */
function kindOf(sentence: string, role: string): { unit_type: UnitType; importance: number } {
  const cue = classify(sentence, role);
  if (cue) return { unit_type: cue.kind, importance: IMPORTANCE[cue.kind] };
  if (/\b(?:love|loves|like|likes|enjoy|enjoys|prefer|prefers|favou?rite|hate|hates|can't stand|passionate about|into)\b/i.test(sentence)) return { unit_type: 'preference', importance: 0.6 };
  if (/\b(?:going to|gonna|plan(?:s|ning)? to|will|'ll|hope to|want to|next (?:week|month|year|summer|weekend)|tomorrow|soon)\b/i.test(sentence)) return { unit_type: 'plan', importance: 0.55 };
  if (/\b(?:yesterday|last (?:week|month|year|weekend|night|summer|friday|saturday|sunday)|ago|went|visited|attended|finished|started|joined|moved|met|got|took|did|was|were)\b/i.test(sentence)) return { unit_type: 'event', importance: 0.5 };
  return { unit_type: 'fact', importance: 0.5 };
}

/** Who a message is from: the name the transcript gave, else the role ("the user"). */
function speakerOf(message: TranscriptMessage): string {
  if (message.speaker) return message.speaker;
  const role = message.role.toLowerCase();
  return role === 'user' || role === 'assistant' ? `the ${role}` : message.role;
}

/** What a speaker says about the conversation itself ("Let me check…", "One sec"): filler. */
const ABOUT_THE_CONVERSATION = /^(?:let me|let's see|one (?:sec|second|moment)|i'll (?:check|look|take a look|get back)|give me a|here(?:'s| is| are) (?:what|how|the|a|some)|good question|great question|check (?:it|this|that|these|them) out)\b/i;

/** A sentence about the speaker: one word that says something is enough ("I'm vegan."); others need two. */
const ABOUT_THE_SPEAKER = /^(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our)\b/i;

/** The informative sentences of a message, those that lean on the one before joined to it. */
function informative(message: TranscriptMessage, names: Set<string>): string[] {
  const kept: string[] = [];
  let previousKept = false;
  for (const sentence of sentences(message.content)) {
    const text = trimmed(sentence);
    const question = /\?\s*$/.test(text);
    const informativeWords = contentWords(text, names).length;
    if (!text || question || informativeWords === 0 || ABOUT_THE_CONVERSATION.test(text)) {
      previousKept = false;
      continue;
    }
    const enough = ABOUT_THE_SPEAKER.test(text.replace('’', "'")) ? 1 : 2;
    if (previousKept && (LEANS_ON_PREVIOUS.test(text) || informativeWords < enough)) kept[kept.length - 1] += ` ${text}`;
    else if (informativeWords >= enough) kept.push(text);
    else {
      previousKept = false;
      continue;
    }
    previousKept = true;
  }
  return kept;
}

/**
 * Statements kept so far, found again by their words: two word sets with a Jaccard of at least NEAR_DUPLICATE share
 * one of the first |a| − ⌈NEAR_DUPLICATE·|a|⌉ + 1 words of each (in any one fixed order), so only those are compared.
 */
class NearDuplicates {
  private readonly byWord = new Map<string, Set<string>[]>();

  private static prefix(set: Set<string>): string[] {
    const sorted = [...set].sort();
    return sorted.slice(0, sorted.length - Math.ceil(NEAR_DUPLICATE * sorted.length) + 1);
  }

  /** Whether a kept statement says nearly the same; if none does, this one is kept. */
  seenOrAdd(set: Set<string>): boolean {
    if (set.size === 0) return false;
    const keys = NearDuplicates.prefix(set);
    for (const key of keys) for (const other of this.byWord.get(key) ?? []) if (jaccard(set, other) >= NEAR_DUPLICATE) return true;
    for (const key of keys) {
      const list = this.byWord.get(key);
      if (list) list.push(set);
      else this.byWord.set(key, [set]);
    }
    return false;
  }
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The statements of a conversation, in order: each informative sentence (guided) or each message's informative
 * sentences together (swift), attributed to the speaker, typed, dated and citing its message. `known` are texts
 * kept before (an earlier distillation of the same thread): a statement near one of them is not made again, and
 * `duplicates` counts those; a statement near an earlier one of the same conversation is merged into it (left out).
 */
export function distillStatements(messages: TranscriptMessage[], level: DistillLevel = 'guided', known: string[] = []): { statements: Statement[]; duplicates: number } {
  const spoken = messages.filter(m => !SKIPPED_ROLES.has(m.role.toLowerCase()));
  const speakers = [...new Set(spoken.map(speakerOf))];
  const names = new Set(speakers.flatMap(s => words(s)));
  const before = new NearDuplicates();
  for (const text of known) before.seenOrAdd(new Set(contentWords(text, names)));
  const seen = new NearDuplicates();
  const out: Statement[] = [];
  let duplicates = 0;
  for (const message of spoken) {
    const speaker = speakerOf(message);
    const others = speakers.filter(s => s !== speaker);
    const addressee = others.length === 1 ? others[0]! : null;
    const said = informative(message, names);
    const units = level === 'swift' && said.length > 0 ? [said.join(' ')] : said;
    for (const unit of units) {
      // A named speaker's statement always carries the name (retrieval asks "what does Audrey like?"); "the user" adds nothing.
      const content = attribute(unit, speaker, addressee, Boolean(message.speaker));
      const said = new Set(contentWords(content, names));
      if (before.seenOrAdd(said)) {
        duplicates++;
        continue;
      }
      if (seen.seenOrAdd(said)) continue;
      out.push({ ...kindOf(unit, message.role), content, message_id: message.id, position: message.position, said_at: message.timestamp ?? null, speaker });
      if (out.length >= MAX_STATEMENTS) return { statements: out, duplicates };
    }
  }
  return { statements: out, duplicates };
}
