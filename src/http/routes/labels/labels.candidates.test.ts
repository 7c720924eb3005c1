import { test, describe } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { canonicalLabel } from '../../../domain/label.ts';
import { round4 } from '../../../domain/labelSimilarity.ts';
import { createMemory, get, post, put, validationLocs } from '../../../../test/helpers.ts';
import { assertNothingChanged, createLabel, type LabelRef, withApp } from '../../../../test/labels.ts';

interface Pair {
  a: LabelRef;
  b: LabelRef;
  similarity: number;
}

const candidates = (app: App, query = '') => get<{ pairs: Pair[]; labels_considered: number; sim_floor: number }>(app, `/labels/merge-candidates${query}`);
const pairNames = (pairs: Pair[]) => pairs.map(p => [p.a.name, p.b.name]);
const hasPair = (pairs: Pair[], x: string, y: string) => pairs.some(p => (p.a.name === x && p.b.name === y) || (p.a.name === y && p.b.name === x));

/** The embedder's cosine between two names, as the service computes it for labels without descriptions. */
async function nameCosine(app: App, x: string, y: string): Promise<number> {
  const [a, b] = await app.deps.embedder.embed([x, y]);
  let dot = 0;
  for (let k = 0; k < a.length; k++) dot += a[k] * b[k];
  return Math.min(1, Math.max(0, dot));
}

/** Every ordering of four words: their names differ, but word and trigram features are equal, so every pair scores 1. */
function permutations(words: string[]): string[] {
  if (words.length <= 1) return [words.join(' ')];
  return words.flatMap((w, i) => permutations([...words.slice(0, i), ...words.slice(i + 1)]).map(rest => `${w} ${rest}`.trim()));
}

/** Inserts labels straight into the store (setup speed); `created_at` follows the order given. */
async function insertLabels(app: App, names: string[]) {
  await app.deps.store.transaction(async tx => {
    for (const [i, name] of names.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
      await tx.labels.insert({ id: app.deps.ids.next(), name, canonical_name: canonicalLabel(name), color: '#3b82f6', description: '', created_at: at, updated_at: at });
    }
  });
}

