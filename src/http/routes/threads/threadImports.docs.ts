import { z } from 'zod';
import { doc } from '../../openapi.ts';
import { Message, Thread } from '../../responses.ts';

const json = z.record(z.string(), z.unknown());
const nullableString = z.string().nullable();

const ParsedMessage = z.object({ role: z.string(), content: z.string(), timestamp: nullableString, external_id: z.string(), metadata: json });

const ConversationBrief = {
  session_id: z.string(),
  thread_id: z.string().describe('The thread an import saves it as: `<source>-<id>` (Markdown: `markdown-<hash of the path>`)'),
  title: nullableString,
  source: z.string(),
  message_count: z.number(),
  skipped_messages: z.number().describe('System, hidden and tool records left out'),
  first_message_at: nullableString,
  last_message_at: nullableString,
};
const ParsedThread = z.object({ ...ConversationBrief, messages: z.array(ParsedMessage) });

const formats = 'ChatGPT `conversations.json` (`chatgpt`), Claude\'s export (`claude-ai`), Markdown transcripts (`markdown`) and the session files of local assistants (`claude-code` (or `claude`), `codex`, `gemini-cli`, `cursor`, …); `auto` detects the format';
const underHome = 'Paths are read on the server\'s machine and only under its home folder (CAIRN_HOME_DIR): a path outside is 403 `path_outside_root`, a missing file 404 `file_not_found`, a file over 128 MiB 413, a file that is not the format asked for 422.';

export const threadImportDocs = {
  parse: doc({
    tag: 'Threads',
    summary: 'Parse conversation content',
    description: `Reads pasted or uploaded content (${formats}) into messages; nothing is stored. Content that holds no conversation answers \`success: false\` with the reason; an unknown \`source\` is 422.`,
    response: {
      200: z.object({
        success: z.boolean(),
        format_detected: nullableString,
        parsed_thread: z.object({ ...ParsedThread.shape, conversation_count: z.number() }).nullable(),
        conversations: z.array(ParsedThread),
        error: nullableString,
      }),
    },
  }),
  discover: doc({
    tag: 'Threads',
    summary: 'Discover conversation files',
    description:
      'Lists the session files local assistants keep under the home folder (`~/.claude/projects`, `~/.codex/sessions`, `~/.gemini/tmp`, …) and the chat exports unpacked into `~/Downloads` (`conversations.json`), by source, newest first. Sessions hidden in the import configuration are left out unless `show_hidden_by_default`.',
    response: {
      200: z.object({
        conversations: z.record(
          z.string(),
          z.array(
            z.object({
              source: z.string(),
              path: z.string(),
              session_id: z.string(),
              size_bytes: z.number(),
              modified_at: z.string(),
              project_encoded: nullableString,
              hidden: z.boolean(),
            }),
          ),
        ),
        root: z.string(),
        total: z.number(),
      }),
    },
  }),
  preview: doc({
    tag: 'Threads',
    summary: 'Preview a conversation file',
    description: `What an import of the file would bring: its conversations with their counts, how many messages the space does not hold yet, and the first and last messages; nothing is written. ${underHome}`,
    response: {
      200: z.object({
        message_count: z.number(),
        preview_messages: z.array(z.object({ role: z.string(), content: z.string(), timestamp: nullableString })),
        format: z.string(),
        conversation_count: z.number(),
        new_message_count: z.number(),
        conversations: z.array(z.object({ ...ConversationBrief, already_imported: z.boolean(), new_messages: z.number() })),
      }),
    },
  }),
  import: doc({
    tag: 'Threads',
    summary: 'Import a conversation file',
    description:
      `Imports every conversation of the file (or the one \`session_id\` names) as threads with stable ids, in one transaction: a file that cannot be parsed imports nothing. Importing again adds only the messages not held yet (by their ids in the source); nothing held is changed. \`thread\` and \`messages\` are the first conversation's; \`threads\` lists all. ${underHome}`,
    response: {
      200: z.object({
        thread: Thread,
        messages: z.array(Message),
        import_summary: z.string(),
        warnings: z.array(z.string()),
        created_memories: z.array(z.unknown()),
        skipped_messages: z.number(),
        format: z.string(),
        imported_count: z.number().describe('Threads created or given new messages'),
        messages_added: z.number(),
        threads: z.array(z.object({ thread_id: z.string(), title: z.string(), action: z.enum(['created', 'appended', 'unchanged']), message_count: z.number(), messages_added: z.number() })),
      }),
    },
  }),
  exportRaw: doc({
    tag: 'Threads',
    summary: 'Export a conversation file without importing',
    description: `The file's conversation(s) read with the import's parsers, as Markdown (\`content\`) or JSON (\`conversations\`); nothing is stored. ${underHome}`,
    response: {
      200: z.union([
        z.object({ format: z.literal('json'), source_format: z.string(), conversations: z.array(ParsedThread) }),
        z.object({ format: z.literal('markdown'), source_format: z.string(), content: z.string(), conversation_count: z.number() }),
      ]),
    },
  }),
  exportThread: doc({
    tag: 'Threads',
    summary: 'Export a thread',
    description: 'The thread with all its messages as JSON (`thread`, `messages`), or as Markdown or HTML text (`content`). The Markdown reads back through `/threads/import` and `/threads/parse`.',
    response: {
      200: z.object({
        thread_id: z.string(),
        title: z.string(),
        format: z.string(),
        message_count: z.number(),
        thread: Thread.optional(),
        messages: z.array(Message).optional(),
        content: z.string().optional(),
      }),
    },
  }),
  coverage: doc({
    tag: 'Threads',
    summary: 'Thread coverage',
    description:
      'Messages held and those cited by memories; for a thread imported from a file, `source`: what the import recorded (path, format, the source\'s message count and time span) and, when the file can still be read, `gaps`: runs of the source\'s messages the thread does not hold (`status: "checked"`).',
    response: {
      200: z.object({
        thread_id: z.string(),
        total_messages: z.number(),
        covered_messages: z.number(),
        memories: z.number(),
        metadata: json,
        space_id: z.string(),
        first_message_at: nullableString,
        last_message_at: nullableString,
        source: z
          .object({
            path: nullableString,
            format: z.string(),
            source: z.string(),
            session_id: z.string(),
            source_message_count: z.number(),
            first_message_at: nullableString,
            last_message_at: nullableString,
            imported_at: z.string(),
            status: z.enum(['recorded', 'checked', 'unreadable']),
            message_count: z.number(),
            missing_messages: z.number(),
            gaps: z
              .array(z.object({ from_index: z.number(), to_index: z.number(), count: z.number(), first_timestamp: nullableString, last_timestamp: nullableString }))
              .nullable(),
          })
          .nullable(),
      }),
    },
  }),
};
