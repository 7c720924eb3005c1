/**
 * `npm run bench -- threads`: the thread write path and thread search on the LoCoMo conversations
 * (../shared/bench/locomo), through the HTTP API of a real server process.
 *
 * Every session of every conversation becomes a thread (speaker A as `user`, speaker B as `assistant`, timestamps
 * from the session date, `dia_id` as the external id). The threads are created first; then the appends are timed,
 * one writer per conversation, as capture clients do: in checkpointed batches (`--batch`, default 10 messages a
 * request), then, into a second space, one message a request. One conversation is imported first to warm up. Then every LoCoMo question is a thread search in `full` mode (and its session recall@5: is the
 * session holding the evidence among the first five threads), and its first word and a half in `suggestions` mode.
 *
 *   npm run bench -- threads [--batch 10] [--limit 20]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatTable, makeTempDir, ms, numericOptions, percentile, REPO_ROOT, removeDir, startServer } from './lib.ts';
import { sessionDate } from './locomo.ts';

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

interface Message {
  role: string;
  content: string;
  timestamp: string | null;
  external_id: string;
}

interface Session {
  thread_id: string;
  title: string;
  messages: Message[];
}

interface Conversation {
  id: string;
  sessions: Session[];
  questions: { question: string; sessions: Set<string> }[];
}

function loadConversations(dir = join(REPO_ROOT, '..', 'shared', 'bench', 'locomo')): Conversation[] {
  return readdirSync(dir)
    .filter(f => f.endsWith('.json'))
    .sort()
    .map(file => {
      const id = file.replace(/\.json$/, '');
      const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      const data = (raw.conversation ?? raw) as Record<string, unknown>;
      const speakerA = String(data.speaker_a ?? '');
      const sessions: Session[] = [];
      for (let n = 1; Array.isArray(data[`session_${n}`]) || data[`session_${n}_date_time`]; n++) {
        const turns = (data[`session_${n}`] as Turn[] | undefined) ?? [];
        if (turns.length === 0) continue;
        const when = String(data[`session_${n}_date_time`] ?? '');
        const start = Date.parse(sessionDate(when) ?? '2023-01-01T00:00:00Z');
        sessions.push({
          thread_id: `${id}-session-${n}`,
          title: `${id} session ${n} (${when})`,
          messages: turns.map((t, i) => ({
            role: t.speaker === speakerA ? 'user' : 'assistant',
            content: `${t.speaker}: ${t.text}${t.blip_caption ? ` [image: ${t.blip_caption}]` : ''}`,
            timestamp: new Date(start + i * 30_000).toISOString(),
            external_id: t.dia_id,
          })),
        });
      }
      const qa = ((raw.qa ?? data.qa ?? []) as { question: string; evidence?: string[]; category: number }[]).filter(q => q.category !== 5 && q.evidence?.length);
      const questions = qa.map(q => ({
        question: q.question,
        sessions: new Set(q.evidence!.map(e => `${id}-session-${/^D(\d+):/.exec(e)?.[1] ?? '0'}`)),
      }));
      return { id, sessions, questions };
    });
}

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<any>;
}

/** Creates each session's thread (not timed), then appends its messages `batch` at a time; one writer per conversation. */
async function importAll(url: string, conversations: Conversation[], space: string, batch: number) {
  for (const s of conversations.flatMap(c => c.sessions)) {
    await json(`${url}/threads`, { method: 'POST', body: JSON.stringify({ thread_id: s.thread_id, title: s.title, source: 'locomo', space_id: space, messages: [] }) });
  }
  let messages = 0;
  let requests = 0;
  const started = performance.now();
  await Promise.all(
    conversations.map(async c => {
      for (const s of c.sessions) {
        for (let i = 0; i < s.messages.length; i += batch) {
          const part = s.messages.slice(i, i + batch);
          const ack = await json(`${url}/threads/${encodeURIComponent(s.thread_id)}/append`, {
            method: 'POST',
            body: JSON.stringify({ messages: part, expected_message_count: i, idempotency_key: `${s.thread_id}:${i}`, space_id: space }),
          });
          if (ack.append_mode !== 'checkpointed' || ack.total_messages !== i + part.length) throw new Error(`bad ack for ${s.thread_id}: ${JSON.stringify(ack)}`);
          messages += part.length;
          requests++;
        }
      }
    }),
  );
  return { messages, requests, seconds: (performance.now() - started) / 1000 };
}

/** The first word and a half of a question, as someone typing it into a search box. */
function typed(question: string): string {
  const words = question.replace(/[?.,!]/g, '').split(/\s+/).filter(w => w.length > 2);
  const last = words[1] ?? '';
  return `${words[0] ?? question} ${last.slice(0, Math.max(3, Math.ceil(last.length / 2)))}`.trim();
}

export default async function threads(argv: string[]) {
  const options = numericOptions(argv, { batch: 10, limit: 20 });
  const conversations = loadConversations();
  const dataDir = makeTempDir('cairn-threads-');
  const server = await startServer({ dataDir });
  try {
    // Warm-up (JIT, statement cache) in a space of its own, on the first conversation.
    await importAll(server.url, conversations.slice(0, 1), 'warm-up', options.batch);
    const batched = await importAll(server.url, conversations, 'default', options.batch);
    const single = await importAll(server.url, conversations, 'single', 1);

    const questions = conversations.flatMap(c => c.questions);
    for (const q of questions.slice(0, 20)) await json(`${server.url}/threads/search?${new URLSearchParams({ query: q.question })}`); // warm up
    const full: number[] = [];
    const suggestions: number[] = [];
    let recalled = 0;
    for (const q of questions) {
      let started = performance.now();
      const result = await json(`${server.url}/threads/search?${new URLSearchParams({ query: q.question, mode: 'full', limit: String(options.limit) })}`);
      full.push(performance.now() - started);
      if (result.threads.slice(0, 5).some((t: any) => q.sessions.has(t.thread_id))) recalled++;
      started = performance.now();
      await json(`${server.url}/threads/search?${new URLSearchParams({ query: typed(q.question), mode: 'suggestions', limit: '10' })}`);
      suggestions.push(performance.now() - started);
    }

    const threadCount = conversations.reduce((n, c) => n + c.sessions.length, 0);
    console.log(`LoCoMo threads: ${conversations.length} conversations, ${threadCount} threads (one per session), ${batched.messages} messages\n`);
    console.log(
      formatTable([
        ['append', 'messages', 'requests', 'seconds', 'messages/s'],
        [`checkpointed, ${options.batch} a request`, String(batched.messages), String(batched.requests), batched.seconds.toFixed(2), (batched.messages / batched.seconds).toFixed(0)],
        ['checkpointed, 1 a request', String(single.messages), String(single.requests), single.seconds.toFixed(2), (single.messages / single.seconds).toFixed(0)],
      ]),
    );
    console.log('');
    console.log(
      formatTable([
        ['search', 'queries', 'p50 ms', 'p95 ms', 'session recall@5'],
        ['full', String(full.length), ms(percentile(full, 50)), ms(percentile(full, 95)), (recalled / questions.length).toFixed(3)],
        ['suggestions', String(suggestions.length), ms(percentile(suggestions, 50)), ms(percentile(suggestions, 95)), '-'],
      ]),
    );
    console.log('\ntargets: search p50 ≤ 20 ms, append ≥ 2,000 messages/s');
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}
