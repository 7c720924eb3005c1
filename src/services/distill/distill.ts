import { distillMessages, sameTextKey, type TranscriptMessage } from '../../domain/distill.ts';
import type { Deps } from '../deps.ts';
import { createMemory } from '../memories/create.ts';
import { requireThread } from '../threads/messages.ts';
import { type Candidate, distillWithModel } from './model.ts';

export interface DistillInput {
  thread_id: string;
  thread_title?: string | null;
  /** Positions (0-based) of the messages to read; all of them when absent. */
  selected_message_indices?: number[] | null;
  preferred_language?: string | null;
  space_id?: string | null;
}

type DistillDeps = Parameters<typeof createMemory>[0] & Pick<Deps, 'llm'>;
type Created = Awaited<ReturnType<typeof createMemory>>;

/** The rules' picks as candidates. */
function byRules(messages: TranscriptMessage[]): Candidate[] {
  return distillMessages(messages).map(u => ({ content: u.content, title: null, unit_type: u.unit_type, importance: u.importance, position: u.position, labels: [] }));
}

/** The candidates of a conversation: the language model's when one is configured and answers sensibly, else the rules'. */
async function candidatesOf(deps: Pick<Deps, 'llm'>, messages: TranscriptMessage[], input: DistillInput) {
  if (!deps.llm || messages.length === 0) return { candidates: byRules(messages), distilled_by: 'rules' as const, model_error: null };
  try {
    const candidates = await distillWithModel(deps.llm, { messages, title: input.thread_title, preferred_language: input.preferred_language });
    return { candidates, distilled_by: 'llm' as const, model_error: null };
  } catch (error) {
    return { candidates: byRules(messages), distilled_by: 'rules' as const, model_error: error instanceof Error ? error.message : String(error) };
  }
}

/** What makes two memories of one thread the same: the message they came from and their words. */
const provenanceKey = (messageId: string | null, content: string) => `${messageId ?? ''}\u0000${sameTextKey(content)}`;

/** The answer of a distillation: MemoryCreateResponse for the first memory created, plus all of them. */
function answer<Extra extends Record<string, unknown>>(created: Created[], extra: Extra) {
  const entities = new Map(created.flatMap(r => r.extracted_entities).map(e => [(e as { id: string }).id, e]));
  return {
    memory: created[0]?.memory ?? null,
    extracted_entities: [...entities.values()],
    assigned_labels: [...new Set(created.flatMap(r => r.assigned_labels))],
    created_relationships: created.reduce((n, r) => n + r.created_relationships, 0),
    action: created.length > 0 ? 'created' : 'none',
    warnings: created.flatMap(r => r.warnings),
    memories_created: created.length,
    created_memories: created.map(r => r.memory),
    ...extra,
  };
}

/**
 * Distils a stored thread into memories: the decisions, preferences, plans, facts and learnings of its messages, each
 * with its unit type and its provenance (`source_thread_id`, `source_message_id`). With a language model configured
 * the model proposes them (validated; on failure or garbage the rules answer and `model_error` says why), otherwise
 * offline rules do; `distilled_by` says which. Each memory is created through the create service (labels, entities,
 * search index, EVOLVES detection as for any memory), one transaction each: a failure part-way keeps those made
 * before it, and distilling again does not repeat a memory already made from the same message with the same text
 * (forgotten ones included). Unknown thread → 404.
 */
export async function distillThread(deps: DistillDeps, input: DistillInput) {
  const thread = await requireThread(deps.store, input.thread_id, input.space_id);
  const stored = await deps.store.threads.messages(thread.id, 0, null);
  const wanted = input.selected_message_indices?.length ? new Set(input.selected_message_indices) : null;
  const messages: TranscriptMessage[] = stored
    .filter(m => !wanted || wanted.has(m.position))
    .map(m => ({ id: m.id, position: m.position, role: m.role, content: m.content }));
  const { candidates, distilled_by, model_error } = await candidatesOf(deps, messages, { ...input, thread_title: input.thread_title || thread.title });

  const idAt = new Map(messages.map(m => [m.position, m.id]));
  const earlier = await deps.store.memories.getMany(await deps.store.threads.memoryIds(thread.space_id, thread.thread_id));
  const seen = new Set(earlier.map(m => provenanceKey(m.source_message_id, m.content)));
  const created: Created[] = [];
  let duplicates = 0;
  for (const candidate of candidates) {
    const messageId = idAt.get(candidate.position) ?? null;
    const key = provenanceKey(messageId, candidate.content);
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    created.push(
      await createMemory(deps, {
        content: candidate.content,
        title: candidate.title,
        unit_type: candidate.unit_type,
        importance: candidate.importance,
        labels: candidate.labels.length > 0 ? candidate.labels : null,
        space_id: thread.space_id,
        source: thread.source,
        source_thread_id: thread.thread_id,
        source_message_id: messageId,
        metadata: { distilled_by },
      }, { wait: 'graph' }), // the answer lists the distilled memories' entities
    );
  }
  return answer(created, {
    duplicates_skipped: duplicates,
    distilled_by,
    ...(model_error ? { model_error } : {}),
    thread_id: thread.thread_id,
    space_id: thread.space_id,
    messages_read: messages.length,
  });
}
