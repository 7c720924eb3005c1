import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../deps.ts';

/** API keys are kept only as SHA-256 digests: a key is long and random, so a slow hash adds nothing. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Creates a new API key, stores its digest, and returns the key itself: it is shown this once. */
export async function createApiKey(deps: Pick<Deps, 'store' | 'clock' | 'ids'>) {
  const key = `cairn_${randomBytes(32).toString('base64url')}`;
  const id = deps.ids.next();
  await deps.store.apiKeys.insert({ id, key_hash: hashKey(key), created_at: deps.clock.now() });
  return { id, key };
}

/** The stored API keys by id and creation time (the keys themselves are not kept). */
export async function listApiKeys(deps: Pick<Deps, 'store'>) {
  return deps.store.apiKeys.list();
}

/** Revokes a stored key (false when none has this id): a running server refuses it once it re-reads its keys, within seconds. */
export async function revokeApiKey(deps: Pick<Deps, 'store'>, id: string): Promise<boolean> {
  return deps.store.apiKeys.delete(id);
}

/** Compares digests in constant time. */
export function digestMatches(candidateDigest: string, knownDigests: string[]): boolean {
  const candidate = Buffer.from(candidateDigest, 'hex');
  let match = false;
  for (const known of knownDigests) {
    const digest = Buffer.from(known, 'hex');
    if (digest.length === candidate.length && timingSafeEqual(digest, candidate)) match = true;
  }
  return match;
}
