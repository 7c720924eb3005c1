/**
 * The original product's wider surface: every operation of the families Cairn serves in full (spaces, sources, the
 * file tree, live events, threads, graph analysis, data transfer, settings and agent profiles) is routed and listed.
 * The operations come from the original's OpenAPI document (test/fixtures/original-surface.json).
 */
import { test, describe, before, after } from './suite.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { App } from '../src/main.ts';
import { buildTestApp, call } from './helpers.ts';

const surface = JSON.parse(readFileSync(new URL('./fixtures/original-surface.json', import.meta.url), 'utf8')) as {
  operations: string[];
};
const byTemplate = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

describe("the original's wider surface", () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('every operation is listed in /openapi.json', async () => {
    const spec = (await call(app, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const listed = new Set(
      Object.entries(spec.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${byTemplate(path)}`)),
    );
    const missing = surface.operations.filter((op) => {
      const [method, path] = op.split(' ');
      return !listed.has(`${method} ${byTemplate(path!)}`);
    });
    assert.deepEqual(missing, []);
  });

  test('no operation answers as an unknown route (404 not_found, 405) or 501', async () => {
    const unrouted: string[] = [];
    for (const op of surface.operations) {
      const [method, template] = op.split(' ') as [string, string];
      if (template === '/events/stream') continue; // a stream never ends; its own tests read it
      const url = template.replace(/\{[^}]+\}/g, 'no-such-id');
      const response = await call(app, method as 'GET', url, method === 'GET' || method === 'DELETE' ? undefined : {});
      const unknownRoute = response.status === 404 && (response.body as { error_code?: string })?.error_code === 'not_found';
      if (unknownRoute || response.status === 405 || response.status === 501) unrouted.push(`${op} → ${response.status}`);
    }
    assert.deepEqual(unrouted, []);
  });
});
