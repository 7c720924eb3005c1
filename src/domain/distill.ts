/**
 * Offline distillation: the rules that pick, out of a conversation, the sentences worth keeping as memories
 * (decisions, preferences, plans, facts, learnings). The triage that says whether a conversation is worth distilling is
 * in distillTriage.ts.
 * Pure: no I/O. The cues themselves are in distillCues.ts.
 */
import { BECAUSE, CUES, type DistilledKind, disqualified, FILLER, hasSpecifics, IMPORTANCE, SMALL_TALK_WORDS } from './distillCues.ts';

export type { DistilledKind } from './distillCues.ts';

/** One message of a conversation, as the rules read it. */
export interface TranscriptMessage {
  /** The stored message's id; null when the conversation came as plain text. */
  id: string | null;
  /** 0-based order in the conversation. */
  position: number;
  role: string;
  content: string;
  /** The speaker's name, when the transcript gives one (`metadata.speaker`). */
  speaker?: string | null;
  /** When it was said (ISO), when known. */
  timestamp?: string | null;
}

/** A sentence (or two) kept as a memory, with the message it came from. */
export interface DistilledUnit {
  unit_type: DistilledKind;
  content: string;
  importance: number;
  message_id: string | null;
  position: number;
  /** The cue that picked it (`decided`, `turns out`, …). */
  cue: string;
}

/** At most this many memories come out of one conversation: the most important, in conversation order. */
export const MAX_UNITS = 20;
const MIN_WORDS = 4;
const MAX_WORDS = 80;

const ROLE_ALIASES: Record<string, string> = {
  user: 'user', human: 'user', me: 'user',
  assistant: 'assistant', ai: 'assistant', bot: 'assistant', model: 'assistant', claude: 'assistant', chatgpt: 'assistant',
  gpt: 'assistant', gemini: 'assistant', codex: 'assistant', agent: 'assistant',
  system: 'system', tool: 'tool', function: 'tool',
};
/** Roles whose messages are instructions or machine output, not conversation. */
export const SKIPPED_ROLES = new Set(['system', 'tool', 'function', 'developer']);

export const isUserRole = (role: string) => ROLE_ALIASES[role.trim().toLowerCase()] === 'user';

export const wordList = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];

/**
 * Splits a conversation given as plain text into messages: a line starting with a speaker (`User:`, `Assistant:`,
 * `**AI**:`, `[human]`) opens a message; text before any speaker is the user's.
 */
export function parseTranscript(text: string): TranscriptMessage[] {
  const speaker = /^\s*(?:\*\*|__)?\[?(user|human|me|assistant|ai|bot|model|system|claude|chatgpt|gpt|gemini|codex|agent|tool)\]?(?:\*\*|__)?\s*(?::|>)(?:\*\*|__)?\s?(.*)$/i;
  const messages: { role: string; lines: string[] }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = speaker.exec(line);
    if (match) messages.push({ role: ROLE_ALIASES[match[1]!.toLowerCase()] ?? 'user', lines: [match[2] ?? ''] });
    else if (messages.length === 0) messages.push({ role: 'user', lines: [line] });
    else messages[messages.length - 1]!.lines.push(line);
  }
  return messages
    .map(m => ({ role: m.role, content: m.lines.join('\n').trim() }))
    .filter(m => m.content.length > 0)
    .map((m, position) => ({ id: null, position, ...m }));
}

/** Lines that are mostly symbols (tool output, tables, stack traces) are not prose. */
function isProse(line: string): boolean {
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 8 && letters / line.length >= 0.55;
}

/** The sentences of a message: code blocks and non-prose lines are left out; each line and list item stands alone. */
export function sentences(text: string): string[] {
  const withoutCode = text.replace(/```[\s\S]*?(?:```|$)/g, '\n');
  const out: string[] = [];
  for (const raw of withoutCode.split(/\n+/)) {
    const line = raw.replace(/^\s*(?:[-*•>+]+|\d+[.)]|#+|\[[ x]\])\s*/i, '').trim();
    if (!line || !isProse(line)) continue;
    for (const part of line.split(/(?<=[.!?])\s+(?=["'(`]?[A-Z0-9])/)) {
      const sentence = part.trim();
      if (sentence) out.push(sentence);
    }
  }
  return out;
}

/** A message of greetings and acknowledgements only. */
export function isSmallTalk(text: string): boolean {
  const list = wordList(text.toLowerCase());
  return list.length <= 12 && list.every(w => SMALL_TALK_WORDS.has(w));
}

/** What kind of memory a sentence is, if any: the first cue that matches and is not disqualified. */
export function classify(sentence: string, role: string): { kind: DistilledKind; cue: string } | null {
  const user = isUserRole(role);
  for (const cue of CUES) {
    if (cue.userOnly && !user) continue;
    if (!cue.pattern.test(sentence)) continue;
    if (cue.needsSpecifics && !hasSpecifics(sentence)) continue;
    if (disqualified(sentence, cue.kind)) continue;
    return { kind: cue.kind, cue: cue.name };
  }
  return null;
}

/** A kept sentence without its leading filler, starting with a capital. */
function tidy(sentence: string): string {
  const cut = sentence.replace(FILLER, '').replace(/\s+/g, ' ').trim();
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

/** Sentences that explain the one before ("Because…", "It handles…") are kept with it. */
const EXPLAINS = /^(?:(?:it|this|that|they) (?:has|have|is|are|was|were|gives|handles|supports|works|makes|means|avoids|saves|keeps))\b/i;

/** The key two units share when they say the same thing: words only, lower case. */
export const sameTextKey = (text: string) => wordList(text.toLowerCase()).join(' ');

/** The units of one message, in order. */
function unitsOf(message: TranscriptMessage): DistilledUnit[] {
  const list = sentences(message.content);
  const units: DistilledUnit[] = [];
  for (let i = 0; i < list.length; i++) {
    const sentence = list[i]!;
    const count = wordList(sentence).length;
    if (count < MIN_WORDS || count > MAX_WORDS) continue;
    const match = classify(sentence, message.role);
    if (!match) continue;
    let content = tidy(sentence);
    const next = list[i + 1];
    const explains = next && (BECAUSE.test(next) || ((match.kind === 'decision' || match.kind === 'learning') && EXPLAINS.test(next)));
    if (explains && !classify(next, message.role) && count + wordList(next).length <= MAX_WORDS) {
      content = `${content} ${next}`;
      i++;
    }
    units.push({ unit_type: match.kind, content, importance: IMPORTANCE[match.kind], message_id: message.id, position: message.position, cue: match.cue });
  }
  return units;
}

/**
 * The memories worth keeping from a conversation, by rule: each sentence that states a decision, a preference (the
 * user's only), a plan, a fact (with something specific in it) or a learning, with the message it came from. Questions,
 * hedges, suggestions, small talk, code and tool output are left out; the same text is kept once. At most MAX_UNITS,
 * the most important first when there are more, returned in conversation order.
 */
export function distillMessages(messages: TranscriptMessage[]): DistilledUnit[] {
  const seen = new Set<string>();
  const units: DistilledUnit[] = [];
  for (const message of messages) {
    if (SKIPPED_ROLES.has(message.role.toLowerCase()) || isSmallTalk(message.content)) continue;
    for (const unit of unitsOf(message)) {
      const key = sameTextKey(unit.content);
      if (seen.has(key)) continue;
      seen.add(key);
      units.push(unit);
    }
  }
  if (units.length <= MAX_UNITS) return units;
  const kept = new Set([...units].sort((a, b) => b.importance - a.importance || a.position - b.position).slice(0, MAX_UNITS));
  return units.filter(u => kept.has(u));
}
