/**
 * Full-text ranking is the same on every backend: PostgreSQL computes bm25 as SQLite's FTS5 does (rarity, saturated
 * term counts, length normalisation, field weights), so a query ranks the same memories, thread messages and threads
 * in the same order with the same scores. The texts hold no stop words and only words both stemmers (FTS5's porter, PostgreSQL's english
 * snowball) reduce alike, so both backends count the same words and lengths.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_BACKENDS } from '../../test/backends.ts';
import { atSecond, memoryRecord } from '../../test/fixtures/records.ts';
import type { LexicalHit, LexicalQuery, SearchFilter, Store } from './ports.ts';
import { FAST_PROFILE } from '../domain/searchProfile.ts';

const CORPUS: [title: string, content: string][] = [
  ['Harbour lantern', 'lantern light harbour boats'],
  ['Market square', 'market square harbour lantern lantern lantern stalls'],
  ['River walk', 'river bridge stone garden harbour'],
  ['Garden notes', 'garden roses garden tulips garden hedges garden'],
  ['Lantern repair', 'brass lantern wick glass'],
  ['Boats', 'boats boats harbour harbour harbour river market square stalls bridge stone garden roses tulips'],
  ['Stone bridge', 'stone bridge river'],
  ['Night market', 'night market stalls lantern'],
  // The title is the content's own first line: the title is not weighed again on either backend.
  ['Quiet harbour', 'Quiet harbour\nboats moored'],
  ['Tulips', 'tulips'],
];

const QUERIES: LexicalQuery[] = [
  { mode: 'any', terms: [{ text: 'lantern' }] },
  { mode: 'any', terms: [{ text: 'harbour' }, { text: 'lantern' }] },
  { mode: 'any', terms: [{ text: 'garden' }, { text: 'tulips' }, { text: 'bridge' }] },
  { mode: 'any', terms: [{ text: 'boats' }, { text: 'market' }, { text: 'night' }] },
  { mode: 'all', terms: [{ text: 'harbour' }, { text: 'boats' }] },
];

const filter: SearchFilter = { space_id: 'default', states: ['active'] };

/** Each query's hits on one backend: memories, then thread messages, then threads by title and summary. */
async function rankings(store: Store): Promise<LexicalHit[][]> {
  const memories = await Promise.all(QUERIES.map(query => store.search.lexical(query, filter, 20, FAST_PROFILE.fields)));
  const messages = await Promise.all(
    QUERIES.map(async query => (await store.threadSearch.messages(query, { space_id: 'default' }, 20)).map(h => ({ id: h.message_id, rank: h.rank }))),
  );
  const threads = await Promise.all(
    QUERIES.map(async query => (await store.threadSearch.titles(query, { space_id: 'default' }, 20)).map(h => ({ id: h.thread_pk, rank: h.rank }))),
  );
  return [...memories, ...messages, ...threads];
}

/** The corpus again as one thread's messages, and as threads (title, summary). */
async function insertThreads(store: Store): Promise<void> {
  for (const [i, [title, content]] of CORPUS.entries()) {
    await store.threads.insert({
      id: `t${i}`, thread_id: `chat-${i}`, space_id: 'default', title, summary: content, source: 'test', participants: [], project: null,
      workspace: null, tool_version: null, import_date: null, metadata: {}, message_count: i === 0 ? CORPUS.length : 0, is_favorite: false,
      favorited_at: null, created_at: atSecond(i), updated_at: atSecond(i), last_message_at: null,
    });
  }
  await store.threads.insertMessages(
    CORPUS.map(([, content], position) => ({
      id: `msg${position}`, thread_pk: 't0', position, role: 'user', content, timestamp: null, metadata: {}, external_id: null,
      content_hash: `h${position}`, token_count: 5, created_at: atSecond(position),
    })),
  );
}

const results = new Map<string, LexicalHit[][]>();

for (const backend of STORE_BACKENDS) {
  describe(`bm25 (${backend.name})`, () => {
    let store: Store;
    before(async () => {
      store = await backend.fresh();
      await store.transaction(async tx => {
        for (const [i, [title, content]] of CORPUS.entries()) await tx.memories.insert(memoryRecord(`p${i}`, { title, content }));
      });
      await insertThreads(store);
      results.set(backend.name, await rankings(store));
    });
    after(() => store.close());

    test('a title occurrence weighs more, a rare word more than a common one, and a word in half the memories nothing', async () => {
      const [lantern, harbourLantern, , boatsMarketNight] = results.get(backend.name)!;
      const ids = (hits: LexicalHit[]) => hits.map(h => h.id);
      // p4 and p7 are both six words long, each with "lantern" once in its content; p4 has it in its title too.
      assert.ok(ids(lantern!).indexOf('p4') < ids(lantern!).indexOf('p7'));
      // "night" is in one memory: p7 ranks above p5, which holds "boats" twice and "market" once.
      assert.equal(boatsMarketNight![0]!.id, 'p7');
      // "harbour" is in five of the ten: its rarity is at bm25's floor, so the memories holding "lantern" rank as before.
      assert.deepEqual(ids(harbourLantern!).slice(0, 4), ids(lantern!));
    });

    // PGlite (in tests only) fails on a statement this large ("unnamed prepared statement does not exist").
    test('a query of thousands of distinct words is ranked, not refused', { skip: backend.name === 'pglite' }, async () => {
      const letters = 'bcdfghjklmnpqrstvwxz';
      const many = Array.from({ length: 2_000 }, (_, i) => `q${letters[i % 20]}${letters[Math.floor(i / 20) % 20]}${letters[Math.floor(i / 400)]}`);
      const query: LexicalQuery = { mode: 'any', terms: [...many, 'lantern'].map(text => ({ text })) };
      assert.ok((await store.search.lexical(query, filter, 10, FAST_PROFILE.fields)).some(h => h.id === 'p4'));
      assert.ok((await store.threadSearch.messages(query, { space_id: 'default' }, 10)).length > 0);
      assert.ok((await store.search.termStats(many)).frequency.size === many.length);
    });

    if (backend.name !== 'sqlite') {
      test('ranks the same memories, messages and threads in the same order, with the same scores, as SQLite', async t => {
        const sqlite = results.get('sqlite');
        if (!sqlite) return t.skip('SQLite ran in another process');
        const here = results.get(backend.name)!;
        for (const [i, query] of [...QUERIES, ...QUERIES, ...QUERIES].entries()) {
          const words = `${['memories', 'messages', 'threads'][Math.floor(i / QUERIES.length)]}: ${query.terms.map(term => term.text).join(' ')}`;
          assert.deepEqual(here[i]!.map(h => h.id), sqlite[i]!.map(h => h.id), `the order for "${words}"`);
          for (const [j, hit] of here[i]!.entries()) {
            const expected = sqlite[i]![j]!.rank;
            assert.ok(Math.abs(hit.rank - expected) <= 1e-4 * Math.abs(expected), `"${words}" ${hit.id}: ${hit.rank} against ${expected}`);
          }
        }
      });
    }
  });
}
