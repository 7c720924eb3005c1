import { joinWords, type Word } from './words.ts';

/** A short major version after a product name belongs to it ("iOS 18", "Llama 3"); a dotted one does not. */
export const versionWord = (word: Word) => (word.number && /^\d{1,3}$/.test(word.text)) || modelNumber(word);
/**
 * A model's number after its maker's name: "Nokia 3310" (four digits, not a year), "Volvo XC40", "Airbus A350",
 * "Mazda CX-30", "Fiat 500e": letters and digits mixed, up to 8 characters.
 */
export const modelNumber = (word: Word) =>
  (/^\d{4}$/.test(word.text) && !/^(?:19|20)\d\d$/.test(word.text)) || (/^(?=.*\d)(?=.*\p{L})[\p{L}\d-]{2,8}$/u.test(word.text) && !/^\d+(?:st|nd|rd|th|s|am|pm|k|m|x|h|km|kg|gb|mb|tb)$/i.test(word.text));

const DOTTED_VERSION = /^v?\d+(?:\.\d+)+$/;
const RELEASE_NUMBER = /^v?\d+(?:\.\d+)*$/;

/**
 * The other way a product at words[from, to) is written with its release: "Python 3.12", "Ubuntu 22.04" (a dotted
 * release after the name: the product is the node, the release as written its alias); "Keras 3", "Node 20" (a number
 * the name took in: the product without it).
 */
export function releaseAlias(words: Word[], from: number, to: number): string | undefined {
  if (DOTTED_VERSION.test(words[to]?.text ?? '')) return joinWords(words, from, to + 1);
  return to - from > 1 && RELEASE_NUMBER.test(words[to - 1].text) ? joinWords(words, from, to - 1) : undefined;
}
