import { test, describe, before, after } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../main.ts';
import type { Store } from '../storage/ports.ts';
import { AppError } from '../errors.ts';
import { createAuthenticator } from '../services/auth/authenticator.ts';
import { createApiKey, hashKey } from '../services/auth/keys.ts';
import { buildTestApp, call, get, post } from '../../test/helpers.ts';

const KEY = 'correct-horse-battery-staple';
const MINUTE = 60_000;

/** One request from a chosen client address, with optional headers. */
async function from(app: App, address: string, url: string, headers: Record<string, string> = {}) {
  const response = await app.server.inject({ method: 'GET', url, headers, remoteAddress: address });
  return { status: response.statusCode, body: response.json() };
}

/** Sends `count` requests with a wrong key from one address; each must be refused with 401. */
async function failTimes(app: App, address: string, count: number) {
  for (let i = 0; i < count; i++) {
    const response = await from(app, address, '/memories', { 'x-nmem-api-key': `wrong-${i}` });
    assert.equal(response.status, 401, `wrong key #${i + 1} is a 401`);
  }
}

/** Runs `body` against a fresh service (fresh lockout state) configured with `apiKey`. */
async function withApp(apiKey: string | null, body: (app: App) => Promise<void>) {
  const app = await buildTestApp({ apiKey });
  try {
    await body(app);
  } finally {
    await app.close();
  }
}

describe('authentication with an API key configured', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ apiKey: KEY });
  });
  after(() => app.close());

  test('/capabilities, /health and /livez stay open without a key', async () => {
    for (const path of ['/capabilities', '/health', '/livez', '/health?space_id=default']) {
      assert.equal((await get(app, path)).status, 200, `${path} is open`);
    }
  });

  test('the open endpoints stay open under the URL forms the router also serves', async () => {
    for (const path of ['/health/', '/livez/', '/capabilities/']) {
      assert.equal((await get(app, path)).status, 200, `${path} is open`);
    }
  });

  test('an unknown path needs a key too, and a known path does not open by prefix', async () => {
    assert.equal((await get(app, '/no/such/path')).status, 401);
    assert.equal((await get(app, '/health/anything')).status, 401);
    assert.equal((await post(app, '/health/checkpoint')).status, 401);
  });

  test('other endpoints answer 401 unauthorized without a key', async () => {
    for (const [method, url] of [
      ['GET', '/memories'],
      ['GET', '/labels'],
      ['POST', '/labels?name=x'],
      ['POST', '/health/checkpoint'],
      ['GET', '/openapi.json'],
      ['GET', '/memories/some-id/export'],
    ] as const) {
      const response = await call(app, method, url);
      assert.equal(response.status, 401, `${method} ${url} needs a key`);
      assert.equal(response.body.error_code, 'unauthorized');
      assert.equal(typeof response.body.detail, 'string');
    }
    assert.equal((await get(app, '/labels')).status, 401, 'nothing was created without a key');
  });

  test('a wrong key is a 401 unauthorized', async () => {
    const response = await get(app, '/memories', { authorization: 'Bearer not-the-key' });
    assert.equal(response.status, 401);
    assert.equal(response.body.error_code, 'unauthorized');
  });

  test('the key is accepted as Authorization: Bearer', async () => {
    assert.equal((await get(app, '/memories', { authorization: `Bearer ${KEY}` })).status, 200);
  });

  test('the key is accepted as the X-NMEM-API-Key header', async () => {
    assert.equal((await get(app, '/memories', { 'x-nmem-api-key': KEY })).status, 200);
  });

  test('the key is accepted as the nmem_api_key query parameter', async () => {
    assert.equal((await get(app, `/memories?nmem_api_key=${KEY}`)).status, 200);
    assert.equal((await get(app, `/labels?limit=5&nmem_api_key=${KEY}`)).status, 200);
  });

  test('an authenticated write goes through', async () => {
    const created = await post(app, '/memories', { content: 'written with a key' }, { 'x-nmem-api-key': KEY });
    assert.equal(created.status, 200);
    const read = await get(app, `/memories/${created.body.id}`, { authorization: `Bearer ${KEY}` });
    assert.equal(read.body.content, 'written with a key');
  });

  test('a key that only starts like the right one is refused', async () => {
    assert.equal((await get(app, '/memories', { 'x-nmem-api-key': KEY.slice(0, -1) })).status, 401);
    assert.equal((await get(app, '/memories', { 'x-nmem-api-key': `${KEY}x` })).status, 401);
  });
});

