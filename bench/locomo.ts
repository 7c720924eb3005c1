/**
 * `npm run bench -- locomo`: retrieval quality on the LoCoMo conversations in ../shared/bench/locomo/.
 * Every turn becomes one memory (in one space per conversation) through the HTTP API of a real server; each question
 * (category 5, adversarial, skipped) is searched in its space; a hit is any evidence turn among the results.
 * The embedder is the server's: CAIRN_EMBEDDER=... npm run bench -- locomo
 * `--concurrency N` posts each conversation's turns N at a time (a client writing concurrently, a bulk import): turns
 * then reach the store out of order, and recall must not change, since each turn carries its position (metadata dia_id).
 * A plain BM25 baseline (bench/bm25.ts, FTS5 over the same turns, per conversation) is printed beside fast and deep.
 * `--client-keys` posts each turn as a client that stores chat messages with metadata of its own would: the same
 * "Name: text", dated, with `{conversation, msg}` (msg: the turn's number in its conversation) instead of Cairn's
 * `dia_id`, so conversation handling must come from inference (domain/conversationInference.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bm25Baseline } from './bm25.ts';
import { formatTable, makeTempDir, ms, numericOptions, percentile, removeDir, REPO_ROOT, startServer, waitForBackground } from './lib.ts';

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
interface Question {
  question: string;
  evidence: string[];
  category: number;
}
interface Conversation {
  id: string;
  turns: { content: string; dia_id: string; event_start: string | null }[];
  questions: Question[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" → ISO date-time, or null. */
export function sessionDate(text: string): string | null {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[5]!.toLowerCase());
  if (month < 0) return null;
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

/** The LoCoMo files: ../shared/bench/locomo beside the clone, or two levels up from a worktree (wt/<name>). */
function defaultDir(): string {
  const near = join(REPO_ROOT, '..', 'shared', 'bench', 'locomo');
  return existsSync(near) ? near : join(REPO_ROOT, '..', '..', 'shared', 'bench', 'locomo');
}

export function loadConversations(dir = defaultDir()): Conversation[] {
  return readdirSync(dir)
    .filter(f => f.endsWith('.json'))
    .sort()
    .map(file => {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      const turns: Conversation['turns'] = [];
      for (let n = 1; Array.isArray(data[`session_${n}`]) || data[`session_${n}_date_time`]; n++) {
        const date = sessionDate(String(data[`session_${n}_date_time`] ?? ''));
        for (const turn of (data[`session_${n}`] as Turn[] | undefined) ?? []) {
          const image = turn.blip_caption ? ` [image: ${turn.blip_caption}]` : '';
          turns.push({ content: `${turn.speaker}: ${turn.text}${image}`, dia_id: turn.dia_id, event_start: date });
        }
      }
      const questions = (data.qa as Question[]).filter(q => q.category !== 5 && q.evidence?.length);
      return { id: file.replace(/\.json$/, ''), turns, questions };
    });
}

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<any>;
}

export default async function locomo(argv: string[]) {
  const clientKeys = argv.includes('--client-keys');
  const options = numericOptions(argv.filter(a => a !== '--client-keys'), { limit: 10, concurrency: 1 });
  // Client keys name a turn by (conversation, msg): the dia_id it stands for, to score results.
  const diaIdOf = new Map<string, string>();
  const metadataOf = (c: Conversation, t: Conversation['turns'][number], index: number) => {
    if (!clientKeys) return { dia_id: t.dia_id };
    diaIdOf.set(`${c.id}:${index + 1}`, t.dia_id);
    return { conversation: c.id, msg: index + 1 };
  };
  const conversations = loadConversations();
  const dataDir = makeTempDir('cairn-locomo-');
  const server = await startServer({ dataDir });
  try {
    // One writer per conversation, each posting its turns in order (N at a time with --concurrency), as a capture client would.
    const turns = conversations.flatMap(c => c.turns);
    const ingestStarted = performance.now();
    let errors = 0;
    const width = Math.max(1, Math.floor(options.concurrency));
    await Promise.all(
      conversations.map(async c => {
        for (let i = 0; i < c.turns.length; i += width) {
          await Promise.all(
            c.turns.slice(i, i + width).map((t, j) => {
              const body = { content: t.content, space_id: c.id, event_start: t.event_start, metadata: metadataOf(c, t, i + j) };
              return json(`${server.url}/memories`, { method: 'POST', body: JSON.stringify(body) }).catch(() => errors++);
            }),
          );
        }
      }),
    );
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    const waitStarted = performance.now();
    await waitForBackground(server.url);
    const indexSeconds = (performance.now() - waitStarted) / 1000;
    const status = await json(`${server.url}/search-index/status`);

    const rows = [['mode', 'questions', 'recall@1', 'recall@5', 'recall@10', 'p50 ms', 'p95 ms']];
    for (const mode of ['fast', 'deep']) {
      const hits = { 1: 0, 5: 0, 10: 0 };
      const latencies: number[] = [];
      let total = 0;
      for (const conversation of conversations) {
        for (const q of conversation.questions) {
          const started = performance.now();
          const results = await json(`${server.url}/memories/search`, {
            method: 'POST',
            body: JSON.stringify({ query: q.question, limit: options.limit, mode, space_id: conversation.id }),
          });
          latencies.push(performance.now() - started);
          const ids: string[] = results.map((r: any) => r.memory.metadata.dia_id ?? diaIdOf.get(`${r.memory.metadata.conversation}:${r.memory.metadata.msg}`));
          const evidence = new Set(q.evidence);
          for (const k of [1, 5, 10] as const) if (ids.slice(0, k).some(id => evidence.has(id))) hits[k]++;
          total++;
        }
      }
      rows.push([mode, String(total), ...[1, 5, 10].map(k => (hits[k as 1 | 5 | 10] / total).toFixed(3)), ms(percentile(latencies, 50)), ms(percentile(latencies, 95))]);
    }
    const bm25 = new Bm25Baseline(conversations.flatMap(c => c.turns.map(t => ({ id: t.dia_id, text: t.content, group: c.id }))));
    const baseline = { hits: { 1: 0, 5: 0, 10: 0 }, latencies: [] as number[], total: 0 };
    for (const conversation of conversations) {
      for (const q of conversation.questions) {
        const started = performance.now();
        const ids = bm25.search(q.question, options.limit, conversation.id);
        baseline.latencies.push(performance.now() - started);
        const evidence = new Set(q.evidence);
        for (const k of [1, 5, 10] as const) if (ids.slice(0, k).some(id => evidence.has(id))) baseline.hits[k]++;
        baseline.total++;
      }
    }
    bm25.close();
    const { hits, latencies, total } = baseline;
    rows.push(['bm25', String(total), ...[1, 5, 10].map(k => (hits[k as 1 | 5 | 10] / total).toFixed(3)), ms(percentile(latencies, 50)), ms(percentile(latencies, 95))]);
    const keys = clientKeys ? 'metadata {conversation, msg}' : 'metadata {dia_id}';
    console.log(`LoCoMo retrieval: ${conversations.length} conversations, ${turns.length} turns, posted ${width} at a time per conversation, ${keys}`);
    console.log(`search index: ${status.message}`);
    console.log(`ingest: ${(turns.length / ingestSeconds).toFixed(0)} memories/s (${errors} errors); embedding and graph settled ${indexSeconds.toFixed(1)} s later\n`);
    console.log(formatTable(rows));
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}
