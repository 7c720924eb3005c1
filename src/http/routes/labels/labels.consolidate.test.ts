import { test, describe } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';
import { assertNothingChanged, createLabel, dumpLabelGraph, type Label, type LabelRef, withApp } from '../../../../test/labels.ts';

interface Plan {
  dry_run: boolean;
  groups: { canonical: string; keep: LabelRef; merge: LabelRef[] }[];
  merged_labels: number;
  merge_ids: string[];
  total_groups: number;
}

const consolidate = (app: App, query = '') => post<Plan>(app, `/labels/consolidate${query}`);
const groupNames = (plan: Plan) => plan.groups.map(g => [g.canonical, g.keep.name, g.merge.map(m => m.name)]);

/** ML ×3 memories, ml ×1, Ml unused; Python ×1, python ×1 (Python older); "solo" has no fork. */
async function seedForks(app: App) {
  await createLabel(app, 'Python');
  await createLabel(app, 'python');
  // Writes reuse a label of the same canonical form, so forks are made by name first (as older data may hold them).
  await createLabel(app, 'ML');
  await createLabel(app, 'ml');
  await createMemory(app, { content: 'one', labels: ['ML', 'Python'] });
  await createMemory(app, { content: 'two', labels: ['ML', 'ml', 'python'] });
  await createMemory(app, { content: 'three', labels: ['ML', 'solo'] });
  await createLabel(app, 'Ml');
}

describe('consolidating forks (POST /labels/consolidate)', () => {
  test('by default it is a dry run: the plan comes back and nothing changes', () =>
    withApp(async app => {
      await seedForks(app);
      const response = await assertNothingChanged(app, () => consolidate(app));
      assert.equal(response.status, 200);
      assert.deepEqual(Object.keys(response.body).sort(), ['dry_run', 'groups', 'merge_ids', 'merged_labels', 'total_groups']);
      assert.equal(response.body.dry_run, true);
      assert.equal(response.body.merged_labels, 0);
      assert.deepEqual(response.body.merge_ids, []);
      assert.equal(response.body.total_groups, 2);
    }));

  test('the most used label is kept; between equals, the oldest; groups come most used first', () =>
    withApp(async app => {
      await seedForks(app);
      const plan = (await consolidate(app, '?dry_run=true')).body;
      assert.deepEqual(groupNames(plan), [
        ['ml', 'ML', ['ml', 'Ml']],
        ['python', 'Python', ['python']],
      ]);
      assert.deepEqual(plan.groups[0].keep.usage_count, 3);
      assert.deepEqual(Object.keys(plan.groups[0].keep).sort(), ['id', 'name', 'usage_count']);
    }));

  test('dry_run=false merges every fork into the kept label, recorded and undoable', () =>
    withApp(async app => {
      await seedForks(app);
      const before = await dumpLabelGraph(app);
      const ml = before.labels.find(l => l.name === 'ML')!;
      const done = await consolidate(app, '?dry_run=false');
      assert.equal(done.status, 200);
      assert.equal(done.body.dry_run, false);
      assert.equal(done.body.merged_labels, 3);
      assert.equal(done.body.merge_ids.length, 3);
      assert.deepEqual(groupNames(done.body), [
        ['ml', 'ML', ['ml', 'Ml']],
        ['python', 'Python', ['python']],
      ]);
      const names = ((await get<Label[]>(app, '/labels')).body).map(l => [l.name, l.usage_count]);
      assert.deepEqual(names, [
        ['ML', 3],
        ['Python', 2],
        ['solo', 1],
      ]);
      assert.equal((await get<Label>(app, `/labels/${ml.id}`)).body.usage_count, 3, 'the memory with ML and ml has one edge');
      assert.equal((await get(app, '/labels/health')).body.fork_groups, 0);
      for (const mergeId of done.body.merge_ids) assert.equal((await post(app, `/labels/merges/${mergeId}/undo`)).status, 200);
      assert.deepEqual(await dumpLabelGraph(app), before);
    }));

  test('a second run finds nothing left to do', () =>
    withApp(async app => {
      await seedForks(app);
      await consolidate(app, '?dry_run=false');
      const again = await consolidate(app, '?dry_run=false');
      assert.deepEqual(again.body, { dry_run: false, groups: [], merged_labels: 0, merge_ids: [], total_groups: 0 });
    }));

  test('max_groups bounds how many groups are planned and merged; the rest wait for the next run', () =>
    withApp(async app => {
      await seedForks(app);
      const plan = (await consolidate(app, '?max_groups=1')).body;
      assert.deepEqual(groupNames(plan), [['ml', 'ML', ['ml', 'Ml']]]);
      assert.equal(plan.total_groups, 2);
      const done = (await consolidate(app, '?max_groups=1&dry_run=false')).body;
      assert.equal(done.merged_labels, 2);
      const rest = (await consolidate(app)).body;
      assert.deepEqual(groupNames(rest), [['python', 'Python', ['python']]]);
    }));

  test('labels that are only similar are not consolidated: only exact-canonical forks are', () =>
    withApp(async app => {
      for (const name of ['ML', 'machine learning', 'projects', 'project']) await createLabel(app, name);
      const response = await assertNothingChanged(app, () => consolidate(app, '?dry_run=false'));
      assert.deepEqual(response.body.groups, []);
    }));

  test('dry_run and max_groups are validated: max_groups 1..5000, dry_run a boolean', () =>
    withApp(async app => {
      await seedForks(app);
      for (const [query, loc] of [
        ['max_groups=0', 'query.max_groups'],
        ['max_groups=5001', 'query.max_groups'],
        ['max_groups=1.5', 'query.max_groups'],
        ['dry_run=perhaps', 'query.dry_run'],
      ]) {
        const response = await assertNothingChanged(app, () => consolidate(app, `?${query}`));
        assert.deepEqual(validationLocs(response), [loc], query);
      }
      assert.equal((await consolidate(app, '?max_groups=5000')).status, 200);
      assert.equal((await assertNothingChanged(app, () => consolidate(app, '?max_groups=1&dry_run=1'))).body.dry_run, true);
      assert.equal((await assertNothingChanged(app, () => consolidate(app, '?dry_run=yes&space_id=x'))).body.dry_run, true);
      const run = await consolidate(app, '?dry_run=no');
      assert.equal(run.body.dry_run, false);
      assert.equal(run.body.merged_labels, 3);
    }));

  test('max_groups defaults to 200', () =>
    withApp(async app => {
      await app.deps.store.transaction(async tx => {
        for (let i = 0; i < 201; i++) {
          for (const name of [`topic-${i}`, `Topic ${i}`]) {
            const at = new Date(Date.UTC(2026, 0, 1) + i).toISOString();
            await tx.labels.insert({ id: app.deps.ids.next(), name, canonical_name: `topic ${i}`, color: '#3b82f6', description: '', created_at: at, updated_at: at });
          }
        }
      });
      const plan = (await consolidate(app)).body;
      assert.equal(plan.groups.length, 200);
      assert.equal(plan.total_groups, 201);
    }));
});
