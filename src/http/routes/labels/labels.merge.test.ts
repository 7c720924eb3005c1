import { test, describe } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { createMemory, del, get, post, put, validationLocs } from '../../../../test/helpers.ts';
import { assertNothingChanged, createLabel, dumpLabelGraph, type Label, withApp } from '../../../../test/labels.ts';

const labelNames = async (app: App, memoryId: string) =>
  ((await get(app, `/memories/${memoryId}/labels`)).body.labels as Label[]).map(l => l.name).sort();

const merge = (app: App, source: { id: string }, target: { id: string }) => post(app, `/labels/merge?source_id=${source.id}&target_id=${target.id}`);

async function mergeOk(app: App, source: { id: string }, target: { id: string }): Promise<string> {
  const response = await merge(app, source, target);
  assert.equal(response.status, 200, response.text);
  return response.body.merge_id;
}

const undo = (app: App, mergeId: string) => post(app, `/labels/merges/${mergeId}/undo`);

async function undoOk(app: App, mergeId: string) {
  const response = await undo(app, mergeId);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

describe('merging labels (POST /labels/merge)', () => {
  test('merging a label moves its memories to the target and deletes it', () =>
    withApp(async app => {
      const ml = await createLabel(app, 'ML');
      const ai = await createLabel(app, 'machine learning');
      const memory = await createMemory(app, { content: 'gradient descent', labels: ['ML'] });
      const merged = await merge(app, ml, ai);
      assert.equal(merged.status, 200);
      assert.deepEqual(Object.keys(merged.body).sort(), ['already_present', 'merge_id', 'moved', 'source_id', 'target_id']);
      assert.match(merged.body.merge_id, /^[0-9a-f-]{36}$/);
      assert.equal(merged.body.source_id, ml.id);
      assert.equal(merged.body.target_id, ai.id);
      assert.equal(merged.body.moved, 1);
      assert.equal(merged.body.already_present, 0);
      assert.deepEqual(await labelNames(app, memory), ['machine learning']);
      assert.equal((await get(app, `/labels/${ml.id}`)).status, 404);
      assert.equal((await get<Label>(app, `/labels/${ai.id}`)).body.usage_count, 1);
    }));

  test('a memory that had both labels keeps one edge to the target, never two', () =>
    withApp(async app => {
      const both = await createMemory(app, { content: 'both', labels: ['ML', 'machine learning'] });
      const onlySource = await createMemory(app, { content: 'source only', labels: ['ML'] });
      const onlyTarget = await createMemory(app, { content: 'target only', labels: ['machine learning'] });
      const carried: Label[] = (await get(app, `/memories/${both}/labels`)).body.labels;
      const [ml, ai] = ['ML', 'machine learning'].map(name => carried.find(l => l.name === name)!);
      const merged = await merge(app, ml, ai);
      assert.equal(merged.body.moved, 1);
      assert.equal(merged.body.already_present, 1);
      for (const id of [both, onlySource, onlyTarget]) assert.deepEqual(await labelNames(app, id), ['machine learning']);
      const { edges } = await dumpLabelGraph(app);
      assert.equal(edges.length, 3);
      assert.equal(edges.filter(e => e.memory_id === both).length, 1);
      assert.equal((await get<Label>(app, `/labels/${ai.id}`)).body.usage_count, 3);
    }));

  test('the target keeps its own name, colour and description', () =>
    withApp(async app => {
      const source = await createLabel(app, 'src', '&color=%23ff0000&description=from');
      const target = await createLabel(app, 'tgt', '&color=%2300ff00&description=into');
      await mergeOk(app, source, target);
      const after = await get<Label>(app, `/labels/${target.id}`);
      assert.deepEqual({ ...after.body, usage_count: 0 }, target);
    }));

  test('an unknown source or target is a 404 label_not_found and changes nothing', () =>
    withApp(async app => {
      const real = await createLabel(app, 'real');
      await createMemory(app, { content: 'x', labels: ['real'] });
      for (const url of [`/labels/merge?source_id=nope&target_id=${real.id}`, `/labels/merge?source_id=${real.id}&target_id=nope`]) {
        const response = await assertNothingChanged(app, () => post(app, url));
        assert.equal(response.status, 404);
        assert.equal(response.body.error_code, 'label_not_found');
        assert.equal(typeof response.body.detail, 'string');
      }
    }));

  test('merging a label into itself is a 409 and changes nothing', () =>
    withApp(async app => {
      const label = await createLabel(app, 'self');
      const response = await assertNothingChanged(app, () => merge(app, label, label));
      assert.equal(response.status, 409);
      assert.equal(response.body.error_code, 'same_label');
    }));

  test('source_id and target_id are required', () =>
    withApp(async app => {
      const label = await createLabel(app, 'lonely');
      assert.deepEqual(validationLocs(await post(app, '/labels/merge')), ['query.source_id', 'query.target_id']);
      assert.deepEqual(validationLocs(await post(app, `/labels/merge?source_id=${label.id}`)), ['query.target_id']);
      assert.deepEqual(validationLocs(await post(app, `/labels/merge?target_id=${label.id}&source_id=`)), ['query.source_id']);
    }));

  test('an empty JSON body, as real clients send, is accepted', () =>
    withApp(async app => {
      const [a, b] = [await createLabel(app, 'a'), await createLabel(app, 'b')];
      assert.equal((await post(app, `/labels/merge?source_id=${a.id}&target_id=${b.id}&space_id=default`, '')).status, 200);
    }));

  test('edges of forgotten memories move too, so a restored memory keeps its meaning', () =>
    withApp(async app => {
      const id = await createMemory(app, { content: 'forgotten for now', labels: ['old-name'] });
      const source = (await get(app, `/memories/${id}/labels`)).body.labels[0];
      const target = await createLabel(app, 'new-name');
      assert.equal((await post(app, `/memories/${id}/forget`)).status, 200);
      assert.equal((await merge(app, source, target)).body.moved, 1);
      assert.equal((await post(app, `/memories/${id}/restore`)).status, 200);
      assert.deepEqual(await labelNames(app, id), ['new-name']);
    }));
});

describe('undoing a merge (POST /labels/merges/{merge_id}/undo)', () => {
  test('undo restores the label with its id, name, colour, description and times, and exactly its edges', () =>
    withApp(async app => {
      const source = await createLabel(app, 'ML', '&color=%23abcdef&description=short%20form');
      const target = await createLabel(app, 'machine learning', '&color=%23123456');
      const a = await createMemory(app, { content: 'a', labels: ['ML'] });
      const b = await createMemory(app, { content: 'b', labels: ['ML', 'machine learning'] });
      await createMemory(app, { content: 'c', labels: ['machine learning', 'other'] });
      const before = await dumpLabelGraph(app);
      const mergeId = await mergeOk(app, source, target);
      const undone = await undoOk(app, mergeId);
      assert.deepEqual(await dumpLabelGraph(app), before);
      assert.deepEqual(undone.label, { ...source, usage_count: 2 });
      assert.equal(undone.merge_id, mergeId);
      assert.equal(undone.source_id, source.id);
      assert.equal(undone.target_id, target.id);
      assert.equal(undone.restored, 2);
      assert.equal(undone.removed_from_target, 1, 'only the edge the merge added');
      assert.ok(!Number.isNaN(Date.parse(undone.undone_at)));
      assert.deepEqual(await labelNames(app, a), ['ML']);
      assert.deepEqual(await labelNames(app, b), ['ML', 'machine learning']);
    }));

  test('undoing twice is a 409 already_undone and changes nothing', () =>
    withApp(async app => {
      const [a, b] = [await createLabel(app, 'a'), await createLabel(app, 'b')];
      await createMemory(app, { content: 'x', labels: ['a'] });
      const mergeId = await mergeOk(app, a, b);
      await undoOk(app, mergeId);
      const again = await assertNothingChanged(app, () => undo(app, mergeId));
      assert.equal(again.status, 409);
      assert.equal(again.body.error_code, 'already_undone');
    }));

  test('an unknown merge is a 404 merge_not_found', () =>
    withApp(async app => {
      await createLabel(app, 'present');
      const response = await assertNothingChanged(app, () => undo(app, '01900000-0000-7000-8000-000000000000'));
      assert.equal(response.status, 404);
      assert.equal(response.body.error_code, 'merge_not_found');
      assert.equal(typeof response.body.detail, 'string');
    }));

  test('when the source name was taken since, undo is a 409 label_exists and changes nothing', () =>
    withApp(async app => {
      const [a, b] = [await createLabel(app, 'taken later'), await createLabel(app, 'b')];
      await createMemory(app, { content: 'x', labels: ['taken later'] });
      const mergeId = await mergeOk(app, a, b);
      const squatter = await createLabel(app, 'taken later');
      const response = await assertNothingChanged(app, () => undo(app, mergeId));
      assert.equal(response.status, 409);
      assert.equal(response.body.error_code, 'label_exists');
      assert.equal(response.body.label.id, squatter.id);
      assert.equal((await put(app, `/labels/${squatter.id}`, { name: 'moved aside' })).status, 200);
      await undoOk(app, mergeId);
      assert.equal((await get<Label>(app, `/labels/${a.id}`)).body.name, 'taken later');
    }));

  test('edges the target had before the merge stay after the undo', () =>
    withApp(async app => {
      const [a, b] = [await createLabel(app, 'a'), await createLabel(app, 'b')];
      const had = await createMemory(app, { content: 'had both', labels: ['a', 'b'] });
      const gained = await createMemory(app, { content: 'gained b', labels: ['a'] });
      await undoOk(app, await mergeOk(app, a, b));
      assert.deepEqual(await labelNames(app, had), ['a', 'b']);
      assert.deepEqual(await labelNames(app, gained), ['a']);
    }));

  test('memories deleted since the merge are skipped; the rest come back', () =>
    withApp(async app => {
      const [a, b] = [await createLabel(app, 'a'), await createLabel(app, 'b')];
      const kept = await createMemory(app, { content: 'kept', labels: ['a'] });
      const deleted = await createMemory(app, { content: 'deleted', labels: ['a'] });
      const mergeId = await mergeOk(app, a, b);
      assert.equal((await del(app, `/memories/${deleted}`)).status, 200);
      const undone = await undoOk(app, mergeId);
      assert.equal(undone.restored, 1);
      assert.deepEqual(await labelNames(app, kept), ['a']);
      assert.equal(undone.label.usage_count, 1);
    }));

  test('undo works when the target was deleted since', () =>
    withApp(async app => {
      const [a, b] = [await createLabel(app, 'a'), await createLabel(app, 'b')];
      const id = await createMemory(app, { content: 'x', labels: ['a'] });
      const mergeId = await mergeOk(app, a, b);
      assert.equal((await del(app, `/labels/${b.id}`)).status, 200);
      const undone = await undoOk(app, mergeId);
      assert.equal(undone.removed_from_target, 0);
      assert.deepEqual(await labelNames(app, id), ['a']);
    }));

  test('when the target was merged away since, undo is a 409 until that later merge is undone', () =>
    withApp(async app => {
      const [a, b, c] = [await createLabel(app, 'a'), await createLabel(app, 'b'), await createLabel(app, 'c')];
      await createMemory(app, { content: 'x', labels: ['a'] });
      await createMemory(app, { content: 'y', labels: ['b', 'c'] });
      const before = await dumpLabelGraph(app);
      const first = await mergeOk(app, a, b);
      const second = await mergeOk(app, b, c);
      const blocked = await assertNothingChanged(app, () => undo(app, first));
      assert.equal(blocked.status, 409);
      assert.equal(blocked.body.error_code, 'undo_blocked');
      assert.equal(blocked.body.blocking_merge_id, second);
      await undoOk(app, second);
      await undoOk(app, first);
      assert.deepEqual(await dumpLabelGraph(app), before);
    }));

  for (const order of ['first merge undone first', 'last merge undone first']) {
    test(`two forks merged into one label come back exactly, whatever the undo order (${order})`, () =>
      withApp(async app => {
        const [ml, mlLower, keep] = [await createLabel(app, 'ML'), await createLabel(app, 'ml'), await createLabel(app, 'Ml')];
        const both = await createMemory(app, { content: 'carried both forks', labels: ['ML', 'ml'] });
        const one = await createMemory(app, { content: 'one fork', labels: ['ml'] });
        const before = await dumpLabelGraph(app);
        const first = await mergeOk(app, ml, keep);
        const second = await mergeOk(app, mlLower, keep);
        assert.deepEqual(await labelNames(app, both), ['Ml']);
        const [undoFirst, undoSecond] = order === 'first merge undone first' ? [first, second] : [second, first];
        await undoOk(app, undoFirst);
        // The memory still carries a fork that is merged into "Ml", so it keeps "Ml" until that merge is undone too.
        assert.ok((await labelNames(app, both)).includes('Ml'));
        await undoOk(app, undoSecond);
        assert.deepEqual(await labelNames(app, both), ['ML', 'ml']);
        assert.deepEqual(await labelNames(app, one), ['ml']);
        assert.deepEqual(await dumpLabelGraph(app), before);
      }));
  }

  test('a label restored by undo can be merged again, and undone again', () =>
    withApp(async app => {
      const [a, b] = [await createLabel(app, 'a'), await createLabel(app, 'b')];
      await createMemory(app, { content: 'x', labels: ['a'] });
      const before = await dumpLabelGraph(app);
      await undoOk(app, await mergeOk(app, a, b));
      const again = await mergeOk(app, a, b);
      await undoOk(app, again);
      assert.deepEqual(await dumpLabelGraph(app), before);
    }));
});
