import { z } from 'zod';
import { MAX_TITLE_CHARS, UNIT_TYPES } from '../../../domain/memory.ts';
import { boolQuery, dateString, intQuery, spaceId } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { MAX_LABEL_NAME_CHARS } from '../../../domain/label.ts';

const path = (what: string) => z.string().min(1).max(2_000).describe(what);
const cursor = z.string().max(200).optional().describe('Opaque pagination cursor (next_cursor of the page before)');
const unitType = z.enum(UNIT_TYPES).optional();
const space = { space_id: spaceId.optional() };

export const lsQuery = z.object({ path: path('Folder').default('/'), cursor, limit: intQuery(1, 1000, 200), ...space });
export const catQuery = z.object({
  path: path('File'),
  line: intQuery(1, 10_000_000, 1),
  lines: intQuery(1, 1000, 200),
  fragment: z.string().max(200).optional().describe('page|section|sheet|slide|chunk selector: not supported yet (ENOTSUP)'),
  raw: boolQuery().default(false),
  agent_id: z.string().max(200).optional(),
  source_app: z.string().max(200).optional(),
  host_agent_id: z.string().max(200).optional(),
  include_working_memory: boolQuery().default(true),
  ...space,
});
export const statQuery = catQuery.pick({ path: true, agent_id: true, source_app: true, host_agent_id: true, include_working_memory: true, space_id: true });
export const findQuery = z.object({
  path: path('Scope').default('/memories'),
  type: z.enum(['memory', 'crystal']).optional(),
  unit_type: unitType,
  label: z.string().min(1).max(200).optional(),
  since: z.string().max(40).optional(),
  until: z.string().max(40).optional(),
  mentions: z.string().min(1).max(200).optional().describe('Only memories that mention this entity (by name or alias)'),
  limit: intQuery(1, 1000, 200),
  cursor,
  ...space,
});
export const grepQuery = z.object({
  q: z.string().min(1).max(200),
  path: path('Scope: /memories, /threads or one file').default('/memories'),
  unit_type: unitType,
  limit: intQuery(1, 1000, 200),
  cursor,
  literal: boolQuery().optional(),
  regex: boolQuery().default(false),
  ignore_case: boolQuery().default(true),
  case_sensitive: boolQuery().default(false),
  ...space,
});
export const recallQuery = z.object({ query: z.string().min(1).max(2_000), path: path('Memory subtree').optional(), unit_type: unitType, k: intQuery(1, 100, 20), ...space });

/** The reference's `FSWriteRequest`: a canonical file's body, front matter for a memory file, the version it read. */
export const writeBody = z.object({
  path: z.string().min(1).max(2_000),
  body: z.string().max(100_000).default(''),
  // The memory fields a file's front matter may set, validated as PATCH /memories/{id} validates them.
  frontmatter: z
    .looseObject({
      title: z.string().max(MAX_TITLE_CHARS).optional(),
      importance: z.number().min(0).max(1).optional(),
      unit_type: z.enum(UNIT_TYPES).optional(),
      labels: z.array(z.string().trim().min(1).max(MAX_LABEL_NAME_CHARS)).max(100).optional(),
      event_start: dateString.nullish(),
      event_end: dateString.nullish(),
    })
    .nullish(),
  record_version: z.string().max(40).nullish(),
  ...space,
});
export const deleteBody = z.object({ path: z.string().min(1).max(2_000), ...space });

// A fresh answer schema per operation: the OpenAPI transform must not meet one object twice.
const read = (summary: string, description: string) => doc({ tag: 'Agent', summary, description, response: { 200: z.looseObject({ path: z.string().optional() }) } });

export const fsDocs = {
  capabilities: read('Filesystem view: what it offers', 'Roots, commands and limits of the filesystem view of the store (the same view as `POST /agent/mem-fs` and MCP `mem_fs`).'),
  ls: read('Filesystem view: list a folder', '`entries` of a folder (`/`, `/memories/by-id`, `/memories/by-label/<label>`, `/threads`, `/wiki/entities`…), a page at a time: pass `next_cursor` back as `cursor`.'),
  cat: read('Filesystem view: read a file', 'A file as text (`content`): a memory as YAML front matter and Markdown, a thread as its messages, a wiki page. `line`/`lines` read part of it. Fragment selectors and `raw` answer 400 `not_supported` (ENOTSUP).'),
  stat: read('Filesystem view: a path\'s details', 'Type, size in bytes and lines, and for a memory its title, unit type and labels.'),
  find: read('Filesystem view: find by metadata', 'Memory files matching `type` (memory|crystal), `unit_type`, `label`, `since`/`until` (record time) and `mentions` (an entity by name or alias); paths, newest first.'),
  grep: read('Filesystem view: find text', '`path:line: text` matches of a fixed string (or with `regex`, alternatives of text, `.` and anchors) in memories, threads or one file; case-insensitive unless `case_sensitive`.'),
  recall: read('Filesystem view: recall by meaning', 'The hybrid search as file paths (`results`), `k` at most 100, optionally within a label folder or unit type.'),
  write: read('Filesystem view: write a file', 'Writes a canonical file: a memory at `/memories/by-id/<id>.memory.md` (the body, and `title`, `importance`, `unit_type`, `labels`, `event_start`, `event_end` from front matter; `record_version` guards against a concurrent change: 409 `version_conflict`) or `/working-memory/today.md`. Alias paths answer 409 `alias_path` (EXDEV) with the canonical path; derived paths 403 `read_only_path` (EROFS).'),
  delete: read('Filesystem view: delete a file', 'Deletes a memory file (into the trash, as `DELETE /memories/{id}`). Working memory answers 400 `not_supported` (ENOTSUP); alias and derived paths as for write.'),
};
