/**
 * Entity-extraction benchmark for the offline (rules) extractor:
 *  1. speed: memories/s over every LoCoMo dev turn (/work/shared/bench/locomo/*.json), and entities per memory;
 *  2. quality: entity precision and recall on the hand-labelled sentences of bench/fixtures/entities.json
 *     (people, organisations, places, products, dates), named entities and dates reported apart, and on a smaller
 *     held-out set (entities-heldout.json) written later and never used while writing the rules; and on everyday
 *     notes, work logs and chats (entities-notes.txt, with events), two thirds used to tune the typing rules
 *     ("notes-tuning") and every third sentence held out from tuning ("notes-heldout"); entities-fresh.txt
 *     ("notes-fresh", held out until the typing model was trained on it); and the fresh held-out set entities-fresh2.txt
 *     ("notes-fresh2", written without reading the extractor's rules or lists, mostly real-world long-tail names) and
 *     entities-fresh3.txt ("notes-fresh3", the same, written blind to the code by another annotator) and
 *     entities-fresh4.txt ("notes-fresh4", the same, by a third annotator), entities-fresh5.txt ("notes-fresh5", by a
 *     fourth), entities-fresh6.txt ("notes-fresh6", by a fifth) and so on to entities-fresh10.txt (by a ninth);
 *  3. cost on the write path: POST /memories (in-process, Fastify inject) with CAIRN_EXTRACTOR=rules against none.
 *
 * A predicted entity matches a labelled one when their match keys are equal (case, accents and punctuation do not
 * count, a leading "the" neither: domain/entity.ts), by name or by one of its aliases (a resolved relative date keeps
 * what was written as its alias). Types are not needed to match; typed accuracy is reported separately, with
 * technology and product counted as one class.
 *
 *   npm run bench -- extract [--passes 3] [--creates 2000] [--heldout 1] [--model 1] [--verbose]
 *   (--verbose: the tuning sets' errors; --model 0: the rules alone, without the learned typing layer)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { entityKey } from '../src/domain/entity.ts';
import { createApp } from '../src/main.ts';
import { openGazetteerSize } from '../src/providers/extractor/openGazetteer.ts';
import { extractWithRules } from '../src/providers/extractor/rules.ts';
import { replaceTypingModel } from '../src/providers/extractor/typingModel.ts';
import type { ExtractedEntity } from '../src/providers/ports.ts';
import { formatTable, numericOptions, REPO_ROOT } from './lib.ts';

const LOCOMO_DIR = '/work/shared/bench/locomo';
const FIXTURE = join(REPO_ROOT, 'bench/fixtures/entities.json');
const HELD_OUT = join(REPO_ROOT, 'bench/fixtures/entities-heldout.json');
const NOTES = join(REPO_ROOT, 'bench/fixtures/entities-notes.txt');
const FRESH = join(REPO_ROOT, 'bench/fixtures/entities-fresh.txt');
/** The blind sets, entities-fresh2.txt … entities-fresh39.txt, each written by another annotator ("notes-fresh2" …). */
const FRESH_NUMBERS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39];
/** The blind sets the typing model trains on once measured (scripts/build-typing-model.ts): their scores are training scores. */
export const TRAINED_FRESH = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 31, 33, 35, 38]);
export const freshFile = (n: number) => join(REPO_ROOT, `bench/fixtures/entities-fresh${n}.txt`);
const TYPING_DIR = join(REPO_ROOT, 'bench/fixtures/typing');
/** Every typing training file, bench/fixtures/typing/train-*.txt, sorted: a new file is trained on and scored without code changes. */
export const typingTrainingFiles = (): string[] =>
  readdirSync(TYPING_DIR).filter(file => /^train-.*\.txt$/.test(file)).sort().map(file => join(TYPING_DIR, file));
const NAMED = new Set(['person', 'organization', 'location', 'product', 'event']);
const UNLABELLED = new Set(['money', 'url', 'email']);
const REFERENCE_TIME = '2024-06-15T12:00:00.000Z';

export interface Labelled {
  text: string;
  entities: { name: string; type: string }[];
}

/** A notes file: one sentence a line, "text | Name=type; Name=type"; lines starting with "#" are comments. */
export function readNotes(path: string): Labelled[] {
  const lines = readFileSync(path, 'utf8').split('\n').filter(line => line.trim() && !line.startsWith('#'));
  return lines.map(line => {
    const [text, labels = ''] = line.split(' | ');
    const entities = labels.split(';').map(l => l.trim()).filter(Boolean).map(l => {
      const at = l.lastIndexOf('=');
      return { name: l.slice(0, at).trim(), type: l.slice(at + 1).trim() };
    });
    return { text: text.trim(), entities };
  });
}

