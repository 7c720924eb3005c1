import { readFileSync } from 'node:fs';

/**
 * People's given names of many countries (data/given-names.txt, built by scripts/build-given-names.mjs from faker's
 * person locales): evidence that a capitalised word nobody listed is a person ("a review from Hamish", "the transfer
 * to Yaw"). Read from disk on first use, not at startup. Many are English words too ("Hope", "Summer", "Chase"): the
 * callers decide whether the word is a name at all.
 */

const DATA = new URL('./data/given-names.txt', import.meta.url);
let names: Set<string> | null = null;

/** Whether a lower-case word is a given name of the list. */
export function isGivenName(lower: string): boolean {
  names ??= new Set(readFileSync(DATA, 'utf8').split('\n').filter(line => line && !line.startsWith('#')));
  return names.has(lower);
}
