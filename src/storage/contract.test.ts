/**
 * The storage contract: what services may rely on, whatever the backend. One suite, run over every backend of
 * test/backends.ts (SQLite, PGlite, and a real PostgreSQL server when CAIRN_TEST_DATABASE_URL is set).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_BACKENDS } from '../../test/backends.ts';
import { atSecond, memoryRecord } from '../../test/fixtures/records.ts';
import type { LexicalQuery, MemoryRecord, SearchFilter, Store } from './ports.ts';
import { FAST_PROFILE } from '../domain/searchProfile.ts';

/** The full-text field weights memory search ranks by. */
const FIELDS = FAST_PROFILE.fields;

const at = atSecond;
/** A memory created at the second its id's number names (m3: second 3), so creation order follows the ids. */
const memory = (id: string, content: string, extra: Partial<MemoryRecord> = {}) =>
  memoryRecord(id, { content, created_at: at(Number(id.replace(/\D/g, '')) || 0), ...extra });

const filter = (extra: Partial<SearchFilter> = {}): SearchFilter => ({ space_id: 'default', states: ['active'], ...extra });
const words = (mode: LexicalQuery['mode'], ...texts: string[]): LexicalQuery => ({ mode, terms: texts.map(text => ({ text })) });

for (const backend of STORE_BACKENDS) {
  describe(`storage contract (${backend.name})`, () => {
    let store: Store;
    before(async () => {
      store = await backend.fresh();
      await store.transaction(async tx => {
        await tx.memories.insert(memory('m1', 'We deployed the billing databases to PostgreSQL on Monday', { metadata: { project: 'billing', turn: 3, ok: true } }));
        await tx.memories.insert(memory('m2', 'The dentist appointment moved to Friday afternoon'));
        await tx.memories.insert(memory('m3', 'PostgreSQL replication lag alarms fired during the deploy', { space_id: 'work' }));
        await tx.memories.insert(memory('m4', 'Forgotten note about PostgreSQL backups', { lifecycle_state: 'forgotten' }));
        await tx.memories.insert(memory('m5', '東京タワーで会議をしました'));
        await tx.memories.insert(memory('m6', 'Database deployment checklist: backups, replication, billing sign-off', { title: 'Deployment checklist' }));
      });
    });
    after(() => store.close());

    test('a memory reads back exactly as written: flags, numbers, metadata, nulls', async () => {
      const got = await store.memories.getById('m1');
      assert.deepEqual(got, memory('m1', 'We deployed the billing databases to PostgreSQL on Monday', { metadata: { project: 'billing', turn: 3, ok: true } }));
    });

    test('text sorts byte by byte, as SQLite compares it, whatever the database locale', async () => {
      const names = ['banana', 'Apple', '_under', 'Zed', 'apple pie', 'éclair'];
      for (const [i, name] of names.entries()) {
        await store.labels.insert({ id: `sort-${i}`, name, canonical_name: name.toLowerCase(), color: '', description: '', created_at: at(i), updated_at: at(i) });
      }
      const listed = (await store.labels.list({ limit: 50, offset: 0, order_by: 'name', order_desc: false })).map(l => l.name);
      assert.deepEqual(listed, ['Apple', 'Zed', '_under', 'apple pie', 'banana', 'éclair']);
    });

    test('a transaction that throws leaves nothing behind', async () => {
      await assert.rejects(
        store.transaction(async tx => {
          await tx.memories.insert(memory('gone1', 'never committed'));
          throw new Error('abort');
        }),
      );
      assert.equal(await store.memories.getById('gone1'), undefined);
    });

    test('full text matches word forms (stemming) within the space and states asked', async () => {
      const ids = (await store.search.lexical(words('any', 'database'), filter(), 10, FIELDS)).map(h => h.id).sort();
      assert.deepEqual(ids, ['m1', 'm6']);
      const work = (await store.search.lexical(words('any', 'postgresql'), filter({ space_id: 'work' }), 10, FIELDS)).map(h => h.id);
      assert.deepEqual(work, ['m3']);
      const forgotten = (await store.search.lexical(words('any', 'backups'), filter({ states: ['forgotten'] }), 10, FIELDS)).map(h => h.id);
      assert.deepEqual(forgotten, ['m4']);
    });

    test('"all" needs every word, "any" one of them, "phrase" the words in order', async () => {
      assert.deepEqual((await store.search.lexical(words('all', 'billing', 'monday'), filter(), 10, FIELDS)).map(h => h.id), ['m1']);
      assert.deepEqual((await store.search.lexical(words('any', 'dentist', 'monday'), filter(), 10, FIELDS)).map(h => h.id).sort(), ['m1', 'm2']);
      assert.deepEqual((await store.search.lexical(words('phrase', 'billing', 'databases'), filter(), 10, FIELDS)).map(h => h.id), ['m1']);
      assert.deepEqual(await store.search.lexical(words('phrase', 'databases', 'billing'), filter(), 10, FIELDS), []);
    });

    test('ranks are lower-is-better: the memory that holds the words more strongly comes first', async () => {
      const hits = await store.search.lexical(words('any', 'deployment', 'checklist'), filter(), 10, FIELDS);
      assert.equal(hits[0]?.id, 'm6');
      for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.rank <= hits[i]!.rank);
    });

    test('a prefix term matches words that begin with it; user text never becomes query syntax', async () => {
      const prefix = await store.search.lexical({ mode: 'any', terms: [{ text: 'dent', prefix: true }] }, filter(), 10, FIELDS);
      assert.deepEqual(prefix.map(h => h.id), ['m2']);
      assert.deepEqual(await store.search.lexical(words('any', '") OR (*'), filter(), 10, FIELDS), []);
      assert.deepEqual(await store.search.lexical(words('any', '  '), filter(), 10, FIELDS), []);
    });

    test('vocabulary lists indexed terms by prefix, and such a term matches as indexed', async () => {
      const terms = await store.search.vocabulary('replic', 5);
      assert.equal(terms.length, 1);
      assert.ok(terms[0]!.term.startsWith('replic'));
      assert.equal(terms[0]!.documents, 2);
      const hits = await store.search.lexical({ mode: 'any', terms: [{ text: terms[0]!.term, indexed: true }] }, filter(), 10, FIELDS);
      assert.deepEqual(hits.map(h => h.id), ['m6']);
    });

    test('CJK text is found by substring', async () => {
      assert.deepEqual((await store.search.substring('東京タワー', filter(), 10)).map(h => h.id), ['m5']);
      assert.deepEqual(await store.search.substring('大阪', filter(), 10), []);
    });

    test('metadata filters: a key present, and key=value compared as text', async () => {
      assert.deepEqual(await store.search.filterIds(['m1', 'm2'], filter({ metadata: [{ key: 'project' }] })), ['m1']);
      assert.deepEqual(await store.search.filterIds(['m1'], filter({ metadata: [{ key: 'turn', value: '3' }] })), ['m1']);
      assert.deepEqual(await store.search.filterIds(['m1'], filter({ metadata: [{ key: 'project', value: 'other' }] })), []);
      assert.deepEqual(await store.search.filterIds(['m1'], filter({ metadata: [{ key: 'ok', value: '1' }] })), ['m1']);
    });

    test('memories posted around others: the nearest each way by created_at then id, within the filter', async () => {
      const same = at(40);
      await store.transaction(async tx => {
        for (const [id, created_at, extra] of [
          ['c1', at(30), {}], ['c2', same, {}], ['c3', same, {}], ['c4', at(50), { lifecycle_state: 'archived' as const }], ['c5', at(60), {}],
          ['c6', at(45), { space_id: 'elsewhere' }],
        ] as const) {
          await tx.memories.insert(memory(id, `Ann: turn ${id} ${'x'.repeat(200)}`, { space_id: 'chats', created_at, metadata: { chat: 'k', n: Number(id[1]) }, ...extra }));
        }
      });
      const rows = await store.search.postedAround([{ id: 'c2', created_at: same }, { id: 'c5', created_at: at(60) }], filter({ space_id: 'chats' }), 2, 12);
      const around = (anchor: string) => rows.filter(r => r.anchor === anchor).map(r => r.id).sort();
      assert.deepEqual(around('c2'), ['c1', 'c3', 'c5']);
      assert.deepEqual(around('c5'), ['c2', 'c3']);
      const c1 = rows.find(r => r.id === 'c1')!;
      assert.deepEqual({ ...c1, anchor: undefined }, { anchor: undefined, id: 'c1', opening: 'Ann: turn c1', length: 213, metadata: { chat: 'k', n: 1 }, created_at: at(30), event_start: null });
      assert.deepEqual(await store.search.postedAround([], filter(), 2, 12), []);
      // Later tests count every memory of the store.
      await store.transaction(tx => tx.memories.deleteMany(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']));
    });

    test('document frequencies and term statistics count memories, not occurrences', async () => {
      const counts = await store.search.documentFrequencies(['postgresql', 'dentist', 'unheard'], filter(), 10);
      assert.deepEqual([...counts], [['postgresql', 1], ['dentist', 1], ['unheard', 0]]);
      const stats = await store.search.termStats(['postgresql']);
      assert.equal(stats.documents, 6);
      assert.equal(stats.frequency.get('postgresql'), 3);
    });

    test('the embedding queue hands out flagged memories and saves vectors only for the version embedded', async () => {
      assert.equal(await store.search.markForReindex(['m1', 'm2']), 2);
      assert.deepEqual((await store.search.pendingEmbeddings(10)).map(p => p.id), ['m1', 'm2']);
      const vector = new Float32Array([0.6, -0.8, 0.125]);
      const saved = await store.search.saveEmbeddings(
        [{ memory_id: 'm1', version: 1, vector }, { memory_id: 'm2', version: 7, vector }],
        'test-model',
        at(9),
      );
      assert.equal(saved, 1, 'm2 changed since (version 7 is not its version): it stays pending');
      assert.deepEqual((await store.search.pendingEmbeddings(10)).map(p => p.id), ['m2']);
      assert.equal(await store.vectors.count('test-model'), 1);
    });

    test('export rows carry the same columns on every backend (no backend-only column leaks out)', async () => {
      const columns = await store.rows.columns('memories');
      assert.deepEqual([...columns].sort(), Object.keys(memory('x', '')).sort());
      assert.deepEqual((await store.rows.columns('threads')).includes('seq'), false);
    });

    // PGlite serves one connection: a write beside an open snapshot would wait for it for ever.
    test('a snapshot read does not see writes committed after it began', { skip: backend.name === 'pglite' && 'PGlite has a single connection' }, async () => {
      const seen = await store.readSnapshot(async repos => {
        const before = (await repos.memories.getMany(['m1', 'late1'])).length;
        await store.memories.insert(memory('late1', 'written during the snapshot'));
        const after = (await repos.memories.getMany(['m1', 'late1'])).length;
        return { before, after };
      });
      assert.deepEqual(seen, { before: 1, after: 1 });
      assert.ok(await store.memories.getById('late1'));
    });

    test('thread messages: generated order keys, full text over messages and titles', async () => {
      const thread = {
        id: 't-pk', thread_id: 'chat-1', space_id: 'default', title: 'Planning the migration', summary: 'moving billing', source: 'test', participants: ['a'],
        project: null, workspace: null, tool_version: null, import_date: null, metadata: {}, message_count: 2, is_favorite: false, favorited_at: null,
        created_at: at(1), updated_at: at(1), last_message_at: null,
      };
      await store.threads.insert(thread);
      const message = (position: number, content: string) => ({
        id: `msg-${position}`, thread_pk: 't-pk', position, role: 'user', content, timestamp: null, metadata: {}, external_id: null,
        content_hash: `h${position}`, token_count: 3, created_at: at(position),
      });
      await store.threads.insertMessages([message(0, 'Should we migrate the invoices first?'), message(1, 'Yes, invoices then customers')]);
      const hits = await store.threadSearch.messages(words('any', 'invoice'), { space_id: 'default' }, 10);
      assert.deepEqual(hits.map(h => h.message_id).sort(), ['msg-0', 'msg-1']);
      assert.ok(hits.every(h => h.snippet.toLowerCase().includes('invoices')));
      assert.deepEqual(await store.threadSearch.count(words('any', 'customers'), { space_id: 'default' }), { messages: 1, threads: 1 });
      assert.deepEqual((await store.threadSearch.titles(words('any', 'migration'), { space_id: 'default' }, 10)).map(t => t.thread_pk), ['t-pk']);
    });
  });
}
