import { after, before, describe, test } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { buildTestApp, createMemory, get, post } from '../../test/helpers.ts';
import type { App } from '../main.ts';
import { VERSION } from '../version.ts';
import { responseSerializer } from './openapi.ts';

type Json = Record<string, any>;

interface Operation {
  method: string;
  path: string;
  op: Json;
}

const operationsOf = (document: Json): Operation[] =>
  Object.entries(document.paths as Json).flatMap(([path, item]) => Object.entries(item as Json).map(([method, op]) => ({ method, path, op: op as Json })));

/** A schema with named fields: its own properties, those of the component it names, or of every case of a union. */
function describesFields(schema: Json | undefined, components: Json): boolean {
  if (!schema) return false;
  if (schema.$ref) return describesFields(components[schema.$ref.replace('#/components/schemas/', '')], components);
  if (schema.type === 'array') return describesFields(schema.items, components);
  const cases = schema.anyOf ?? schema.oneOf;
  if (cases) return cases.every((c: Json) => describesFields(c, components));
  return Object.keys(schema.properties ?? {}).length > 0;
}

describe('the OpenAPI document at /docs', () => {
  let app: App;
  let document: Json;
  before(async () => {
    app = await buildTestApp();
    const response = await get(app, '/docs/json');
    assert.equal(response.status, 200);
    document = response.body;
  });
  after(() => app.close());

  test('is titled Cairn, with the server version, how to authenticate, and described tags', () => {
    assert.equal(document.info.title, 'Cairn');
    assert.equal(document.info.version, VERSION);
    assert.match(document.info.description, /Authorization: Bearer/);
    assert.match(document.info.description, /X-NMEM-API-Key/);
    const declared = new Map((document.tags as Json[]).map(t => [t.name, t.description]));
    for (const { method, path, op } of operationsOf(document)) {
      for (const tag of op.tags ?? []) assert.ok(declared.get(tag), `${method} ${path}: tag ${tag} has no description`);
    }
  });

  test('every operation has a summary, a description, a tag and a documented 2xx answer', () => {
    const operations = operationsOf(document);
    assert.ok(operations.length > 100, `only ${operations.length} operations`);
    const components = document.components.schemas;
    const missing: string[] = [];
    for (const { method, path, op } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      if (!op.summary) missing.push(`${name}: summary`);
      if (!op.description) missing.push(`${name}: description`);
      if (!op.tags?.length) missing.push(`${name}: tag`);
      const success = Object.entries(op.responses ?? {}).filter(([code]) => code.startsWith('2'));
      if (success.length === 0) missing.push(`${name}: 2xx response`);
      for (const [code, response] of success) {
        const content = Object.entries(((response as Json).content ?? {}) as Json);
        if (content.length === 0) missing.push(`${name}: ${code} has no content`);
        for (const [type, { schema }] of content) {
          // JSON answers name their fields; Markdown pages and ZIP archives only need a schema.
          const documented = type.includes('json') ? describesFields(schema, components) : Boolean(schema);
          if (!documented) missing.push(`${name}: ${code} ${type} schema`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  test('every operation documents its error answers: 422 in FastAPI shape and the other 4xx', () => {
    for (const { method, path, op } of operationsOf(document)) {
      assert.equal(op.responses['422']?.content['application/json'].schema.$ref, '#/components/schemas/HTTPValidationError', `${method} ${path}`);
      assert.equal(op.responses['4XX']?.content['application/json'].schema.$ref, '#/components/schemas/ErrorResponse', `${method} ${path}`);
    }
  });

  test('every $ref names a schema the document holds', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map(m => m[1]!);
    assert.ok(refs.length > 0);
    const names = new Set(Object.keys(document.components.schemas).map(name => `#/components/schemas/${name}`));
    assert.deepEqual([...new Set(refs.filter(ref => !names.has(ref)))], []);
  });

  test('the open endpoints say they need no key; the others ask for one', () => {
    assert.deepEqual(document.paths['/health'].get.security, []);
    assert.deepEqual(document.paths['/livez'].get.security, []);
    assert.deepEqual(document.paths['/capabilities'].get.security, []);
    assert.equal(document.paths['/memories'].get.security, undefined);
    assert.deepEqual(document.security, [{ bearer: [] }, { apiKeyHeader: [] }]);
  });

  test("the Swagger UI page is titled Cairn's", async () => {
    const page = await get(app, '/docs');
    assert.equal(page.status, 200);
    assert.match(page.text, /<title>Cairn API<\/title>/);
  });
});

describe('response schemas document answers without changing them', () => {
  const memory = z.object({ id: z.string(), title: z.string() });
  const compile = (validate: boolean) => responseSerializer(validate)({ schema: memory, method: 'GET', url: '/x', httpStatus: '200' });

  test('in production an answer is JSON.stringify of what the service returned, fields the schema lacks included', () => {
    const answer = { title: 'T', id: 'm1', extra: [1, { deep: true }] };
    assert.equal(compile(false)(answer), JSON.stringify(answer));
    assert.equal(compile(false)({ id: 5 }), '{"id":5}');
  });

  test('in tests an answer the schema does not describe fails: a wrong type, or a field it does not name', () => {
    assert.equal(compile(true)({ title: 'T', id: 'm1' }), '{"title":"T","id":"m1"}');
    assert.throws(() => compile(true)({ id: 5, title: 'T' }), /GET \/x does not match its schema/);
    assert.throws(() => compile(true)({ id: 'm1', title: 'T', extra: 1 }), /\.extra is not in the schema/);
  });

  test('an answer is byte for byte the same whether or not responses are checked', async () => {
    const checked = await buildTestApp();
    const plain = await buildTestApp({ validateResponses: false });
    try {
      for (const app of [checked, plain]) await createMemory(app, { id: 'same', content: 'Byte for byte', labels: ['x'] });
      // Two stores: only times and generated ids (the label's) may differ.
      const strip = (text: string) => text.replace(/"(created_at|updated_at|time)":"[^"]+"/g, '').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'uuid');
      const [a, b] = await Promise.all([get(checked, '/memories/same'), get(plain, '/memories/same')]);
      assert.equal(a.status, 200);
      assert.equal(strip(a.text), strip(b.text));
      const [sa, sb] = await Promise.all([post(checked, '/labels/consolidate'), post(plain, '/labels/consolidate')]);
      assert.equal(sa.text, sb.text);
    } finally {
      await Promise.all([checked.close(), plain.close()]);
    }
  });
});
