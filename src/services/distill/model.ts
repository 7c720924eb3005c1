import { z } from 'zod';
import { MAX_UNITS, type TranscriptMessage } from '../../domain/distill.ts';
import { MAX_LABEL_NAME_CHARS } from '../../domain/label.ts';
import { MAX_TITLE_CHARS, UNIT_TYPES, type UnitType } from '../../domain/memory.ts';
import type { Llm } from '../../providers/ports.ts';

/** A memory to create out of a conversation, whoever proposed it. */
export interface Candidate {
  content: string;
  title: string | null;
  unit_type: UnitType;
  importance: number;
  /** The message it came from (its position in the thread). */
  position: number;
  labels: string[];
}

/** Each message is cut to this for the prompt, and the transcript as a whole to PROMPT_CHARS (its newest messages). */
const MESSAGE_CHARS = 2000;
const PROMPT_CHARS = 24_000;
const MEMORY_CHARS = 2000;

const SCHEMA = {
  name: 'thread_distillation',
  schema: {
    type: 'object',
    properties: {
      memories: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            content: { type: 'string' },
            title: { type: 'string' },
            unit_type: { type: 'string', enum: [...UNIT_TYPES] },
            message_index: { type: 'integer' },
            importance: { type: 'number' },
            labels: { type: 'array', items: { type: 'string' } },
          },
          required: ['content', 'unit_type', 'message_index'],
        },
      },
    },
    required: ['memories'],
  },
};

/** What a model's answer must be; anything else is garbage and the rules answer instead. */
const answerSchema = z.object({
  memories: z
    .array(
      z.object({
        content: z.string().trim().min(1).max(MEMORY_CHARS),
        title: z.string().trim().max(MAX_TITLE_CHARS).nullish(),
        unit_type: z.enum(UNIT_TYPES),
        message_index: z.number().int().min(0),
        importance: z.number().min(0).max(1).nullish(),
        labels: z.array(z.string().trim().min(1).max(MAX_LABEL_NAME_CHARS)).max(10).nullish(),
      }),
    )
    .max(50),
});

/** The newest messages that fit the prompt, oldest first, as `[index] speaker: text` lines (the role when unnamed). */
function transcript(messages: TranscriptMessage[]): string {
  const lines: string[] = [];
  let size = 0;
  for (const m of [...messages].reverse()) {
    const line = `[${m.position}] ${m.speaker || m.role}: ${m.content.length > MESSAGE_CHARS ? `${m.content.slice(0, MESSAGE_CHARS)}…` : m.content}`;
    if (size + line.length > PROMPT_CHARS && lines.length > 0) break;
    lines.push(line);
    size += line.length;
  }
  return lines.reverse().join('\n\n');
}

const systemPrompt = (language: string | null | undefined) =>
  'You distil a conversation into memories for a personal knowledge base. Keep only what is worth remembering later: ' +
  "decisions (with their reason), the user's preferences, plans (with their dates), facts about the user, their work " +
  'and the world, learnings (root causes, fixes, lessons), procedures. Each memory is one self-contained statement that ' +
  'makes sense without the conversation (name things and people instead of writing "it", "that", "I" or "you"). Leave out greetings, small ' +
  "talk, questions, hedges, suggestions nobody took, and code. Give each memory's unit_type and the index of the message " +
  `it comes from; importance is 0..1; labels are optional (at most 3 short topic names). Write${language ? ` in ${language}` : ' in the language of the conversation'}. ` +
  'Answer {"memories": []} when nothing is worth keeping.';

/**
 * Asks the configured language model for the memories of a conversation. Rejects when the model is unreachable or
 * its answer is not what the schema says (wrong shape, unknown unit type, a message index the conversation does not
 * have): the caller then falls back to the rules.
 */
export async function distillWithModel(
  llm: Llm,
  input: { messages: TranscriptMessage[]; title?: string | null; preferred_language?: string | null },
): Promise<Candidate[]> {
  const answer = await llm.completeJson(
    [
      { role: 'system', content: systemPrompt(input.preferred_language) },
      { role: 'user', content: `${input.title ? `Conversation: ${input.title}\n\n` : ''}${transcript(input.messages)}` },
    ],
    SCHEMA,
  );
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`the model's answer does not fit the schema (${issue?.path.join('.') || 'answer'}: ${issue?.message})`);
  }
  const positions = new Set(input.messages.map(m => m.position));
  const bad = parsed.data.memories.find(m => !positions.has(m.message_index));
  if (bad) throw new Error(`the model cited message ${bad.message_index}, which the conversation does not have`);
  return parsed.data.memories.slice(0, MAX_UNITS).map(m => ({
    content: m.content,
    title: m.title || null,
    unit_type: m.unit_type,
    importance: m.importance ?? 0.6,
    position: m.message_index,
    labels: [...new Set(m.labels ?? [])].slice(0, 3),
  }));
}
