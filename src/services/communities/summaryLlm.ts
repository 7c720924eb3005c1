import { z } from 'zod';
import type { Llm } from '../../providers/ports.ts';

/** Each source memory is cut to this for the prompt: enough to see the topic, cheap to send. */
const PROMPT_CHARS = 800;

const SCHEMA = {
  name: 'community_summary',
  schema: {
    type: 'object',
    properties: { summary: { type: 'string', description: 'Two or three plain sentences' } },
    required: ['summary'],
  },
};

const Answer = z.object({ summary: z.string().trim().min(20).max(1200) });

export interface ModelSummaryInput {
  name: string;
  /** The community's most central entities, most central first. */
  entities: string[];
  /** Its most-mentioning memories' text, most relevant first. */
  sources: string[];
}

/**
 * Asks the configured language model for a two-or-three-sentence summary of a community from its entities and
 * memories. Rejects when the model is unreachable or answers something that is not such a summary (the caller keeps
 * the extractive one then).
 */
export async function summarizeWithModel(llm: Llm, input: ModelSummaryInput, signal?: AbortSignal): Promise<string> {
  const notes = input.sources.map((text, i) => `Note ${i + 1}:\n${text.slice(0, PROMPT_CHARS)}`).join('\n\n');
  const answer = await llm.completeJson(
    [
      {
        role: 'system',
        content:
          'You summarise one topic of a personal knowledge base for its wiki page. Write two or three plain sentences ' +
          'saying what the topic is about and what the notes record, using only facts from the notes. No lists, no preamble, ' +
          'no mention of "notes" or "memories".',
      },
      { role: 'user', content: `Topic: ${input.name}\nKey entities: ${input.entities.join(', ')}\n\n${notes}` },
    ],
    SCHEMA,
    { signal },
  );
  const parsed = Answer.safeParse(answer);
  if (!parsed.success) throw new Error(`the model's community summary is not usable: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data.summary.replace(/\s+/g, ' ');
}
