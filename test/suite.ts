/**
 * `describe` and `test` that run on every backend (Kysely's DIALECTS loop, for HTTP tests): a test file that builds
 * apps with buildTestApp imports them from here instead of node:test, and its suites and top-level tests are
 * registered once per backend of testBackends(), named "… (postgres)" and "… (pglite)" past SQLite. buildTestApp
 * reads the backend of the test it runs in (an AsyncLocalStorage carries it into hooks and test bodies), and refuses
 * to run outside one, so a test file cannot forget a backend. Hooks and the rest are node:test's own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import * as nodeTest from 'node:test';
import { type TestBackend, testBackends } from './backends.ts';

export { after, afterEach, before, beforeEach, mock, type SuiteContext, type TestContext } from 'node:test';

const running = new AsyncLocalStorage<TestBackend>();
let withVectorSearch = false;

/**
 * Call at the top of a test file whose tests search by meaning: it then also runs on PGlite, which carries pgvector
 * (Debian's PostgreSQL does not, so vector search is skipped there with its reason).
 */
export function alsoOnPglite(): void {
  withVectorSearch = true;
}

/** Whether this test file called alsoOnPglite(). */
export const searchesVectors = () => withVectorSearch;

/** The backend the calling test runs on; throws outside a describe/test of this module. */
export function currentBackend(): TestBackend {
  const backend = running.getStore();
  if (!backend) throw new Error('no test backend here: import describe and test from test/suite.ts, not node:test, in a file that builds test apps');
  return backend;
}

/** Registers `register(name)` once per backend, each in its backend's context; nested calls register once, as usual. */
function eachBackend(name: unknown, register: (name: unknown) => unknown): void {
  if (running.getStore() || typeof name !== 'string') {
    register(name);
    return;
  }
  for (const backend of testBackends({ vectorSearch: withVectorSearch })) {
    running.run(backend, () => register(backend === 'sqlite' ? name : `${name} (${backend})`));
  }
}

type Register = (...args: unknown[]) => unknown;
/** A node:test registrar (`test`, `describe.skip`…) that registers once per backend. */
const looped = (register: Register): Register => (name, ...rest) => eachBackend(name, n => register(n, ...rest));
/** `describe`/`test` with their `skip`, `todo` and `only` forms, each looped. */
const loopedWithForms = (register: Register & Record<'skip' | 'todo' | 'only', Register>) =>
  Object.assign(looped(register), { skip: looped(register.skip), todo: looped(register.todo), only: looped(register.only) });

export const describe = loopedWithForms(nodeTest.describe as never) as unknown as typeof nodeTest.describe;
export const test = loopedWithForms(nodeTest.test as never) as unknown as typeof nodeTest.test;
