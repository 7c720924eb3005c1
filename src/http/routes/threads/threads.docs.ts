import { z } from 'zod';
import { PERSIST_MODES, SESSION_CLIENTS, THREAD_SEARCH_MODES } from '../../../domain/thread.ts';
import { doc } from '../../openapi.ts';
import { MemoryNode, Message, Pagination, Thread, ThreadListItem } from '../../responses.ts';

const ImportConfig = z.object({
  hidden_projects: z.array(z.string()),
  hidden_sessions: z.array(z.string()),
  auto_import_rules: z.array(
    z.object({ id: z.string(), type: z.string(), value: z.string(), enabled: z.boolean(), created_at: z.number().nullable() }),
  ),
  watcher_enabled: z.boolean(),
  show_hidden_by_default: z.boolean(),
  dedup_window_seconds: z.number(),
  watched_platforms: z.array(z.string()),
  watched_projects: z.array(z.string()),
  cursor_poll_interval: z.number(),
});

const ProjectVisibility = z.object({
  success: z.boolean(),
  message: z.string(),
  project_encoded: z.string(),
  hidden: z.boolean(),
  changed: z.boolean(),
  hidden_projects: z.array(z.string()),
});

const appendRules =
  'With `deduplicate` (default true) messages already stored are skipped; an `idempotency_key` gives every message ' +
  'without an external id a stable one, so resending a growing session appends exactly the new messages; ' +
  '`expected_message_count` is a checkpoint: a mismatch answers 409 `checkpoint_conflict` and writes nothing.';
const space = 'The space is the body\'s `space_id`, else the query string\'s, else `default`.';

