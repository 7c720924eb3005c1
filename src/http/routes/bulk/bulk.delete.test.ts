import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';

async function seed(app: App, space: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await createMemory(app, { content: `${space} note ${i}`, space_id: space }));
  return ids;
}

const countIn = async (app: App, space: string) => (await get(app, `/memories?space_id=${space}&limit=1`)).body.pagination.total;

describe('bulk delete: dry run and preview', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('dry_run: true answers a preview and deletes nothing', async () => {
    await seed(app, 'dry', 4);
    const response = await post(app, '/memories/bulk/delete', { selection: { mode: 'space', source_space_id: 'dry' }, dry_run: true });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.dry_run, true);
    assert.equal(response.body.found_count, 4);
    assert.equal(response.body.deleted_count, undefined, 'no delete result');
    assert.equal(await countIn(app, 'dry'), 4);
    assert.equal((await get(app, '/trash?space_id=dry')).body.pagination.total, 0, 'nothing went to the trash');
  });

  test('dry_run=true in the query string is honoured as well', async () => {
    await seed(app, 'dry-query', 2);
    const response = await post(app, '/memories/bulk/delete?dry_run=true', { selection: { mode: 'space', source_space_id: 'dry-query' } });
    assert.equal(response.body.dry_run, true);
    assert.equal(await countIn(app, 'dry-query'), 2);
  });

  test('the preview says how many would go, which ones, and that they can be restored', async () => {
    const ids = await seed(app, 'preview', 3);
    const response = await post(app, '/memories/bulk/delete/preview', {
      selection: { mode: 'ids', source_space_id: 'preview', memory_ids: [...ids, 'ghost'], exclude_memory_ids: [ids[0]] },
    });
    assert.equal(response.status, 200, response.text);
    const body = response.body;
    assert.deepEqual(
      [body.count, body.found_count, body.excluded_count, body.limit_exceeded, body.max_allowed, body.selection_mode, body.source_space_id],
      [3, 2, 1, false, 5000, 'ids', 'preview'],
    );
    assert.deepEqual(body.sample_ids, ids.slice(1));
    assert.equal(body.recoverable, true);
    assert.equal(body.trash_days, 30);
    assert.match(body.message, /2 memories would be deleted from preview/);
    assert.equal(await countIn(app, 'preview'), 3);
  });

  test('a preview over the bound says limit_exceeded instead of failing', async () => {
    const ghosts = Array.from({ length: 5001 }, (_, i) => `ghost-${i}`);
    const response = await post(app, '/memories/bulk/delete/preview', { selection: { memory_ids: ghosts } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.limit_exceeded, true);
    assert.equal(response.body.count, 5001);
  });

  test('a preview validates its body like the delete: a bad mode is a 422', async () => {
    assert.deepEqual(validationLocs(await post(app, '/memories/bulk/delete/preview', { selection: { mode: 'all' } })), ['body.selection.mode']);
    assert.deepEqual(validationLocs(await post(app, '/memories/bulk/delete', { selection: {}, dry_run: 'yes' })), ['body.dry_run']);
  });

  test('without dry_run the delete still deletes, with the reference answer', async () => {
    await seed(app, 'real', 2);
    const response = await post(app, '/memories/bulk/delete', { selection: { mode: 'space', source_space_id: 'real' } });
    assert.deepEqual(Object.keys(response.body).sort(), ['cascade_delete', 'deleted_count', 'failed_count', 'message', 'results', 'source_space_id']);
    assert.equal(response.body.deleted_count, 2);
    assert.equal(await countIn(app, 'real'), 0);
  });
});

test('with CAIRN_TRASH_DAYS=0 the preview warns that a delete is permanent', async () => {
  const app = await buildTestApp({ trashDays: 0 });
  try {
    await createMemory(app, { content: 'only copy', space_id: 'final' });
    const response = await post(app, '/memories/bulk/delete/preview', { selection: { mode: 'space', source_space_id: 'final' } });
    assert.equal(response.body.recoverable, false);
    assert.match(response.body.message, /permanently/);
  } finally {
    await app.close();
  }
});
