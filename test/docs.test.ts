/**
 * The docs name only paths that exist: every repository path in docs/*.md and README.md (in backticks or as a link)
 * is checked against the tree, so a moved or deleted file cannot leave the docs describing it.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../bench/lib.ts';

const DOCS = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).filter(name => name.endsWith('.md')).map(name => `docs/${name}`)];

/** A token that names a file of ours: a source, script or doc by its extension, or a folder of the repository's own. */
const FILE = /^[\w.@-][\w./@-]*\.(ts|tsx|mjs|cjs|js|sh|md|json|css|html|png)$/;
const FOLDER = /^(src|test|bench|scripts|docs|web|bin|\.ci)\/([\w.-]+\/)*$/;
/** What the docs name that is not in the repository by design: built outputs, and files on a user's machine. */
const NOT_OURS = new Set([
  // Built by `npm ci` / `npm run build`, not committed.
  'dist/server/cairn.js',
  'web/dist/',
  // Written by Cairn or its clients on a user's machine: a wiki or export archive's files, a migrated data dir's note,
  // Claude Desktop's configuration.
  'index.md',
  'working_memory.md',
  'manifest.json',
  'MOVED-TO-POSTGRES.json',
  'claude_desktop_config.json',
  // The export file ChatGPT and claude.ai give their users (docs/threads.md).
  'conversations.json',
  // The public benchmark sets' files, kept outside the repository (docs/benchmark-sets.md), and their origins'.
  'messages.json',
  'questions.json',
  'documents.json',
  'eval_data/en/memory_bank_en.json',
]);

/**
 * Where a path may be meant from: the repository root, the doc's folder, web/, or src/ and its folders two deep (the
 * tree in docs/architecture.md names files within their folder: `memories/read.ts`, `search.ts` of a storage backend).
 */
function candidates(doc: string): string[] {
  const folders = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter(e => e.isDirectory()).map(e => join(dir, e.name));
  const src = join(REPO_ROOT, 'src');
  const areas = folders(src);
  return [REPO_ROOT, dirname(join(REPO_ROOT, doc)), join(REPO_ROOT, 'web'), src, ...areas, ...areas.flatMap(folders)];
}

/** Every path-like token a doc names: `code` spans and link targets (no URLs, anchors, globs or placeholders). */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map(m => m[1]!);
  const links = [...text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)].map(m => m[1]!).filter(target => !/^[a-z]+:/.test(target));
  return [...new Set([...spans, ...links])].filter(token => !/[*<>{}$]/.test(token) && !NOT_OURS.has(token) && (FILE.test(token) || FOLDER.test(token)));
}

test('every repository path the docs name exists, inside the repository', () => {
  const missing: string[] = [];
  for (const doc of DOCS) {
    const text = readFileSync(join(REPO_ROOT, doc), 'utf8');
    for (const path of namedPaths(text)) {
      const found = candidates(doc).some(base => {
        const full = resolve(base, path);
        return !relative(REPO_ROOT, full).startsWith('..') && existsSync(full);
      });
      if (!found) missing.push(`${doc}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('the checker finds a path that is gone, and passes over what is not a path', () => {
  assert.deepEqual(namedPaths('see `src/http/routes/gone.ts`, [the design](../shared/design/architecture.md), `GET /memories`, `a b`, `ports.*.ts`'), [
    'src/http/routes/gone.ts',
    '../shared/design/architecture.md',
  ]);
});
