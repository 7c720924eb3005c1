import type { RetryPolicy } from '../backendAdapter.ts';

/**
 * Transactions that lost a race on PostgreSQL (READ COMMITTED, several processes) and are worth running again: a
 * unique key another transaction took first (23505: the retry reads that row and takes the update path, or answers
 * the 409 it would have answered one after the other), a row referred to that another transaction deleted meanwhile
 * (23503: the retry finds it gone and answers 404, or makes it anew), a serialization failure (40001) or a deadlock
 * (40P01). SQLite, with one writer, never raises them.
 */
const RETRYABLE = new Set(['23505', '23503', '40001', '40P01']);

export const RETRY_ATTEMPTS = 6;

export function isRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RETRYABLE.has(String((error as { code?: unknown }).code));
}

/** A short random wait before attempt `attempt` + 1, growing with each attempt, so racers do not collide again in step. */
export function retryDelayMs(attempt: number): number {
  return Math.random() * 10 * 2 ** Math.min(attempt, 5);
}

/** PostgreSQL's retry policy (BackendAdapter.retry): the races above, RETRY_ATTEMPTS runs at most. */
export const POSTGRES_RETRY: RetryPolicy = { retryable: isRetryable, attempts: RETRY_ATTEMPTS, delayMs: retryDelayMs };

/** Runs `work`, running it again (after a short random wait) when it fails with an error the policy retries, up to its attempts. */
export async function withRetries<T>(work: () => Promise<T>, policy: RetryPolicy = POSTGRES_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= policy.attempts || !policy.retryable(error)) throw error;
      await new Promise(resolve => setTimeout(resolve, policy.delayMs(attempt)));
    }
  }
}
