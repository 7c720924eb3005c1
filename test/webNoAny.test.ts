/** The web app is typed against the server's answers (web/src/types.ts): no `any` may creep back in. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../bench/lib.ts';

/** `: any`, `as any`, `<any>`, `any[]`, `= any` (a default type argument): the ways a type says "anything". */
const ANY = /(:\s*any\b|\bas\s+any\b|<any>|\bany\[\]|=\s*any\s*>|<\s*any\s*,)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

test('the web app names no `any` type', () => {
  const found = sources(join(REPO_ROOT, 'web/src')).flatMap(file =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (ANY.test(line) ? [`${file.slice(REPO_ROOT.length + 1)}:${i + 1}: ${line.trim()}`] : [])),
  );
  assert.deepEqual(found, []);
});