describe('lockout after repeated wrong keys', () => {
  test('after 8 wrong keys from one address the 9th request gets 429, even with the right key', () =>
    withApp(KEY, async app => {
      await failTimes(app, '10.0.0.1', 8);
      const locked = await from(app, '10.0.0.1', '/memories', { 'x-nmem-api-key': KEY });
      assert.equal(locked.status, 429);
      assert.equal(locked.body.error_code, 'too_many_attempts');
      assert.equal(typeof locked.body.detail, 'string');
      assert.equal((await from(app, '10.0.0.1', '/memories')).status, 429, 'a keyless request is locked out too');
    }));

  test('7 wrong keys do not lock the address out', () =>
    withApp(KEY, async app => {
      await failTimes(app, '10.0.0.1', 7);
      assert.equal((await from(app, '10.0.0.1', '/memories', { 'x-nmem-api-key': KEY })).status, 200);
    }));

  test('the lockout is per address: another client is not affected', () =>
    withApp(KEY, async app => {
      await failTimes(app, '10.0.0.1', 8);
      assert.equal((await from(app, '10.0.0.1', '/memories', { 'x-nmem-api-key': KEY })).status, 429);
      assert.equal((await from(app, '10.0.0.2', '/memories', { 'x-nmem-api-key': KEY })).status, 200);
    }));

  test('a missing key does not count toward the lockout', () =>
    withApp(KEY, async app => {
      for (let i = 0; i < 20; i++) assert.equal((await from(app, '10.0.0.1', '/memories')).status, 401);
      await failTimes(app, '10.0.0.1', 7);
      assert.equal((await from(app, '10.0.0.1', '/memories', { 'x-nmem-api-key': KEY })).status, 200);
    }));
});

describe('stored API keys (createApiKey)', () => {
  test('a created key opens the service by every header form', () =>
    withApp(null, async app => {
      const { id, key } = await createApiKey(app.deps);
      assert.equal(typeof id, 'string');
      assert.ok(key.length >= 32);
      assert.equal((await get(app, '/memories')).status, 401, 'a stored key makes auth required');
      assert.equal((await get(app, '/memories', { authorization: `Bearer ${key}` })).status, 200);
      assert.equal((await get(app, '/memories', { 'x-nmem-api-key': key })).status, 200);
      assert.equal((await get(app, `/memories?nmem_api_key=${encodeURIComponent(key)}`)).status, 200);
      assert.equal((await get(app, '/capabilities')).body.features.auth_required, true);
    }));

  test('a created key is stored hashed, never as the plain key', () =>
    withApp(null, async app => {
      const { key } = await createApiKey(app.deps);
      const stored = await app.deps.store.apiKeys.listHashes();
      assert.equal(stored.length, 1);
      assert.ok(!stored.includes(key), 'the plain key is not stored');
      assert.ok(!stored.some(h => h.includes(key)), 'no stored value contains the plain key');
      assert.equal(stored[0], hashKey(key));
    }));

  test('each created key is different', () =>
    withApp(null, async app => {
      const a = await createApiKey(app.deps);
      const b = await createApiKey(app.deps);
      assert.notEqual(a.key, b.key);
      assert.notEqual(a.id, b.id);
      assert.equal((await app.deps.store.apiKeys.listHashes()).length, 2);
    }));

  test('a created key and the configured key both work', () =>
    withApp(KEY, async app => {
      const { key } = await createApiKey(app.deps);
      assert.equal((await get(app, '/memories', { 'x-nmem-api-key': key })).status, 200);
      assert.equal((await get(app, '/memories', { 'x-nmem-api-key': KEY })).status, 200);
    }));
});

describe('without any key configured', () => {
  test('every request is accepted, with or without a key', () =>
    withApp(null, async app => {
      assert.equal((await get(app, '/memories')).status, 200);
      assert.equal((await post(app, '/labels?name=open')).status, 200);
      assert.equal((await get(app, '/memories', { 'x-nmem-api-key': 'anything' })).status, 200);
      assert.equal((await get(app, '/memories', { authorization: 'Bearer whatever' })).status, 200);
      assert.equal((await get(app, '/openapi.json')).status, 200);
    }));

  test('wrong keys never lock anyone out', () =>
    withApp(null, async app => {
      for (let i = 0; i < 12; i++) assert.equal((await from(app, '10.0.0.1', '/memories', { 'x-nmem-api-key': `wrong-${i}` })).status, 200);
    }));
});

