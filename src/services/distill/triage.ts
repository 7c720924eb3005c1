import { parseTranscript, triageMessages } from '../../domain/distill.ts';

/**
 * Whether a conversation (plain text, `User:`/`Assistant:` lines or not) holds anything worth distilling, judged
 * offline and cheaply by the distillation rules: too short or only small talk → no; a decision, preference, plan,
 * fact or learning → yes, and `reason` says what was found. Reads and writes nothing.
 */
export function triageConversation(input: { thread_content: string }) {
  const triage = triageMessages(parseTranscript(input.thread_content));
  return { should_distill: triage.should_distill, reason: triage.reason, found: triage.found, judged_by: 'rules' as const };
}
