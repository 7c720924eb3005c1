/** `t` (threads): list, show, search, create, import, delete. Session capture (`t save`, `t sync`) is in sessions.ts. */
import type { Command } from 'commander';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { clip, type Ctx, day, Failure, table, UsageError, withCtx, defaultSubcommand } from './output.ts';
import { integer } from './parse.ts';
import { registerCaptureCommand } from './capture.ts';
import { registerSessionCommands } from './sessions.ts';
import { shortener } from './shortIds.ts';
import { readText, registerThreadWriteCommands } from './threadWrites.ts';
import { parseChatExport } from '../../providers/sessions/chatExports.ts';

type Thread = Record<string, unknown> & { thread_id: string; title?: string };
type Message = { role: string; content: string; timestamp?: string | null; external_id?: string | null; order_index?: number };

const threadRow = (t: Thread) => ({
  id: t.thread_id,
  title: t.title ?? '',
  messages: Number(t.message_count ?? t.messages ?? 0),
  source: t.source ?? '',
  created_at: t.created_at ?? null,
  last_activity: t.last_activity ?? t.date ?? null,
});

const threadTable = (rows: ReturnType<typeof threadRow>[], short: (id: string) => string) =>
  table([['ID', 'TITLE', 'MSGS', 'SOURCE', 'LAST'], ...rows.map(t => [short(t.id), clip(t.title, 40), String(t.messages), clip(t.source, 14), day(t.last_activity)])]);

async function list(ctx: Ctx, options: { limit: number; source?: string }) {
  const page = await ctx.api.get<{ threads: Thread[]; pagination?: { total?: number } }>('/threads', { limit: options.limit, source: options.source, space_id: ctx.space });
  const threads = page.threads.map(threadRow);
  const short = await shortener(ctx, 'thread', threads.map(t => t.id));
  ctx.print({ threads, total: page.pagination?.total ?? threads.length }, () => (threads.length ? threadTable(threads, short) : 'No threads.'));
}

async function show(ctx: Ctx, id: string, options: { limit?: number; messages?: number; offset: number; contentLimit?: number }) {
  const limit = options.limit ?? options.messages;
  const answer = await ctx.api.get<{ thread: Thread; messages: Message[]; total_messages: number; has_more?: boolean }>(`/threads/${encodeURIComponent(id)}`, {
    limit,
    offset: options.offset,
    space_id: ctx.space,
  });
  const cut = (content: string) =>
    options.contentLimit !== undefined && content.length > options.contentLimit ? `${content.slice(0, options.contentLimit)}… (${content.length} chars)` : content;
  const messages = answer.messages.map((m, i) => ({
    index: m.order_index ?? options.offset + i,
    role: m.role,
    content: cut(m.content),
    truncated: options.contentLimit !== undefined && m.content.length > options.contentLimit,
    timestamp: m.timestamp ?? null,
  }));
  const thread = answer.thread;
  ctx.print(
    {
      id: thread.thread_id,
      thread_id: thread.thread_id,
      title: thread.title ?? '',
      source: thread.source ?? '',
      summary: thread.summary ?? '',
      created_at: thread.created_at ?? null,
      message_count: answer.total_messages,
      offset: options.offset,
      has_more: answer.has_more ?? false,
      messages,
    },
    () =>
      [
        `${thread.title || 'Untitled'}`,
        `id ${thread.thread_id}  ${answer.total_messages} messages  source ${thread.source ?? '-'}`,
        '',
        ...messages.map(m => `[${m.index}] ${m.role.toUpperCase()}: ${m.content}`),
        answer.has_more ? `… more: --offset ${options.offset + messages.length}` : '',
      ].join('\n'),
  );
}

async function search(ctx: Ctx, words: string[], options: { limit: number; source?: string }) {
  const query = words.join(' ');
  const answer = await ctx.api.get<{ threads: Thread[]; total_found?: number }>('/threads/search', { query, limit: options.limit, source: options.source, space_id: ctx.space });
  const threads = answer.threads.map(t => ({
    ...threadRow(t),
    message_count: Number(t.message_count ?? 0),
    matches: Number(t.match_count ?? 0),
    score: t.score ?? null,
    snippet: t.snippet ?? '',
  }));
  const short = await shortener(ctx, 'thread', threads.map(t => t.id));
  ctx.print({ query, total: answer.total_found ?? threads.length, threads }, () =>
    threads.length ? table([['ID', 'TITLE', 'HITS', 'SNIPPET'], ...threads.map(t => [short(t.id), clip(t.title, 36), String(t.matches), clip(t.snippet, 60)])]) : `No threads match "${query}".`,
  );
}

function parseMessages(json: string): Message[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new UsageError('--messages must be JSON: [{"role":"user","content":"..."}, ...]');
  }
  if (!Array.isArray(value) || value.some(m => typeof m !== 'object' || m === null || typeof m.role !== 'string' || typeof m.content !== 'string')) {
    throw new UsageError('--messages must be a JSON array of {"role", "content"} objects');
  }
  return value as Message[];
}


