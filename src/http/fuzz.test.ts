import { test, describe, before, after } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../main.ts';
import { buildTestApp, call, createMemory, get, post } from '../../test/helpers.ts';

/**
 * A small fuzz over every operation of the OpenAPI document: malformed path ids, query values and bodies, one
 * field at a time on an otherwise plausible body. Whatever the input, the answer is never a 500 and always JSON.
 */

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; items?: Schema; $ref?: string };
type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema: Schema }> } };

const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Raw JSON texts put in place of one field (or of the whole body). */
const badValues = [
  deepObject(5000),
  deepArray(5000),
  JSON.stringify('x'.repeat(100_000)),
  JSON.stringify(Array.from({ length: 2000 }, (_, i) => `v${i}=x`)),
  '-1',
  '1e308',
  'null',
  '{}',
  '[]',
  'true',
  '"%00\\u0000"',
  JSON.stringify({ __proto__: { polluted: 1 }, constructor: { prototype: { polluted: 1 } } }),
];
const badBodies = ['', '{', 'null', '"text"', '42', deepObject(5000), deepArray(5000), '[{}]'];
const badIds = ['x'.repeat(300), '%00', '%E0%A4%A', '..%2F..', '%20', encodeURIComponent('{"a":1}'), '-1'];
const badQueryValues = ['', 'x'.repeat(5000), '-1', '1e309', 'NaN', '[]', '%FF', 'true,false'];

/** Fields that name another record get a real one, so that the fuzzed field is what the service has to handle. */
const realValues: Record<string, unknown> = { target_memory_id: 'fuzz-memory-2', newer_memory_id: 'fuzz-memory-2', memory_ids: ['fuzz-memory', 'fuzz-memory-2'] };

const plausible = (name: string, schema: Schema | undefined): unknown => {
  if (name in realValues) return realValues[name];
  const type = schema?.type ?? schema?.anyOf?.find(s => s.type && s.type !== 'null')?.type;
  if (type === 'string') return 'x';
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  return {};
};

describe('fuzzing every operation never gets a 500', () => {
  let app: App;
  let operations: { method: string; path: string; operation: Operation }[];
  const ids: Record<string, string> = {};
  const failures: string[] = [];

  before(async () => {
    app = await buildTestApp();
    ids.memory_id = await createMemory(app, { id: 'fuzz-memory', content: 'Fuzzing finds crashes' });
    await createMemory(app, { id: 'fuzz-memory-2', content: 'Crashes found by fuzzing' });
    await post(app, '/threads', { thread_id: 'fuzz-thread', messages: [{ role: 'user', content: 'hello' }] });
    ids.thread_id = 'fuzz-thread';
    const spec = (await get(app, '/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });
  after(() => app.close());

  async function expectNo500(method: string, url: string, body?: string) {
    const response = await call(app, method as 'GET', url, body);
    const what = `${method} ${url.slice(0, 120)} ${body?.slice(0, 80) ?? ''} → ${response.status} ${response.text.slice(0, 200)}`;
    if (response.status >= 500) failures.push(what);
    else if (response.status >= 400 && response.body?.detail === undefined) failures.push(`not in the {detail} shape: ${what}`);
  }

  const urlOf = (path: string, pick: (name: string) => string) => path.replace(/\{([^}]+)\}/g, (_, name: string) => pick(name));

  test('malformed path ids and query values', async () => {
    for (const { method, path, operation } of operations) {
      if (path.includes('{')) for (const bad of badIds) await expectNo500(method, urlOf(path, () => bad), method === 'GET' || method === 'DELETE' ? undefined : '{}');
      const query = (operation.parameters ?? []).filter(p => p.in === 'query').map(p => p.name);
      if (!query.length) continue;
      for (const bad of badQueryValues) {
        const qs = query.map(name => `${name}=${encodeURIComponent(bad).replace('%25FF', '%FF')}`).join('&');
        await expectNo500(method, `${urlOf(path, name => ids[name] ?? 'x')}?${qs}`, method === 'GET' || method === 'DELETE' ? undefined : '{}');
      }
    }
    assert.deepEqual(failures.splice(0), []);
  });

  test('malformed bodies, one field at a time', async () => {
    for (const { method, path, operation } of operations) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!schema && method !== 'POST' && method !== 'PUT' && method !== 'PATCH') continue;
      const url = urlOf(path, name => ids[name] ?? 'x');
      for (const bad of badBodies) await expectNo500(method, url, bad);
      const properties = schema?.properties ?? {};
      const base = Object.fromEntries((schema?.required ?? []).map(name => [name, plausible(name, properties[name])]));
      for (const field of Object.keys(properties)) {
        const rest = JSON.stringify({ ...base, [field]: undefined }).slice(1, -1);
        for (const bad of badValues) await expectNo500(method, url, `{${rest}${rest ? ',' : ''}"${field}":${bad}}`);
      }
    }
    assert.deepEqual(failures.splice(0), []);
  });
});
