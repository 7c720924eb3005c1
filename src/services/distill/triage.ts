import { parseTranscript } from '../../domain/distill.ts';
import { triageMessages } from '../../domain/distillTriage.ts';
import { parseConversationMarkdown } from '../../domain/threadMarkdown.ts';

/**
 * Whether a conversation holds anything worth distilling, judged offline and cheaply by the distillation rules: too
 * short or only small talk → no; a statement worth keeping → yes, and `reason` says what was found. The text is read
 * as conversation Markdown (`**Audrey**: …`, `Audrey: …`, `## User` sections) when it is one, else as plain text
 * (`User:`/`Assistant:` lines or not). Reads and writes nothing.
 */
export function triageConversation(input: { thread_content: string }) {
  const markdown = parseConversationMarkdown(input.thread_content).messages;
  const messages = markdown.length > 0
    ? markdown.map((m, position) => ({ id: null, position, role: m.role, content: m.content, speaker: m.metadata?.speaker ?? null }))
    : parseTranscript(input.thread_content);
  const triage = triageMessages(messages);
  return { should_distill: triage.should_distill, reason: triage.reason, found: triage.found, judged_by: 'rules' as const };
}
