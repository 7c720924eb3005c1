/**
 * How the server's log reads: JSON lines (pino's own, for log collectors) or one readable line per record in a
 * terminal. pino-pretty is not a dependency, so the readable lines come from this small formatter, in process (a pino
 * transport would run in a worker thread, which the server bundle cannot load).
 */
import type { DestinationStream } from 'pino';
import type { LogFormat } from '../config.ts';

/** `auto` (the default): readable lines when stdout is a terminal, JSON when it is a pipe or a file. */
export const wantsPrettyLogs = (format: LogFormat, stdoutIsTerminal: boolean) => format === 'pretty' || (format === 'auto' && stdoutIsTerminal);

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// ANSI colours by level, only on a terminal.
const COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
// Time, level, message and error have places of their own on the line; pid and hostname are the same on every line.
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);

const field = (value: unknown) => (typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value));

/** One pino JSON record as `12:04:05.123 INFO  message key=value …`, an error's stack on the lines below. */
export function prettyLogLine(record: string, colour = false): string {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(record);
  } catch {
    return record.endsWith('\n') ? record : `${record}\n`; // not a record: passed on as it came
  }
  const level = Number(parsed.level);
  const time = typeof parsed.time === 'number' ? new Date(parsed.time).toISOString().slice(11, 23) : '';
  const name = (LEVELS[level] ?? String(parsed.level)).padEnd(5);
  const rest = Object.entries(parsed)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${field(value)}`);
  const err = parsed.err as { stack?: string; message?: string } | undefined;
  const lines = [[time, colour && COLOURS[level] ? `\x1b[${COLOURS[level]}m${name}\x1b[0m` : name, parsed.msg ?? '', ...rest].filter(part => part !== '').join(' ')];
  if (err) lines.push(...(err.stack ?? err.message ?? JSON.stringify(err)).split('\n').map(line => `    ${line}`));
  return `${lines.join('\n')}\n`;
}

/** A pino destination writing readable lines to `out` (stdout's writes are synchronous on Linux and macOS). */
export function prettyLogDestination(out: { write(text: string): unknown }, colour: boolean): DestinationStream {
  return { write: (record: string) => void out.write(prettyLogLine(record, colour)) };
}
