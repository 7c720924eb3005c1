import { tooManyAttempts, unauthorized } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { digestMatches, hashKey } from './keys.ts';

const MAX_FAILURES = 8;
const FAILURE_WINDOW_MS = 5 * 60_000;
const LOCKOUT_MS = 10 * 60_000;
/** Stored key digests are re-read this often, so a key made by `cairn keys create` takes effect without a restart. */
const KEY_CACHE_MS = 5_000;

/** Who presented a key, for the log line of a lockout (never the key itself). */
export interface KeyOrigin {
  /** Which header or parameter carried the key. */
  via?: string;
  userAgent?: string;
  /** A key the server kept itself (a /docs session): a wrong one ends the session, it does not count toward a lockout. */
  uncounted?: boolean;
}

export interface Authenticator {
  /** Whether any key is configured, so that requests must carry one. */
  isRequired(): Promise<boolean>;
  /** Throws 429 while the address is locked out, 401 for a missing or wrong key. */
  check(address: string, key: string | undefined, origin?: KeyOrigin): Promise<void>;
  /** Lifts every lockout now; returns how many addresses were locked out. */
  unlockAll(): number;
}

export interface AuthenticatorOptions {
  /** Where lockouts are reported (the server's log). */
  log?: (message: string) => void;
  /** When the owner last asked to lift lockouts (`cairn keys unlock`); lockouts made before then are lifted. */
  unlockRequestedAt?: () => number | null;
}

/**
 * Checks API keys (the configured one and the stored ones) and locks out an address after 8 wrong keys within
 * 5 minutes, for 10 minutes, as the original product does. A missing key is refused but not counted. Each lockout is
 * logged (address, where the key came from, user agent), and the owner can lift lockouts without a restart.
 */
export function createAuthenticator(deps: Pick<Deps, 'store' | 'apiKey'>, now: () => number = Date.now, options: AuthenticatorOptions = {}): Authenticator {
  const failures = new Map<string, number[]>();
  const lockouts = new Map<string, { at: number; until: number }>();
  let cache: { digests: string[]; at: number } | null = null;

  async function knownDigests() {
    if (!cache || now() - cache.at > KEY_CACHE_MS) {
      const stored = await deps.store.apiKeys.listHashes();
      cache = { digests: deps.apiKey ? [hashKey(deps.apiKey), ...stored] : stored, at: now() };
    }
    return cache.digests;
  }

  function recordFailure(address: string, origin: KeyOrigin) {
    const t = now();
    const recent = (failures.get(address) ?? []).filter(at => t - at < FAILURE_WINDOW_MS);
    recent.push(t);
    if (recent.length >= MAX_FAILURES) {
      lockouts.set(address, { at: t, until: t + LOCKOUT_MS });
      failures.delete(address);
      options.log?.(
        `API key lockout: ${address} sent ${MAX_FAILURES} wrong API keys within ${FAILURE_WINDOW_MS / 60_000} minutes ` +
          `(key in ${origin.via ?? 'an unknown place'}, user agent ${JSON.stringify((origin.userAgent ?? '').slice(0, 200))}); ` +
          `every request from it is refused for ${LOCKOUT_MS / 60_000} minutes. Fix the key that client sends; \`cairn keys unlock\` lifts the lockout now.`,
      );
    } else {
      failures.set(address, recent);
    }
  }

  /** The lockout in force for the address, after lifting those the owner asked to lift. */
  function lockoutOf(address: string) {
    const lockout = lockouts.get(address);
    if (!lockout) return null;
    const unlockedAt = options.unlockRequestedAt?.() ?? null;
    if (unlockedAt !== null && unlockedAt >= lockout.at) {
      const lifted = api.unlockAll();
      options.log?.(`API key lockouts lifted for ${lifted} address(es): \`cairn keys unlock\` asked for it`);
      return null;
    }
    if (now() >= lockout.until) {
      lockouts.delete(address);
      return null;
    }
    return lockout;
  }

  const api: Authenticator = {
    async isRequired() {
      return (await knownDigests()).length > 0;
    },
    async check(address, key, origin = {}) {
      const lockout = lockoutOf(address);
      if (lockout) throw tooManyAttempts(address, Math.ceil((lockout.until - now()) / 1000));
      if (!key) throw unauthorized();
      if (!digestMatches(hashKey(key), await knownDigests())) {
        if (!origin.uncounted) recordFailure(address, origin);
        throw unauthorized();
      }
    },
    unlockAll() {
      const count = lockouts.size;
      lockouts.clear();
      failures.clear();
      return count;
    },
  };
  return api;
}