describe('createAuthenticator (lockout timing, with an injected clock)', () => {
  /** A store that holds only API key digests, which is all the authenticator reads. */
  const fakeStore = (hashes: string[] = []) => ({ apiKeys: { listHashes: async () => [...hashes], insert: async () => {} } }) as unknown as Store;

  /** The HTTP status `check` answers with (200 when it lets the request through). */
  async function statusOf(promise: Promise<void>): Promise<number> {
    try {
      await promise;
      return 200;
    } catch (error) {
      assert.ok(error instanceof AppError, `check throws AppError, got ${String(error)}`);
      return error.status;
    }
  }

  function setup(apiKey: string | null = KEY, hashes: string[] = []) {
    let t = 1_000_000;
    const auth = createAuthenticator({ store: fakeStore(hashes), apiKey }, () => t);
    return {
      auth,
      advance: (ms: number) => {
        t += ms;
      },
      failTimes: async (address: string, count: number) => {
        for (let i = 0; i < count; i++) assert.equal(await statusOf(auth.check(address, 'wrong')), 401);
      },
    };
  }

  test('the right key passes and a wrong or missing key is a 401', async () => {
    const { auth } = setup();
    assert.equal(await statusOf(auth.check('a', KEY)), 200);
    assert.equal(await statusOf(auth.check('a', 'wrong')), 401);
    assert.equal(await statusOf(auth.check('a', undefined)), 401);
    assert.equal(await statusOf(auth.check('a', '')), 401);
  });

  test('the lockout lasts 10 minutes and then the right key works again', async () => {
    const { auth, advance, failTimes } = setup();
    await failTimes('a', 8);
    assert.equal(await statusOf(auth.check('a', KEY)), 429);
    advance(10 * MINUTE - 1_000);
    assert.equal(await statusOf(auth.check('a', KEY)), 429, 'still locked just before 10 minutes');
    advance(1_000);
    assert.equal(await statusOf(auth.check('a', KEY)), 200, 'open again at 10 minutes');
  });

  test('the 429 tells how many seconds remain', async () => {
    const { auth, advance, failTimes } = setup();
    await failTimes('a', 8);
    advance(4 * MINUTE);
    const error = await auth.check('a', KEY).then(
      () => assert.fail('expected a 429'),
      (e: AppError) => e,
    );
    assert.equal(error.code, 'too_many_attempts');
    assert.equal(error.extra.retry_after, 6 * 60);
  });

  test('after a lockout expires the failure count starts over', async () => {
    const { auth, advance, failTimes } = setup();
    await failTimes('a', 8);
    advance(10 * MINUTE);
    await failTimes('a', 7);
    assert.equal(await statusOf(auth.check('a', KEY)), 200);
    await failTimes('a', 1);
    assert.equal(await statusOf(auth.check('a', KEY)), 429);
  });

  test('only failures within 5 minutes count toward the 8', async () => {
    const { auth, advance, failTimes } = setup();
    await failTimes('a', 7);
    advance(5 * MINUTE);
    await failTimes('a', 1);
    assert.equal(await statusOf(auth.check('a', KEY)), 200, 'the 7 old failures have aged out');
    await failTimes('a', 6);
    assert.equal(await statusOf(auth.check('a', KEY)), 200, '7 recent failures are not enough');
    await failTimes('a', 1);
    assert.equal(await statusOf(auth.check('a', KEY)), 429);
  });

  test('8 failures spread within 5 minutes lock the address out', async () => {
    const { auth, advance, failTimes } = setup();
    for (let i = 0; i < 8; i++) {
      await failTimes('a', 1);
      advance(30_000);
    }
    assert.equal(await statusOf(auth.check('a', KEY)), 429);
  });

  test('missing keys never count, however many', async () => {
    const { auth, failTimes } = setup();
    for (let i = 0; i < 50; i++) assert.equal(await statusOf(auth.check('a', undefined)), 401);
    await failTimes('a', 7);
    assert.equal(await statusOf(auth.check('a', KEY)), 200);
  });

  test('a locked-out address does not lock out others', async () => {
    const { auth, failTimes } = setup();
    await failTimes('a', 8);
    assert.equal(await statusOf(auth.check('a', KEY)), 429);
    assert.equal(await statusOf(auth.check('b', KEY)), 200);
  });

  test('stored key digests are accepted and a key stored later takes effect without a restart', async () => {
    const stored = [hashKey('stored-key')];
    let t = 0;
    const auth = createAuthenticator({ store: fakeStore(stored), apiKey: null }, () => t);
    assert.equal(await auth.isRequired(), true);
    assert.equal(await statusOf(auth.check('a', 'stored-key')), 200);
    assert.equal(await statusOf(auth.check('a', KEY)), 401);
    stored.push(hashKey(KEY));
    t += 60_000;
    assert.equal(await statusOf(auth.check('a', KEY)), 200);
  });

  test('with no configured or stored key, auth is not required', async () => {
    const { auth } = setup(null);
    assert.equal(await auth.isRequired(), false);
  });
});

