import { z } from 'zod';
import { THREAD_EXPORT_FORMATS } from '../../../services/threads/threadExport.ts';
import { boolQuery, idString, jsonObject, spaceId } from '../../schemas.ts';

/** Paths and sources name files on the server's machine (under CAIRN_HOME_DIR). */
const path = z.string().trim().min(1).max(4096);
const source = z.string().trim().min(1).max(64).describe('chatgpt, claude-ai, markdown, auto, claude (Claude Code), codex, gemini-cli, cursor, …');
const spaceQuery = { space_id: spaceId.optional() };

/** Reference ThreadParseRequest; `source` (default auto) is ours. The body limit (16 MiB) bounds the content. */
export const parseBody = z.object({
  file_content: z.string().max(16 * 1024 * 1024),
  file_name: z.string().min(1).max(1000),
  source: source.nullish(),
});

/** Reference ConversationPreviewRequest. */
export const previewBody = z.object({ path, source, session_id: z.string().min(1).max(1000).nullish(), space_id: spaceId.nullish() });

/** Reference ConversationImportRequestModel. */
export const conversationImportBody = z.object({
  path,
  source,
  session_id: z.string().min(1).max(1000).nullish(),
  thread_id_override: idString.nullish(),
  summary: z.string().max(20_000).nullish(),
  auto_compact: z.boolean().default(false),
  preserve_timestamps: z.boolean().default(true),
  workspace: z.string().max(2000).nullish(),
  project: z.string().max(2000).nullish(),
  metadata: jsonObject.nullish(),
  space_id: spaceId.nullish(),
});

/** Reference ConversationExportRawRequest (`session_id` picks one conversation of an export: ours). */
export const exportRawBody = z.object({
  path,
  source,
  format: z.enum(['markdown', 'json']).default('markdown'),
  session_id: z.string().min(1).max(1000).nullish(),
});

export const discoverQuery = z.object({ source: source.optional() });

export const threadExportQuery = z.object({
  format: z.enum(THREAD_EXPORT_FORMATS).default('json'),
  include_metadata: boolQuery().default(true),
  ...spaceQuery,
});

export const spaceQueryOnly = z.object(spaceQuery);
