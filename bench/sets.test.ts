import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseQualityArgs, qualityReport, qualityTable } from './quality.ts';
import { runSet, summarize } from './retrieval.ts';
import { chatUnits, loadSet, publicSetDir, SET_NAMES, setAvailable } from './sets.ts';

const CAIRN_TURN_KEYS = ['speaker', 'dia_id', 'session_id', 'turn'];

test('the chats set (when on this machine): 1,000+ messages in 10+ conversations of 7+ days, 90+ questions whose evidence messages exist', t => {
  if (!setAvailable('chats')) return t.skip('the chats data is not on this machine (docs/benchmark-sets.md)');
  const set = loadSet('chats');
  const groups = new Set(set.units.map(u => u.group));
  assert.ok(set.units.length >= 1000, `${set.units.length} messages`);
  assert.ok(groups.size >= 10, `${groups.size} conversations`);
  for (const group of groups) {
    const days = new Set(set.units.filter(u => u.group === group).map(u => String(u.body.event_start).slice(0, 10)));
    assert.ok(days.size >= 7, `${group} spans ${days.size} days`);
  }
  assert.ok(set.questions.length >= 90, `${set.questions.length} questions`);
  const keys = new Set(set.units.map(u => `${u.group}#${u.key}`));
  assert.equal(keys.size, set.units.length, 'message numbers are unique within a conversation');
  for (const q of set.questions) {
    assert.ok(q.relevant.length >= 1, `"${q.query}" names its evidence`);
    for (const key of q.relevant) assert.ok(keys.has(`${q.group}#${key}`), `"${q.query}": message ${key} is in ${q.group}`);
  }
});

test('chat messages are posted as a chat client stores them: "Name: text", dated, in order, with its own metadata keys', () => {
  const units = chatUnits([
    { conversation: 'John Zhang', msg: 1, date: '2023-04-27', author: 'John Zhang', text: 'Hi, my name is John Zhang.' },
    { conversation: 'John Zhang', msg: 2, date: '2023-04-27', author: 'AI companion', text: 'Hi John Zhang.' },
    { conversation: 'John Zhang', msg: 3, date: '2023-04-28', author: 'John Zhang', text: 'Good morning.' },
  ]);
  assert.deepEqual(
    units.map(u => [u.group, u.body.content, u.body.event_start]),
    [
      ['chat-john-zhang', 'John Zhang: Hi, my name is John Zhang.', '2023-04-27T09:00:00.000Z'],
      ['chat-john-zhang', 'AI companion: Hi John Zhang.', '2023-04-27T09:01:00.000Z'],
      ['chat-john-zhang', 'John Zhang: Good morning.', '2023-04-28T09:00:00.000Z'],
    ],
  );
  assert.deepEqual(units[1].body.metadata, { conversation: 'John Zhang', msg: 2, author: 'AI companion' });
  for (const unit of setAvailable('chats') ? loadSet('chats').units : units) {
    const metadata = unit.body.metadata as Record<string, unknown>;
    assert.deepEqual(Object.keys(metadata).filter(k => CAIRN_TURN_KEYS.includes(k)), [], `message ${unit.key} uses none of Cairn's turn keys`);
    assert.match(String(unit.body.content), /^[^:\n]+: \S/, `message ${unit.key} reads "Name: text"`);
  }
});

test('chats-plain (when on this machine): the chats\' messages and questions, each posted as its text and date alone', t => {
  if (!setAvailable('chats-plain')) return t.skip('the chats set is not on this machine');
  const [chats, plain] = [loadSet('chats'), loadSet('chats-plain')];
  assert.deepEqual(plain.questions, chats.questions);
  assert.deepEqual(plain.units.map(u => [u.key, u.group, u.body.content, u.body.event_start]), chats.units.map(u => [u.key, u.group, u.body.content, u.body.event_start]));
  for (const unit of plain.units) assert.deepEqual(Object.keys(unit.body), ['content', 'event_start']);
});

