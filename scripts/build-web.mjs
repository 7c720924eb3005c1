// `prepare` (and `npm run build:web`): bundles the browser app (web/src) into web/dist with esbuild, offline.
// An install never ends in a half-built app: the bundle is written to a temporary folder and moved into place only when
// complete. If the build fails the install goes on (the API works without the app) and says so loudly; the server then
// answers /app with a page saying how to build it.
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
const out = join(web, 'dist');
const staging = join(web, '.dist-building');
const strict = process.argv.includes('--strict');

function fail(message) {
  console.warn(`\ncairn: the web app was NOT built (${message}).\n       The API works; /app says how to build it: npm run build:web\n`);
  process.exit(strict ? 1 : 0);
}

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  fail('esbuild is not installed');
}
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
try {
  await esbuild.build({
    entryPoints: { app: join(web, 'src/main.tsx') },
    outdir: staging,
    bundle: true,
    format: 'esm',
    // The graph view (sigma, graphology) is a chunk of its own, loaded when the graph is opened.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    sourcemap: 'linked',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'linked',
    logLevel: 'warning',
  });
  cpSync(join(web, 'index.html'), join(staging, 'index.html'));
  cpSync(join(web, 'src/style.css'), join(staging, 'style.css'));
  cpSync(join(web, 'icon.svg'), join(staging, 'icon.svg'));
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  fail(error instanceof Error ? error.message.split('\n')[0] : String(error));
}
if (existsSync(out)) rmSync(out, { recursive: true, force: true });
renameSync(staging, out);
