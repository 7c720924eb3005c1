import { createHash } from 'node:crypto';
import type { Embedder } from '../ports.ts';

/** Words and character trigrams of the lower-cased text: near spellings share most of their features. */
function features(text: string): string[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  const words = normalized.match(/[\p{L}\p{N}]+/gu) ?? [];
  const grams: string[] = [];
  for (const word of words) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.push(`g:${padded.slice(i, i + 3)}`);
  }
  return [...words.map(w => `w:${w}`), ...grams];
}

function bucket(feature: string, dimensions: number): { index: number; sign: number } {
  const digest = createHash('md5').update(feature).digest();
  return { index: digest.readUInt32LE(0) % dimensions, sign: digest[4]! & 1 ? 1 : -1 };
}

/**
 * A deterministic feature-hashing embedder (words + character trigrams). It knows no meaning, only spelling,
 * so it serves tests and as the last offline fallback; real models sit behind the same port.
 */
export function createHashEmbedder(dimensions = 256): Embedder {
  return {
    provider: 'hash',
    model: `hash-${dimensions}`,
    dimensions,
    unrelatedCosine: 0.3, // texts share common trigrams ("ing", "the") by chance
    async embed(texts) {
      return texts.map(text => {
        const vector = new Float32Array(dimensions);
        for (const feature of features(text)) {
          const { index, sign } = bucket(feature, dimensions);
          vector[index] += sign;
        }
        let norm = 0;
        for (const v of vector) norm += v * v;
        norm = Math.sqrt(norm);
        if (norm > 0) for (let i = 0; i < dimensions; i++) vector[i] /= norm;
        return vector;
      });
    },
  };
}
