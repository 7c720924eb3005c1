import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { cueBoost, firstNamedSpeaker, lexicalOverlap, periodHolding, queryCues } from './scoring.ts';
import { terms } from './text.ts';
import { isWordForm } from './wordForms.ts';

const february = { from: '2023-02-01T00:00:00.000Z', to: '2023-03-01T00:00:00.000Z' };
const rules = { speakerBoost: 0.5, otherSpeakerShare: 0.5, whenBoost: 0.5 };

describe('periodHolding (the one date rule)', () => {
  test('inside the period or up to the lag after it, not before it', () => {
    assert.ok(periodHolding([february], '2023-02-20T10:00:00Z', 14));
    assert.ok(periodHolding([february], '2023-03-10T10:00:00Z', 14));
    assert.equal(periodHolding([february], '2023-03-10T10:00:00Z', 0), undefined);
    assert.equal(periodHolding([february], '2023-01-31T10:00:00Z', 14), undefined);
    assert.equal(periodHolding([february], '2023-04-20T10:00:00Z', 14), undefined);
  });
  test('a period without a year is read in the year of the time, or the year before', () => {
    const june = { from: '2026-06-01T00:00:00.000Z', to: '2026-07-01T00:00:00.000Z', anyYear: true };
    assert.ok(periodHolding([june], '2023-06-10T10:00:00Z', 14));
    assert.ok(periodHolding([june], '2023-07-06T10:00:00Z', 14));
    assert.equal(periodHolding([june], '2023-08-06T10:00:00Z', 14), undefined);
    assert.equal(periodHolding([{ ...june, anyYear: false }], '2023-06-10T10:00:00Z', 14), undefined);
    const december = { from: '2025-12-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z', anyYear: true };
    assert.ok(periodHolding([december], '2024-01-05T10:00:00Z', 14));
  });
  test('no date, no match', () => {
    assert.equal(periodHolding([february], null, 14), undefined);
    assert.equal(periodHolding([], '2023-02-20T10:00:00Z', 14), undefined);
  });
});

describe('cueBoost', () => {
  test('no cue, no boost', () => {
    assert.equal(cueBoost(queryCues('favourite colour'), { content: 'Tim: blue, always', speaker: 'Tim' }, rules), 1);
  });
  test('the speaker the query names, not a memory that only mentions them', () => {
    const cues = queryCues('What does Melanie paint?');
    assert.ok(cueBoost(cues, { content: 'Melanie: sunsets, mostly', speaker: 'Melanie' }, rules) > 1);
    assert.equal(cueBoost(cues, { content: 'Caroline: Melanie paints sunsets', speaker: 'Caroline' }, rules), 1);
  });
  test('a memory that is not a turn has no speaker, whatever its text begins with', () => {
    const cues = queryCues('what was the decision about the monolith');
    assert.equal(cueBoost(cues, { content: 'Decision: keep the monolith', speaker: null }, rules), 1);
  });
  test('of two named speakers, the one named first (the subject) gains the full boost, the other its share', () => {
    const cues = queryCues('What advice did Gina give Jon?');
    const subject = firstNamedSpeaker(cues, ['Jon', 'Gina', 'Tim']);
    assert.equal(subject, 'Gina');
    assert.equal(cueBoost(cues, { content: 'Gina: know your customers', speaker: 'Gina' }, rules, subject), 1.5);
    assert.equal(cueBoost(cues, { content: 'Jon: take a day off', speaker: 'Jon' }, rules, subject), 1.25);
    assert.equal(firstNamedSpeaker(queryCues('what advice did they give?'), ['Jon', 'Gina']), null);
  });
  test('a when-question favours memories that place something in time', () => {
    const cues = queryCues('When did Jon lose his job?');
    const speaker = 'Jon';
    assert.ok(cueBoost(cues, { content: 'Jon: I lost my job yesterday', speaker }, rules) > cueBoost(cues, { content: 'Jon: I lost my job', speaker }, rules));
  });
});

describe('lexicalOverlap (the one term-coverage rule)', () => {
  const forms = { near: (q: string, t: string) => isWordForm(q, t, { minPrefix: 4, minShare: 0.7 }), formWeight: 0.8 };
  test('another form of a word counts, a little less than the word itself', () => {
    const overlap = lexicalOverlap(terms('postgres'), terms('Staging PostgreSQL runs on a smaller instance'), forms);
    assert.equal(overlap.coverage, 0.8);
    assert.deepEqual([...overlap.forms], [['postgre', 'postgresql']]);
  });
  test('without the rule, or for a mere shared beginning, nothing counts', () => {
    assert.equal(lexicalOverlap(terms('postgres'), terms('Staging PostgreSQL runs')).coverage, 0);
    assert.equal(lexicalOverlap(terms('post'), terms('Staging PostgreSQL runs'), forms).coverage, 0);
    assert.equal(lexicalOverlap(terms('data'), terms('the database is slow'), forms).coverage, 0);
  });
});
