/** Thread tools: search past conversations, read their messages, save a conversation. */
import { z } from 'zod';
import { AppError, InputError } from '../../../errors.ts';
import { searchThreads } from '../../../services/threads/search.ts';
import { getThread } from '../../../services/threads/read.ts';
import { createThread } from '../../../services/threads/create.ts';
import { appendMessages } from '../../../services/threads/append.ts';
import { cut, defineTool, oneLine, spaceArg, spaceOf, type ToolDef } from './common.ts';

const threadId = z.string().min(1).max(200).describe('The thread id, as thread_search returned it');

/** Default characters of each message thread_fetch_messages shows; content_limit changes it. */
export const MESSAGE_CHARS = 1200;

const message = z.object({
  role: z.string().trim().min(1).max(64).describe('user, assistant, system or tool'),
  content: z.string().min(1).max(200_000),
  timestamp: z.string().optional().describe('When it was said (ISO 8601)'),
  external_id: z.string().max(500).optional().describe('Your stable id for the message; a resent message with the same id is skipped'),
});

export const threadTools: ToolDef[] = [
  defineTool('thread_search', {
    description:
      'Search past conversations (threads saved from any assistant) by their words. Use it when the user refers to an earlier discussion ' +
      '("what did we say about…"); then read the relevant one with thread_fetch_messages.',
    slim: 'Search past conversations.',
    readOnly: true,
    input: {
      query: z.string().min(1).max(4000).describe('Words to find in past conversations'),
      limit: z.number().int().min(1).max(50).default(10).describe('Most threads to return (1-50, default 10)'),
      source: z.string().max(200).optional().describe('Only threads from this source (claude-code, codex, cursor, …)'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const found = await searchThreads(ctx.deps, { query: args.query, limit: args.limit, source: args.source, mode: 'full', space_id: spaceOf(ctx, args.space_id) });
    const threads = found.threads as { thread_id: string; title: string; source: string; message_count: number; score: number; snippet?: string; updated_at?: string }[];
    const text = threads.length
      ? threads.map((t, i) => `${i + 1}. [${t.thread_id}] ${t.title} · ${t.source} · ${t.message_count} messages (score ${t.score})\n   ${oneLine(t.snippet ?? '', 240)}`).join('\n')
      : `No conversations match "${args.query}".`;
    return { text, data: { query: args.query, threads, total_found: found.total_found } };
  }),

  defineTool('thread_fetch_messages', {
    description:
      `Read the messages of one conversation, a page at a time (limit/offset). Each message is cut to content_limit characters (default ${MESSAGE_CHARS}); ` +
      'the cut says how long it was. Use after thread_search found a relevant thread.',
    slim: 'Read a page of a conversation\'s messages.',
    readOnly: true,
    ids: { thread_id: 'thread' },
    input: {
      thread_id: threadId,
      limit: z.number().int().min(1).max(200).default(20).describe('Messages per page (1-200, default 20)'),
      offset: z.number().int().min(0).default(0).describe('Messages to skip (0 = from the start)'),
      content_limit: z.number().int().min(100).max(20_000).default(MESSAGE_CHARS).describe(`Characters shown of each message (default ${MESSAGE_CHARS})`),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const thread = await getThread(ctx.deps, args.thread_id, { limit: args.limit, offset: args.offset, space_id: spaceOf(ctx, args.space_id) });
    const messages = thread.messages.map((m, i) => {
      const shown = cut(m.content, args.content_limit);
      return { id: m.id, order_index: args.offset + i, role: m.role, timestamp: m.timestamp, content: shown.text, truncated: shown.truncated, chars: m.content.length };
    });
    const next = thread.has_more ? `\n… more messages: call again with offset ${args.offset + messages.length}` : '';
    const text = `Thread [${thread.thread_id}] ${thread.title} · ${thread.source} · ${thread.message_count} messages (showing ${args.offset + 1}–${args.offset + messages.length})\n\n` +
      messages.map(m => `[${m.order_index}] ${m.role}${m.timestamp ? ` (${m.timestamp})` : ''}: ${m.content}`).join('\n\n') + next;
    return {
      text: messages.length ? text : `Thread [${thread.thread_id}] has no messages at offset ${args.offset} (it has ${thread.message_count}).`,
      data: {
        thread_id: thread.thread_id, title: thread.title, source: thread.source, total_messages: thread.message_count, offset: args.offset, limit: args.limit,
        has_more: thread.has_more, content_limit: args.content_limit, messages, related_memory_ids: thread.related_memories.map(m => m.id),
      },
    };
  }),

  defineTool('thread_save', {
    description:
      'Save a conversation (or a handoff note) as a thread so later sessions and other assistants can find it. With a thread_id that exists, ' +
      'the messages are appended and ones already stored are skipped, so resending the whole conversation is safe. Give `messages`, or `content` for a single note.',
    slim: 'Save or append a conversation (deduplicated).',
    readOnly: false,
    input: {
      thread_id: z.string().min(1).max(200).optional().describe('Stable id of the conversation (a new one is made when absent)'),
      title: z.string().max(500).optional().describe('Title (derived from the first message when absent)'),
      messages: z.array(message).max(2000).optional().describe('The messages, oldest first'),
      content: z.string().min(1).max(200_000).optional().describe('A single note to save instead of messages'),
      source: z.string().max(200).optional().describe('The assistant the conversation comes from (default "mcp")'),
      summary: z.string().max(10_000).optional(),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const messages = args.messages ?? (args.content ? [{ role: 'user', content: args.content }] : []);
    if (messages.length === 0) throw new InputError(['arguments', 'messages'], 'Give messages (a list of {role, content}) or content');
    const spaceId = spaceOf(ctx, args.space_id);
    const id = args.thread_id ?? `mcp-${ctx.deps.ids.next()}`;
    const source = args.source ?? ctx.scope.source_app ?? 'mcp';
    try {
      const created = await createThread(ctx.deps, { thread_id: id, title: args.title, summary: args.summary, messages, source, space_id: spaceId });
      return {
        text: `Saved thread [${id}] ${created.thread.title} with ${created.messages.length} messages.`,
        data: { thread_id: id, action: 'created', messages_added: created.messages.length, duplicates_skipped: 0, total_messages: created.messages.length },
      };
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'thread_exists')) throw error;
    }
    const ack = await appendMessages(ctx.deps, id, { messages, deduplicate: true, space_id: spaceId });
    return {
      text: `Appended ${ack.messages_added} messages to thread [${id}] (${ack.duplicates_skipped} already there; ${ack.total_messages} in all).`,
      data: { thread_id: id, action: 'appended', messages_added: ack.messages_added, duplicates_skipped: ack.duplicates_skipped, total_messages: ack.total_messages },
    };
  }),
];
