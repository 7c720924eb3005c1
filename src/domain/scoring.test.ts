import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { cueBoost, inPeriodOrJustAfter, queryCues } from './scoring.ts';

const memory = (content: string, event_start: string | null = null) => ({ content, event_start });
const february = { from: '2023-02-01T00:00:00.000Z', to: '2023-03-01T00:00:00.000Z' };

describe('inPeriodOrJustAfter', () => {
  test('inside the period or up to two weeks after it, not before it', () => {
    assert.equal(inPeriodOrJustAfter([february], '2023-02-20T10:00:00Z'), true);
    assert.equal(inPeriodOrJustAfter([february], '2023-03-10T10:00:00Z'), true);
    assert.equal(inPeriodOrJustAfter([february], '2023-01-31T10:00:00Z'), false);
    assert.equal(inPeriodOrJustAfter([february], '2023-04-20T10:00:00Z'), false);
  });
  test('a period without a year is read in the year of the time, or the year before', () => {
    const june = { from: '2026-06-01T00:00:00.000Z', to: '2026-07-01T00:00:00.000Z', anyYear: true };
    assert.equal(inPeriodOrJustAfter([june], '2023-06-10T10:00:00Z'), true);
    assert.equal(inPeriodOrJustAfter([june], '2023-07-06T10:00:00Z'), true);
    assert.equal(inPeriodOrJustAfter([june], '2023-08-06T10:00:00Z'), false);
    assert.equal(inPeriodOrJustAfter([{ ...june, anyYear: false }], '2023-06-10T10:00:00Z'), false);
    const december = { from: '2025-12-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z', anyYear: true };
    assert.equal(inPeriodOrJustAfter([december], '2024-01-05T10:00:00Z'), true);
  });
  test('no date, no match', () => {
    assert.equal(inPeriodOrJustAfter([february], null), false);
    assert.equal(inPeriodOrJustAfter([], '2023-02-20T10:00:00Z'), false);
  });
});

describe('cueBoost', () => {
  test('no cue, no boost', () => {
    assert.equal(cueBoost(queryCues('favourite colour', []), memory('Tim: blue, always')), 1);
  });
  test('the speaker the query names, not a memory that only mentions them', () => {
    const cues = queryCues('What does Melanie paint?', []);
    assert.ok(cueBoost(cues, memory('Melanie: sunsets, mostly')) > 1);
    assert.equal(cueBoost(cues, memory('Caroline: Melanie paints sunsets')), 1);
  });
  test('an event in a period the query names', () => {
    const cues = queryCues('What did Gina find in February 2023?', [february]);
    assert.ok(cueBoost(cues, memory('found a spot', '2023-02-20T10:00:00Z')) > 1);
    assert.equal(cueBoost(cues, memory('found a spot', '2023-05-20T10:00:00Z')), 1);
  });
  test('a when-question favours memories that place something in time', () => {
    const cues = queryCues('When did Jon lose his job?', []);
    assert.ok(cueBoost(cues, memory('Jon: I lost my job yesterday')) > cueBoost(cues, memory('Jon: I lost my job')));
  });
});