/**
 * The notes sets: entities-notes.txt, every third line held out from tuning; entities-fresh.txt, written later in
 * one sitting before that round's rules changed (a training file of the typing model since); and entities-fresh2.txt,
 * written without reading the extractor's rules or word lists (its per-name errors read once, for the typing layer's
 * sixth round: no longer blind); and
 * entities-fresh3.txt, written the same way by another annotator blind to the code (its per-name errors read once, for
 * the typing layer's seventh round: no longer blind); entities-fresh4.txt, written the same way by a third
 * annotator (its per-name errors read once, for the eighth round: no longer blind); entities-fresh5.txt, written
 * the same way by a fourth, entities-fresh6.txt by a fifth and entities-fresh7.txt by a sixth (their per-name errors
 * read for the tenth round: no longer blind); entities-fresh8.txt by a seventh (written for the tenth round and its
 * errors read in it), entities-fresh9.txt by an eighth (its totals read once after the round's first half, then its
 * errors read) and entities-fresh10.txt by a ninth (only its totals read, once, after the tenth round). The typing
 * model trains on fresh2 to fresh9 since the tenth round, so their type accuracy is a training score.
 */
export function notesSets(): { name: string; sentences: Labelled[] }[] {
  const sentences = readNotes(NOTES);
  return [
    { name: 'notes-tuning', sentences: sentences.filter((_, i) => i % 3 !== 2) },
    { name: 'notes-heldout', sentences: sentences.filter((_, i) => i % 3 === 2) },
    { name: 'notes-fresh', sentences: readNotes(FRESH) },
    ...FRESH_NUMBERS.map(n => ({ name: `notes-fresh${n}${TRAINED_FRESH.has(n) ? ' (trained on)' : ''}`, sentences: readNotes(freshFile(n)) })),
    // The typing model's training sentences (scripts/build-typing-model.ts): a training score, not a measure of generalisation.
    { name: 'typing-train (training score)', sentences: typingTrainingFiles().flatMap(path => readNotes(path)) },
  ];
}

function locomoTurns(): string[] {
  const turns: string[] = [];
  for (const file of readdirSync(LOCOMO_DIR).filter(f => f.endsWith('.json')).sort()) {
    const conversation = JSON.parse(readFileSync(join(LOCOMO_DIR, file), 'utf8')) as Record<string, unknown>;
    const sessions = (conversation.conversation ?? conversation) as Record<string, unknown>;
    for (const [key, value] of Object.entries(sessions)) {
      if (/^session_\d+$/.test(key) && Array.isArray(value)) for (const turn of value as { text?: string }[]) if (turn.text) turns.push(turn.text);
    }
  }
  return turns;
}

/** Product and technology are one class for scoring; everything else by its own name. */
const scoringType = (type: string) => (type === 'technology' ? 'product' : type);

const keysOf = (entity: ExtractedEntity) => [entity.name, ...(entity.aliases ?? [])].map(entityKey);

export interface Tally {
  predicted: number;
  gold: number;
  truePositives: number;
  typedRight: number;
  misses: string[];
  spurious: string[];
  mistyped: string[];
}

export const emptyTally = (): Tally => ({ predicted: 0, gold: 0, truePositives: 0, typedRight: 0, misses: [], spurious: [], mistyped: [] });

/** Scores one sentence into the named-entity and date tallies. */
export function score(sentence: Labelled, predicted: ExtractedEntity[], named: Tally, dates: Tally) {
  for (const [tally, isGold, isPredicted] of [
    [named, (t: string) => NAMED.has(t), (t: string) => t !== 'date' && !UNLABELLED.has(t)],
    [dates, (t: string) => t === 'date', (t: string) => t === 'date'],
  ] as const) {
    const gold = sentence.entities.filter(e => isGold(e.type));
    const guesses = predicted.filter(e => isPredicted(scoringType(e.entity_type)));
    tally.gold += gold.length;
    tally.predicted += guesses.length;
    const matchedGuesses = new Set<ExtractedEntity>();
    for (const g of gold) {
      const guess = guesses.find(p => !matchedGuesses.has(p) && keysOf(p).includes(entityKey(g.name)));
      if (!guess) {
        tally.misses.push(`${g.name} (${g.type})`);
        continue;
      }
      matchedGuesses.add(guess);
      tally.truePositives++;
      if (scoringType(guess.entity_type) === g.type) tally.typedRight++;
      else tally.mistyped.push(`${g.name} (${guess.entity_type}, not ${g.type})`);
    }
    for (const p of guesses) if (!matchedGuesses.has(p)) tally.spurious.push(`${p.name} (${p.entity_type})`);
  }
}

const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(3));

async function writePathRate(extractor: string, turns: string[], count: number): Promise<number> {
  const config = { ...loadConfig({ dataDir: '/tmp/cairn-bench-unused' }, {}), databasePath: ':memory:', logLevel: 'silent', extractor };
  const app = await createApp(config);
  const create = async (i: number) => {
    const response = await app.server.inject({ method: 'POST', url: '/memories', payload: { content: turns[i % turns.length] } });
    if (response.statusCode !== 200) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  };
  try {
    for (let i = 0; i < Math.min(200, count); i++) await create(count + i); // warm-up: JIT, statement cache, models
    const started = performance.now();
    for (let i = 0; i < count; i++) await create(i);
    return count / ((performance.now() - started) / 1000);
  } finally {
    await app.close();
  }
}

