import { z } from 'zod';
import { UNIT_TYPES } from '../../../domain/memory.ts';
import { MAX_THREAD_TITLE_CHARS } from '../../../domain/thread.ts';
import { doc } from '../../openapi.ts';
import { Entity, MemoryNode } from '../../responses.ts';
import { spaceId } from '../../schemas.ts';

/** Reference `TriageRequest`. */
export const triageBody = z.object({
  thread_content: z.string().max(50_000),
  preferred_language: z.string().max(20).nullish(),
});

/**
 * Reference `DistillationRequest`. The stored thread's messages are what is distilled (they carry the message ids
 * memories cite), so `thread_content` is accepted but not read; `distillation_type`, `cache_key`, `force_distill` and
 * `existing_memories` are accepted for compatibility and change nothing. `extraction_level` `swift` makes one memory
 * per message offline; anything else (`guided`, the default) one per statement.
 */
export const distillBody = z.object({
  thread_id: z.string().min(1).max(200),
  thread_title: z.string().max(MAX_THREAD_TITLE_CHARS).nullish(),
  thread_content: z.string().max(2_000_000).nullish(),
  distillation_type: z.string().max(50).optional(),
  extraction_level: z.string().max(50).optional().describe('swift: one memory per message (offline rules); guided (default): one per statement'),
  cache_key: z.string().max(200).nullish(),
  selected_message_indices: z.array(z.number().int().min(0)).max(100_000).nullish(),
  preferred_language: z.string().max(20).nullish(),
  force_distill: z.boolean().optional(),
  space_id: spaceId.nullish(),
  existing_memories: z.array(z.record(z.string(), z.unknown())).max(1000).nullish(),
  dry_run: z.boolean().optional().describe('true: write nothing, list the memories that would be created in `would_create`'),
});

/** The documentation and answers of the distillation operations. */
export const distillDocs = {
  triage: doc({
    tag: 'Distillation',
    summary: 'Is a conversation worth distilling?',
    description:
      'Judges offline and cheaply whether `thread_content` (plain text, `User:`/`Assistant:` lines or not; up to 50,000 ' +
      'characters; conversation Markdown such as `**Audrey**: …` lines too) holds anything worth distilling: too short or ' +
      'only small talk → no; a statement the offline distillation would keep → yes, and `reason` and `found` say what. ' +
      'Reads and writes nothing.',
    response: {
      200: z.object({
        should_distill: z.boolean(),
        reason: z.string(),
        found: z.partialRecord(z.enum(UNIT_TYPES), z.number()).describe('how many memories of each unit type the rules would make'),
        judged_by: z.literal('rules'),
      }),
    },
  }),
  distill: doc({
    tag: 'Distillation',
    summary: 'Distil a thread into memories',
    description:
      'Turns a stored thread (`thread_id`; optionally only `selected_message_indices`) into memories, each with its unit ' +
      'type, provenance (`source_thread_id`, `source_message_id`), date (`event_start`: when its message was said) and ' +
      'speaker (`metadata.speaker`). A configured language model proposes them (on failure the offline rules answer and ' +
      '`model_error` says why); offline, every informative statement becomes a memory, attributed to its speaker ' +
      '("I love cooking" said by Audrey → "Audrey loves cooking"); greetings, bare questions and filler are left out. ' +
      '`distilled_by` says which. Distilling again does not repeat a memory already made from the same message with ' +
      'the same (or nearly the same) text. `dry_run: true` writes nothing and lists what would be created in ' +
      '`would_create` (a preview). Unknown thread: 404.',
    response: {
      200: z.object({
        memory: MemoryNode.nullable().describe('The first memory created'),
        extracted_entities: z.array(Entity),
        assigned_labels: z.array(z.string()),
        created_relationships: z.number(),
        action: z.string().describe('created, or none when nothing new was found'),
        warnings: z.array(z.string()),
        memories_created: z.number(),
        created_memories: z.array(MemoryNode),
        duplicates_skipped: z.number(),
        distilled_by: z.enum(['rules', 'llm']),
        model_error: z.string().optional(),
        thread_id: z.string(),
        space_id: z.string(),
        messages_read: z.number(),
        would_create: z
          .array(
            z.object({
              content: z.string(),
              unit_type: z.string().nullable(),
              importance: z.number().nullable(),
              source_message_id: z.string().nullable(),
              event_start: z.string().nullable(),
              speaker: z.string().nullable(),
            }),
          )
          .optional()
          .describe('with dry_run: the memories a distillation would create now'),
      }),
    },
  }),
};