interface CreateOptions {
  title?: string;
  content?: string;
  messages?: string;
  file?: string;
  source: string;
  id?: string;
}

/** A thread from text, a JSON message list or a file (Markdown with `## User` sections, or a JSON export). */
async function create(ctx: Ctx, positional: string | undefined, options: CreateOptions) {
  if (positional !== undefined) {
    if (options.content !== undefined) throw new UsageError('give the text once: as the argument or with -c/--content');
    options = { ...options, content: positional };
  }
  const given = [options.content, options.messages, options.file].filter(v => v !== undefined).length;
  if (given !== 1) throw new UsageError('give exactly one of -c/--content, -m/--messages or -f/--file');
  const title = options.title ?? (options.file ? basename(options.file) : undefined);
  const threadId = options.id ?? `cli-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${createHash('md5').update(`${title}${Math.random()}`).digest('hex').slice(0, 6)}`;
  if (options.file) {
    const text = readText(options.file);
    const isJson = extname(options.file).toLowerCase() === '.json';
    const body = isJson ? { ...asThread(JSON.parse(text)), thread_id: threadId, title, source: options.source } : { thread_id: threadId, title, source: options.source, markdown_content: text };
    const answer = await ctx.api.send<{ results: { thread_id: string; title: string; message_count: number; error?: string | null }[] }>('POST', '/threads/import', { ...body, space_id: ctx.space });
    const result = answer.results[0]!;
    if (result.error) throw new Failure(result.error, { error: 'import_failed', ...answer });
    ctx.print({ success: true, id: result.thread_id, title: result.title, messages: result.message_count }, () => `Created thread ${result.thread_id} (${result.message_count} messages)`);
    return;
  }
  const messages = options.messages !== undefined ? parseMessages(options.messages) : [{ role: 'user', content: options.content! }];
  const answer = await ctx.api.send<{ thread: Thread }>('POST', '/threads', { thread_id: threadId, title, messages, source: options.source, space_id: ctx.space });
  const messageCount = Number(answer.thread.message_count ?? messages.length);
  ctx.print({ success: true, id: answer.thread.thread_id, title: answer.thread.title ?? title ?? '', messages: messageCount }, () => `Created thread ${answer.thread.thread_id} (${messageCount} messages)`);
}

function asThread(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return { messages: value };
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  throw new UsageError('a JSON thread file holds a message array or a thread object');
}

/**
 * An export's conversations as threads (ChatGPT's or Claude's conversations.json), read here with the server's
 * parsers so an export of any size imports: each is the thread `<source>-<conversation id>`, as
 * `POST /threads/conversations/import` names it, and its messages keep their ids, so importing again adds nothing.
 */
function exportedThreads(json: unknown): Record<string, unknown>[] | null {
  const conversations = parseChatExport(json);
  if (!conversations) return null;
  return conversations.filter(c => c.messages.length > 0).map(c => ({ thread_id: `${c.source}-${c.session_id}`, title: c.title, source: c.source, messages: c.messages }));
}

/** Threads in requests of at most about this many bytes of JSON, well under the server's 16 MiB body limit. */
const BATCH_BYTES = 8 * 1024 * 1024;

function batches(threads: Record<string, unknown>[]): Record<string, unknown>[][] {
  const out: Record<string, unknown>[][] = [[]];
  let bytes = 0;
  for (const thread of threads) {
    const size = JSON.stringify(thread).length;
    if (bytes + size > BATCH_BYTES && out.at(-1)!.length > 0) {
      out.push([]);
      bytes = 0;
    }
    out.at(-1)!.push(thread);
    bytes += size;
  }
  return out;
}

interface ImportOptions {
  source?: string;
  file?: string;
  title?: string;
  id?: string;
  expectedMessageCount?: number;
  idempotencyKey?: string;
  agentId?: string;
}

/**
 * Imports files: JSON (one thread, {threads: [...]}, or a message array) or Markdown. Re-importing appends only what is
 * new. One file (-f) can be named a thread (--id, -t) and checkpointed (--expected-message-count, --idempotency-key):
 * the answer's `success`, `results[0].append_mode` and `error_code` are the acknowledgement hooks check.
 */
