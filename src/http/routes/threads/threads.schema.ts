import { z } from 'zod';
import {
  AUTO_IMPORT_RULE_TYPES,
  PERSIST_MODES,
  SESSION_CLIENTS,
  THREAD_SEARCH_MODES,
} from '../../../domain/thread.ts';
import { boolQuery, dateString, idParam, idString, intQuery, jsonObject, optionalBody, spaceId } from '../../schemas.ts';

const metadata = jsonObject;
const text = (max: number) => z.string().max(max);

/** Clients add `space_id` to the query string of every request; bodies may carry it too (the body wins). */
const spaceQuery = { space_id: spaceId.optional() };

/** Reference `MessageCreateRequest`, plus the top-level `external_id` real capture clients send. */
const message = z.object({
  role: z.string().trim().min(1).max(64),
  content: z.string(),
  timestamp: dateString.nullish(),
  metadata: metadata.nullish(),
  external_id: z.string().max(1000).nullish(),
});

export const threadIdParams = z.object({ thread_id: idParam });

export const createThreadBody = z.object({
  thread_id: idString,
  title: text(1000).nullish(),
  summary: text(20_000).nullish(),
  messages: z.array(message),
  participants: z.array(text(200)).nullish(),
  source: text(200).nullish(),
  space_id: spaceId.nullish(),
  project: text(2000).nullish(),
  workspace: text(2000).nullish(),
  tool_version: text(200).nullish(),
  import_date: dateString.nullish(),
  metadata: metadata.nullish(),
});

/** The reference leaves this body free-form; its text names these fields. Reading `file_path` on the server is refused. */
export const appendBody = z
  .object({
    messages: z.array(message).optional(),
    file_path: z.string().nullish(),
    format: z.string().nullish(),
    deduplicate: z.boolean().default(true),
    idempotency_key: z.string().min(1).max(1000).nullish(),
    expected_message_count: z.number().int().min(0).nullish(),
    space_id: spaceId.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.file_path) ctx.addIssue({ code: 'custom', path: ['file_path'], message: 'file_path appends are not supported: send the messages in the body' });
    else if (body.messages === undefined) ctx.addIssue({ code: 'custom', path: ['messages'], message: 'messages is required' });
  });

export const getThreadQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: intQuery(0, null, 0),
  ...spaceQuery,
});

export const listThreadsQuery = z.object({
  limit: intQuery(1, 1000, 20),
  offset: intQuery(0, null, 0),
  source: z.string().min(1).optional(),
  ...spaceQuery,
});

export const deleteThreadQuery = z.object({ cascade_delete_memories: boolQuery().default(false), ...spaceQuery });

export const spaceOnlyQuery = z.object(spaceQuery);

export const searchThreadsQuery = z.object({
  query: z.string().trim().min(1).max(1000),
  mode: z.enum(THREAD_SEARCH_MODES).default('full'),
  limit: intQuery(1, 500, 20),
  source: z.string().min(1).optional(),
  ...spaceQuery,
});

export const favoriteThreadQuery = z.object({ is_favorite: boolQuery(), ...spaceQuery });
export const favoriteThreadsQuery = z.object({ limit: intQuery(1, 100, 50) });

/** Reference `ThreadImportMessage` / `ThreadImportItem` / `ThreadImportRequest`. */
const importMessage = z.object({
  role: z.string().trim().min(1).max(64),
  content: z.string(),
  timestamp: z.string().nullish(),
  metadata: metadata.nullish(),
  external_id: z.string().max(1000).nullish(),
});

/** A space named inside an import's metadata (`metadata.space_id`, as some capture clients send it) is a space id too. */
const metadataSpace = (item: { metadata?: Record<string, unknown> | null }, ctx: z.RefinementCtx) => {
  const named = item.metadata?.space_id;
  if (named !== undefined && named !== null && !spaceId.safeParse(named).success) {
    ctx.addIssue({ code: 'custom', path: ['metadata', 'space_id'], message: 'space_id must be a string of 1 to 200 characters' });
  }
};

const importItemFields = z.object({
  thread_id: idString.nullish(),
  title: text(1000).nullish(),
  messages: z.array(importMessage).nullish(),
  markdown_content: z.string().nullish(),
  source: text(200).nullish(),
  participants: z.array(text(200)).nullish(),
  project: text(2000).nullish(),
  workspace: text(2000).nullish(),
  tool_version: text(200).nullish(),
  metadata: metadata.nullish(),
  space_id: spaceId.nullish(),
  /** Onto a thread that exists, the import appends with the rules of `/threads/{id}/append`. */
  deduplicate: z.boolean().nullish(),
  idempotency_key: z.string().min(1).max(1000).nullish(),
  expected_message_count: z.number().int().min(0).nullish(),
});

const importItem = importItemFields.superRefine(metadataSpace);

export const importThreadsBody = importItemFields.extend({ threads: z.array(importItem).nullish() }).superRefine(metadataSpace);

export const sessionSaveBody = z.object({
  client: z.enum(SESSION_CLIENTS),
  project_path: z.string().min(1).max(4096),
  persist_mode: z.enum(PERSIST_MODES).default('current'),
  /** The thread id is `<client>-<session_id>`, and ids are at most 200 characters. */
  session_id: z.string().min(1).max(180).nullish(),
  summary: text(20_000).nullish(),
  truncate_large_content: z.boolean().default(false),
  space_id: spaceId.nullish(),
});

const autoImportRule = z.object({
  id: z.string().min(1),
  type: z.enum(AUTO_IMPORT_RULE_TYPES),
  value: z.string(),
  enabled: z.boolean().default(true),
  created_at: z.number().nullish().transform(v => v ?? null),
});

/** Reference `ImportConfigUpdateRequest`: every field optional; null means "leave as it is". */
export const importConfigBody = optionalBody(
  z.object({
    hidden_projects: z.array(z.string()).nullish(),
    hidden_sessions: z.array(z.string()).nullish(),
    auto_import_rules: z.array(autoImportRule).nullish(),
    watcher_enabled: z.boolean().nullish(),
    show_hidden_by_default: z.boolean().nullish(),
    dedup_window_seconds: z.number().int().min(0).nullish(),
    watched_platforms: z.array(z.string()).nullish(),
    watched_projects: z.array(z.string()).nullish(),
    cursor_poll_interval: z.number().positive().nullish(),
  }),
);

export const projectQuery = z.object({ project_encoded: z.string().min(1) });

/** `POST /threads/{id}/metadata/merge` (as the OpenCode capture client calls it). */
export const metadataMergeBody = z.object({
  metadata,
  only_missing: z.boolean().default(false),
  space_id: spaceId.nullish(),
});
