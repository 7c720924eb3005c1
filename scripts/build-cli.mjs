// `prepare`: compiles the command line's client into dist/ (tsc) so `cairn` and `nmem` start fast, and bundles the
// server (src/cli/index.ts and everything it imports from src/, with esbuild) into dist/server/cairn.js so that
// `npm start` / `cairn serve` does not compile TypeScript at run time. It never fails an install: without TypeScript or
// esbuild (a production install, `npm ci --omit=dev`) or on a compile error, the executables run the sources through
// tsx instead (bin/launch.js), only slower to start. `node scripts/build-cli.mjs server` bundles the server only.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const only = process.argv[2];

function buildClient() {
  let tsc;
  try {
    tsc = require.resolve('typescript/bin/tsc');
  } catch {
    console.warn('cairn: TypeScript is not installed, so the command line runs from its sources (slower to start)');
    return;
  }
  const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.cli.json'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) console.warn('cairn: the command line did not compile; it runs from its sources (slower to start)');
}

/** esbuild comes with tsx (a dependency); resolved through it when it is not hoisted to the top of node_modules. */
async function loadEsbuild() {
  for (const from of [import.meta.url, (() => { try { return require.resolve('tsx'); } catch { return null; } })()]) {
    if (!from) continue;
    try {
      return await import(createRequire(from).resolve('esbuild'));
    } catch {
      // try the next place
    }
  }
  return null;
}

export const SERVER_BUNDLE = 'dist/server/cairn.js';

const KEEP_EXTERNAL = [
  'better-sqlite3',
  'usearch',
  'tsx',
  'tsx/*',
  'openai',
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/sdk/*',
  '@energetic-ai/*',
  'compromise',
  'chrono-node',
  'wink-nlp',
  'wink-eng-lite-web-model',
];

/**
 * Worker threads written in TypeScript: each is bundled on its own beside the server (a worker does not inherit a
 * loader), and a source's `new URL('./x.worker.ts', import.meta.url)` names that bundle.
 */
const WORKERS = {
  'src/providers/extractor/rules.worker.ts': 'rules.worker.js',
  'src/mainReadWorker.ts': 'read.worker.js',
  'src/mainBackgroundWorker.ts': 'background.worker.js',
};

/**
 * A source's `new URL('./x', import.meta.url)` (a worker script, package.json) must still name the same file once the
 * source is bundled into dist/server/: the relative path is rewritten from the source's folder to the bundle's.
 */
const keepRelativeUrls = outdir => ({
  name: 'keep-relative-urls',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, args => {
      const source = readFileSync(args.path, 'utf8');
      const contents = source.replace(/new URL\((['"])(\.{1,2}\/[^'"]+)\1,\s*import\.meta\.url\)/g, (_match, quote, path) => {
        const worker = WORKERS[relative(root, resolve(dirname(args.path), path)).split('\\').join('/')];
        if (worker) return `new URL(${quote}./${worker}${quote}, import.meta.url)`;
        const target = relative(outdir, resolve(dirname(args.path), path)).split('\\').join('/');
        return `new URL(${quote}${target.startsWith('.') ? target : `./${target}`}${quote}, import.meta.url)`;
      });
      return { contents, loader: 'ts' };
    });
  },
});

/**
 * A bundled CommonJS package that finds files beside its code (`__dirname`: @fastify/swagger-ui's page and logo) gets
 * its own folder back: `__dirname`/`__filename` are defined at the top of that module, relative to the bundle's folder.
 */
const keepPackageDirs = outdir => ({
  name: 'keep-package-dirs',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.(c?js)$/ }, args => {
      const source = readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
      const fromBundle = path => JSON.stringify(relative(outdir, path).split('\\').join('/'));
      const header = `var __dirname = cairnBundlePath(${fromBundle(dirname(args.path))}); var __filename = cairnBundlePath(${fromBundle(args.path)});\n`;
      return { contents: header + source, loader: 'js' };
    });
  },
});

async function buildServer() {
  const esbuild = await loadEsbuild();
  if (!esbuild) {
    console.warn('cairn: esbuild is not installed, so the server runs from its sources (slower to start)');
    return;
  }
  const outfile = resolve(root, SERVER_BUNDLE);
  try {
    await esbuild.build({
      // The server, and each worker thread's script beside it (named as WORKERS says).
      entryPoints: {
        [SERVER_BUNDLE.replace(/^.*\/|\.js$/g, '')]: resolve(root, 'src/cli/index.ts'),
        ...Object.fromEntries(Object.entries(WORKERS).map(([source, bundle]) => [bundle.replace(/\.js$/, ''), resolve(root, source)])),
      },
      outdir: dirname(outfile),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // The pure-JavaScript packages the server loads at start are bundled too (resolving and reading hundreds of small
      // files costs more than compiling them); these stay in node_modules: native addons, packages that find files
      // beside their own code, and those the server loads only when first used (models, clients, the MCP SDK).
      external: KEEP_EXTERNAL,
      // Bundled CommonJS packages call require(): give the ES module bundle one.
      banner: {
        js: [
          "import { createRequire as cairnCreateRequire } from 'node:module';",
          "import { fileURLToPath as cairnFileURLToPath } from 'node:url';",
          'const require = cairnCreateRequire(import.meta.url);',
          'const cairnBundlePath = relative => cairnFileURLToPath(new URL(relative, import.meta.url));',
        ].join(' '),
      },
      plugins: [keepRelativeUrls(dirname(outfile)), keepPackageDirs(dirname(outfile))],
      // Paths as installed (node_modules may be a link): the relative paths above then hold wherever the folder is.
      preserveSymlinks: true,
      logLevel: 'warning',
      legalComments: 'none',
    });
  } catch {
    console.warn('cairn: the server did not bundle; it runs from its sources (slower to start)');
  }
}

if (only !== 'server') buildClient();
if (only !== 'client') await buildServer();