async function importFiles(ctx: Ctx, files: string[], options: ImportOptions) {
  const all = [...files, ...(options.file !== undefined ? [options.file] : [])];
  if (all.length === 0) throw new UsageError('name a file to import: nmem t import FILE or -f FILE');
  const single = options.id !== undefined || options.title !== undefined || options.expectedMessageCount !== undefined || options.idempotencyKey !== undefined;
  if (single && all.length > 1) throw new UsageError('--id, --title, --expected-message-count and --idempotency-key name one thread: import one file');
  const threads: Record<string, unknown>[][] = [];
  for (const file of all) {
    const text = readText(file);
    const json = extname(file).toLowerCase() === '.json' || text.trimStart().startsWith('{') || text.trimStart().startsWith('[') ? parseJson(text, file) : undefined;
    const exported = json !== undefined ? exportedThreads(json) : null;
    if (exported) {
      if (single && exported.length > 1) throw new UsageError(`${file} holds ${exported.length} conversations: --id and --title name one thread`);
      threads.push(exported);
      continue;
    }
    const fields = json !== undefined ? asThread(json) : { markdown_content: text, title: basename(file) };
    threads.push(Array.isArray(fields.threads) ? (fields.threads as Record<string, unknown>[]) : [fields]);
  }
  const own = {
    ...(options.id !== undefined ? { thread_id: options.id } : {}),
    ...(options.title !== undefined ? { title: options.title } : {}),
    ...(options.expectedMessageCount !== undefined ? { expected_message_count: options.expectedMessageCount } : {}),
    ...(options.idempotencyKey !== undefined ? { idempotency_key: options.idempotencyKey } : {}),
  };
  const batch = threads.flat().map(t => ({
    ...t,
    ...own,
    source: options.source ?? t.source,
    ...(options.agentId !== undefined ? { metadata: { ...(t.metadata as Record<string, unknown> | undefined), agent_id: options.agentId } } : {}),
  }));
  const answer = { results: [] as Record<string, unknown>[], imported_count: 0, failed_count: 0 };
  for (const part of batches(batch)) {
    const done = await ctx.api.send<typeof answer>('POST', '/threads/import', { threads: part, space_id: ctx.space });
    answer.results.push(...done.results);
    answer.imported_count += done.imported_count;
    answer.failed_count += done.failed_count;
  }
  ctx.print({ success: answer.failed_count === 0, ...answer }, () =>
    table([['THREAD', 'RESULT', 'ADDED'], ...answer.results.map(r => [String(r.thread_id ?? '-'), r.success ? String(r.append_mode ?? 'ok') : `failed: ${r.error}`, String(r.messages_added ?? r.message_count ?? 0)])]),
  );
  if (answer.failed_count > 0) process.exitCode = 1;
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not valid JSON`);
  }
}

async function remove(ctx: Ctx, id: string, options: { cascade?: boolean }) {
  const answer = await ctx.api.send<Record<string, unknown>>('DELETE', `/threads/${encodeURIComponent(id)}`, undefined, { cascade_delete_memories: options.cascade ?? false, space_id: ctx.space });
  ctx.print({ success: true, id, ...answer }, () => `Deleted thread ${id} (${answer.deleted_messages ?? 0} messages)`);
}

export function registerThreadCommands(program: Command): void {
  const t = program.command('t').alias('threads').description('threads (conversations): list, show, search, create, import, append, distill; save, sync and capture sessions');
  defaultSubcommand(t, 'list')
    .description('recent threads')
    .option('-n, --limit <n>', 'how many (1..1000)', integer(1, 1000), 20)
    .option('--source <source>', 'only threads from this source')
    .action(withCtx(list));
  t.command('show')
    .description("a thread's messages")
    .argument('<thread_id>')
    .option('-n, --limit <n>', 'how many messages (1..500)', integer(1, 500))
    .option('-m, --messages <n>', 'same as --limit', integer(1, 500))
    .option('--offset <n>', 'skip this many messages', integer(0), 0)
    .option('--content-limit <n>', 'cut each message after this many characters', integer(1))
    .action(withCtx(show));
  t.command('search')
    .description('search threads by their messages')
    .argument('<query...>')
    .option('-n, --limit <n>', 'how many (1..500)', integer(1, 500), 10)
    .option('--source <source>', 'only threads from this source')
    .action(withCtx(search));
  t.command('create')
    .description('save a note or conversation as a thread')
    .argument('[content]', 'the text (one user message), as -c')
    .option('-t, --title <title>', 'title')
    .option('-c, --content <text>', 'the text (one user message)')
    .option('-m, --messages <json>', 'messages as JSON: [{"role":"user","content":"..."}]')
    .option('-f, --file <path>', 'a Markdown (## User / ## Assistant) or JSON file')
    .option('-s, --source <source>', 'source tag', 'cli')
    .option('--id <thread_id>', 'the thread id (default: generated)')
    .action(withCtx(create));
  t.command('import')
    .description('import threads from JSON or Markdown files, or ChatGPT and Claude exports (conversations.json); again: appends only what is new')
    .argument('[files...]')
    .option('-f, --file <path>', 'the file to import')
    .option('-t, --title <title>', "the thread's title")
    .option('--id <thread_id>', "the thread's id")
    .option('-s, --source <source>', 'source tag')
    .option('--expected-message-count <n>', 'append only if the thread has exactly this many messages (else error_code checkpoint_conflict)', integer(0))
    .option('--idempotency-key <key>', 'a retry with the same key adds nothing again')
    .option('--agent-id <id>', 'the agent the conversation belongs to (kept in its metadata)')
    .action(withCtx(importFiles));
  t.command('delete')
    .alias('rm')
    .description('delete a thread')
    .argument('<thread_id>')
    .option('--cascade', 'also delete the memories made from it')
    .option('-f, --force', 'accepted for compatibility (threads are deleted without asking)')
    .action(withCtx(remove));
  registerSessionCommands(t);
  registerCaptureCommand(t);
  registerThreadWriteCommands(t);
}
