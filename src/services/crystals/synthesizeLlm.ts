import { z } from 'zod';
import { contributionWeights } from '../../domain/crystalSynthesis.ts';
import { MAX_CONTENT_CHARS, MAX_TITLE_CHARS } from '../../domain/memory.ts';
import type { Llm } from '../../providers/ports.ts';
import type { MemoryRecord } from '../../storage/ports.ts';

/** Each source's text is cut to this for the prompt: 50 sources stay within a small model's context. */
const PROMPT_CHARS = 1500;

const SCHEMA = {
  name: 'crystal_synthesis',
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      paragraphs: {
        type: 'array',
        items: {
          type: 'object',
          properties: { text: { type: 'string' }, sources: { type: 'array', items: { type: 'string' } } },
          required: ['text', 'sources'],
        },
      },
    },
    required: ['title', 'paragraphs'],
  },
};

const answerSchema = z.object({
  title: z.string().nullish(),
  paragraphs: z
    .array(z.object({ text: z.string().trim().min(1), sources: z.array(z.string().trim().min(1)).min(1) }))
    .min(1),
});

export interface ModelCrystal {
  content: string;
  /** The model's title, when it gave a usable one. */
  title: string | null;
  /** One weight per source, in source order; they sum to 1. */
  weights: { memory_id: string; contribution_weight: number }[];
}

const label = (index: number) => `S${index + 1}`;

/**
 * Asks the configured language model for an abstractive synthesis whose every paragraph cites its sources. Rejects
 * when the model is unreachable or its answer is empty, too long, or cites something that is not a source (the caller
 * falls back to the extractive crystal). A paragraph's characters are shared evenly among the sources it cites; a
 * source never cited weighs 0.
 */
export async function synthesizeWithModel(llm: Llm, sources: readonly MemoryRecord[]): Promise<ModelCrystal> {
  const listing = sources.map((s, i) => `[${label(i)}] ${s.title} (${s.created_at})\n${s.content.slice(0, PROMPT_CHARS)}`).join('\n\n');
  const raw = await llm.completeJson(
    [
      {
        role: 'system',
        content:
          'You merge several notes of a personal knowledge base into one well-written synthesis. Keep only what the notes say; ' +
          'state each fact once; group related facts into short paragraphs. Each paragraph lists in "sources" the labels ' +
          '(like "S1") of the notes it draws on. Give a short title.',
      },
      { role: 'user', content: `Notes:\n\n${listing}` },
    ],
    SCHEMA,
  );
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`the model's answer does not follow the schema: ${parsed.error.issues[0]?.message}`);

  const indexOf = new Map<string, number>();
  sources.forEach((s, i) => {
    indexOf.set(label(i).toLowerCase(), i);
    indexOf.set(s.id.toLowerCase(), i);
  });
  const shares = sources.map(() => 0);
  for (const paragraph of parsed.data.paragraphs) {
    const cited = [...new Set(paragraph.sources.map(ref => indexOf.get(ref.replace(/^\[|\]$/g, '').toLowerCase())))];
    if (cited.some(i => i === undefined)) throw new Error(`the model cited something that is not a source: ${paragraph.sources.join(', ')}`);
    for (const i of cited) shares[i!]! += paragraph.text.length / cited.length;
  }
  const content = parsed.data.paragraphs.map(p => p.text).join('\n\n');
  if (content.length > MAX_CONTENT_CHARS) throw new Error(`the model's synthesis is longer than ${MAX_CONTENT_CHARS} characters`);
  const title = parsed.data.title?.trim();
  const weights = contributionWeights(shares);
  return {
    content,
    title: title && title.length <= MAX_TITLE_CHARS ? title : null,
    weights: sources.map((s, i) => ({ memory_id: s.id, contribution_weight: weights[i]! })),
  };
}
