/**
 * `t append`, `t triage` and `t distill`: what the Copilot CLI, Bub and the benchmark harness run after saving a
 * conversation. Appends deduplicate (a hook may send the whole conversation again), so a repeat adds nothing.
 */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parseConversationMarkdown } from '../../domain/threadMarkdown.ts';
import { type Ctx, Failure, UsageError, withCtx } from './output.ts';
import { choice, integer } from './parse.ts';

export type Message = { role: string; content: string; timestamp?: string | null; external_id?: string | null; metadata?: Record<string, unknown> };

const isMessage = (m: unknown): m is Message =>
  typeof m === 'object' && m !== null && typeof (m as Message).role === 'string' && typeof (m as Message).content === 'string';

/** Messages from JSON: an array of `{role, content}` or an object with a `messages` array; null when the text is not JSON. */
export function messagesFromJson(text: string, what: string): Message[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null && Array.isArray((value as { messages?: unknown }).messages) ? (value as { messages: unknown[] }).messages : null;
  if (!list || !list.every(isMessage)) throw new UsageError(`${what} must be a JSON array of {"role", "content"} messages (or an object with one in "messages")`);
  return list;
}

export function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Failure(`Cannot read ${path}: ${(error as Error).message}`, { error: 'file_not_found', path });
  }
}

/** A file's messages: JSON (as above) or Markdown with `## User` / `## Assistant` sections. */
function messagesFromFile(path: string): Message[] {
  const text = readText(path);
  const fromJson = extname(path).toLowerCase() === '.md' ? null : messagesFromJson(text, path);
  if (fromJson) return fromJson;
  const parsed = parseConversationMarkdown(text);
  if (parsed.messages.length === 0) throw new UsageError(`${path} holds no messages: give JSON messages or Markdown with "## User" / "## Assistant" sections`);
  return parsed.messages;
}

interface AppendOptions {
  file?: string;
  messages?: string;
  role: string;
  idempotencyKey?: string;
  expectedMessageCount?: number;
}

async function append(ctx: Ctx, id: string, options: AppendOptions) {
  if ((options.file === undefined) === (options.messages === undefined)) throw new UsageError('give one of -f/--file or -m/--messages');
  const messages = options.file !== undefined ? messagesFromFile(options.file) : (messagesFromJson(options.messages!, '-m') ?? [{ role: options.role, content: options.messages! }]);
  const ack = await ctx.api.send<Record<string, unknown>>('POST', `/threads/${encodeURIComponent(id)}/append`, {
    messages,
    deduplicate: true,
    idempotency_key: options.idempotencyKey,
    expected_message_count: options.expectedMessageCount,
    space_id: ctx.space,
  });
  ctx.print({ success: true, thread_id: id, ...ack }, () => `Appended ${ack.messages_added ?? 0} messages to ${id} (${ack.total_messages ?? '?'} in all)`);
}

type Stored = { thread: { title?: string | null }; messages: { role: string; content: string }[] };

/** The thread's text as the triage reads it: `role: content` lines, the most recent 50,000 characters. */
async function threadText(ctx: Ctx, id: string): Promise<{ title: string | null; text: string }> {
  const stored = await ctx.api.get<Stored>(`/threads/${encodeURIComponent(id)}`, { limit: 500, space_id: ctx.space });
  const text = stored.messages.map(m => `${m.role}: ${m.content}`).join('\n\n');
  return { title: stored.thread.title ?? null, text: text.slice(-50_000) };
}

async function triage(ctx: Ctx, id: string) {
  const { text } = await threadText(ctx, id);
  const answer = await ctx.api.send<{ should_distill: boolean; reason?: string }>('POST', '/memories/distill/triage', { thread_content: text });
  ctx.print({ thread_id: id, ...answer }, () => `${answer.should_distill ? 'Worth distilling' : 'Not worth distilling'}${answer.reason ? `: ${answer.reason}` : ''}`);
}

async function distill(ctx: Ctx, id: string, options: { triage?: boolean; level: string; language?: string }) {
  if (options.triage) {
    const { text } = await threadText(ctx, id);
    const check = await ctx.api.send<{ should_distill: boolean; reason?: string }>('POST', '/memories/distill/triage', { thread_content: text });
    if (!check.should_distill) {
      ctx.print({ thread_id: id, skipped: true, triage: check, memories_created: 0 }, () => `Skipped: ${check.reason ?? 'nothing worth distilling'}`);
      return;
    }
  }
  const answer = await ctx.api.send<Record<string, unknown>>('POST', '/memories/distill', { thread_id: id, extraction_level: options.level, preferred_language: options.language, space_id: ctx.space });
  ctx.print({ thread_id: id, ...answer }, () => `Distilled ${answer.memories_created ?? 0} memories from ${id}`);
}

export function registerThreadWriteCommands(t: Command): void {
  t.command('append')
    .description('add messages to a thread (messages it already has are skipped)')
    .argument('<thread_id>')
    .option('-f, --file <path>', 'JSON messages ([{"role","content"}] or {"messages": [...]}) or Markdown (## User / ## Assistant)')
    .option('-m, --messages <json|text>', 'JSON messages, or the text of one message')
    .option('--role <role>', 'the role of a plain-text -m message', 'user')
    .option('--idempotency-key <key>', 'a retry with the same key adds nothing again')
    .option('--expected-message-count <n>', 'only if the thread has exactly this many messages (else checkpoint_conflict)', integer(0))
    .action(withCtx(append));
  t.command('triage').description('is a thread worth distilling into memories?').argument('<thread_id>').action(withCtx(triage));
  t.command('distill')
    .description("distill a thread's knowledge into memories")
    .argument('<thread_id>')
    .option('--triage', 'ask the triage first, and distill only when it says yes')
    .option('--level <level>', 'swift or guided', choice(['swift', 'guided'] as const), 'guided')
    .option('--language <code>', 'preferred language of the memories')
    .action(withCtx(distill));
}