describe('merge candidates (GET /labels/merge-candidates)', () => {
  test('near labels come back as {a, b, similarity} with the labels considered and the floor used', () =>
    withApp(async app => {
      await createMemory(app, { content: 'x', labels: ['kubernetes cluster', 'kubernetes clusters'] });
      await createLabel(app, 'gardening');
      const response = await candidates(app);
      assert.equal(response.status, 200);
      assert.deepEqual(Object.keys(response.body).sort(), ['labels_considered', 'pairs', 'sim_floor']);
      assert.equal(response.body.sim_floor, 0.82);
      assert.equal(response.body.labels_considered, 3);
      assert.equal(response.body.pairs.length, 1);
      const [pair] = response.body.pairs;
      assert.deepEqual(Object.keys(pair).sort(), ['a', 'b', 'similarity']);
      assert.deepEqual(Object.keys(pair.a).sort(), ['id', 'name', 'usage_count']);
      assert.ok(hasPair(response.body.pairs, 'kubernetes cluster', 'kubernetes clusters'));
      assert.equal(pair.a.usage_count, 1);
      assert.ok(pair.similarity >= 0.82 && pair.similarity <= 1);
    }));

  test('without co-usage the similarity is the embedder cosine of the names', () =>
    withApp(async app => {
      await createLabel(app, 'release planning');
      await createLabel(app, 'release plannings');
      const [pair] = (await candidates(app, '?sim_floor=0')).body.pairs;
      assert.equal(pair.similarity, round4(await nameCosine(app, 'release planning', 'release plannings')));
    }));

  test('co-usage on the same memories raises the similarity by the documented formula', () =>
    withApp(async app => {
      await createMemory(app, { content: 'one', labels: ['release planning', 'release plannings'] });
      await createMemory(app, { content: 'two', labels: ['release planning'] });
      const cosine = await nameCosine(app, 'release planning', 'release plannings');
      const [pair] = (await candidates(app, '?sim_floor=0')).body.pairs;
      // jaccard = 1 shared memory / 2 memories carrying either
      assert.equal(pair.similarity, round4(1 - (1 - cosine) * (1 - 0.5 * 0.5)));
      assert.ok(pair.similarity > round4(cosine));
    }));

  test('labels that never meet in name but always on memories reach a low floor', () =>
    withApp(async app => {
      for (const content of ['a', 'b', 'c']) await createMemory(app, { content, labels: ['ops', 'infrastructure'] });
      await createLabel(app, 'cooking');
      const pairs = (await candidates(app, '?sim_floor=0.5')).body.pairs;
      assert.ok(hasPair(pairs, 'ops', 'infrastructure'));
      assert.ok(!hasPair(pairs, 'ops', 'cooking'));
    }));

  test('the description counts: equal descriptions bring two names closer', () =>
    withApp(async app => {
      await createLabel(app, 'frontend');
      await createLabel(app, 'backend');
      const plain = (await candidates(app, '?sim_floor=0')).body.pairs[0].similarity;
      const described = await withDescriptions(app, 'web application engineering work');
      assert.ok(described > plain, `${described} > ${plain}`);
    }));

  test('exact-canonical forks are never candidates, even at sim_floor 0', () =>
    withApp(async app => {
      await createLabel(app, 'Machine Learning');
      await createLabel(app, 'machine-learning');
      await createLabel(app, 'machine learnings');
      const pairs = (await candidates(app, '?sim_floor=0')).body.pairs;
      assert.ok(!hasPair(pairs, 'Machine Learning', 'machine-learning'));
      assert.ok(hasPair(pairs, 'Machine Learning', 'machine learnings'));
      assert.ok(hasPair(pairs, 'machine-learning', 'machine learnings'));
    }));

  test('in each pair, a is the label the keep rule would keep: the more used, then the older', () =>
    withApp(async app => {
      await createLabel(app, 'design doc');
      await createMemory(app, { content: 'x', labels: ['design docs'] });
      await createLabel(app, 'design docz');
      const pairs = (await candidates(app, '?sim_floor=0.5')).body.pairs;
      assert.ok(pairs.length > 0, 'the check needs pairs to look at');
      for (const pair of pairs) {
        if (pair.b.name === 'design docs') assert.fail('the used label must be a');
        if (pair.a.name === 'design docz') assert.fail('the newer of two unused labels must be b');
      }
    }));

  test('most similar first, and equal similarities ordered by id, the same on every call', () =>
    withApp(async app => {
      for (const name of permutations(['red', 'green', 'blue'])) await createLabel(app, name);
      await createLabel(app, 'red green blues');
      const first = (await candidates(app, '?sim_floor=0.3')).body.pairs;
      assert.deepEqual((await candidates(app, '?sim_floor=0.3')).body.pairs, first);
      const sims = first.map(p => p.similarity);
      assert.deepEqual(sims, [...sims].sort((x, y) => y - x));
      const ties = first.filter(p => p.similarity === 1).map(p => [p.a.id, p.b.id].sort().join(' '));
      assert.equal(ties.length, 15);
      assert.deepEqual(ties, [...ties].sort());
    }));

  test('every pair is at or above sim_floor; a higher floor gives a subset', () =>
    withApp(async app => {
      for (const name of ['data pipeline', 'data pipelines', 'data-pipe line', 'pipeline data', 'databases', 'database']) await createLabel(app, name);
      const low = (await candidates(app, '?sim_floor=0.4')).body;
      const high = (await candidates(app, '?sim_floor=0.9')).body;
      assert.equal(high.sim_floor, 0.9);
      assert.ok(low.pairs.every(p => p.similarity >= 0.4));
      assert.ok(high.pairs.every(p => p.similarity >= 0.9));
      assert.ok(high.pairs.length < low.pairs.length);
      for (const pair of high.pairs) assert.ok(hasPair(low.pairs, pair.a.name, pair.b.name));
      assert.equal((await candidates(app, '?sim_floor=1')).status, 200);
    }));

  test('max_pairs defaults to 100 and bounds the list; 1 and 1000 are allowed', () =>
    withApp(async app => {
      const names = permutations(['north', 'south', 'east', 'west']); // 24 labels, 276 pairs at similarity 1
      for (const name of names) await createLabel(app, name);
      assert.equal((await candidates(app)).body.pairs.length, 100);
      assert.equal((await candidates(app, '?max_pairs=1')).body.pairs.length, 1);
      assert.equal((await candidates(app, '?max_pairs=1000')).body.pairs.length, 276);
      const top = (await candidates(app, '?max_pairs=7')).body.pairs;
      assert.deepEqual(top, (await candidates(app, '?max_pairs=1000')).body.pairs.slice(0, 7));
    }));

  test('with more labels than max_labels, only the most used are considered', () =>
    withApp(async app => {
      await createMemory(app, { content: 'x', labels: ['kubernetes cluster', 'kubernetes clusters'] });
      await createMemory(app, { content: 'y', labels: ['kubernetes cluster'] });
      await createLabel(app, 'kubernetes klusters');
      const two = (await candidates(app, '?max_labels=2&sim_floor=0')).body;
      assert.equal(two.labels_considered, 2);
      assert.deepEqual(pairNames(two.pairs), [['kubernetes cluster', 'kubernetes clusters']]);
      assert.equal((await candidates(app, '?max_labels=3&sim_floor=0')).body.pairs.length, 3);
    }));

  test('max_labels defaults to 2000', () =>
    withApp(async app => {
      const fillers = Array.from({ length: 1999 }, (_, i) => `filler ${(i * 2654435761 % 4294967296).toString(36)}`);
      await insertLabels(app, [...fillers, 'kubernetes cluster', 'kubernetes clusters']); // the last is the newest, unused
      const byDefault = (await candidates(app, '?max_pairs=1000')).body;
      assert.equal(byDefault.labels_considered, 2000);
      assert.ok(!hasPair(byDefault.pairs, 'kubernetes cluster', 'kubernetes clusters'));
      const all = (await candidates(app, '?max_pairs=1000&max_labels=2001')).body;
      assert.equal(all.labels_considered, 2001);
      assert.ok(hasPair(all.pairs, 'kubernetes cluster', 'kubernetes clusters'));
    }));

  test('parameters out of bounds or of the wrong type are 422s; the bounds themselves are allowed', () =>
    withApp(async app => {
      await createLabel(app, 'only');
      for (const [query, loc] of [
        ['sim_floor=-0.01', 'query.sim_floor'],
        ['sim_floor=1.01', 'query.sim_floor'],
        ['sim_floor=high', 'query.sim_floor'],
        ['max_labels=1', 'query.max_labels'],
        ['max_labels=5001', 'query.max_labels'],
        ['max_labels=2.5', 'query.max_labels'],
        ['max_pairs=0', 'query.max_pairs'],
        ['max_pairs=1001', 'query.max_pairs'],
        ['max_pairs=many', 'query.max_pairs'],
      ]) {
        assert.deepEqual(validationLocs(await candidates(app, `?${query}`)), [loc], query);
      }
      for (const query of ['sim_floor=0', 'sim_floor=1', 'max_labels=2', 'max_labels=5000', 'max_pairs=1', 'max_pairs=1000', 'space_id=x']) {
        assert.equal((await candidates(app, `?${query}`)).status, 200, query);
      }
    }));

  test('an empty vocabulary has no pairs', () =>
    withApp(async app => {
      assert.deepEqual((await candidates(app)).body, { pairs: [], labels_considered: 0, sim_floor: 0.82 });
    }));

  test('listing candidates changes nothing', () =>
    withApp(async app => {
      await createMemory(app, { content: 'x', labels: ['kubernetes cluster', 'kubernetes clusters', 'ML', 'ml'] });
      const response = await assertNothingChanged(app, () => candidates(app, '?sim_floor=0'));
      assert.ok(response.body.pairs.length > 0);
    }));
});

