/**
 * `npm run bench -- distill [--level guided|swift] [--limit 10]`: offline distillation on the LoCoMo conversations,
 * the way nowledge-mem-bench drives it. Each session becomes a thread from the harness's own Markdown
 * (`**Date**: …`, then `**Speaker**: text` paragraphs) through POST /threads/import, is distilled (POST
 * /memories/distill, no language model), and each question (category 5, adversarial, skipped) is searched among the
 * distilled memories of its conversation. Printed per group of conversations:
 * - evidence coverage: the share of questions with an evidence turn (LoCoMo `evidence`, dia ids such as `D1:3`) that
 *   produced at least one memory (a memory whose source_message_id is that turn's message);
 * - recall@10 fast / deep: the share of questions with such a memory among the first 10 results;
 * - memories made, and distillation speed: turns per second of POST /memories/distill (HTTP and storage included;
 *   entities follow in the background), per second of the server's CPU, and of the rules alone.
 * Conversations conv-42 and conv-43 were held out while the rules were written: they are reported apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConversationMarkdown } from '../src/domain/threadMarkdown.ts';
import { distillStatements } from '../src/domain/distillStatements.ts';
import { cpuMs, formatTable, locomoDir, makeTempDir, removeDir, startServer, waitForBackground } from './lib.ts';

/** Held out from rule writing: the rules never saw them. */
const HELD_OUT = new Set(['conv-42', 'conv-43']);

interface Session {
  date: string;
  turns: { speaker: string; dia_id: string; text: string }[];
}
interface Question {
  question: string;
  evidence: string[];
  category: number;
}

/** What nowledge-mem-bench's UnifiedSession.to_markdown() writes for a session. */
export function harnessMarkdown(session: Session): string {
  const lines: string[] = [];
  if (session.date) lines.push(`**Date**: ${session.date}\n`);
  for (const turn of session.turns) lines.push(`**${turn.speaker}**: ${turn.text}`);
  return lines.join('\n\n');
}

function load(dir: string) {
  return readdirSync(dir)
    .filter(f => f.endsWith('.json'))
    .sort()
    .map(file => {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      const sessions: Session[] = [];
      for (let n = 1; Array.isArray(data[`session_${n}`]) || data[`session_${n}_date_time`]; n++) {
        const turns = (data[`session_${n}`] as Session['turns'] | undefined) ?? [];
        if (turns.length > 0) sessions.push({ date: String(data[`session_${n}_date_time`] ?? ''), turns });
      }
      const questions = (data.qa as Question[]).filter(q => q.category !== 5 && q.evidence?.length);
      return { id: file.replace(/\.json$/, ''), sessions, questions };
    });
}

async function json(url: string, body?: unknown) {
  const response = await fetch(url, body === undefined ? undefined : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.json() as Promise<any>;
}

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
}

/** Turns per second of the offline rules alone: the harness Markdown parsed and distilled, nothing stored. */
function rulesSpeed(sessions: Session[], level: string): number {
  const started = performance.now();
  let turns = 0;
  for (const session of sessions) {
    const parsed = parseConversationMarkdown(harnessMarkdown(session));
    const messages = parsed.messages.map((m, position) => ({ id: String(position), position, role: m.role, content: m.content, speaker: m.metadata?.speaker, timestamp: m.timestamp }));
    distillStatements(messages, level === 'swift' ? 'swift' : 'guided');
    turns += messages.length;
  }
  return turns / ((performance.now() - started) / 1000);
}