/** The documentation and answers of the thread operations (their requests are in threads.schema.ts). */
export const threadDocs = {
  create: doc({
    tag: 'Threads',
    summary: 'Save a conversation',
    description: `Stores a thread and its messages in one transaction. A \`thread_id\` the space already has answers 409 \`thread_exists\` (append instead). ${space}`,
    response: {
      200: z.object({
        thread: Thread,
        messages: z.array(Message),
        created_relationships: z.number(),
        auto_generated_summary: z.null(),
        extracted_memories: z.array(z.unknown()),
        auto_extraction_performed: z.boolean(),
      }),
    },
  }),
  list: doc({
    tag: 'Threads',
    summary: 'List threads',
    description: 'A page of the threads of one space (optionally one `source`), most recent activity first; `limit` 1..1000 (default 20), `offset`.',
    response: { 200: z.object({ threads: z.array(ThreadListItem), pagination: Pagination }) },
  }),
  import: doc({
    tag: 'Threads',
    summary: 'Import threads',
    description:
      'Imports one thread (the fields of one item) or a batch (`threads`), each as JSON `messages` or as conversation ' +
      '`markdown_content`, each in its own transaction. A thread the space has already is appended to (as append does, ' +
      'so import works as an incremental sync); a thread that cannot be imported is reported in `results` with an ' +
      '`error_code` and does not stop the others. Single mode with nothing to import is 422.',
    response: {
      200: z.object({
        success: z.boolean(),
        thread_id: z.string().optional().describe('Single mode: the thread'),
        imported_count: z.number(),
        failed_count: z.number(),
        results: z.array(
          z.object({
            success: z.boolean(),
            thread_id: z.string(),
            title: z.string().nullable(),
            message_count: z.number(),
            error: z.string().nullable(),
            error_code: z.string().nullable(),
            append_mode: z.string().nullable(),
            messages_added: z.number(),
            duplicates_skipped: z.number(),
          }),
        ),
      }),
    },
  }),
  summaries: doc({
    tag: 'Threads',
    summary: 'Thread titles and summaries',
    description: 'Title and summary of every thread in the space, most recent activity first.',
    response: {
      200: z.object({
        summaries: z.array(
          z.object({
            thread_id: z.string(),
            id: z.string(),
            title: z.string(),
            summary: z.string(),
            source: z.string(),
            message_count: z.number(),
            is_favorite: z.boolean(),
            created_at: z.string(),
            updated_at: z.string(),
          }),
        ),
        total: z.number(),
      }),
    },
  }),
  sources: doc({
    tag: 'Threads',
    summary: 'Thread sources',
    description: "The sources of the space's threads (claude-code, chatgpt…) with thread and message counts, most threads first: the source filters of a thread browser.",
    response: {
      200: z.object({
        sources: z.array(z.object({ source: z.string(), thread_count: z.number(), message_count: z.number(), last_activity: z.string() })),
        total: z.number(),
        total_threads: z.number(),
      }),
    },
  }),
  search: doc({
    tag: 'Threads',
    summary: 'Search threads',
    description:
      'BM25 search over the messages and titles of one space\'s threads (optionally one `source`), best first; `limit` ' +
      '1..500 (default 20). `mode` `full` (default) answers threads with their best matching messages as snippets and ' +
      'the count of matches; `suggestions` answers only `{thread_id, title, source, score}` (the last word may be a prefix).',
    response: {
      200: z.object({
        threads: z.array(
          z.union([
            ThreadListItem.extend({
              score: z.number(),
              snippet: z.string(),
              match_count: z.number(),
              matched_messages: z.array(
                z.object({
                  message_id: z.string(),
                  role: z.string(),
                  order_index: z.number(),
                  timestamp: z.string().nullable(),
                  snippet: z.string(),
                  score: z.number(),
                }),
              ),
            }),
            z.object({ thread_id: z.string(), title: z.string(), source: z.string(), score: z.number() }),
          ]),
        ),
        total_found: z.number(),
        search_metadata: z.object({
          query: z.string(),
          mode: z.enum(THREAD_SEARCH_MODES),
          matched_messages_count: z.number(),
          took_ms: z.number(),
          space_id: z.string(),
          source: z.string().nullable(),
          error: z.null(),
        }),
      }),
    },
  }),
  saveSessions: doc({
    tag: 'Threads',
    summary: 'Save coding-assistant sessions',
    description:
      'Reads the sessions of `client` (claude-code, codex, gemini-cli) for `project_path` on the server\'s own machine and ' +
      'saves them as threads: the newest (`persist_mode` `current`, default) or all. A re-save appends only the new ' +
      'messages. No session found (or a relative path) answers `status: "error"` with a `hint`, not an HTTP error.',
    response: {
      200: z.object({
        status: z.string(),
        results: z.array(
          z.object({
            session_id: z.string(),
            file: z.string(),
            action: z.string(),
            thread_id: z.string(),
            message_count: z.number(),
            messages_added: z.number(),
          }),
        ),
        error: z.string().nullable(),
        hint: z.string().nullable(),
        client: z.enum(SESSION_CLIENTS),
        project_path: z.string(),
        persist_mode: z.enum(PERSIST_MODES),
      }),
    },
  }),
  getImportConfig: doc({
    tag: 'Threads',
    summary: 'Thread import settings',
    description: 'The thread import configuration (hidden projects and sessions, auto-import rules, watcher); defaults until something is saved.',
    response: { 200: ImportConfig },
  }),
  putImportConfig: doc({
    tag: 'Threads',
    summary: 'Change thread import settings',
    description: 'Saves the fields given (null and absent fields are kept) and answers the whole configuration.',
    response: { 200: ImportConfig },
  }),
  hideProject: doc({
    tag: 'Threads',
    summary: 'Hide a project',
    description: 'Hides a project (by its encoded path, `project_encoded`) from the browse view; repeating it is harmless.',
    response: { 200: ProjectVisibility },
  }),
  unhideProject: doc({
    tag: 'Threads',
    summary: 'Unhide a project',
    description: 'Shows a hidden project again; repeating it is harmless.',
    response: { 200: ProjectVisibility },
  }),
  get: doc({
    tag: 'Threads',
    summary: 'Read a thread',
    description:
      'One thread with a page of its messages (all when `limit` is absent; 1..500), the memories distilled from it ' +
      '(`related_memories`) and the ids of the messages they cite (`covered_message_ids`). 404 `thread_not_found` when ' +
      'the space has no such thread.',
    response: {
      200: z.object({
        thread: Thread,
        messages: z.array(Message),
        related_memories: z.array(MemoryNode),
        entities: z.array(z.string()),
        total_messages: z.number(),
        total_tokens: z.number(),
        covered_message_ids: z.array(z.string()),
        thread_id: z.string(),
        title: z.string(),
        source: z.string(),
        message_count: z.number(),
        space_id: z.string(),
        offset: z.number(),
        limit: z.number().nullable(),
        has_more: z.boolean(),
      }),
    },
  }),
  delete: doc({
    tag: 'Threads',
    summary: 'Delete a thread',
    description:
      'Deletes a thread and its messages. With `cascade_delete_memories` (default false) the memories distilled from it ' +
      'are deleted first (to the trash, as a memory delete); without it they stay and no longer name the thread.',
    response: {
      200: z.object({
        message: z.string(),
        thread_id: z.string(),
        space_id: z.string(),
        deleted_messages: z.number(),
        deleted_memories: z.number(),
        cascade_deletion: z.boolean(),
      }),
    },
  }),
  append: doc({
    tag: 'Threads',
    summary: 'Append messages to a thread',
    description: `Appends \`messages\` to a thread in one transaction (404 \`thread_not_found\` when the space has no such thread). ${appendRules} ${space}`,
    response: {
      200: z.object({
        success: z.boolean(),
        thread_id: z.string(),
        messages_added: z.number(),
        total_messages: z.number(),
        append_mode: z.string(),
        duplicates_skipped: z.number(),
        message_ids: z.array(z.string()),
        idempotent_replay: z.literal(true).optional().describe('The very request this key last answered: its answer again'),
      }),
    },
  }),
  mergeMetadata: doc({
    tag: 'Threads',
    summary: "Merge keys into a thread's metadata",
    description:
      "Merges top-level keys into the thread's metadata: given keys replace stored ones, or with `only_missing` only " +
      'absent keys are added. Past the metadata size bound it is a 422 and nothing changes.',
    response: {
      200: z.object({
        success: z.boolean(),
        thread_id: z.string(),
        metadata: z.record(z.string(), z.unknown()),
        added_keys: z.array(z.string()),
        updated_keys: z.array(z.string()),
        skipped_keys: z.array(z.string()),
      }),
    },
  }),
  favorite: doc({
    tag: 'Favorites',
    summary: 'Mark or unmark a favourite thread',
    description: 'Sets (`is_favorite=true`) or clears the favourite flag of a thread; 404 `thread_not_found` when the space has no such thread.',
    response: { 200: z.object({ message: z.string(), thread_id: z.string(), is_favorite: z.boolean() }) },
  }),
};