/** Gives every label the same description and returns the first pair's similarity. */
async function withDescriptions(app: App, description: string): Promise<number> {
  const labels = (await get(app, '/labels')).body as { id: string }[];
  for (const label of labels) await put(app, `/labels/${label.id}`, { description });
  return (await candidates(app, '?sim_floor=0')).body.pairs[0].similarity;
}

describe('consolidation preview (POST /labels/consolidation-preview)', () => {
  const preview = (app: App, query = '') => post(app, `/labels/consolidation-preview${query}`);
  const find = (pairs: any[], x: string, y: string) => pairs.find(p => (p.a.name === x && p.b.name === y) || (p.a.name === y && p.b.name === x));

  test('an acronym and its expansion are proposed for merging, by rules, at the default floor', () =>
    withApp(async app => {
      await createMemory(app, { content: 'gradient descent', labels: ['ML'] });
      await createMemory(app, { content: 'backpropagation', labels: ['machine learning'] });
      const response = await preview(app);
      assert.equal(response.status, 200);
      assert.equal(response.body.decided_by, 'rules');
      assert.equal(response.body.sim_floor, 0.82);
      assert.equal(response.body.labels_considered, 2);
      const pair = find(response.body.pairs, 'ML', 'machine learning');
      assert.deepEqual(Object.keys(pair).sort(), ['a', 'action', 'b', 'reason', 'rule', 'similarity']);
      assert.equal(pair.action, 'merge');
      assert.equal(pair.rule, 'acronym');
      assert.match(pair.reason, /acronym/);
    }));

  test('singular and plural merge; names differing in a number stay separate', () =>
    withApp(async app => {
      for (const name of ['project', 'projects', 'python2', 'python3']) await createLabel(app, name);
      const pairs = (await preview(app, '?sim_floor=0.6')).body.pairs;
      assert.equal(find(pairs, 'project', 'projects').action, 'merge');
      assert.equal(find(pairs, 'project', 'projects').rule, 'plural');
      assert.equal(find(pairs, 'python2', 'python3').action, 'keep_separate');
      assert.equal(find(pairs, 'python2', 'python3').rule, 'different_numbers');
    }));

  test('a small spelling difference merges', () =>
    withApp(async app => {
      await createLabel(app, 'kubernetes');
      await createLabel(app, 'kuberentes');
      const pair = find((await preview(app, '?sim_floor=0.3')).body.pairs, 'kubernetes', 'kuberentes');
      assert.equal(pair.action, 'merge');
      assert.equal(pair.rule, 'spelling');
    }));

  test('labels used together on most of their memories merge; a narrower one stays separate', () =>
    withApp(async app => {
      for (const content of ['a', 'b', 'c']) await createMemory(app, { content, labels: ['ops', 'infrastructure', 'tech'] });
      for (const content of ['d', 'e', 'f', 'g', 'h']) await createMemory(app, { content, labels: ['tech'] });
      const pairs = (await preview(app, '?sim_floor=0')).body.pairs;
      assert.equal(find(pairs, 'ops', 'infrastructure').rule, 'co_usage');
      assert.equal(find(pairs, 'ops', 'infrastructure').action, 'merge');
      assert.equal(find(pairs, 'ops', 'tech').rule, 'narrower');
      assert.equal(find(pairs, 'ops', 'tech').action, 'keep_separate');
    }));

  test('proposed merges come first, then the rest, each by similarity', () =>
    withApp(async app => {
      for (const name of ['project', 'projects', 'python2', 'python3', 'ML', 'machine learning']) await createLabel(app, name);
      const pairs = (await preview(app, '?sim_floor=0.5')).body.pairs as (Pair & { action: string })[];
      const firstKeep = pairs.findIndex(p => p.action === 'keep_separate');
      assert.ok(firstKeep > 0);
      assert.ok(pairs.slice(firstKeep).every(p => p.action === 'keep_separate'));
      for (const group of [pairs.slice(0, firstKeep), pairs.slice(firstKeep)]) {
        const sims = group.map(p => p.similarity);
        assert.deepEqual(sims, [...sims].sort((x, y) => y - x));
      }
    }));

  test('forks are left out of the preview', () =>
    withApp(async app => {
      for (const name of ['ML', 'ml', 'M.L.']) await createLabel(app, name);
      const pairs = (await preview(app, '?sim_floor=0')).body.pairs;
      assert.equal(find(pairs, 'ML', 'ml'), undefined);
      assert.ok(find(pairs, 'ML', 'M.L.'), 'different canonical forms: "ml" and "m l"');
    }));

  test('max_pairs defaults to 40, allows 1..200', () =>
    withApp(async app => {
      for (const name of permutations(['north', 'south', 'east', 'west'])) await createLabel(app, name);
      assert.equal((await preview(app)).body.pairs.length, 40);
      assert.equal((await preview(app, '?max_pairs=1')).body.pairs.length, 1);
      assert.equal((await preview(app, '?max_pairs=200')).body.pairs.length, 200);
      assert.deepEqual(validationLocs(await preview(app, '?max_pairs=201')), ['query.max_pairs']);
      assert.deepEqual(validationLocs(await preview(app, '?max_pairs=0')), ['query.max_pairs']);
    }));

  test('sim_floor and max_labels have the bounds of merge candidates', () =>
    withApp(async app => {
      await createLabel(app, 'only');
      for (const [query, loc] of [
        ['sim_floor=-1', 'query.sim_floor'],
        ['sim_floor=2', 'query.sim_floor'],
        ['max_labels=1', 'query.max_labels'],
        ['max_labels=5001', 'query.max_labels'],
      ]) {
        assert.deepEqual(validationLocs(await preview(app, `?${query}`)), [loc], query);
      }
      const bounds = await preview(app, '?sim_floor=1&max_labels=5000');
      assert.equal(bounds.status, 200);
      assert.equal(bounds.body.sim_floor, 1);
      assert.equal((await preview(app, '?max_labels=2&sim_floor=0')).status, 200);
    }));

  test('the preview never mutates, whatever it proposes', () =>
    withApp(async app => {
      await createMemory(app, { content: 'x', labels: ['ML', 'machine learning', 'project', 'projects', 'ml'] });
      const response = await assertNothingChanged(app, () => preview(app, '?sim_floor=0'));
      assert.ok(response.body.pairs.some((p: { action: string }) => p.action === 'merge'));
    }));
});