export default async function distill(argv: string[]) {
  const level = option(argv, 'level', 'guided');
  const limit = Number(option(argv, 'limit', '10'));
  const dir = locomoDir();
  if (!dir) throw new Error('the LoCoMo conversations are not there (BENCH_LOCOMO_DIR)');
  const conversations = load(dir);
  const dataDir = makeTempDir('cairn-distill-');
  const server = await startServer({ dataDir });
  try {
    let markupLeft = 0; // memories with Markdown emphasis left in them (a speaker's `**` misread)
    const groups = new Map<string, { questions: number; covered: number; hits: Record<string, number>; turns: number; memories: number; seconds: number; cpu: number }>();
    for (const conversation of conversations) {
      const group = HELD_OUT.has(conversation.id) ? 'held out (conv-42, conv-43)' : 'tuned on (the others)';
      const totals = groups.get(group) ?? { questions: 0, covered: 0, hits: { fast: 0, deep: 0 }, turns: 0, memories: 0, seconds: 0, cpu: 0 };
      groups.set(group, totals);
      const messageOf = new Map<string, string>(); // dia id → message id
      const produced = new Set<string>(); // message ids that produced a memory
      for (const [n, session] of conversation.sessions.entries()) {
        const title = `LoCoMo ${conversation.id} Session ${n + 1} (${session.date})`;
        const imported = await json(`${server.url}/threads/import`, { title, source: 'nmem-bench', markdown_content: harnessMarkdown(session), space_id: conversation.id });
        const threadId = imported.thread_id as string;
        const thread = await json(`${server.url}/threads/${encodeURIComponent(threadId)}?space_id=${conversation.id}&limit=500`);
        const spoken = session.turns.filter(t => t.text.trim() !== '');
        if (thread.messages.length !== spoken.length) throw new Error(`${title}: ${thread.messages.length} messages for ${spoken.length} turns`);
        spoken.forEach((turn, i) => messageOf.set(turn.dia_id, thread.messages[i].id));
        const started = performance.now();
        const cpuBefore = cpuMs(server.pid) ?? 0;
        const result = await json(`${server.url}/memories/distill`, { thread_id: threadId, space_id: conversation.id, extraction_level: level });
        totals.seconds += (performance.now() - started) / 1000;
        totals.cpu += ((cpuMs(server.pid) ?? 0) - cpuBefore) / 1000;
        totals.turns += spoken.length;
        totals.memories += result.memories_created;
        for (const memory of result.created_memories) {
          produced.add(memory.source_message_id);
          if (/\*\*|__/.test(memory.content)) markupLeft++;
        }
      }
      await waitForBackground(server.url);
      for (const q of conversation.questions) {
        const evidence = new Set(q.evidence.map(id => messageOf.get(id)).filter((id): id is string => id !== undefined));
        totals.questions++;
        if ([...evidence].some(id => produced.has(id))) totals.covered++;
        for (const mode of ['fast', 'deep']) {
          const results = await json(`${server.url}/memories/search`, { query: q.question, limit, mode, space_id: conversation.id });
          if (results.slice(0, limit).some((r: any) => evidence.has(r.memory.source_message_id))) totals.hits[mode]!++;
        }
      }
    }
    const rows = [['conversations', 'questions', 'turns', 'memories', 'turns/s', 'turns/CPU-s', 'evidence coverage', `recall@${limit} fast`, `recall@${limit} deep`]];
    for (const [group, t] of groups) {
      rows.push([group, String(t.questions), String(t.turns), String(t.memories), (t.turns / t.seconds).toFixed(0), (t.turns / t.cpu).toFixed(0), (t.covered / t.questions).toFixed(3), (t.hits.fast! / t.questions).toFixed(3), (t.hits.deep! / t.questions).toFixed(3)]);
    }
    console.log(`Offline distillation (--level ${level}) on ${conversations.length} LoCoMo conversations, harness Markdown → thread → distill → search\n`);
    console.log(formatTable(rows));
    console.log(`\nmemories with leftover Markdown emphasis (** or __): ${markupLeft}`);
    console.log(`the rules alone (parse the Markdown, distill; no storage), in this process: ${rulesSpeed(conversations.flatMap(c => c.sessions), level).toFixed(0)} turns/s`);
    console.log('turns/s: wall clock of POST /memories/distill; turns/CPU-s: per second of the server\'s CPU meanwhile (steadier on a shared machine)');
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}
