import { sameTextKey, type TranscriptMessage } from '../../domain/distill.ts';
import { type DistillLevel, distillStatements } from '../../domain/distillStatements.ts';
import type { Deps } from '../deps.ts';
import { createMemory, type CreateMemoryInput } from '../memories/create.ts';
import { requireThread } from '../threads/messages.ts';
import { type Candidate, distillWithModel } from './model.ts';

export interface DistillInput {
  thread_id: string;
  thread_title?: string | null;
  /** Positions (0-based) of the messages to read; all of them when absent. */
  selected_message_indices?: number[] | null;
  preferred_language?: string | null;
  space_id?: string | null;
  /** `swift`: one memory per message; `guided` (the default, and any other value): one per statement. */
  extraction_level?: string | null;
  /** Only say which memories would be created (`would_create`); nothing is written. */
  dry_run?: boolean | null;
}

/** The name a transcript gave a message's speaker (`metadata.speaker`), if any. */
function speakerOf(metadata: Record<string, unknown> | null | undefined): string | null {
  const speaker = metadata?.speaker;
  return typeof speaker === 'string' && speaker.trim() ? speaker.trim() : null;
}

/** Memories created together (one group commit). */
const CREATE_BATCH = 32;

type DistillDeps = Parameters<typeof createMemory>[0] & Pick<Deps, 'llm'>;
type Created = Awaited<ReturnType<typeof createMemory>>;

/** The rules' statements as candidates, and how many the memories the thread has already (`known`) say. */
function byRules(messages: TranscriptMessage[], level: DistillLevel, known: string[]) {
  const { statements, duplicates } = distillStatements(messages, level, known);
  const candidates: Candidate[] = statements.map(u => ({ content: u.content, title: null, unit_type: u.unit_type, importance: u.importance, position: u.position, labels: [] }));
  return { candidates, duplicates };
}

/** The candidates of a conversation: the language model's when one is configured and answers sensibly, else the rules'. */
async function candidatesOf(deps: Pick<Deps, 'llm'>, messages: TranscriptMessage[], input: DistillInput, known: string[]) {
  const level: DistillLevel = input.extraction_level === 'swift' ? 'swift' : 'guided';
  if (!deps.llm || messages.length === 0) return { ...byRules(messages, level, known), distilled_by: 'rules' as const, model_error: null };
  try {
    const candidates = await distillWithModel(deps.llm, { messages, title: input.thread_title, preferred_language: input.preferred_language });
    return { candidates, duplicates: 0, distilled_by: 'llm' as const, model_error: null };
  } catch (error) {
    return { ...byRules(messages, level, known), distilled_by: 'rules' as const, model_error: error instanceof Error ? error.message : String(error) };
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
 * Distils a stored thread into memories, each with its unit type, its provenance (`source_thread_id`,
 * `source_message_id`), its date (`event_start`: when its message was said) and its speaker (`metadata.speaker`).
 * With a language model configured the model proposes them (validated; on failure or garbage the rules answer and
 * `model_error` says why); otherwise the offline rules keep every informative statement, attributed to its speaker
 * (domain/distillStatements.ts; `extraction_level: "swift"` one memory per message). `distilled_by` says which. Each
 * memory is created through the create service (labels, entities, search index, EVOLVES detection as for any memory);
 * distilling again does not repeat a memory already made from the same message with the same (or, by the rules,
 * nearly the same) text, forgotten ones included: those count in `duplicates_skipped`. `dry_run` answers the same
 * without writing anything, the memories it would create in `would_create`. Unknown thread → 404.
 */
export async function distillThread(deps: DistillDeps, input: DistillInput) {
  const thread = await requireThread(deps.store, input.thread_id, input.space_id);
  const stored = await deps.store.threads.messages(thread.id, 0, null);
  const wanted = input.selected_message_indices?.length ? new Set(input.selected_message_indices) : null;
  const messages: TranscriptMessage[] = stored
    .filter(m => !wanted || wanted.has(m.position))
    .map(m => ({ id: m.id, position: m.position, role: m.role, content: m.content, speaker: speakerOf(m.metadata), timestamp: m.timestamp }));
  const earlier = await deps.store.memories.getMany(await deps.store.threads.memoryIds(thread.space_id, thread.thread_id));
  const known = earlier.map(m => m.content);
  const { candidates, duplicates: ruleDuplicates, distilled_by, model_error } = await candidatesOf(deps, messages, { ...input, thread_title: input.thread_title || thread.title }, known);

  const messageAt = new Map(messages.map(m => [m.position, m]));
  const seen = new Set(earlier.map(m => provenanceKey(m.source_message_id, m.content)));
  const inputs: CreateMemoryInput[] = [];
  let duplicates = ruleDuplicates;
  for (const candidate of candidates) {
    const message = messageAt.get(candidate.position);
    const messageId = message?.id ?? null;
    const key = provenanceKey(messageId, candidate.content);
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    inputs.push({
      content: candidate.content,
      title: candidate.title,
      unit_type: candidate.unit_type,
      importance: candidate.importance,
      labels: candidate.labels.length > 0 ? candidate.labels : null,
      space_id: thread.space_id,
      source: thread.source,
      source_thread_id: thread.thread_id,
      source_message_id: messageId,
      // Dated by the message: when it was said is when what it says happened (or was true).
      event_start: message?.timestamp ?? null,
      metadata: { distilled_by, ...(message?.speaker ? { speaker: message.speaker } : {}) },
    });
  }
  const about = {
    duplicates_skipped: duplicates,
    distilled_by,
    ...(model_error ? { model_error } : {}),
    thread_id: thread.thread_id,
    space_id: thread.space_id,
    messages_read: messages.length,
  };
  if (input.dry_run) {
    const wouldCreate = inputs.map(i => ({ content: i.content, unit_type: i.unit_type ?? null, importance: i.importance ?? null, source_message_id: i.source_message_id ?? null, event_start: i.event_start ?? null, speaker: (i.metadata?.speaker as string | undefined) ?? null }));
    return { ...answer([], about), would_create: wouldCreate };
  }
  // CREATE_BATCH at a time: creates started together share a transaction (group commit), each in its own savepoint,
  // so a failure keeps the batches before it. Entities follow from the background queue, as for any create.
  const created: Created[] = [];
  for (let i = 0; i < inputs.length; i += CREATE_BATCH) {
    created.push(...(await Promise.all(inputs.slice(i, i + CREATE_BATCH).map(input => createMemory(deps, input)))));
  }
  return answer(created, about);
}
