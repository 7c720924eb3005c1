import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  bm25Score,
  deriveThreadTitle,
  isCalendarDate,
  isDuplicateOf,
  messageHash,
  threadScore,
  toIsoTimestamp,
  truncateContent,
} from './thread.ts';
import { THREAD_PROFILE } from './searchProfile.ts';
import { lexicalOverlap } from './scoring.ts';

const termCoverage = (q: string[], t: string[], prefixLast = false) => lexicalOverlap(q, t, { prefixLast }).coverage;

describe('message dedup keys', () => {
  test('the hash depends on role and content, and on nothing else', () => {
    assert.equal(messageHash('user', 'hello'), messageHash('user', 'hello'));
    assert.notEqual(messageHash('user', 'hello'), messageHash('assistant', 'hello'));
    assert.notEqual(messageHash('user', 'hello'), messageHash('user', 'hello!'));
    // The separator keeps "ab"+"c" apart from "a"+"bc".
    assert.notEqual(messageHash('ab', 'c'), messageHash('a', 'bc'));
    assert.match(messageHash('user', 'x'.repeat(10_000)), /^[0-9a-f]{14}$/);
  });

  test('a duplicate has the same role and content, and the same external id when it carries one', () => {
    const stored = { role: 'user', content: 'hi', external_id: 'e1' };
    assert.equal(isDuplicateOf({ role: 'user', content: 'hi', external_id: 'e1' }, stored), true);
    assert.equal(isDuplicateOf({ role: 'user', content: 'hi', external_id: null }, stored), true);
    assert.equal(isDuplicateOf({ role: 'user', content: 'hi', external_id: 'e2' }, stored), false);
    assert.equal(isDuplicateOf({ role: 'assistant', content: 'hi', external_id: 'e1' }, stored), false);
    assert.equal(isDuplicateOf({ role: 'user', content: 'hi there', external_id: 'e1' }, stored), false);
  });

  test('a message whose id derives from a key matches its own id, or the same words stored outside that key', () => {
    const keyed = { role: 'user', content: 'continue', external_id: 'k:3', derived_from: 'k' };
    assert.equal(isDuplicateOf(keyed, { role: 'user', content: 'continue', external_id: 'k:3' }), true);
    assert.equal(isDuplicateOf(keyed, { role: 'user', content: 'continue', external_id: 'k:1' }), false);
    assert.equal(isDuplicateOf(keyed, { role: 'user', content: 'continue', external_id: null }), true);
    assert.equal(isDuplicateOf(keyed, { role: 'user', content: 'continue', external_id: 'other:1' }), true);
    assert.equal(isDuplicateOf(keyed, { role: 'user', content: 'go on', external_id: 'k:3' }), false);
  });
});

describe('thread titles and text', () => {
  test('the first user message names an untitled thread, cut on a word boundary', () => {
    const title = deriveThreadTitle(
      [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'How should I size the connection pool for a service that handles bursts of traffic at night?' },
      ],
      'thread-1',
    );
    assert.ok(title.startsWith('How should I size the connection pool'));
    assert.ok(title.length <= 80);
    assert.ok(title.endsWith('…'));
    assert.equal(deriveThreadTitle([], 'thread-1'), 'thread-1');
    assert.equal(deriveThreadTitle([{ role: 'assistant', content: 'Only me' }], 'x'), 'Only me');
  });

  test('timestamps become ISO UTC; unreadable ones become null', () => {
    assert.equal(toIsoTimestamp('2025-06-15T10:00:00+02:00'), '2025-06-15T08:00:00.000Z');
    assert.equal(toIsoTimestamp('not a date'), null);
    assert.equal(toIsoTimestamp(null), null);
    assert.equal(toIsoTimestamp(0), '1970-01-01T00:00:00.000Z');
  });

  test('calendar dates must exist', () => {
    assert.equal(isCalendarDate('2026-02-28'), true);
    assert.equal(isCalendarDate('2026-02-30'), false);
    assert.equal(isCalendarDate('2026-2-3'), false);
    assert.equal(isCalendarDate('yesterday'), false);
  });

  test('large content is cut with a note of what was dropped', () => {
    assert.equal(truncateContent('short', 10), 'short');
    assert.equal(truncateContent('x'.repeat(15), 10), `${'x'.repeat(10)}\n…[truncated 5 characters]`);
  });
});

describe('thread search scores', () => {
  test('bm25 maps to 0..1 the same way for every query', () => {
    assert.equal(bm25Score(0), 0);
    assert.equal(bm25Score(-5), 0.5);
    assert.equal(bm25Score(-15), 0.75);
    assert.ok(bm25Score(-1000) < 1);
  });

  test('coverage counts the query terms found; the last may be a prefix while typing', () => {
    assert.equal(termCoverage(['postgre', 'buffer'], ['tune', 'postgre', 'buffer']), 1);
    assert.equal(termCoverage(['postgre', 'buffer'], ['postgre']), 0.5);
    assert.equal(termCoverage(['postg'], ['postgre']), 0);
    assert.equal(termCoverage(['postg'], ['postgre'], true), 1);
    assert.equal(termCoverage([], ['x']), 0);
  });

  test('a thread covering the whole query outscores one covering half, and a title match adds a little', () => {
    const full = threadScore({ messageCoverage: 1, messageRank: -1, titleCoverage: 0 });
    const half = threadScore({ messageCoverage: 0.5, messageRank: -8, titleCoverage: 0 });
    const withTitle = threadScore({ messageCoverage: 1, messageRank: -1, titleCoverage: 1 });
    assert.ok(full > half);
    assert.ok(withTitle > full);
    assert.ok(withTitle <= 1);
    assert.equal(threadScore({ messageCoverage: 0, titleCoverage: 0 }), 0);
  });

  test('the thread profile decides the shares: ranked by BM25 strength alone, the stronger half match wins', () => {
    const bm25Only = { ...THREAD_PROFILE, message: { ...THREAD_PROFILE.message, coverage: 0, strength: 1 } };
    const full = { messageCoverage: 1, messageRank: -1, titleCoverage: 0 };
    const half = { messageCoverage: 0.5, messageRank: -8, titleCoverage: 0 };
    assert.ok(threadScore(full) > threadScore(half));
    assert.ok(threadScore(half, bm25Only) > threadScore(full, bm25Only));
  });
});
