import { after, before, describe, test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, get, patch } from '../../../../test/helpers.ts';
import { CPP, SECRET, seedLibrary } from '../../../../test/library.ts';

const entityUrl = (name: string) => `/library/wiki-page/entity/${encodeURIComponent(name)}`;

describe('Library wiki pages', () => {
  let app: App;
  let seeded: Awaited<ReturnType<typeof seedLibrary>>;
  before(async () => {
    app = await buildTestApp();
    seeded = await seedLibrary(app);
  });
  after(() => app.close());

  test('an entity page is Markdown with its topic, related entities and dated memories', async () => {
    const response = await get(app, `/library/wiki-page/entity/${seeded.entities.get('Guanciale')}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/markdown; charset=utf-8');
    const page = response.text;
    assert.ok(page.startsWith('# Guanciale\n'));
    assert.ok(page.includes('Topic: [Cooking](/library/wiki-page/topic/1)'));
    assert.ok(page.includes(`[Pancetta](/library/wiki-page/entity/${seeded.entities.get('Pancetta')})`));
    assert.match(page, /### Carbonara night\n\n\*\d{4}-\d{2}-\d{2}\*/);
    assert.ok(!page.includes(SECRET), 'a forgotten memory is not on the page');
  });

  test('an entity page is found by its name in any case, and a name with colons, quotes and # survives', async () => {
    const response = await get(app, entityUrl('c++: "THE GOOD PARTS" #1'));
    assert.equal(response.status, 200);
    assert.ok(response.text.startsWith(`# ${CPP}\n`));
    assert.ok(response.text.includes('### Reading list'));
  });

  test('mention_limit bounds the memories of an entity page', async () => {
    const page = (await get(app, `${entityUrl('Bjarne Stroustrup')}?mention_limit=1`)).text;
    assert.equal((page.match(/^### /gm) ?? []).length, 1);
  });

  test('a topic page has its summary, linked key entities, crystals, dated memories and related topics', async () => {
    const response = await get(app, '/library/wiki-page/topic/1');
    assert.equal(response.headers['content-type'], 'text/markdown; charset=utf-8');
    const page = response.text;
    assert.ok(page.startsWith('# Cooking\n\nPasta and its cured meats. Carbonara mostly.\n'));
    assert.ok(page.includes(`- [Pasta Carbonara](/library/wiki-page/entity/${seeded.entities.get('Pasta Carbonara')})`));
    assert.ok(page.includes(`[Carbonara, distilled](/library/wiki-page/crystal/${seeded.crystals.fresh})`));
    assert.match(page, /## Recent memories\n\n### /);
    assert.ok(page.includes('## Related topics\n\n- [Programming](/library/wiki-page/topic/2): 1 shared relation'));
    assert.ok(!page.includes(SECRET));
    assert.ok(page.includes('> # Not a heading of the page'), 'memory text is quoted, so it cannot break the page');
  });

  test('a topic page counts in the right number: "1 entity · 1 memory", "4 entities · 3 memories"', async () => {
    assert.match((await get(app, '/library/wiki-page/topic/3')).text, /^\*1 entity · 1 memory · updated \d{4}-\d{2}-\d{2}\*$/m);
    assert.match((await get(app, '/library/wiki-page/topic/1')).text, /^\*4 entities · 3 memories · updated \d{4}-\d{2}-\d{2}\*$/m);
  });

  test('top_per_community bounds the key entities of a topic page', async () => {
    const page = (await get(app, '/library/wiki-page/topic/1?top_per_community=1')).text;
    const keyEntities = page.split('## Key entities\n\n')[1].split('\n\n')[0].split('\n');
    assert.deepEqual(keyEntities.length, 1);
  });

  test('a crystal page shows its synthesis and its sources with their weights, and no stale notice while current', async () => {
    const page = (await get(app, `/library/wiki-page/crystal/${seeded.crystals.fresh}`)).text;
    assert.ok(page.startsWith('# Carbonara, distilled\n\nCarbonara uses guanciale. Pancetta will do.\n'));
    assert.ok(page.includes('1. **Carbonara night** (60%)') && page.includes('2. **Pancetta instead** (40%)'));
    assert.ok(page.includes('topic: [Cooking](/library/wiki-page/topic/1)'));
    assert.ok(!page.includes('Stale'));
  });

  test('a crystal whose source was forgotten says it is stale and does not show that source', async () => {
    const page = (await get(app, `/library/wiki-page/crystal/${seeded.crystals.stale}`)).text;
    assert.match(page, /> \*\*Stale:\*\* .*1 forgotten/);
    assert.ok(!page.includes(SECRET));
    assert.ok(page.includes('1 source is no longer available'));
  });

  test('a crystal becomes stale on its page once a source changes', async () => {
    const changed = await patch(app, `/memories/${seeded.memories.pancetta}`, { content: 'Pancetta is no substitute at all.' });
    assert.equal(changed.status, 200);
    const page = (await get(app, `/library/wiki-page/crystal/${seeded.crystals.fresh}`)).text;
    assert.match(page, /> \*\*Stale:\*\* .*1 changed/);
    assert.ok(page.includes('**Pancetta instead** (40%)') && page.includes('*changed since*'));
  });
});