test('the beir set (when on this machine): 2,000–3,000 long documents (title line, then text) under 3 MB, 100+ questions, distractors', t => {
  if (!setAvailable('beir')) return t.skip('the beir data is not on this machine (docs/benchmark-sets.md)');
  const set = loadSet('beir');
  assert.ok(set.units.length >= 2000 && set.units.length <= 3000, `${set.units.length} documents`);
  assert.ok(statSync(join(publicSetDir('beir')!, 'documents.json')).size < 3 * 1024 * 1024);
  assert.ok(set.questions.length >= 100, `${set.questions.length} questions`);
  const ids = new Set(set.units.map(u => u.key));
  assert.equal(ids.size, set.units.length, 'document ids are unique');
  for (const q of set.questions) for (const id of q.relevant) assert.ok(ids.has(id), `"${q.query}" names ${id}, which is there`);
  const relevant = new Set(set.questions.flatMap(q => q.relevant));
  assert.ok(set.units.length - relevant.size >= set.units.length / 2, 'at least half the documents answer no question');
  const withTitleLine = set.units.filter(u => /^[^\n]{10,}\n[^\n]{200,}$/.test(String(u.body.content)));
  assert.ok(withTitleLine.length >= set.units.length * 0.95, `${withTitleLine.length} documents have a title line and a long text`);
  for (const unit of set.units) assert.deepEqual(Object.keys(unit.body), ['content'], 'a document is posted as its content alone');
});

test('the cranfield set (when on this machine): about 1,400 long aeronautics abstracts (title line, then text), 150+ questions', t => {
  if (!setAvailable('cranfield')) return t.skip('the cranfield data is not on this machine (docs/benchmark-sets.md)');
  const set = loadSet('cranfield');
  assert.ok(set.units.length >= 1300 && set.units.length <= 1400, `${set.units.length} documents`);
  assert.ok(statSync(join(publicSetDir('cranfield')!, 'documents.json')).size < 3 * 1024 * 1024);
  assert.ok(set.questions.length >= 150, `${set.questions.length} questions`);
  const ids = new Set(set.units.map(u => u.key));
  assert.equal(ids.size, set.units.length, 'document ids are unique');
  for (const q of set.questions) for (const id of q.relevant) assert.ok(ids.has(id), `"${q.query}" names ${id}, which is there`);
  const withTitleLine = set.units.filter(u => /^[^\n]{10,}\n[^\n]{200,}$/.test(String(u.body.content)));
  assert.ok(withTitleLine.length >= set.units.length * 0.95, `${withTitleLine.length} documents have a title line and a long text`);
  for (const unit of set.units) assert.deepEqual(Object.keys(unit.body), ['content'], 'a document is posted as its content alone');
});

test('the scifact set (when on this machine): BEIR SciFact, 5,183 abstracts (title line, then text), the 300 test claims', t => {
  if (!setAvailable('scifact')) return t.skip('the scifact data is not on this machine (docs/benchmark-sets.md)');
  const set = loadSet('scifact');
  assert.equal(set.units.length, 5183);
  assert.equal(set.questions.length, 300);
  assert.equal(set.questions.flatMap(q => q.relevant).length, 339, "BEIR's test judgements");
  const ids = new Set(set.units.map(u => u.key));
  assert.equal(ids.size, set.units.length, 'document ids are unique');
  for (const q of set.questions) for (const id of q.relevant) assert.ok(ids.has(id), `"${q.query}" names ${id}, which is there`);
  const withTitleLine = set.units.filter(u => /^[^\n]{10,}\n[^\n]{100,}$/.test(String(u.body.content)));
  assert.ok(withTitleLine.length >= set.units.length * 0.95, `${withTitleLine.length} documents have a title line and a long text`);
  for (const unit of set.units) assert.deepEqual(Object.keys(unit.body), ['content'], 'a document is posted as its content alone');
});

