/** SQLSTATEs after which the whole transaction may simply run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 12;

export const isRetryable = (error: unknown) => RETRYABLE.has((error as { code?: string } | null)?.code ?? '');

/**
 * Runs a transaction, again when PostgreSQL aborted it to keep SERIALIZABLE's promise (the outcome of some order of
 * the concurrent transactions): what SQLite's single writer gives for free. Waits grow, with jitter, so retries of
 * colliding transactions spread out.
 */
export async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isRetryable(error) || attempt >= ATTEMPTS) throw error;
      await new Promise(resolve => setTimeout(resolve, Math.random() * Math.min(500, 5 * 2 ** attempt)));
    }
  }
}
