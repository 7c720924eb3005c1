// Starts the command line: the compiled client (dist/, built by `npm run build:cli`, which `npm ci` runs as
// `prepare`) when it is up to date with its sources, else the TypeScript sources through tsx (slower to start).
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
      if (stale(new URL(`${entry.name}/`, dir), new URL(`${entry.name}/`, sourceDir))) return true;
    } else if (entry.name.endsWith('.js')) {
      const builtAt = mtime(new URL(entry.name, dir));
      const sourceAt = mtime(new URL(entry.name.replace(/\.js$/, '.ts'), sourceDir));
      if (sourceAt !== null && builtAt !== null && sourceAt > builtAt) return true;
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

export async function launch(name) {
  let entry = compiledEntry();
  if (entry === null) {
    const { register } = await import('tsx/esm/api');
    register();
    entry = new URL('src/cli/client/main.ts', root);
  }
  const { run } = await import(entry.href);
  process.exitCode = await run(name, process.argv.slice(2), process.env);
}
