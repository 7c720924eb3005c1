/**
 * How the server's log reads: JSON lines (pino's own, for log collectors) or one readable line per record in a
 * terminal, written by pino-pretty in process (a pino transport would run in a worker thread, which the server bundle
 * cannot load).
 */
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from '../config.ts';

/** `auto` (the default): readable lines when stdout is a terminal, JSON when it is a pipe or a file. */
export const wantsPrettyLogs = (format: LogFormat, stdoutIsTerminal: boolean) => format === 'pretty' || (format === 'auto' && stdoutIsTerminal);

/**
 * Readable lines on stdout: `[12:04:05.123] INFO: message {"reqId":…}`, an error's stack below; colours only on a
 * terminal. Synchronous, as pino's own stdout destination is, so nothing logged before an exit is lost.
 */
export function prettyLogDestination(colour: boolean): DestinationStream {
  return pretty({ colorize: colour, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: 1 });
}
