import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { type App, createApp } from '../src/main.ts';
import { openPgliteStore, testDatabase } from './postgres.ts';
import { currentBackend, searchesVectors } from './suite.ts';

/**
 * A service on the backend of the running test (test/suite.ts loops over them), driven through Fastify's inject();
 * close it after the test. On SQLite the database is in memory; on PostgreSQL each app gets a database of its own;
 * on PGlite a PostgreSQL in process. An app reopened on the same data path finds its data again on every backend. Every
 * reply is checked against its documented response schema: a reply the schema does not describe fails with a 500.
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<App> {
  const config = { ...loadConfig({ dataDir: '/tmp/cairn-test-unused' }, {}), databasePath: ':memory:', logLevel: 'silent', validateResponses: true, ...overrides };
  // A test that names its storage (one about SQLite's files, say) keeps it, and needs no loop over backends.
  if (overrides.storage) return createApp(config);
  const backend = currentBackend();
  const dataPath = config.databasePath === ':memory:' ? undefined : config.databasePath;
  if (backend === 'sqlite') return createApp(config);
  if (backend === 'pglite') {
    // The store is ours until the app takes it: an app that fails to start must not leave it open (an open PGlite
    // clone keeps the test process from exiting).
    const store = await openPgliteStore(dataPath);
    return createApp({ ...config, storage: 'postgres' }, store).catch(async (error: unknown) => {
      await store.close();
      throw error;
    });
  }
  const database = await testDatabase(dataPath);
  const app = await createApp({ ...config, storage: 'postgres', databaseUrl: database.url, pgPoolSize: 4 });
  return { ...app, close: () => app.close().finally(() => database.drop()) };
}

/** A test app whose home folder (session files, exports to import) is made fresh by `makeHome`: open it before each test. */
export async function openAppWithHome<H extends { home: string; cleanup(): void }>(makeHome: () => H): Promise<{ fx: H; app: App }> {
  const fx = makeHome();
  return { fx, app: await buildTestApp({ homeDir: fx.home }) };
}

/** Closes what openAppWithHome opened and removes its home folder. */
export async function closeAppWithHome({ fx, app }: { fx: { cleanup(): void }; app: App }): Promise<void> {
  await app.close();
  fx.cleanup();
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, unknown>;
}

export async function call<T = any>(
  app: App,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse<T>> {
  const response = await app.server.inject({
    method,
    url,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, body: parsed as T, text: response.body, headers: response.headers };
}

export const get = <T = any>(app: App, url: string, headers?: Record<string, string>) => call<T>(app, 'GET', url, undefined, headers);
export const post = <T = any>(app: App, url: string, body?: unknown, headers?: Record<string, string>) => call<T>(app, 'POST', url, body, headers);
export const patch = <T = any>(app: App, url: string, body?: unknown) => call<T>(app, 'PATCH', url, body);
export const put = <T = any>(app: App, url: string, body?: unknown) => call<T>(app, 'PUT', url, body);
export const del = <T = any>(app: App, url: string) => call<T>(app, 'DELETE', url);

/** The body of a 200 reply; any other status fails the test, naming `what` was asked and the reply. */
export function expectOk<T = any>(response: TestResponse<T>, what: string): T {
  assert.equal(response.status, 200, `${what}: ${response.status} ${response.text}`);
  return response.body;
}

/**
 * Creates a memory and returns its id once its background work (entities, graph, EVOLVES detection) is done, as a
 * client polling `background_queue` would see it; fails the test when the service refuses.
 */
export async function createMemory(app: App, input: Record<string, unknown>): Promise<string> {
  const response = await post(app, '/memories', input);
  if (response.status !== 200) throw new Error(`create failed: ${response.status} ${response.text}`);
  await settleBackground(app);
  return response.body.id;
}

/** Waits until the background queue of memory writes is empty (entities, graph, EVOLVES detection written). */
export async function settleBackground(app: App): Promise<void> {
  await app.deps.extraction.jobs?.settle();
}

/**
 * For a test of semantic search: true (and the test marked skipped, with the store's reason) when the store cannot
 * search vectors, as on PostgreSQL without pgvector, where search answers from full text by design.
 */
export async function lacksVectorSearch(app: App, t: { skip(message?: string): void }): Promise<boolean> {
  const status = await app.deps.store.vectors.status();
  if (status.available) return false;
  // PGlite carries pgvector: a test run there to cover vector search must not skip it.
  if (currentBackend() === 'pglite') throw new Error(`vector search is unavailable on PGlite: ${status.detail}`);
  // Skipped here, the test must run where vector search is: a file that forgot alsoOnPglite() would never run it.
  if (!searchesVectors()) {
    throw new Error('this test searches vectors, which this backend lacks: call alsoOnPglite() at the top of its file (test/suite.ts)');
  }
  t.skip(`no vector search on this store (${status.detail})`);
  return true;
}

/** Asserts a 422 in FastAPI's shape whose first error points at `loc`. */
export function validationLocs(response: TestResponse): string[] {
  if (response.status !== 422 || !Array.isArray(response.body?.detail)) {
    throw new Error(`expected a 422 validation error, got ${response.status} ${response.text}`);
  }
  return response.body.detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
}

export interface UploadPart {
  field: string;
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart/form-data POST as a browser sends it: the files as parts, the other fields as text. */
export async function uploadForm(
  app: App,
  url: string,
  files: UploadPart[],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const form = new FormData();
  for (const file of files) form.append(file.field, new Blob([Buffer.from(file.bytes)], { type: file.type ?? '' }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://cairn.local/', { method: 'POST', body: form });
  const response = await app.server.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, body, text: response.body, headers: response.headers };
}
