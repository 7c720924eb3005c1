import { openGazetteerListsPlace } from './openGazetteer.ts';
import type { Word } from './words.ts';

/**
 * Names typed by the names beside them, after each was typed alone (names.ts): names joined in a list are of one kind,
 * a route's two ends are places, and a name after a place and a comma, ending the list, is the place's region.
 */

/** A name found in a sentence (names.ts), typed. */
export interface NameChunk {
  name: string;
  type: string;
  confidence: number;
  /** Index of the chunk's first word in the sentence. */
  word: number;
  /** Index after the chunk's last word. */
  endWord: number;
  /** What the name was written as when an honorific was dropped ("Dr. Okafor"). */
  alias?: string;
}

/** Names joined by "and", "&", "or" or a comma are of one kind: "Jordi and Nuria", "Lars and Mette". */
export function coordinate(words: Word[], chunks: NameChunk[]): void {
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < chunks.length; i++) {
      if (chunks[i].type !== 'other') continue;
      for (const j of [i - 1, i + 1]) {
        const [a, b] = j < i ? [chunks[j], chunks[i]] : [chunks[i], chunks[j]];
        if (!a || !b || chunks[j].type === 'other' || chunks[j].confidence < 0.6) continue;
        const between = words.slice(a.endWord, b.word).map(w => w.lower).join(' ');
        // A comma joins a list, but not an interjection opening the sentence to a name ("Woah, Caroline").
        const list = between === ',' && a.word > words.findIndex(w => !w.punct);
        if (/^(?:and|&|or|, and)$/.test(between) || list) {
          Object.assign(chunks[i], { type: chunks[j].type, confidence: 0.6 });
          break;
        }
      }
    }
  }
  // "their Leeds and Bradford clinics": a surname that is also a listed town, joined to a sure place, is the town.
  for (let i = 0; i + 1 < chunks.length; i++) {
    const [a, b] = [chunks[i], chunks[i + 1]];
    if (!/^(?:and|&|or)$/.test(words.slice(a.endWord, b.word).map(w => w.lower).join(' '))) continue;
    const [place, other] = a.type === 'location' ? [a, b] : [b, a];
    if (place.type === 'location' && place.confidence >= 0.8 && other.type === 'person' && other.confidence <= 0.8 && !other.alias && openGazetteerListsPlace(other.name.toLowerCase())) {
      Object.assign(other, { type: 'location', confidence: 0.8 });
    }
  }
}

/** What joins a route's two ends: "from Kandy to Ella", "from Florence up to Fiesole". */
const ROUTE_BETWEEN = /^(?:(?:up|down|over|on|back|out|across|round) )?to$/;

/**
 * A route's two ends are places: where one end is a place, the other is a place too, not the person its name could
 * be, if the rules are sure of the first or a gazetteer lists the second ("the train from Kandy to Ella", "from
 * Florence up to Fiesole").
 */
export function routes(words: Word[], chunks: NameChunk[]): void {
  for (let i = 0; i + 1 < chunks.length; i++) {
    const [a, b] = [chunks[i], chunks[i + 1]];
    if (words[a.word - 1]?.lower !== 'from' || !ROUTE_BETWEEN.test(words.slice(a.endWord, b.word).map(w => w.lower).join(' '))) continue;
    const [place, other] = a.type === 'location' ? [a, b] : [b, a];
    const otherIsPlace = place.confidence >= 0.8 || openGazetteerListsPlace(other.name.toLowerCase());
    if (place.type === 'location' && otherIsPlace && other.type === 'person' && other.confidence <= 0.8 && !other.alias) {
      Object.assign(other, { type: 'location', confidence: 0.8 });
    }
  }
}

/**
 * "in Ekurhuleni, Gauteng", "Milwaukee, Wisconsin.": a name set after a place by a comma, ending the list, is the
 * place's region, where nothing surer reads it as someone or something else.
 */
export function regions(words: Word[], chunks: NameChunk[]): void {
  for (let i = 0; i + 1 < chunks.length; i++) {
    const [place, region] = [chunks[i], chunks[i + 1]];
    if (place.type !== 'location' || words.slice(place.endWord, region.word).map(w => w.text).join(' ') !== ',') continue;
    const next = words[region.endWord];
    const endsList = !next || (next.punct && next.text !== ',') || (next.text === ',' && !words[region.endWord + 1]?.cap);
    if (endsList && region.confidence <= 0.6 && (region.type === 'location' || region.type === 'other')) Object.assign(region, { type: 'location', confidence: 0.9 });
  }
}

