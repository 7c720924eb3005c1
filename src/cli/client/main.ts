/**
 * The command line (`cairn` and `nmem`): client commands talk to a running server over REST and load none of the
 * server's modules, so they answer in well under 300 ms; the server-side commands are loaded on demand (server.ts).
 * Exit codes: 0 ok, 1 the server said no (or none answered, or nothing to do), 2 usage.
 */
import { Command, CommanderError } from 'commander';
import { VERSION } from '../../version.ts';
import { registerAgentCommands } from './agent.ts';
import { ApiError, describeDetail, statusHint, UnreachableError } from './api.ts';
import { registerConfigCommands } from './config.ts';
import { registerMemoryCommands } from './memories.ts';
import { registerMiscCommands } from './misc.ts';
import { registerSpaceCommands } from './spaces.ts';
import { registerSourceCommands } from './sources.ts';
import { type Env, Failure, runtime, UsageError } from './output.ts';
import { registerSearchCommand } from './search.ts';
import { registerServerCommands } from './server.ts';
import { registerStatsCommand } from './stats.ts';
import { registerThreadCommands } from './threads.ts';

function buildProgram(name: string, argv: string[]): Command {
  const program = new Command()
    .name(name)
    .description(
      name === 'nmem'
        ? 'Cairn, through the command line of Nowledge Mem integrations (nmem-compatible)'
        : 'Cairn: a local-first knowledge-memory service, and its command line',
    )
    .exitOverride()
    .showHelpAfterError(`(run ${name} --help, or ${name} <command> --help, for usage)`)
    .option('-j, --json', 'machine-readable JSON output (before or after the command)')
    .option('--api-url <url>', 'server address (NMEM_API_URL, CAIRN_URL, config file; default http://127.0.0.1:14242)')
    .option('--api-key <key>', 'API key (NMEM_API_KEY, config file)')
    .option('--space <space>', 'space to work in (NMEM_SPACE, NMEM_SPACE_ID, config file; default "default")');
  registerMiscCommands(program);
  registerSpaceCommands(program);
  registerSourceCommands(program);
  registerStatsCommand(program);
  registerSearchCommand(program);
  registerMemoryCommands(program);
  registerThreadCommands(program);
  registerAgentCommands(program);
  registerConfigCommands(program);
  registerServerCommands(program, argv);
  // `-v`/`--version` only first: as a program option it would take `--version` from `skills outcome --version 2`.
  program.addHelpText('after', `\nRun ${name} -v (or --version) for the version; exit codes: 0 ok, 1 the server said no or none answered, 2 usage.`);
  return program;
}

const wantsJson = (argv: string[]) => {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some(a => a === '--json' || a === '-j');
};

/**
 * Reports an error the way the caller asked (JSON with --json, else a line) on stderr, and gives its exit code.
 * stdout stays for answers: a script that parses stdout on success and shows stderr on failure sees the error.
 */
function report(name: string, error: unknown, json: boolean): number {
  const emit = (data: Record<string, unknown>, text: string, hint: string | null) => {
    if (json) process.stderr.write(`${JSON.stringify({ ...data, ...(hint ? { hint } : {}) }, null, 2)}\n`);
    else process.stderr.write(`${name}: ${text}\n${hint ? `  hint: ${hint}\n` : ''}`);
  };
  if (error instanceof UsageError) {
    emit({ error: 'usage', message: error.message }, error.message, `run ${name} --help for usage`);
    return 2;
  }
  if (error instanceof UnreachableError) {
    emit({ error: 'connection_failed', message: error.message, api_url: error.url }, error.message, 'start it with `cairn serve`, or point at it with --api-url, NMEM_API_URL or `nmem config client set url URL`');
    return 1;
  }
  if (error instanceof ApiError) {
    const hint = statusHint(error.status);
    emit({ error: 'api_error', status_code: error.status, ...error.body, detail: error.detail }, `the server answered ${error.status}: ${describeDetail(error.detail)}`, hint);
    return 1;
  }
  if (error instanceof Failure) {
    emit({ error: 'failed', message: error.message, ...error.data }, error.message, error.hint);
    return 1;
  }
  emit({ error: 'failed', message: error instanceof Error ? error.message : String(error) }, error instanceof Error ? error.message : String(error), null);
  return 1;
}

/** `--space-id X`, which several integrations pass to any command, is `--space X` (options only: not after `--`). */
function spaceIdAsSpace(argv: string[]): string[] {
  const end = argv.indexOf('--');
  const options = end < 0 ? argv : argv.slice(0, end);
  const mapped = options.map(a => (a === '--space-id' ? '--space' : a.startsWith('--space-id=') ? `--space=${a.slice('--space-id='.length)}` : a));
  return end < 0 ? mapped : [...mapped, ...argv.slice(end)];
}

/** Runs one command line; resolves to the process's exit code. */
export async function run(name: string, argv: string[], env: Env): Promise<number> {
  runtime.env = env;
  runtime.program = name;
  runtime.argv = argv;
  if (argv[0] === '-v' || argv[0] === '--version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  argv = spaceIdAsSpace(argv);
  const program = buildProgram(name, argv);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? 0 : 2;
    }
    return report(name, error, wantsJson(argv));
  }
}
