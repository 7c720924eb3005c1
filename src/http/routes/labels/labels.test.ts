import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, call, createMemory, del, get, post, put, validationLocs } from '../../../../test/helpers.ts';
import { createLabel, type Label, withApp } from '../../../../test/labels.ts';

const names = (labels: Label[]) => labels.map(l => l.name);

describe('creating labels (POST /labels)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a label takes its name, colour and description from the query string', async () => {
    const created = await post<Label>(app, '/labels?name=project%20x&color=%23ff0000&description=Work%20on%20X');
    assert.equal(created.status, 200);
    assert.match(created.body.id, /^[0-9a-f-]{36}$/);
    assert.equal(created.body.name, 'project x');
    assert.equal(created.body.color, '#ff0000');
    assert.equal(created.body.description, 'Work on X');
    assert.equal(created.body.usage_count, 0);
    assert.ok(!Number.isNaN(Date.parse(created.body.created_at)));
    assert.equal(created.body.updated_at, created.body.created_at);
  });

  test('colour defaults to #3b82f6 and description to empty', async () => {
    const created = await createLabel(app, 'plain');
    assert.equal(created.color, '#3b82f6');
    assert.equal(created.description, '');
  });

  test('a created label can be read back by id', async () => {
    const created = await createLabel(app, 'readable', '&color=%23abc');
    const read = await get<Label>(app, `/labels/${created.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, created);
  });

  test('a missing name is a 422 pointing at query.name', async () => {
    const missing = await post(app, '/labels');
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.detail[0].loc, ['query', 'name']);
    assert.deepEqual(validationLocs(await post(app, '/labels?name=')), ['query.name']);
    assert.deepEqual(validationLocs(await post(app, '/labels?name=%20%20')), ['query.name']);
    assert.deepEqual(validationLocs(await post(app, `/labels?name=${'n'.repeat(101)}`)), ['query.name']);
  });

  test('a colour that is not a hex colour is a 422', async () => {
    assert.deepEqual(validationLocs(await post(app, '/labels?name=red&color=red')), ['query.color']);
    assert.deepEqual(validationLocs(await post(app, '/labels?name=red&color=%2312345')), ['query.color']);
    assert.deepEqual(validationLocs(await post(app, '/labels?name=red&color=%23gggggg')), ['query.color']);
    assert.equal((await get<Label[]>(app, '/labels')).body.some(l => l.name === 'red'), false);
  });

  test('creating an existing name is a 409 label_exists carrying that label', async () => {
    const first = await createLabel(app, 'duplicate-me', '&color=%23111111');
    const again = await post(app, '/labels?name=duplicate-me&color=%23222222');
    assert.equal(again.status, 409);
    assert.equal(again.body.error_code, 'label_exists');
    assert.equal(typeof again.body.detail, 'string');
    assert.deepEqual(again.body.label, first);
    assert.equal((await get<Label>(app, `/labels/${first.id}`)).body.color, '#111111');
  });

  test('names are unique exactly: a different case is a different label', async () => {
    const lower = await createLabel(app, 'casing');
    const upper = await createLabel(app, 'Casing');
    assert.notEqual(lower.id, upper.id);
  });

  test('unknown query parameters such as space_id are ignored', async () => {
    const created = await post<Label>(app, '/labels?name=spaced&space_id=default&foo=bar');
    assert.equal(created.status, 200);
    assert.equal(created.body.name, 'spaced');
  });
});

describe('listing labels (GET /labels)', () => {
  test('usage_count counts the memories carrying each label', () =>
    withApp(async app => {
      await createMemory(app, { content: 'one', labels: ['both', 'first'] });
      await createMemory(app, { content: 'two', labels: ['both'] });
      await createLabel(app, 'unused');
      const listed = await get<Label[]>(app, '/labels');
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.map(l => [l.name, l.usage_count]),
        [
          ['both', 2],
          ['first', 1],
          ['unused', 0],
        ],
      );
    }));

  test('a forgotten memory does not count toward usage, and counts again once restored', () =>
    withApp(async app => {
      await createMemory(app, { content: 'kept', labels: ['topic'] });
      const gone = await createMemory(app, { content: 'gone', labels: ['topic'] });
      assert.equal((await get<Label[]>(app, '/labels')).body[0].usage_count, 2);
      assert.equal((await post(app, `/memories/${gone}/forget`)).status, 200);
      const afterForget = await get<Label[]>(app, '/labels');
      assert.equal(afterForget.body[0].usage_count, 1);
      assert.equal((await get<Label>(app, `/labels/${afterForget.body[0].id}`)).body.usage_count, 1);
      assert.equal((await post(app, `/memories/${gone}/restore`)).status, 200);
      assert.equal((await get<Label[]>(app, '/labels')).body[0].usage_count, 2);
    }));

  test('an archived memory still counts toward usage', () =>
    withApp(async app => {
      const id = await createMemory(app, { content: 'old but live', labels: ['archive-me'] });
      assert.equal((await post(app, `/memories/${id}/archive`)).status, 200);
      assert.equal((await get<Label[]>(app, '/labels')).body[0].usage_count, 1);
    }));

  test('the default page holds 100 labels, and limit and offset page through the rest', () =>
    withApp(async app => {
      for (let i = 0; i < 105; i++) await createLabel(app, `l${String(i).padStart(3, '0')}`);
      const first = await get<Label[]>(app, '/labels');
      assert.equal(first.body.length, 100);
      assert.equal(first.body[0].name, 'l000');
      assert.equal(first.body[99].name, 'l099');
      assert.deepEqual(names((await get<Label[]>(app, '/labels?offset=100')).body), ['l100', 'l101', 'l102', 'l103', 'l104']);
      assert.deepEqual(names((await get<Label[]>(app, '/labels?limit=2&offset=3')).body), ['l003', 'l004']);
      assert.equal((await get<Label[]>(app, '/labels?limit=1000')).body.length, 105);
      assert.deepEqual((await get<Label[]>(app, '/labels?offset=500')).body, []);
    }));

  test('limit outside 1..1000 and a negative offset are 422s', () =>
    withApp(async app => {
      assert.deepEqual(validationLocs(await get(app, '/labels?limit=0')), ['query.limit']);
      assert.deepEqual(validationLocs(await get(app, '/labels?limit=1001')), ['query.limit']);
      assert.deepEqual(validationLocs(await get(app, '/labels?limit=ten')), ['query.limit']);
      assert.deepEqual(validationLocs(await get(app, '/labels?limit=2.5')), ['query.limit']);
      assert.deepEqual(validationLocs(await get(app, '/labels?offset=-1')), ['query.offset']);
      assert.equal((await get(app, '/labels?limit=1')).status, 200);
      assert.equal((await get(app, '/labels?limit=1000')).status, 200);
    }));

  test('labels are ordered by name by default, and order_desc reverses it', () =>
    withApp(async app => {
      for (const name of ['mango', 'apple', 'zucchini', 'kiwi']) await createLabel(app, name);
      assert.deepEqual(names((await get<Label[]>(app, '/labels')).body), ['apple', 'kiwi', 'mango', 'zucchini']);
      assert.deepEqual(names((await get<Label[]>(app, '/labels?order_by=name')).body), ['apple', 'kiwi', 'mango', 'zucchini']);
      assert.deepEqual(names((await get<Label[]>(app, '/labels?order_desc=true')).body), ['zucchini', 'mango', 'kiwi', 'apple']);
    }));

  test('order_by=usage_count sorts by how many memories carry the label', () =>
    withApp(async app => {
      await createLabel(app, 'none');
      await createMemory(app, { content: 'a', labels: ['three', 'one'] });
      await createMemory(app, { content: 'b', labels: ['three', 'two'] });
      await createMemory(app, { content: 'c', labels: ['three', 'two'] });
      assert.deepEqual(names((await get<Label[]>(app, '/labels?order_by=usage_count&order_desc=true')).body), ['three', 'two', 'one', 'none']);
      assert.deepEqual(names((await get<Label[]>(app, '/labels?order_by=usage_count')).body), ['none', 'one', 'two', 'three']);
    }));

  test('order_by=created_at lists labels in the order they were made', () =>
    withApp(async app => {
      for (const name of ['second-alphabetically', 'a-first-alphabetically', 'c-third']) await createLabel(app, name);
      assert.deepEqual(names((await get<Label[]>(app, '/labels?order_by=created_at')).body), [
        'second-alphabetically',
        'a-first-alphabetically',
        'c-third',
      ]);
      assert.deepEqual(names((await get<Label[]>(app, '/labels?order_by=created_at&order_desc=true')).body), [
        'c-third',
        'a-first-alphabetically',
        'second-alphabetically',
      ]);
    }));

  test('order_by=updated_at puts the most recently changed label last', () =>
    withApp(async app => {
      const early = await createLabel(app, 'early');
      await createLabel(app, 'middle');
      await createLabel(app, 'late');
      await new Promise(resolve => setTimeout(resolve, 5));
      assert.equal((await put(app, `/labels/${early.id}`, { description: 'touched' })).status, 200);
      assert.deepEqual(names((await get<Label[]>(app, '/labels?order_by=updated_at')).body), ['middle', 'late', 'early']);
      assert.deepEqual(names((await get<Label[]>(app, '/labels?order_by=updated_at&order_desc=1')).body), ['early', 'late', 'middle']);
    }));

  test('an unknown order_by or a non-boolean order_desc is a 422', () =>
    withApp(async app => {
      assert.deepEqual(validationLocs(await get(app, '/labels?order_by=popularity')), ['query.order_by']);
      assert.deepEqual(validationLocs(await get(app, '/labels?order_by=id')), ['query.order_by']);
      assert.deepEqual(validationLocs(await get(app, '/labels?order_desc=sideways')), ['query.order_desc']);
    }));

  test('an empty store lists no labels', () =>
    withApp(async app => {
      const listed = await get(app, '/labels?space_id=default');
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.body, []);
    }));
});

describe('one label (GET, PUT, DELETE /labels/{id})', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('an unknown label id is a 404 label_not_found on read, update and delete', async () => {
    for (const response of [
      await get(app, '/labels/no-such-label'),
      await put(app, '/labels/no-such-label', { name: 'x' }),
      await del(app, '/labels/no-such-label'),
    ]) {
      assert.equal(response.status, 404);
      assert.equal(response.body.error_code, 'label_not_found');
      assert.equal(typeof response.body.detail, 'string');
    }
  });

  test('PUT renames a label and the memories carrying it show the new name', async () => {
    const memoryId = await createMemory(app, { content: 'renamed label', labels: ['old-name'] });
    const label = (await get(app, `/memories/${memoryId}`)).body.labels[0];
    const renamed = await put<Label>(app, `/labels/${label.id}`, { name: 'new-name' });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.id, label.id);
    assert.equal(renamed.body.name, 'new-name');
    assert.equal(renamed.body.usage_count, 1);
    assert.deepEqual((await get(app, `/memories/${memoryId}`)).body.labels.map((l: Label) => l.name), ['new-name']);
    const reuse = await post<Label>(app, '/labels?name=old-name');
    assert.equal(reuse.status, 200, 'the old name is free again');
  });

  test('PUT changes colour and description and moves updated_at forward', async () => {
    const label = await createLabel(app, 'recolour');
    await new Promise(resolve => setTimeout(resolve, 5));
    const updated = await put<Label>(app, `/labels/${label.id}`, { color: '#00ff00', description: 'green now' });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.name, 'recolour');
    assert.equal(updated.body.color, '#00ff00');
    assert.equal(updated.body.description, 'green now');
    assert.equal(updated.body.created_at, label.created_at);
    assert.ok(updated.body.updated_at > label.updated_at);
  });

  test('PUT leaves null and absent fields unchanged', async () => {
    const label = await createLabel(app, 'steady', '&color=%23123456&description=keep%20me');
    const withNulls = await put<Label>(app, `/labels/${label.id}`, { name: null, color: null, description: null });
    assert.equal(withNulls.status, 200);
    assert.equal(withNulls.body.name, 'steady');
    assert.equal(withNulls.body.color, '#123456');
    assert.equal(withNulls.body.description, 'keep me');
    const withNothing = await put<Label>(app, `/labels/${label.id}`, {});
    assert.equal(withNothing.status, 200);
    assert.equal(withNothing.body.name, 'steady');
    assert.equal(withNothing.body.color, '#123456');
  });

  test('PUT onto another label\'s name is a 409 label_exists and changes nothing', async () => {
    const taken = await createLabel(app, 'taken');
    const mover = await createLabel(app, 'mover');
    const clash = await put(app, `/labels/${mover.id}`, { name: 'taken', color: '#000000' });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.error_code, 'label_exists');
    assert.equal(clash.body.label.id, taken.id);
    const unchanged = await get<Label>(app, `/labels/${mover.id}`);
    assert.equal(unchanged.body.name, 'mover');
    assert.equal(unchanged.body.color, mover.color);
  });

  test('PUT with the label\'s own name is not a conflict', async () => {
    const label = await createLabel(app, 'same-name');
    const same = await put<Label>(app, `/labels/${label.id}`, { name: 'same-name', description: 'still me' });
    assert.equal(same.status, 200);
    assert.equal(same.body.description, 'still me');
  });

  test('PUT validates its fields like create', async () => {
    const label = await createLabel(app, 'validated');
    assert.deepEqual(validationLocs(await put(app, `/labels/${label.id}`, { color: 'blue' })), ['body.color']);
    assert.deepEqual(validationLocs(await put(app, `/labels/${label.id}`, { name: '' })), ['body.name']);
    assert.deepEqual(validationLocs(await put(app, `/labels/${label.id}`, { name: 42 })), ['body.name']);
    assert.equal((await get<Label>(app, `/labels/${label.id}`)).body.name, 'validated');
  });

  test('DELETE removes the label from its memories but keeps the memories', async () => {
    const a = await createMemory(app, { content: 'first carrier', labels: ['doomed', 'survivor'] });
    const b = await createMemory(app, { content: 'second carrier', labels: ['doomed'] });
    const doomed = (await get(app, `/memories/${b}`)).body.labels[0];
    const deleted = await del(app, `/labels/${doomed.id}`);
    assert.equal(deleted.status, 200);
    assert.equal(typeof deleted.body.message, 'string');
    assert.equal((await get(app, `/labels/${doomed.id}`)).status, 404);
    const first = await get(app, `/memories/${a}`);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.labels.map((l: Label) => l.name), ['survivor']);
    const second = await get(app, `/memories/${b}`);
    assert.equal(second.status, 200);
    assert.deepEqual(second.body.labels, []);
    assert.equal((await get<Label[]>(app, '/labels?limit=1000')).body.some(l => l.name === 'doomed'), false);
  });

  test('deleting a label twice answers 404 the second time', async () => {
    const label = await createLabel(app, 'once');
    assert.equal((await del(app, `/labels/${label.id}`)).status, 200);
    const again = await del(app, `/labels/${label.id}`);
    assert.equal(again.status, 404);
    assert.equal(again.body.error_code, 'label_not_found');
  });
});

describe('labels on a memory (/memories/{id}/labels)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('GET lists the memory\'s labels with their usage counts', async () => {
    const id = await createMemory(app, { content: 'labelled', labels: ['beta', 'alpha'] });
    await createMemory(app, { content: 'also alpha', labels: ['alpha'] });
    const listed = await get(app, `/memories/${id}/labels`);
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.labels.map((l: Label) => [l.name, l.usage_count]),
      [
        ['alpha', 2],
        ['beta', 1],
      ],
    );
    for (const label of listed.body.labels) {
      assert.deepEqual(Object.keys(label).sort(), ['color', 'created_at', 'description', 'id', 'name', 'updated_at', 'usage_count']);
    }
  });

  test('a memory without labels lists none', async () => {
    const id = await createMemory(app, { content: 'bare' });
    const listed = await get(app, `/memories/${id}/labels`);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.labels, []);
  });

  test('POST assigns a label, and the memory and its usage count show it', async () => {
    const id = await createMemory(app, { content: 'to be labelled' });
    const label = await createLabel(app, 'assigned');
    const assigned = await post(app, `/memories/${id}/labels/${label.id}`);
    assert.equal(assigned.status, 200);
    assert.equal(typeof assigned.body.message, 'string');
    assert.deepEqual((await get(app, `/memories/${id}/labels`)).body.labels.map((l: Label) => l.id), [label.id]);
    assert.deepEqual((await get(app, `/memories/${id}`)).body.labels.map((l: Label) => l.name), ['assigned']);
    assert.equal((await get<Label>(app, `/labels/${label.id}`)).body.usage_count, 1);
  });

  test('assigning the same label twice is harmless', async () => {
    const id = await createMemory(app, { content: 'twice' });
    const label = await createLabel(app, 'twice-label');
    assert.equal((await post(app, `/memories/${id}/labels/${label.id}`)).status, 200);
    assert.equal((await post(app, `/memories/${id}/labels/${label.id}`)).status, 200);
    assert.equal((await get(app, `/memories/${id}/labels`)).body.labels.length, 1);
    assert.equal((await get<Label>(app, `/labels/${label.id}`)).body.usage_count, 1);
  });

  test('DELETE takes the label off the memory and leaves the label itself', async () => {
    const id = await createMemory(app, { content: 'unlabel me', labels: ['removable', 'stays'] });
    const removable = (await get(app, `/memories/${id}/labels`)).body.labels.find((l: Label) => l.name === 'removable');
    const removed = await del(app, `/memories/${id}/labels/${removable.id}`);
    assert.equal(removed.status, 200);
    assert.equal(typeof removed.body.message, 'string');
    assert.deepEqual((await get(app, `/memories/${id}/labels`)).body.labels.map((l: Label) => l.name), ['stays']);
    const label = await get<Label>(app, `/labels/${removable.id}`);
    assert.equal(label.status, 200);
    assert.equal(label.body.usage_count, 0);
  });

  test('removing a label the memory does not carry is harmless', async () => {
    const id = await createMemory(app, { content: 'never had it' });
    const label = await createLabel(app, 'not-on-it');
    assert.equal((await del(app, `/memories/${id}/labels/${label.id}`)).status, 200);
    assert.deepEqual((await get(app, `/memories/${id}/labels`)).body.labels, []);
  });

  test('an unknown memory is a 404 memory_not_found on list, assign and remove', async () => {
    const label = await createLabel(app, 'orphan');
    for (const response of [
      await get(app, '/memories/no-such-memory/labels'),
      await post(app, `/memories/no-such-memory/labels/${label.id}`),
      await del(app, `/memories/no-such-memory/labels/${label.id}`),
    ]) {
      assert.equal(response.status, 404);
      assert.equal(response.body.error_code, 'memory_not_found');
    }
  });

  test('an unknown label is a 404 label_not_found on assign and remove', async () => {
    const id = await createMemory(app, { content: 'real memory' });
    for (const response of [await post(app, `/memories/${id}/labels/no-such-label`), await del(app, `/memories/${id}/labels/no-such-label`)]) {
      assert.equal(response.status, 404);
      assert.equal(response.body.error_code, 'label_not_found');
    }
    assert.deepEqual((await get(app, `/memories/${id}/labels`)).body.labels, []);
  });

  test('a forgotten memory cannot be labelled: it answers 404', async () => {
    const id = await createMemory(app, { content: 'forget me' });
    const label = await createLabel(app, 'too-late');
    assert.equal((await post(app, `/memories/${id}/forget`)).status, 200);
    assert.equal((await post(app, `/memories/${id}/labels/${label.id}`)).status, 404);
    assert.equal((await get(app, `/memories/${id}/labels`)).status, 404);
    assert.equal((await get<Label>(app, `/labels/${label.id}`)).body.usage_count, 0);
  });

  test('assign and remove accept an empty JSON body, as real clients send', async () => {
    const id = await createMemory(app, { content: 'empty bodies' });
    const label = await createLabel(app, 'empty-body');
    const assigned = await post(app, `/memories/${id}/labels/${label.id}`, '');
    assert.equal(assigned.status, 200);
    assert.equal((await get(app, `/memories/${id}/labels`)).body.labels.length, 1);
    const removed = await call(app, 'DELETE', `/memories/${id}/labels/${label.id}`, '');
    assert.equal(removed.status, 200);
    assert.equal((await get(app, `/memories/${id}/labels`)).body.labels.length, 0);
  });
});
