import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseLooseDate } from './looseDate.ts';

describe('dates as transcripts write them', () => {
  test('the common forms are read as UTC', () => {
    assert.equal(parseLooseDate('1:56 pm on 8 May, 2023'), '2023-05-08T13:56:00.000Z');
    assert.equal(parseLooseDate('2023/05/20 (Sat) 02:21'), '2023-05-20T02:21:00.000Z');
    assert.equal(parseLooseDate('May 8th, 2023 at 3pm'), '2023-05-08T15:00:00.000Z');
    assert.equal(parseLooseDate('12 December 2022'), '2022-12-12T00:00:00.000Z');
    assert.equal(parseLooseDate('2023-05-08'), '2023-05-08T00:00:00.000Z');
    assert.equal(parseLooseDate('2023-05-08T13:56:00+02:00'), '2023-05-08T11:56:00.000Z');
  });

  test('text without a real date is null', () => {
    for (const text of ['tomorrow', 'sometime in 2023', '31 April 2023', '2023-13-01', '', 'Monday 8, 2023']) assert.equal(parseLooseDate(text), null, text);
  });
});
