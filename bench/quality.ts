/**
 * `npm run bench -- quality [--sets notes,docs,locomo,chats,chats-plain,beir,cranfield,scifact] [--json out.json] [--embedder use-lite] [--limit 10]`:
 * every retrieval set on a fresh server of its own, one after the other, into one table: a row per set, recall@1,
 * recall@10 and MRR for fast, deep and the plain BM25 baseline on the same units, and the number of questions.
 * The server runs with the offline defaults (full text, no embedder) unless `--embedder` names one (it then embeds in
 * the background, and each set is searched once the embeddings have caught up). `--json` writes every number, so a
 * ranking change can be compared before and after (bench/retrieval.ts runs the sets, bench/sets.ts defines them).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { formatTable, ms, numericOptions, REPO_ROOT } from './lib.ts';
import { ingestLine, METHODS, type Method, runSet, type SetRun, type Summary, summarize } from './retrieval.ts';
import { loadSet, SET_NAMES, type SetName, setAvailable } from './sets.ts';

export interface QualityOptions {
  sets: SetName[];
  json: string | null;
  embedder: string;
  limit: number;
}

/** `--sets`, `--json` and `--embedder` take words; the rest (`--limit`) go through numericOptions. */
export function parseQualityArgs(argv: string[]): QualityOptions {
  const words: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--sets' || flag === '--json' || flag === '--embedder') {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
      words[flag.slice(2)] = value;
    } else rest.push(flag);
  }
  const { limit } = numericOptions(rest, { limit: 10 });
  const sets = (words.sets ?? SET_NAMES.join(',')).split(',').map(s => s.trim()).filter(Boolean);
  const unknown = sets.filter(s => !(SET_NAMES as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`unknown set ${unknown.join(', ')}; known: ${SET_NAMES.join(', ')}`);
  return { sets: sets as SetName[], json: words.json ?? null, embedder: words.embedder ?? 'none', limit };
}

const f3 = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(3));

/** The one table: rows are sets; per method recall@1, recall@10 and MRR; then the questions and search p50s. */
export function qualityTable(runs: { name: string; summaries: Record<Method, Summary> }[], limit: number): string {
  const header = ['set', 'questions'];
  for (const method of METHODS) header.push(`${method} r@1`, `${method} r@${limit}`, `${method} MRR`);
  header.push('fast p50 ms', 'deep p50 ms');
  const rows = [header];
  for (const { name, summaries } of runs) {
    const row = [name, String(summaries.fast.questions)];
    for (const method of METHODS) row.push(f3(summaries[method].recallAt1), f3(summaries[method].recallAt10), f3(summaries[method].mrr));
    row.push(ms(summaries.fast.p50Ms), ms(summaries.deep.p50Ms));
    rows.push(row);
  }
  return formatTable(rows);
}

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/**
 * What `--json` writes: per set its size, ingest and settle, each method's summary and its rank per question (null: not
 * within the limit), beside the questions themselves, so two runs can be compared question by question.
 */
export function qualityReport(runs: { name: string; run: SetRun; summaries: Record<Method, Summary> }[], options: QualityOptions, at: string | null) {
  return {
    commit: at,
    embedder: options.embedder,
    limit: options.limit,
    at: new Date().toISOString(),
    sets: Object.fromEntries(
      runs.map(({ name, run, summaries }) => [
        name,
        {
          memories: run.set.units.length,
          createsPerSecond: run.createsPerSecond,
          settleSeconds: run.settleSeconds,
          postErrors: run.postErrors,
          ...(Object.fromEntries(METHODS.map(m => [m, { ...summaries[m], ranks: run.methods[m].ranks }])) as Record<Method, Summary & { ranks: (number | null)[] }>),
          questions: run.set.questions.map(q => q.query),
        },
      ]),
    ),
  };
}

export default async function quality(argv: string[]) {
  const options = parseQualityArgs(argv);
  const env = { CAIRN_EMBEDDER: options.embedder };
  console.log(`quality: sets ${options.sets.join(', ')}; embedder ${options.embedder}; limit ${options.limit}; ${cpus().length} cores, load ${loadavg().map(l => l.toFixed(1)).join(' ')}\n`);
  const runs: { name: string; run: SetRun; summaries: Record<Method, Summary> }[] = [];
  // One server at a time: the sets never compete for the machine with each other.
  for (const name of options.sets) {
    if (!setAvailable(name)) {
      console.log(`${name}: skipped, its data is not on this machine (docs/benchmark-sets.md says where to put it)`);
      continue;
    }
    const run = await runSet(loadSet(name), { limit: options.limit, env });
    const summaries = Object.fromEntries(METHODS.map(m => [m, summarize(run.methods[m])])) as Record<Method, Summary>;
    runs.push({ name, run, summaries });
    console.log(`${name}: ${run.set.units.length} memories, ${run.set.questions.length} questions; ${ingestLine(run)}`);
  }
  console.log(`\n${qualityTable(runs, options.limit)}`);
  if (options.json) {
    const report = qualityReport(runs, options, commit());
    writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote ${options.json}`);
  }
}
