import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { type App, createApp } from '../src/main.ts';
import { HTTP_ON_PGLITE, HTTP_ON_POSTGRES, openPgliteStore, testDatabase } from './postgres.ts';

/**
 * A service on an in-memory database, driven through Fastify's inject(); close it after the test. Every reply is checked
 * against its documented response schema: a reply the schema does not describe fails with a 500.
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<App> {
  const config = { ...loadConfig({ dataDir: '/tmp/cairn-test-unused' }, {}), databasePath: ':memory:', logLevel: 'silent', validateResponses: true, ...overrides };
  // A test that names its storage (one about SQLite's files, say) keeps it.
  if (HTTP_ON_PGLITE && !overrides.storage) {
    return createApp({ ...config, storage: 'postgres' }, await openPgliteStore(config.databasePath === ':memory:' ? undefined : config.databasePath));
  }
  if (!HTTP_ON_POSTGRES || overrides.storage) return createApp(config);
  // CAIRN_TEST_STORAGE=postgres: the same test on a database of its own (kept by data path, so a reopened app finds its data).
  const database = await testDatabase(config.databasePath === ':memory:' ? undefined : config.databasePath);
  const app = await createApp({ ...config, storage: 'postgres', databaseUrl: database.url, pgPoolSize: 4 });
  return { ...app, close: () => app.close().finally(() => database.drop()) };
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
  if (HTTP_ON_PGLITE) throw new Error(`vector search is unavailable on PGlite: ${status.detail}`);
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
