import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimVerdict, judgeClaim } from './claims.ts';

test('a memory holding most of a claim supports it; negation or other numbers make it a possible contradiction', () => {
  assert.equal(judgeClaim('We deploy on Fridays', 'We deploy on Fridays after the review', 1), 'supports');
  assert.equal(judgeClaim('We deploy on Fridays', 'We never deploy on Fridays', 1), 'may_contradict');
  assert.equal(judgeClaim('The limit is 100 per minute', 'The limit is 500 per minute', 0.8), 'may_contradict');
  assert.equal(judgeClaim('The limit is 100 per minute', 'The limit is 100 per minute, 5 bursts', 0.8), 'supports');
  assert.equal(judgeClaim('We deploy on Fridays', 'Fridays are for demos', 0.2), 'related');
});

test('the verdict weighs every stance: both sides make a dispute, none makes it unverified', () => {
  assert.equal(claimVerdict(['supports', 'related']), 'supported');
  assert.equal(claimVerdict(['may_contradict']), 'contradicted');
  assert.equal(claimVerdict(['supports', 'may_contradict']), 'disputed');
  assert.equal(claimVerdict(['related']), 'unverified');
  assert.equal(claimVerdict([]), 'unverified');
});

test('negation and numbers count only in the sentence that speaks to the claim', () => {
  assert.equal(judgeClaim('We chose Postgres for the store', 'We chose Postgres for the store; no need for a separate cache.', 1), 'supports');
  assert.equal(judgeClaim('We deploy on Fridays', "We deploy on Fridays. But we don't deploy after 4pm.", 1), 'supports');
  assert.equal(judgeClaim('We deploy on Fridays', 'Reviews happen daily. We never deploy on Fridays.', 1), 'may_contradict');
  assert.equal(judgeClaim('The limit is 100 per minute', 'The limit is 100 per minute. Bursts of 5 are allowed.', 1), 'supports');
});
