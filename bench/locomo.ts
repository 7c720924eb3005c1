/**
 * `npm run bench -- locomo`: retrieval quality on the LoCoMo conversations in ../shared/bench/locomo/.
 * Every turn becomes one memory (in one space per conversation) through the HTTP API of a real server (the shared
 * harness, bench/retrieval.ts); each question (category 5, adversarial, skipped) is searched in its space; a hit is any
 * evidence turn among the results.
 * The embedder is the server's: CAIRN_EMBEDDER=... npm run bench -- locomo
 * `--concurrency N` posts each conversation's turns N at a time (a client writing concurrently, a bulk import): turns
 * then reach the store out of order, and recall must not change, since each turn carries its position (metadata dia_id).
 * A plain BM25 baseline (bench/bm25.ts, FTS5 over the same turns, per conversation) is printed beside fast and deep.
 * After the totals it prints recall per LoCoMo question category, on the tuning half (conv-26/30) and the held-out
 * half (the other conversations) apart.
 * `--client-keys` posts each turn as a client that stores chat messages with metadata of its own would: the same
 * "Name: text", dated, with `{conversation, msg}` (msg: the turn's number in its conversation) instead of Cairn's
 * `dia_id`, so conversation handling must come from inference (domain/conversationInference.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locomoDir, numericOptions } from './lib.ts';
import { ingestLine, methodTable, type RetrievalSet, runSet } from './retrieval.ts';

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

export function loadConversations(dir = locomoDir()): Conversation[] {
  if (!dir) throw new Error('the LoCoMo conversations are not there (../shared/bench/locomo, or set BENCH_LOCOMO_DIR)');
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

/**
 * Every turn in its conversation's space, with its dia_id (or, with `clientKeys`, `{conversation, msg}`), in order; a
 * hit is any evidence turn among the results.
 */
export function locomoSet(conversations = loadConversations(), clientKeys = false): RetrievalSet {
  const metadata = (c: Conversation, t: Conversation['turns'][number], index: number) => (clientKeys ? { conversation: c.id, msg: index + 1 } : { dia_id: t.dia_id });
  return {
    name: 'locomo',
    units: conversations.flatMap(c =>
      c.turns.map((t, i) => ({ key: t.dia_id, group: c.id, text: t.content, body: { content: t.content, event_start: t.event_start, metadata: metadata(c, t, i) } })),
    ),
    questions: conversations.flatMap(c => c.questions.map(q => ({ query: q.question, relevant: q.evidence, group: c.id }))),
  };
}

export default async function locomo(argv: string[]) {
  const clientKeys = argv.includes('--client-keys');
  const options = numericOptions(argv.filter(a => a !== '--client-keys'), { limit: 10, concurrency: 1 });
  const conversations = loadConversations();
  const set = locomoSet(conversations, clientKeys);
  const width = Math.max(1, Math.floor(options.concurrency));
  const run = await runSet(set, { limit: options.limit, concurrency: width });
  const keys = clientKeys ? 'metadata {conversation, msg}' : 'metadata {dia_id}';
  console.log(`LoCoMo retrieval: ${conversations.length} conversations, ${set.units.length} turns, posted ${width} at a time per conversation, ${keys}`);
  console.log(`${ingestLine(run)}\n`);
  console.log(methodTable(run));
  // Where each kind of question stands, on the tuning half and the held-out half apart (docs/benchmarks.md, "Held-out
  // conversations, round 3"): rules are tuned on conv-26/30 and must hold on conv-41/42/43.
  const questions = conversations.flatMap(c => c.questions.map(q => ({ conversation: c.id, category: q.category })));
  for (const [half, ids] of [['tuning half', TUNING_HALF], ['held-out half', null]] as const) {
    for (const [category, name] of Object.entries(CATEGORIES)) {
      const only = (i: number) => questions[i]!.category === Number(category) && (ids === null ? !TUNING_HALF.includes(questions[i]!.conversation) : ids.includes(questions[i]!.conversation));
      if (questions.some((_, i) => only(i))) console.log(`\n${half}, category ${category} (${name}):\n${methodTable(run, only)}`);
    }
  }
}

/** LoCoMo's question categories (5, adversarial, has no evidence turn and is skipped). */
const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };
/** The conversations ranking rules were tuned on; the others are held out. */
const TUNING_HALF = ['conv-26', 'conv-30'];