export default async function run(argv: string[]) {
  const verbose = argv.includes('--verbose') || Boolean(process.env.BENCH_VERBOSE);
  const options = numericOptions(argv.filter(a => a !== '--verbose'), { passes: 3, creates: 2000, heldout: 1, model: 1 });
  // --model 0: the rules alone, without the learned typing layer (typingModel.ts), for before/after in one sitting.
  if (!options.model) replaceTypingModel(null);
  const turns = locomoTurns();
  if (turns.length === 0) throw new Error(`no LoCoMo turns found in ${LOCOMO_DIR}`);

  // The open-data gazetteer is read on first use: its load is timed alone, with the heap it adds.
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStarted = performance.now();
  const gazetteerNames = openGazetteerSize();
  const gazetteerMs = performance.now() - loadStarted;
  const gazetteerHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

  // Speed: one warm-up pass (loads the wink model, warms the JIT), then timed passes.
  let entities = 0;
  let relations = 0;
  for (const text of turns) extractWithRules({ text, reference_time: REFERENCE_TIME });
  const started = performance.now();
  for (let pass = 0; pass < options.passes; pass++) {
    for (const text of turns) {
      const extraction = extractWithRules({ text, reference_time: REFERENCE_TIME });
      if (pass === 0) {
        entities += extraction.entities.length;
        relations += extraction.relationships.length;
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = (turns.length * options.passes) / seconds;

  // Quality on the labelled sentences: the main set, then the held-out set (never used while writing the rules).
  const fixtures = [FIXTURE, ...(options.heldout ? [HELD_OUT] : [])].map(path => ({
    name: basename(path),
    sentences: (JSON.parse(readFileSync(path, 'utf8')) as { sentences: Labelled[] }).sentences,
  }));
  const sets = [...fixtures, ...notesSets()].map(({ name, sentences }) => {
    const named = emptyTally();
    const dates = emptyTally();
    for (const sentence of sentences) score(sentence, extractWithRules({ text: sentence.text, reference_time: REFERENCE_TIME }).entities, named, dates);
    return { name, size: sentences.length, named, dates };
  });

  console.log(`Offline (rules) extractor on ${turns.length} LoCoMo turns × ${options.passes} passes, and ${sets.map(s => `${s.size} labelled sentences (${s.name})`).join(' + ')}\n`);
  console.log(
    formatTable([
      ['measure', 'value'],
      ['memories/s (extractor alone)', rate.toFixed(0)],
      ['ms per memory', ((seconds * 1000) / (turns.length * options.passes)).toFixed(3)],
      ['entities per memory (LoCoMo)', (entities / turns.length).toFixed(2)],
      ['relations per memory (LoCoMo)', (relations / turns.length).toFixed(2)],
      ['open gazetteer: names / first load ms / heap MB', `${gazetteerNames} / ${gazetteerMs.toFixed(0)} / ${gazetteerHeapMb.toFixed(1)}`],
    ]),
  );
  console.log('');
  console.log(
    formatTable([
      ['labelled set', 'gold', 'predicted', 'correct', 'precision', 'recall', 'F1', 'type accuracy'],
      ...sets.flatMap(set => [
        [`${set.name}: named entities`, set.named],
        [`${set.name}: dates`, set.dates],
      ] as const).map(([name, t]) => {
        const p = t.truePositives / t.predicted;
        const r = t.truePositives / t.gold;
        return [name, String(t.gold), String(t.predicted), String(t.truePositives), ratio(t.truePositives, t.predicted), ratio(t.truePositives, t.gold), ((2 * p * r) / (p + r)).toFixed(3), ratio(t.typedRight, t.truePositives)];
      }),
    ]),
  );
  if (verbose) {
    // Per-name errors of the tuning sets only: held-out sets (notes-heldout, notes-fresh, notes-fresh2, the held-out
    // JSON) are read by their totals, so they stay unseen.
    for (const { name, named, dates } of sets.filter(set => !/heldout|fresh/.test(set.name))) {
      console.log(`\n${name}\nmistyped: ${named.mistyped.join(', ')}\nmissed: ${named.misses.join(', ')}\nspurious: ${named.spurious.join(', ')}\ndates missed: ${dates.misses.join(', ')}\ndates spurious: ${dates.spurious.join(', ')}`);
    }
  }

  if (options.creates > 0) {
    const without = await writePathRate('none', turns, options.creates);
    const withRules = await writePathRate('rules', turns, options.creates);
    console.log('');
    console.log(
      formatTable([
        ['POST /memories (in-process, sequential)', 'creates/s'],
        ['CAIRN_EXTRACTOR=rules', withRules.toFixed(0)],
        ['CAIRN_EXTRACTOR=none', without.toFixed(0)],
      ]),
    );
  }
}
