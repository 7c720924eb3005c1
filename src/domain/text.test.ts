import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { asksWhen, memoryTextTerms, mentionsTime, queryTiers, speakerOf, termsFor, termsForKeyed } from './text.ts';

describe('question and memory cues', () => {
  test('asksWhen: questions about when something happened', () => {
    assert.equal(asksWhen('When did Jon open his studio?'), true);
    assert.equal(asksWhen('What date was the party?'), true);
    assert.equal(asksWhen('Where did Jon open his studio?'), false);
  });
  test('mentionsTime: relative and calendar times, not "may" the verb', () => {
    assert.equal(mentionsTime('I went hiking last week'), true);
    assert.equal(mentionsTime('We met two years ago'), true);
    assert.equal(mentionsTime('Back in June, it rained'), true);
    assert.equal(mentionsTime('You may like it'), false);
  });
  test('speakerOf reads a leading "Name:" only', () => {
    assert.equal(speakerOf('Caroline: I went to the parade.'), 'Caroline');
    assert.equal(speakerOf('Dr. Ann Lee: take two a day'), 'Dr. Ann Lee');
    assert.equal(speakerOf('note: buy milk'), null);
    assert.equal(speakerOf('Meeting at 10: agenda below'), null);
  });
});

describe('the words a query is searched by', () => {
  test('content words first, then the words that frame a question, then stop words', () => {
    assert.deepEqual(queryTiers('What did we decide about the database?'), [
      { kind: 'content', words: ['database'] },
      { kind: 'framing', words: ['decide'] },
      { kind: 'stop', words: ['what', 'did', 'we', 'about', 'the'] },
    ]);
  });
  test('a decision is a content word; names and what they did are kept', () => {
    assert.deepEqual(queryTiers('the decision log')[0], { kind: 'content', words: ['decision', 'log'] });
    assert.deepEqual(queryTiers('What did Caroline paint after the race?')[0], { kind: 'content', words: ['caroline', 'paint', 'race'] });
  });
  test('a query without content words starts with what it has', () => {
    assert.deepEqual(queryTiers('what did we decide?')[0], { kind: 'framing', words: ['decide'] });
    assert.deepEqual(queryTiers('what were we about?'), [{ kind: 'stop', words: ['what', 'were', 'we', 'about'] }]);
    assert.deepEqual(queryTiers('?!'), []);
  });
});

describe('kept terms', () => {
  test('the terms of 10,000 texts are kept: a search over a space of 5,000 memories asks for two texts of each again', () => {
    const texts = Array.from({ length: 10_000 }, (_, i) => `Caroline: memory number ${i} about the adoption agency`);
    const first = texts.map(text => termsFor('content', text));
    // The same array back means the text was not split and stemmed again.
    texts.forEach((text, i) => assert.equal(termsFor('content', text), first[i], `text ${i} was analysed again`));
    assert.deepEqual(first[0], ['caroline', 'memory', 'number', '0', 'adoption', 'agency']);
  });

  test('long texts are kept within a budget of characters: the oldest leave, the newest stay', () => {
    const long = (i: number) => `${i} ${'word '.repeat(790)}`; // under 4,000 characters: kept
    const first = termsFor('stop', long(0));
    for (let i = 1; i <= 2_000; i++) termsFor('stop', long(i)); // ~8 million characters: more than the budget
    assert.notEqual(termsFor('stop', long(0)), first, 'the oldest text was let go');
    const newest = termsFor('stop', long(2_000));
    assert.equal(termsFor('stop', long(2_000)), newest);
  });

  test('terms kept by a key follow the texts: the same texts give the kept terms, an edited text new ones', () => {
    const first = termsForKeyed('content', 'memory-1', ['Heron', 'The heron waded']);
    assert.equal(termsForKeyed('content', 'memory-1', ['Heron', 'The heron waded']), first, 'the same texts were analysed again');
    assert.deepEqual(first, ['heron', 'heron', 'wad']);
    assert.deepEqual(termsForKeyed('content', 'memory-1', ['Heron', 'The egret waded']), ['heron', 'egret', 'wad']);
    assert.deepEqual(termsForKeyed('content', 'memory-1', ['Egret', 'The egret waded']), ['egret', 'egret', 'wad']);
    assert.deepEqual(termsForKeyed('stop', 'memory-1', ['Egret', 'The egret waded']), ['egret', 'the', 'egret', 'wad']);
  });

  test("a memory's kept text terms follow its title and content: an edit gives new terms, title count, length and set", () => {
    const fresh = (title: string, content: string) => ({
      terms: termsFor('content', `${title} ${content}`),
      titleTerms: termsFor('content', title).length,
      contentWords: termsFor('content', content).length,
      distinct: new Set(termsFor('content', `${title} ${content}`)),
    });
    const first = memoryTextTerms('content', 'memory-2', 'Heron', 'The heron waded');
    assert.equal(memoryTextTerms('content', 'memory-2', 'Heron', 'The heron waded'), first, 'the same texts were worked out again');
    assert.deepEqual({ ...first }, fresh('Heron', 'The heron waded'));
    // Each edit: the content (longer, other words), then the title, then both back.
    for (const [title, content] of [['Heron', 'The egret and the ibis waded past the heron'], ['Egret sighting', 'The egret and the ibis waded past the heron'], ['Heron', 'The heron waded']] as const) {
      const now = memoryTextTerms('content', 'memory-2', title, content);
      assert.deepEqual({ ...now }, fresh(title, content), `${title} / ${content}`);
    }
  });

  test('kept terms are bounded by their characters, the least recently used leaving first', () => {
    const text = (n: number) => [`Title ${n}`, `${'word '.repeat(180)}number ${n}`];
    const first = termsForKeyed('content', 'bounded-0', text(0));
    const often = termsForKeyed('content', 'bounded-1', text(1));
    // ~4.4 million characters: past the bound (4 million), with bounded-1 used all along.
    for (let n = 2; n < 5_000; n++) {
      termsForKeyed('content', `bounded-${n}`, text(n));
      if (n % 100 === 0) assert.equal(termsForKeyed('content', 'bounded-1', text(1)), often, `bounded-1 left by ${n}`);
    }
    assert.notEqual(termsForKeyed('content', 'bounded-0', text(0)), first, 'the least recently used was still kept');
    assert.deepEqual(termsForKeyed('content', 'bounded-0', text(0)), first);
    assert.equal(termsForKeyed('content', 'bounded-4999', text(4_999)), termsForKeyed('content', 'bounded-4999', text(4_999)));
  });
});
