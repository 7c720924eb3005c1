import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { classifyEvolution, cuesIn, openingWords, profileText, textOverlap } from './relationSignals.ts';

const classify = (newer: string, older: string, newerEntities: string[] = [], olderEntities: string[] = []) =>
  classifyEvolution({ newer: profileText(newer), older: profileText(older), newerEntities, olderEntities });

describe('textOverlap and cues', () => {
  test('overlap is over stemmed content words; older coverage is the share of the older text kept', () => {
    const o = textOverlap(profileText('Alex now lives in Lisbon'), profileText('Alex lives in Berlin'));
    assert.deepEqual(o.shared.sort(), ['alex', 'live']);
    assert.equal(o.olderCoverage, 2 / 3);
    assert.equal(o.jaccard, 2 / 4);
  });

  test('cues match whole words and phrases, curly apostrophes included', () => {
    assert.deepEqual(cuesIn('We no longer use it', ['no longer', 'longer']), ['no longer', 'longer']);
    assert.deepEqual(cuesIn('Snow is white', ['now']), []);
    assert.deepEqual(cuesIn('It isn’t blue', ["isn't"]), ["isn't"]);
  });
});

describe('classifyEvolution', () => {
  test('a change cue over the same statement reads as replaces', () => {
    const verdict = classify('Alex now lives in Lisbon', 'Alex lives in Berlin');
    assert.equal(verdict?.relation, 'replaces');
    assert.match(verdict!.reason, /'now'/);
    assert.ok(verdict!.confidence > 0.5 && verdict!.confidence < 0.95);
  });

  test('a dispute over the same statement reads as challenges', () => {
    assert.equal(classify("The deploy script doesn't require root access", 'The deploy script requires root access')?.relation, 'challenges');
  });

  test('a restatement reads as confirms; the same and more reads as enriches', () => {
    assert.equal(classify('The staging database runs Postgres 16 on host db2', 'The staging database runs Postgres 16 on host db2.')?.relation, 'confirms');
    assert.equal(
      classify('The staging database runs Postgres 16 on host db2, backed up nightly to S3 with point-in-time recovery', 'The staging database runs Postgres 16 on host db2')?.relation,
      'enriches',
    );
  });

  test('a cue alone is not enough: the texts must be about the same thing', () => {
    assert.equal(classify('Alex moved the meeting to Friday afternoon', 'Alex lives in Berlin'), null);
    assert.equal(classify('We now use tabs', 'Lunch is at noon'), null);
    assert.equal(classify('Sam now lives in Lisbon', 'Alex lives in Lisbon'), null, 'another subject');
    assert.equal(classify('Actually, Alex lives in Porto', 'Alex lives in Lisbon')?.relation, 'challenges');
  });

  test('shared entities add confidence; different ones veto nothing (the changed value is often an entity)', () => {
    const plain = classify('Alex now lives in Lisbon', 'Alex lives in Berlin')!;
    const shared = classify('Alex now lives in Lisbon', 'Alex lives in Berlin', ['e-alex', 'e-lisbon'], ['e-alex', 'e-berlin'])!;
    assert.equal(shared.sharedEntities, 1);
    assert.ok(shared.confidence > plain.confidence);
    assert.match(shared.reason, /1 shared entity/);
    assert.equal(classify('The billing service now runs on Fly.io', 'The billing service runs on Heroku', ['e-fly'], ['e-heroku'])?.relation, 'replaces');
  });

  test('the opening subject skips cue words', () => {
    assert.deepEqual(openingWords('Actually, now the office moved to floor 5', 3), ['office', 'floor', '5']);
  });

  test('too little text says nothing', () => {
    assert.equal(classify('now', 'then'), null);
    assert.equal(classify('Postgres now', 'Postgres'), null);
  });
});
