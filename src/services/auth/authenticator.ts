import { tooManyAttempts, unauthorized } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { digestMatches, hashKey } from './keys.ts';

const MAX_FAILURES = 8;
const FAILURE_WINDOW_MS = 5 * 60_000;
const LOCKOUT_MS = 10 * 60_000;
/** Stored key digests are re-read this often, so a key made by `cairn keys create` takes effect without a restart. */
const KEY_CACHE_MS = 5_000;

export interface Authenticator {
  /** Whether any key is configured, so that requests must carry one. */
  isRequired(): Promise<boolean>;
  /** Throws 429 while the address is locked out, 401 for a missing or wrong key. */
  check(address: string, key: string | undefined): Promise<void>;
}

/**
 * Checks API keys (the configured one and the stored ones) and locks out an address after
 * 8 wrong keys within 5 minutes, for 10 minutes. A missing key is refused but not counted.
 */
export function createAuthenticator(deps: Pick<Deps, 'store' | 'apiKey'>, now: () => number = Date.now): Authenticator {
  const failures = new Map<string, number[]>();
  const lockedUntil = new Map<string, number>();
  let cache: { digests: string[]; at: number } | null = null;

  async function knownDigests() {
    if (!cache || now() - cache.at > KEY_CACHE_MS) {
      const stored = await deps.store.apiKeys.listHashes();
      cache = { digests: deps.apiKey ? [hashKey(deps.apiKey), ...stored] : stored, at: now() };
    }
    return cache.digests;
  }

  function recordFailure(address: string) {
    const t = now();
    const recent = (failures.get(address) ?? []).filter(at => t - at < FAILURE_WINDOW_MS);
    recent.push(t);
    if (recent.length >= MAX_FAILURES) {
      lockedUntil.set(address, t + LOCKOUT_MS);
      failures.delete(address);
    } else {
      failures.set(address, recent);
    }
  }

  return {
    async isRequired() {
      return (await knownDigests()).length > 0;
    },
    async check(address, key) {
      const until = lockedUntil.get(address);
      if (until !== undefined) {
        if (now() < until) throw tooManyAttempts(Math.ceil((until - now()) / 1000));
        lockedUntil.delete(address);
      }
      if (!key) throw unauthorized();
      if (!digestMatches(hashKey(key), await knownDigests())) {
        recordFailure(address);
        throw unauthorized();
      }
    },
  };
}
