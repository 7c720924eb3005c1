import { z } from 'zod';
import { MAX_THREAD_TITLE_CHARS } from '../../domain/thread.ts';

/** Reference `TriageRequest`. */
export const triageBody = z.object({
  thread_content: z.string().max(50_000),
  preferred_language: z.string().max(20).nullish(),
});

/**
 * Reference `DistillationRequest`. The stored thread's messages are what is distilled (they carry the message ids
 * memories cite), so `thread_content` is accepted but not read; `distillation_type`, `extraction_level`, `cache_key`,
 * `force_distill` and `existing_memories` are accepted for compatibility and change nothing.
 */
export const distillBody = z.object({
  thread_id: z.string().min(1).max(200),
  thread_title: z.string().max(MAX_THREAD_TITLE_CHARS).nullish(),
  thread_content: z.string().max(2_000_000).nullish(),
  distillation_type: z.string().max(50).optional(),
  extraction_level: z.string().max(50).optional(),
  cache_key: z.string().max(200).nullish(),
  selected_message_indices: z.array(z.number().int().min(0)).max(100_000).nullish(),
  preferred_language: z.string().max(20).nullish(),
  force_distill: z.boolean().optional(),
  space_id: z.string().min(1).max(200).nullish(),
  existing_memories: z.array(z.record(z.string(), z.unknown())).max(1000).nullish(),
});
