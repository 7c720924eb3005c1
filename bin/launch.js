// Starts the command line: the compiled client (dist/, built by `npm run build:cli`, which `npm ci` runs as
// `prepare`) when it is at least as new as its sources, else the TypeScript sources through tsx (slower to start).
import { readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

function mtime(url) {
  try {
    return statSync(url).mtimeMs;
  } catch {
    return null;
  }
}

/** The compiled entry when it exists and no client source is newer than it. */
function compiledEntry() {
  const built = new URL('dist/cli/client/main.js', root);
  const builtAt = mtime(built);
  if (builtAt === null) return null;
  const sources = new URL('src/cli/client/', root);
  let names = [];
  try {
    names = readdirSync(sources);
  } catch {
    return built; // an install without the sources
  }
  for (const name of names) {
    const at = mtime(new URL(name, sources));
    if (at !== null && at > builtAt) return null;
  }
  return built;
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
