/** `search`: memories and conversations in one ranked list (`POST /search`). */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { clip, type Ctx, table, withCtx } from './output.ts';
import { choice, integer } from './parse.ts';

const KINDS = ['memory', 'thread'] as const;
type Kind = (typeof KINDS)[number];

/** The words a kind may be given as. */
const KIND_WORDS: Record<string, Kind> = { memory: 'memory', memories: 'memory', thread: 'thread', threads: 'thread' };

/** `--kinds memory,thread` (or repeated): each one a known kind. */
function kinds(value: string, previous: Kind[] = []): Kind[] {
  const given = value.split(',').map(k => KIND_WORDS[k.trim().toLowerCase()]);
  if (given.length === 0 || given.some(k => k === undefined)) throw new InvalidArgumentError(`expected memory, thread or memory,thread, got "${value}"`);
  return [...new Set([...previous, ...(given as Kind[])])];
}

interface Result {
  kind: Kind;
  score: number;
  match_score: number;
  title: string;
  snippet: string;
  memory_id?: string;
  thread_id?: string;
  message_id?: string;
  position?: number;
}

/** Where a result opens: the memory's id, or the thread and the message's place in it. */
const where = (r: Result) => (r.kind === 'memory' ? String(r.memory_id) : `${r.thread_id}#${r.position}`);

async function search(ctx: Ctx, words: string[], options: { limit: number; kinds?: Kind[]; mode?: string; source?: string }) {
  const query = words.join(' ');
  const answer = await ctx.api.send<{ results: Result[]; total: number; search_metadata: unknown }>('POST', '/search', {
    query,
    kinds: options.kinds,
    limit: options.limit,
    mode: options.mode,
    source: options.source,
    space_id: ctx.space,
  });
  ctx.print(answer, () =>
    answer.results.length
      ? table([
          ['KIND', 'WHERE', 'TITLE', 'SCORE', 'SNIPPET'],
          ...answer.results.map(r => [r.kind, clip(where(r), 40), clip(r.title, 32), r.match_score.toFixed(2), clip(r.snippet, 60)]),
        ])
      : `Nothing matches "${query}".`,
  );
}

export function registerSearchCommand(program: Command): void {
  program
    .command('search')
    .description('search memories and conversations together, best first (thread results: THREAD#position)')
    .argument('<query...>', 'what to look for')
    .option('-n, --limit <n>', 'how many results (1..100)', integer(1, 100), 10)
    .option('-k, --kinds <kinds>', 'memory, thread or memory,thread (default both)', kinds)
    .option('--mode <mode>', 'fast or deep (memories)', choice(['fast', 'deep'] as const))
    .option('--source <source>', 'only threads saved by this source (claude-code, codex, …)')
    .action(withCtx(search));
}
