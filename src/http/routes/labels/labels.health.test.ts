import { test, describe } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { createMemory, del, get, post } from '../../../../test/helpers.ts';
import { assertNothingChanged, createLabel, withApp } from '../../../../test/labels.ts';

const FIELDS = [
  'coverage',
  'fork_groups',
  'fork_labels',
  'labeled_memories',
  'labels_per_memory',
  'singleton_rate',
  'total_memories',
  'unused_labels',
  'vocabulary_size',
];

describe('vocabulary health (GET /labels/health)', () => {
  test('an empty store reports zeros, never NaN or null', () =>
    withApp(async app => {
      const health = await get(app, '/labels/health');
      assert.equal(health.status, 200);
      assert.deepEqual(Object.keys(health.body).sort(), FIELDS);
      for (const field of FIELDS) assert.equal(health.body[field], 0, field);
    }));

  test('every field is counted as docs/api.md defines it', () =>
    withApp(async app => {
      // Writes reuse a label of the same canonical form, so forks are made by name first (as older data may hold them).
      for (const name of ['ML', 'python', 'ml']) await createLabel(app, name);
      await createMemory(app, { content: 'one', labels: ['ML', 'python'] });
      await createMemory(app, { content: 'two', labels: ['ml'] });
      await createMemory(app, { content: 'three', labels: ['python', 'Machine-Learning', 'ml'] });
      await createMemory(app, { content: 'four' });
      await createLabel(app, 'never used');
      await createLabel(app, 'Never_Used');
      const health = await get(app, '/labels/health');
      assert.deepEqual(health.body, {
        vocabulary_size: 6, // ML, ml, Machine-Learning, python, never used, Never_Used
        total_memories: 4,
        labeled_memories: 3,
        labels_per_memory: 2, // 6 edges over 3 labelled memories
        coverage: 0.75,
        singleton_rate: 0.5, // ML and Machine-Learning of the 4 used labels
        unused_labels: 2,
        fork_groups: 2, // "machine learning" ×2, "never used" ×2
        fork_labels: 4,
      });
    }));

  test('ML and machine learning are not forks: only equal canonical forms are', () =>
    withApp(async app => {
      await createLabel(app, 'ML');
      await createLabel(app, 'machine learning');
      await createLabel(app, 'Machine.Learning');
      await createLabel(app, ' machine / learning ');
      const health = await get(app, '/labels/health');
      assert.equal(health.body.fork_groups, 1);
      assert.equal(health.body.fork_labels, 3);
    }));

  test('forgotten memories do not count as memories, nor toward usage; archived ones do', () =>
    withApp(async app => {
      await createMemory(app, { content: 'kept', labels: ['a'] });
      const archived = await createMemory(app, { content: 'archived', labels: ['b'] });
      const forgotten = await createMemory(app, { content: 'forgotten', labels: ['a', 'c'] });
      assert.equal((await post(app, `/memories/${archived}/archive`)).status, 200);
      assert.equal((await post(app, `/memories/${forgotten}/forget`)).status, 200);
      const health = await get(app, '/labels/health');
      assert.equal(health.body.total_memories, 2);
      assert.equal(health.body.labeled_memories, 2);
      assert.equal(health.body.labels_per_memory, 1);
      assert.equal(health.body.unused_labels, 1, '"c" is only on the forgotten memory');
      assert.equal(health.body.singleton_rate, 1);
      assert.equal((await post(app, `/memories/${forgotten}/restore`)).status, 200);
      const restored = await get(app, '/labels/health');
      assert.equal(restored.body.total_memories, 3);
      assert.equal(restored.body.unused_labels, 0);
      assert.equal(restored.body.labels_per_memory, 1.3333);
    }));

  test('every space counts: label care reads the global graph', () =>
    withApp(async app => {
      await createMemory(app, { content: 'home', labels: ['x'] });
      await createMemory(app, { content: 'work', labels: ['x'], space_id: 'work' });
      const health = await get(app, '/labels/health?space_id=default');
      assert.equal(health.status, 200);
      assert.equal(health.body.total_memories, 2);
      assert.equal(health.body.singleton_rate, 0);
    }));

  test('deleting a label or a memory shows at once', () =>
    withApp(async app => {
      const id = await createMemory(app, { content: 'to delete', labels: ['solo'] });
      const label = await createLabel(app, 'spare');
      assert.equal((await get(app, '/labels/health')).body.unused_labels, 1);
      assert.equal((await del(app, `/labels/${label.id}`)).status, 200);
      assert.equal((await del(app, `/memories/${id}`)).status, 200);
      const health = await get(app, '/labels/health');
      assert.equal(health.body.vocabulary_size, 1);
      assert.equal(health.body.unused_labels, 1);
      assert.equal(health.body.total_memories, 0);
      assert.equal(health.body.coverage, 0);
    }));

  test('reading health changes nothing', () =>
    withApp(async app => {
      for (const name of ['ML', 'ml']) await createLabel(app, name);
      await createMemory(app, { content: 'a', labels: ['ML', 'ml'] });
      await createLabel(app, 'Ml');
      const health = await assertNothingChanged(app, () => get(app, '/labels/health'));
      assert.equal(health.status, 200);
    }));
});