test('every set on this machine loads; one that is not says where to put it', () => {
  for (const name of SET_NAMES) {
    if (!setAvailable(name)) {
      if (name !== 'locomo') assert.throws(() => loadSet(name), /docs\/benchmark-sets\.md/);
      continue;
    }
    const set = loadSet(name);
    assert.ok(set.units.length > 0 && set.questions.length > 0, name);
  }
});

test('quality options: every set by default, a subset, the JSON path and the embedder; unknown sets are refused', () => {
  assert.deepEqual(parseQualityArgs([]), { sets: [...SET_NAMES], json: null, embedder: 'none', limit: 10 });
  assert.deepEqual(parseQualityArgs(['--sets', 'chats,beir', '--json', 'out.json', '--embedder', 'use-lite', '--limit', '5']), {
    sets: ['chats', 'beir'],
    json: 'out.json',
    embedder: 'use-lite',
    limit: 5,
  });
  assert.throws(() => parseQualityArgs(['--sets', 'chats,trec']), /unknown set trec/);
  assert.throws(() => parseQualityArgs(['--json']), /--json needs a value/);
});

test('the harness posts a set to a real server, searches each question in its space and scores the ranks', async () => {
  const units = chatUnits([
    { conversation: 'Ada', msg: 1, date: '2023-05-01', author: 'Ada', text: 'I planted tomatoes and basil on the balcony.' },
    { conversation: 'Ada', msg: 2, date: '2023-05-01', author: 'AI companion', text: 'Lovely! Water them in the morning.' },
    { conversation: 'Ada', msg: 3, date: '2023-05-02', author: 'Ada', text: 'My sister Grace visits from Lisbon next week.' },
    { conversation: 'Bo', msg: 1, date: '2023-05-01', author: 'Bo', text: 'My sister flew in from Lisbon yesterday.' },
  ]);
  const set = {
    name: 'tiny',
    units,
    questions: [
      { query: 'Who is visiting from Lisbon?', relevant: ['3'], group: 'chat-ada' },
      { query: 'What did I plant on the balcony?', relevant: ['1'], group: 'chat-ada' },
      { query: 'spaceship engines', relevant: ['2'], group: 'chat-ada' },
    ],
  };
  const run = await runSet(set, { limit: 10, env: { CAIRN_EMBEDDER: 'none' } });
  assert.equal(run.postErrors, 0);
  for (const method of ['fast', 'deep', 'bm25'] as const) {
    // Bo's message about Lisbon is in another space: it must never be what answers Ada's question.
    assert.deepEqual(run.methods[method].ranks.slice(0, 2), [1, 1], method);
    assert.equal(run.methods[method].ranks[2], null, `${method}: no message mentions spaceships`);
    const s = summarize(run.methods[method]);
    assert.equal(s.questions, 3);
    assert.equal(s.recallAt10.toFixed(3), '0.667');
  }
  const summaries = { fast: summarize(run.methods.fast), deep: summarize(run.methods.deep), bm25: summarize(run.methods.bm25) };
  const table = qualityTable([{ name: 'tiny', summaries }], 10);
  assert.match(table, /^set\s+questions\s+fast r@1\s+fast r@10\s+fast MRR\s+deep r@1/);
  assert.match(table, /\ntiny\s+3\s+0\.667\s+0\.667\s+0\.667\s+0\.667/);
  // --json keeps each question's rank beside the question, so two runs compare question by question.
  const report = qualityReport([{ name: 'tiny', run, summaries }], parseQualityArgs(['--sets', 'chats']), 'abc1234');
  assert.equal(report.commit, 'abc1234');
  assert.deepEqual(report.sets.tiny.questions, set.questions.map(q => q.query));
  assert.deepEqual(report.sets.tiny.fast.ranks, [1, 1, null]);
  assert.equal(report.sets.tiny.deep.recallAt10.toFixed(3), '0.667');
});
