import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeCommunity, extractiveSummary, splitSentences } from './communitySummary.ts';

const sources = [
  { content: 'Jon lost his banking job last month. Jon wants to open a dance studio in Chicago with Gina. Hi!' },
  { content: 'Gina lost her job at Door Dash too. Gina will help Jon open the dance studio in Chicago.' },
  { content: 'Jon wants to open a dance studio in Chicago with Gina. The weather was grey all week long.' },
];

test('the summary quotes two or three sentences that name the entities, without repeats', () => {
  const summary = extractiveSummary(sources, ['Jon', 'Gina', 'Chicago']);
  const sentences = splitSentences(summary);
  assert.ok(sentences.length >= 2 && sentences.length <= 3, summary);
  assert.equal(sentences.filter(s => s.startsWith('Jon wants to open')).length, 1);
  const all = sources.map(s => s.content).join(' ');
  for (const s of sentences) assert.ok(all.includes(s), s);
  assert.ok(!summary.includes('weather'), summary);
  assert.ok(!summary.includes('Hi!'), summary);
});

test('the sentences come in reading order', () => {
  const summary = extractiveSummary(sources, ['Jon', 'Gina', 'Chicago']);
  const order = splitSentences(summary).map(s => sources.map(x => x.content).join(' ').indexOf(s));
  assert.deepEqual([...order].sort((a, b) => a - b), order);
});

test('memories without a usable sentence give no summary, and the topic is described instead', () => {
  assert.equal(extractiveSummary([{ content: 'ok' }, { content: 'Yes!' }], ['Jon']), '');
  assert.equal(describeCommunity(['Jon', 'Gina'], 3), 'A topic around Jon and Gina, mentioned in 3 memories.');
});