describe('a lockout says why and how to get out, is logged, and can be lifted without a restart', () => {
  test('the 429 explains itself in the interface error shape, with Retry-After', () =>
    withApp(KEY, async app => {
      await failTimes(app, '10.0.0.9', 8);
      const response = await app.server.inject({ method: 'GET', url: '/memories', headers: { 'x-nmem-api-key': KEY }, remoteAddress: '10.0.0.9' });
      assert.equal(response.statusCode, 429);
      const body = response.json();
      assert.equal(body.error_code, 'too_many_attempts');
      assert.ok(Number(response.headers['retry-after']) > 500 && Number(response.headers['retry-after']) <= 600, `Retry-After ${response.headers['retry-after']}`);
      assert.equal(body.retry_after, Number(response.headers['retry-after']));
      assert.match(body.detail, /10\.0\.0\.9/);
      assert.match(body.detail, /the right key included/);
      assert.match(body.detail, /cairn keys unlock/);
    }));

  test('each lockout is logged with the address, where the key came from and the user agent, never the key', async () => {
    const lines: string[] = [];
    let t = 5_000_000;
    const auth = createAuthenticator({ store: { apiKeys: { listHashes: async () => [] } } as unknown as Store, apiKey: KEY }, () => t, { log: line => lines.push(line) });
    for (let i = 0; i < 8; i++) await auth.check('192.0.2.7', 'secret-but-wrong', { via: 'the X-NMEM-API-Key header', userAgent: 'misconfigured-plugin/1.0' }).catch(() => {});
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /192\.0\.2\.7/);
    assert.match(lines[0]!, /X-NMEM-API-Key header/);
    assert.match(lines[0]!, /misconfigured-plugin\/1\.0/);
    assert.doesNotMatch(lines[0]!, /secret-but-wrong/);
    t += 1000;
  });

  test('an unlock asked for after the lockout lifts it; one asked for before does not', async () => {
    let t = 5_000_000;
    let unlockedAt: number | null = t - 1;
    const auth = createAuthenticator({ store: { apiKeys: { listHashes: async () => [] } } as unknown as Store, apiKey: KEY }, () => t, { unlockRequestedAt: () => unlockedAt });
    for (let i = 0; i < 8; i++) await auth.check('a', 'wrong').catch(() => {});
    await assert.rejects(auth.check('a', KEY), (e: AppError) => e.status === 429, 'an older unlock request does not lift a newer lockout');
    t += 1000;
    unlockedAt = t;
    await auth.check('a', KEY); // lifted
    await auth.check('a', 'wrong').catch(() => {});
    await auth.check('a', KEY); // and the failure count started over
  });
});

test('DELETE /auth/lockouts lifts the lockouts, for an owner calling from another address with a valid key', () =>
  withApp(KEY, async app => {
    await failTimes(app, '10.0.0.20', 8);
    assert.equal((await from(app, '10.0.0.20', '/memories', { 'x-nmem-api-key': KEY })).status, 429);
    const anonymous = await app.server.inject({ method: 'DELETE', url: '/auth/lockouts', remoteAddress: '10.0.0.21' });
    assert.equal(anonymous.statusCode, 401);
    const lifted = await app.server.inject({ method: 'DELETE', url: '/auth/lockouts', headers: { authorization: `Bearer ${KEY}` }, remoteAddress: '10.0.0.21' });
    assert.equal(lifted.statusCode, 200);
    assert.deepEqual(lifted.json(), { lifted: 1 });
    assert.equal((await from(app, '10.0.0.20', '/memories', { 'x-nmem-api-key': KEY })).status, 200);
  }));
