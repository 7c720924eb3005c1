import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { datePhrases, resolveRelativeDate } from './dates.ts';

const reference = new Date('2024-03-06T15:00:00.000Z'); // a Wednesday

describe('relative dates', () => {
  test('days around the reference', () => {
    assert.equal(resolveRelativeDate('yesterday', reference), '2024-03-05');
    assert.equal(resolveRelativeDate('Yesterday afternoon', reference), '2024-03-05');
    assert.equal(resolveRelativeDate('today', reference), '2024-03-06');
    assert.equal(resolveRelativeDate('tomorrow', reference), '2024-03-07');
  });

  test('amounts ago and neighbouring periods', () => {
    assert.equal(resolveRelativeDate('3 days ago', reference), '2024-03-03');
    assert.equal(resolveRelativeDate('a year ago', reference), '2023-03-06');
    assert.equal(resolveRelativeDate('two weeks ago', reference), '2024-02-21');
    assert.equal(resolveRelativeDate('last month', reference), '2024-02-06');
    assert.equal(resolveRelativeDate('next week', reference), '2024-03-13');
  });

  test('weekdays: this week by default, the week before or after when asked', () => {
    assert.equal(resolveRelativeDate('Monday', reference), '2024-03-04');
    assert.equal(resolveRelativeDate('on Friday', reference), '2024-03-08');
    assert.equal(resolveRelativeDate('last Friday', reference), '2024-03-01');
    assert.equal(resolveRelativeDate('next Monday', reference), '2024-03-11');
    assert.equal(resolveRelativeDate('Sunday night', reference), '2024-03-10');
  });

  test('other expressions go to chrono; nonsense is not a day', () => {
    assert.equal(resolveRelativeDate('the day after tomorrow', reference), '2024-03-08');
    assert.equal(resolveRelativeDate('no date here', reference), null);
  });
});

describe('date phrases wink-nlp does not mark', () => {
  const phrases = (text: string) => datePhrases(text).map(({ start, end }) => text.slice(start, end));

  test('ordinals, periods around now, quarters, school terms and weekly habits', () => {
    assert.deepEqual(phrases('Due on the 17th, or Wednesday the 12th, or the 2nd of January.'), ['the 17th', 'Wednesday the 12th', 'the 2nd of January']);
    assert.deepEqual(phrases('Ship by the end of the quarter, this weekend or next sprint, in Q3 at worst.'), ['the end of the quarter', 'this weekend', 'next sprint', 'Q3']);
    assert.deepEqual(phrases('Choir on Tuesday nights and every other Thursday, not over half term.'), ['Tuesday nights', 'every other Thursday', 'half term']);
  });

  test('an ordinal that is no day is left alone', () => {
    assert.deepEqual(phrases('We live on the 3rd floor and came 2nd in the quiz.'), []);
  });
});
