import assert from 'node:assert/strict';
import { test } from 'node:test';
import { periodHolding } from '../../domain/scoring.ts';
import { datesInQuery } from './queryDates.ts';

const now = new Date('2026-11-21T12:00:00Z');
const span = (query: string) => datesInQuery(query, now).map(r => [r.text, r.from.slice(0, 10), r.to.slice(0, 10)]);

test('dates named in a query become time spans, relative ones against now', () => {
  assert.deepEqual(span('dinner yesterday with Bob'), [['yesterday', '2026-11-20', '2026-11-21']]);
  assert.deepEqual(span('meetings in March 2024'), [['March 2024', '2024-03-01', '2024-04-01']]);
  assert.deepEqual(span('what did I do last week'), [['last week', '2026-11-11', '2026-11-18']]);
  assert.deepEqual(span('notes from 2023'), [['2023', '2023-01-01', '2024-01-01']]);
});

test('a day without a year means the last one; a clock time alone is no date', () => {
  assert.deepEqual(span('on May 8 we talked'), [['May 8', '2026-05-08', '2026-05-09']]);
  assert.deepEqual(span('we met at 5'), []);
  assert.deepEqual(span('pottery class'), []);
});

test('a date without a year says so; one with a year or relative to now does not', () => {
  assert.equal(datesInQuery('camping in June', now)[0]?.anyYear, true);
  assert.equal(datesInQuery('camping in June 2023', now)[0]?.anyYear, undefined);
  assert.equal(datesInQuery('camping last week', now)[0]?.anyYear, undefined);
});

test('a query date holds dates and date-times inside its span, and with a lag the days just after', () => {
  const ranges = datesInQuery('in March 2024', now);
  assert.equal(periodHolding(ranges, '2024-03-15', 0)?.text, 'March 2024');
  assert.equal(periodHolding(ranges, '2024-03-31T23:59:00Z', 0)?.text, 'March 2024');
  assert.equal(periodHolding(ranges, '2024-04-01T00:00:00Z', 0), undefined);
  assert.equal(periodHolding(ranges, '2024-04-10T00:00:00Z', 14)?.text, 'March 2024');
  assert.equal(periodHolding(ranges, null, 14), undefined);
});

test('a text tells of a period in its own words, relative to when it was said', async () => {
  const { toldPeriod } = await import('./queryDates.ts');
  const march = datesInQuery('in March 2024', now);
  assert.equal(toldPeriod(march, 'went to a convention last month', '2024-04-20T10:00:00Z')?.text, 'March 2024');
  assert.equal(toldPeriod(march, 'went to a convention two weeks ago', '2024-04-20T10:00:00Z'), undefined, 'early April is not March');
  assert.equal(toldPeriod(march, 'went to a convention in the spring', '2024-04-20T10:00:00Z'), undefined, 'no relative words: not parsed');
  assert.equal(toldPeriod(march, 'went to a convention last month', null), undefined);
});

test('a part of the day before a date keeps the date: "the evening of 7 July, 2023"', () => {
  assert.deepEqual(span('what did we plan on the evening of 7 July, 2023'), [['on 7 July, 2023', '2023-07-07', '2023-07-08']]);
  assert.deepEqual(span('the morning of May 8'), [['May 8', '2026-05-08', '2026-05-09']]);
});

test('"before" a date reaches back a week: "the Sunday before October 25, 2022"', () => {
  assert.deepEqual(span('what did she do the Sunday before October 25, 2022'), [['October 25, 2022', '2022-10-18', '2022-10-26']]);
});
