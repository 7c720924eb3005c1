/**
 * Counts a process's user-space instructions and cycles per thread with Linux `perf stat` while a phase runs: counts
 * hold on a shared machine where times do not (another engineer's load changes what a millisecond buys, not how many
 * instructions a request takes). Needs `perf` and permission to attach (perf_event_paranoid ≤ 2 for one's own
 * processes); without them `startPerfStat` returns null and the benches print times only.
 */
import { spawn, spawnSync } from 'node:child_process';

export interface ThreadCounts {
  tid: number;
  instructions: number;
  cycles: number;
}

export interface PerfStat {
  /** Stops counting and returns each thread's counts (threads that ran nothing are left out). */
  stop(): Promise<ThreadCounts[]>;
}

export function perfAvailable(): boolean {
  return spawnSync('perf', ['--version']).status === 0;
}

export async function startPerfStat(pid: number): Promise<PerfStat | null> {
  if (!perfAvailable()) return null;
  const perf = spawn('perf', ['stat', '-e', 'instructions:u,cycles:u', '--per-thread', '-x', ',', '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  perf.stderr.on('data', chunk => (output += chunk));
  const exited = new Promise<void>(resolve => perf.on('exit', () => resolve()));
  // perf attaches to every thread when it starts: a moment before the phase, so the phase is counted whole.
  await new Promise(resolve => setTimeout(resolve, 300));
  return {
    async stop() {
      perf.kill('SIGINT');
      await exited;
      const byThread = new Map<number, ThreadCounts>();
      // CSV lines: `<comm>-<tid>,<count>,<unit>,<event>,...`
      for (const line of output.split('\n')) {
        const [thread, count, , event] = line.split(',');
        const tid = Number(thread?.slice(thread.lastIndexOf('-') + 1));
        if (!Number.isInteger(tid) || !event || !/^\d+$/.test(count ?? '')) continue;
        const counts = byThread.get(tid) ?? byThread.set(tid, { tid, instructions: 0, cycles: 0 }).get(tid)!;
        if (event.startsWith('instructions')) counts.instructions += Number(count);
        else if (event.startsWith('cycles')) counts.cycles += Number(count);
      }
      return [...byThread.values()].filter(t => t.instructions > 0);
    },
  };
}

/**
 * The counts as three shares: the process's main thread (tid = pid: the event loop), the `workers` busiest other
 * threads (read workers, when the phase is mostly reads), and the rest (V8's compiler and GC helpers, libuv).
 */
export function splitThreads(pid: number, threads: ThreadCounts[], workers: number) {
  const sum = (list: ThreadCounts[]) => list.reduce((s, t) => ({ instructions: s.instructions + t.instructions, cycles: s.cycles + t.cycles }), { instructions: 0, cycles: 0 });
  const others = threads.filter(t => t.tid !== pid).sort((a, b) => b.instructions - a.instructions);
  return {
    main: sum(threads.filter(t => t.tid === pid)),
    workers: sum(others.slice(0, workers)),
    helpers: sum(others.slice(workers)),
    all: sum(threads),
  };
}

/** `12.3 M instructions, 14.0 M cycles` per `per` (a request, a search). */
export function formatCounts(counts: { instructions: number; cycles: number }, per: number): string {
  return `${(counts.instructions / per / 1e6).toFixed(2)} M instructions, ${(counts.cycles / per / 1e6).toFixed(2)} M cycles`;
}
