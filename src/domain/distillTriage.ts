/**
 * Whether a conversation is worth distilling, judged offline and cheaply by the same rules that distil it
 * (distillStatements.ts): too short or only small talk → no; otherwise yes when they find a statement worth keeping,
 * and the reason says how many of each kind. Pure.
 */
import { isSmallTalk, SKIPPED_ROLES, type TranscriptMessage, wordList } from './distill.ts';
import { distillStatements } from './distillStatements.ts';
import type { UnitType } from './memory.ts';

export interface Triage {
  should_distill: boolean;
  reason: string;
  /** How many memories of each kind the rules would make. */
  found: Partial<Record<UnitType, number>>;
}

/** Below this, a conversation is too short to hold anything worth keeping. */
const MIN_TRIAGE_WORDS = 8;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function triageMessages(messages: TranscriptMessage[]): Triage {
  const spoken = messages.filter(m => !SKIPPED_ROLES.has(m.role.toLowerCase()));
  const wordsInAll = spoken.reduce((n, m) => n + wordList(m.content).length, 0);
  if (wordsInAll < MIN_TRIAGE_WORDS) return { should_distill: false, reason: 'Too short to hold anything worth keeping.', found: {} };
  if (spoken.every(m => isSmallTalk(m.content))) return { should_distill: false, reason: 'Only greetings and small talk.', found: {} };
  const { statements } = distillStatements(spoken);
  if (statements.length === 0) {
    return { should_distill: false, reason: 'No decision, preference, plan, fact, event or learning worth keeping was found.', found: {} };
  }
  const found: Partial<Record<UnitType, number>> = {};
  for (const s of statements) found[s.unit_type] = (found[s.unit_type] ?? 0) + 1;
  const parts = Object.entries(found).map(([kind, n]) => plural(n, kind));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const example = statements[0]!.content;
  return { should_distill: true, reason: `Found ${list} worth keeping, e.g. "${example.length > 100 ? `${example.slice(0, 97)}…` : example}"`, found };
}
