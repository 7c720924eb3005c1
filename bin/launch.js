// Starts the command line: the compiled client (dist/, built by `npm run build:cli`, which `npm ci` runs as
// `prepare`) when it is up to date with its sources, else the TypeScript sources through tsx (slower to start).
// The server's commands (`cairn serve`, which `npm start` runs, keys, backup, …) likewise run the server bundle
// (dist/server/cairn.js, built by the same step) when no source is newer than it, else src/cli/index.ts through tsx.
import { readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

function mtime(url) {
  try {
    return statSync(url).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Whether any compiled file of `dir` (a URL under dist/) is older than its source under src/: the compiled set is
 * exactly what tsc emitted (the client and everything it imports), so each .js is checked against its .ts.
 */
function stale(dir, sourceDir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name === 'server' && dir.href === new URL('dist/', root).href) continue; // the bundle, checked on its own
      if (stale(new URL(`${entry.name}/`, dir), new URL(`${entry.name}/`, sourceDir))) return true;
    } else if (entry.name.endsWith('.js')) {
      const builtAt = mtime(new URL(entry.name, dir));
      const sourceAt = mtime(new URL(entry.name.replace(/\.js$/, '.ts'), sourceDir));
      if (sourceAt !== null && builtAt !== null && sourceAt > builtAt) return true;
    }
  }
  return false;
}

/** Whether a source under `dir` (tests aside) was changed after `builtAt`. */
function newerSource(dir, builtAt) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (newerSource(new URL(`${entry.name}/`, dir), builtAt)) return true;
    } else if (/\.(ts|mjs|js|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
      if ((mtime(new URL(entry.name, dir)) ?? 0) > builtAt) return true;
    }
  }
  return false;
}

/** The compiled entry when it exists and no source of the compiled set is newer than its compiled file. */
function compiledEntry() {
  const built = new URL('dist/cli/client/main.js', root);
  if (mtime(built) === null) return null;
  if (mtime(new URL('src/', root)) === null) return built; // an install without the sources
  return stale(new URL('dist/', root), new URL('src/', root)) ? null : built;
}

/** The server bundle when it exists and no source is newer than it (a source edited since `npm ci` runs through tsx). */
export function serverBundle() {
  const bundle = new URL('dist/server/cairn.js', root);
  const builtAt = mtime(bundle);
  if (builtAt === null) return null;
  if (mtime(new URL('src/', root)) === null) return bundle;
  return newerSource(new URL('src/', root), builtAt) ? null : bundle;
}

/**
 * The server-side program (`runServerCli`): the bundle when it is up to date, else the sources through tsx.
 * `tsxRegistered`: the caller already runs under tsx (the client from its sources), so it is not registered twice.
 */
export async function loadServerCli(tsxRegistered = false) {
  const bundle = serverBundle();
  if (bundle !== null) return import(bundle.href);
  if (!tsxRegistered) {
    const { register } = await import('tsx/esm/api');
    register();
  }
  return import(new URL('src/cli/index.ts', root).href);
}

export async function launch(name) {
  const argv = process.argv.slice(2);
  // `serve` needs nothing from the client: the server starts without loading it (it is what `npm start` runs).
  if (argv[0] === 'serve') {
    const { runServerCli } = await loadServerCli();
    try {
      await runServerCli(argv);
    } catch (error) {
      process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
    return;
  }
  let entry = compiledEntry();
  if (entry === null) {
    const { register } = await import('tsx/esm/api');
    register();
    entry = new URL('src/cli/client/main.ts', root);
  }
  const { run } = await import(entry.href);
  process.exitCode = await run(name, argv, process.env);
}
