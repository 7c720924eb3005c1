import { EVOLVES_RELATIONS, EVOLVES_TYPE, isEvolvesRelation } from '../../domain/evolves.ts';
import { MAX_RELATION_TYPE_CHARS, normalizeRelationType } from '../../domain/relation.ts';
import type { Llm } from '../../providers/ports.ts';
import type { MemoryRecord } from '../../storage/ports.ts';

/** Each memory's text is cut to this for the prompt: enough to judge, cheap to send. */
const PROMPT_CHARS = 2000;

const SCHEMA = {
  name: 'memory_relation_suggestion',
  schema: {
    type: 'object',
    properties: {
      should_link: { type: 'boolean' },
      relation_type: { type: ['string', 'null'] },
      evolves_relation: { type: ['string', 'null'], enum: [...EVOLVES_RELATIONS, null] },
      from: { type: 'string', enum: ['A', 'B'] },
      display_label: { type: 'string' },
      reason: { type: 'string' },
      confidence: { type: 'number' },
      bidirectional: { type: 'boolean' },
    },
    required: ['should_link', 'relation_type', 'from', 'reason', 'confidence', 'bidirectional'],
  },
};

export interface ModelJudgementInput {
  a: MemoryRecord;
  b: MemoryRecord;
  known_relation_types?: string[];
  preferred_language?: string | null;
  /** The offline signals, given to the model as evidence. */
  signals: Record<string, unknown>;
}

const describe = (label: string, m: MemoryRecord) =>
  `Memory ${label} (created ${m.created_at}, title "${m.title}"):\n${m.content.slice(0, PROMPT_CHARS)}`;

/**
 * Asks the configured language model whether and how memory A relates to memory B. Rejects when the model is
 * unreachable or its answer does not make sense (the caller falls back to the offline suggestion).
 */
export async function judgeWithModel(llm: Llm, input: ModelJudgementInput) {
  const types = input.known_relation_types?.length ? input.known_relation_types.join(', ') : `${EVOLVES_TYPE}, RELATED_TO, SUPPORTS, CONTRADICTS, DEPENDS_ON`;
  const answer = (await llm.completeJson(
    [
      {
        role: 'system',
        content:
          'You decide whether two notes of a personal knowledge base should be linked, and how. ' +
          `Prefer these relation types: ${types}. Use ${EVOLVES_TYPE} only when one note is a newer version of the other ` +
          `(it replaces, enriches, confirms or challenges it); then "from" is the newer note and evolves_relation says how. ` +
          'Say should_link false when they are merely on a similar topic without a useful connection. ' +
          `Write display_label and reason${input.preferred_language ? ` in ${input.preferred_language}` : ''}; confidence is 0..1.`,
      },
      {
        role: 'user',
        content: `${describe('A', input.a)}\n\n${describe('B', input.b)}\n\nOffline signals: ${JSON.stringify(input.signals)}`,
      },
    ],
    SCHEMA,
  )) as Record<string, unknown>;

  if (typeof answer?.should_link !== 'boolean') throw new Error('the model answered without should_link');
  const rawType = typeof answer.relation_type === 'string' ? answer.relation_type.trim() : '';
  const link = answer.should_link && rawType.length > 0 && rawType.length <= MAX_RELATION_TYPE_CHARS;
  const relationType = link ? normalizeRelationType(rawType) : null;
  const evolves = relationType === EVOLVES_TYPE;
  if (evolves && !isEvolvesRelation(answer.evolves_relation)) throw new Error('the model proposed EVOLVES without a valid evolves_relation');
  const [from, to] = answer.from === 'B' ? [input.b, input.a] : [input.a, input.b];
  const confidence = typeof answer.confidence === 'number' && Number.isFinite(answer.confidence) ? Math.min(1, Math.max(0, answer.confidence)) : 0.5;
  return {
    should_link: link,
    relation_type: relationType,
    display_label: link && typeof answer.display_label === 'string' ? answer.display_label.slice(0, 100) : '',
    reason: typeof answer.reason === 'string' ? answer.reason.slice(0, 1000) : '',
    confidence: Number(confidence.toFixed(3)),
    bidirectional: link && !evolves && answer.bidirectional === true,
    from_memory_id: from.id,
    to_memory_id: to.id,
    properties: evolves ? { relation: answer.evolves_relation as string, detected_by: 'llm' } : {},
  };
}
