import { after, before, describe, test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, get, validationLocs } from '../../../../test/helpers.ts';
import { seedLibrary } from '../../../../test/library.ts';

/** Every bounded parameter of the Library, as the interface's Limits table gives it: [path, parameter, min, max]. */
const bounds = (crystal: string, entity: string): [string, string, number, number][] => [
  ['/library/wiki-index', 'community_limit', 1, 200],
  ['/library/wiki-index', 'top_per_community', 1, 10],
  ['/library/wiki-index', 'include_top_memories', 0, 8],
  ['/library/wiki-export', 'entity_limit', 1, 2000],
  ['/library/wiki-export', 'top_per_community', 1, 30],
  ['/library/wiki-export', 'max_mentions_per_entity', 1, 100],
  ['/library/okf-export', 'entity_limit', 1, 2000],
  ['/library/okf-export', 'top_per_community', 1, 30],
  ['/library/okf-export', 'max_mentions_per_entity', 1, 100],
  ['/library/community/1/subgraph', 'max_entities', 10, 200],
  ['/library/community/1/subgraph', 'include_top_memories', 0, 40],
  ['/library/community/1/recent-memories', 'limit', 1, 20],
  ['/library/community/1/related', 'limit', 1, 20],
  [`/library/crystal/${crystal}/source-memories`, 'limit', 1, 100],
  [`/library/wiki-page/entity/${entity}`, 'mention_limit', 1, 200],
  ['/library/wiki-page/topic/1', 'top_per_community', 1, 30],
];

describe('Library bounds', () => {
  let app: App;
  let table: ReturnType<typeof bounds>;
  before(async () => {
    app = await buildTestApp();
    const seeded = await seedLibrary(app);
    table = bounds(seeded.crystals.fresh, seeded.entities.get('Guanciale')!);
  });
  after(() => app.close());

  test('every bound accepts its edges', async () => {
    for (const [path, name, min, max] of table) {
      for (const value of [min, max]) assert.equal((await get(app, `${path}?${name}=${value}`)).status, 200, `${path}?${name}=${value}`);
    }
  });

  test('every bound rejects one beyond its edges, and a non-integer, with a 422 naming the parameter', async () => {
    for (const [path, name, min, max] of table) {
      for (const value of [min - 1, max + 1, 'many', '2.5']) {
        assert.deepEqual(validationLocs(await get(app, `${path}?${name}=${value}`)), [`query.${name}`], `${path}?${name}=${value}`);
      }
    }
  });

  test('a subgraph shows the top memories by default (include_top_memories 12)', async () => {
    const { body } = await get(app, '/library/community/1/subgraph');
    assert.equal(body.nodes.filter((n: { node_type: string }) => n.node_type === 'Entity').length, 4);
    assert.ok(body.nodes.some((n: { node_type: string }) => n.node_type === 'Memory'), 'include_top_memories defaults to 12');
  });
});
