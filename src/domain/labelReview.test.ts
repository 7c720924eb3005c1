import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalLabel } from './label.ts';
import { editDistance, isAcronym, reviewPair, ruleKeys, singularOf } from './labelReview.ts';

const side = (name: string, usage_count = 1) => ({ name, canonical_name: canonicalLabel(name), usage_count });
const review = (a: string, b: string, evidence = { similarity: 0.85, both: 0 }, usage: [number, number] = [1, 1]) =>
  reviewPair(side(a, usage[0]), side(b, usage[1]), evidence);

describe('rules of the consolidation preview', () => {
  test('an acronym and its expansion merge, either way round', () => {
    assert.deepEqual(review('ML', 'machine learning'), { action: 'merge', rule: 'acronym', reason: '"ML" is the acronym of "machine learning"' });
    assert.equal(review('Natural Language Processing', 'NLP').rule, 'acronym');
    assert.equal(review('QoS', 'quality of service').rule, 'acronym', 'stop words may be skipped');
    assert.equal(review('M.L.', 'machine-learning').rule, 'acronym');
  });

  test('a word is not the acronym of itself or of an unrelated phrase', () => {
    assert.equal(isAcronym('ml', 'ml'), false);
    assert.equal(isAcronym('ai', 'machine learning'), false);
    assert.notEqual(review('ML', 'markup tools').rule, 'acronym');
  });

  test('singular and plural merge', () => {
    assert.equal(review('project', 'Projects').rule, 'plural');
    assert.equal(review('memory', 'memories').rule, 'plural');
    assert.equal(review('box', 'boxes').rule, 'plural');
    assert.equal(review('class', 'classes').rule, 'plural');
    assert.equal(review('design review', 'design reviews').action, 'merge');
  });

  test('words that only look plural are left alone', () => {
    assert.equal(singularOf('news'), 'news');
    assert.equal(singularOf('kubernetes'), 'kubernetes');
    assert.equal(singularOf('status'), 'status');
    assert.equal(singularOf('bus'), 'bus');
    assert.notEqual(review('news', 'new').rule, 'plural');
  });

  test('names that differ in a number stay separate, even one character apart', () => {
    assert.deepEqual(review('python2', 'python3').action, 'keep_separate');
    assert.equal(review('python2', 'python3').rule, 'different_numbers');
    assert.equal(review('2024 goals', '2025 goals').rule, 'different_numbers');
  });

  test('a small spelling difference merges; short names need an exact match', () => {
    assert.equal(review('kubernetes', 'kuberentes').rule, 'spelling');
    assert.equal(review('recieve', 'receive').rule, 'spelling');
    assert.equal(review('grafana dashbords', 'grafana dashboard').rule, 'spelling');
    assert.notEqual(review('cat', 'car').rule, 'spelling');
    assert.equal(editDistance('abcd', 'abdc'), 1, 'a transposition is one edit');
  });

  test('a long word and its leading part read as an abbreviation', () => {
    assert.equal(review('dev', 'development').rule, 'abbreviation');
    assert.equal(review('documentation', 'docs').action, 'keep_separate', 'not a prefix: no abbreviation rule');
  });

  test('a label used only where a wider one is used stays separate: a narrower topic', () => {
    const narrower = review('asyncio', 'python', { similarity: 0.85, both: 3 }, [3, 40]);
    assert.equal(narrower.action, 'keep_separate');
    assert.equal(narrower.rule, 'narrower');
  });

  test('labels used together on most of their memories merge', () => {
    const together = review('infra', 'platform ops', { similarity: 0.85, both: 4 }, [5, 4]);
    assert.equal(together.action, 'merge');
    assert.equal(together.rule, 'co_usage');
  });

  test('near-identical similarity merges; anything else is kept apart with a reason', () => {
    assert.equal(review('alpha team', 'team alpha', { similarity: 0.97, both: 0 }).rule, 'near_identical');
    const none = review('frontend', 'backend', { similarity: 0.84, both: 0 });
    assert.equal(none.action, 'keep_separate');
    assert.equal(none.rule, 'no_rule');
    assert.match(none.reason, /0\.84/);
  });

  test('rule keys bring acronym and plural pairs together', () => {
    const shared = (a: string, b: string) => ruleKeys(canonicalLabel(a)).some(k => ruleKeys(canonicalLabel(b)).includes(k));
    assert.ok(shared('ML', 'machine learning'));
    assert.ok(shared('project', 'projects'));
    assert.ok(!shared('frontend', 'backend'));
  });
});
