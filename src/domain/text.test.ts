import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { asksWhen, mentionsTime, speakerOf } from './text.ts';

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
