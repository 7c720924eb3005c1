import { after, before, describe, test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { parse } from 'yaml';
import type { App } from '../../../main.ts';
import { buildTestApp } from '../../../../test/helpers.ts';
import { CPP, getZip, linkTargets, resolveLink, SECRET, seedLibrary, seedMemory } from '../../../../test/library.ts';

/** The front matter of a Markdown file, parsed with a YAML parser; undefined when it has none. */
function frontMatter(text: string): Record<string, unknown> | undefined {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return match ? (parse(match[1]) as Record<string, unknown>) : undefined;
}

function assertLinksResolve(files: Map<string, string>) {
  let checked = 0;
  for (const [path, text] of files) {
    for (const target of linkTargets(text)) {
      assert.ok(files.has(resolveLink(path, target)), `${path} links to ${target}, which is not in the archive`);
      checked++;
    }
  }
  assert.ok(checked > 10, `expected links to check, found ${checked}`);
}

describe('Library exports', () => {
  let app: App;
  let seeded: Awaited<ReturnType<typeof seedLibrary>>;
  before(async () => {
    app = await buildTestApp();
    seeded = await seedLibrary(app);
    // Names that collide once made file names, and names with no Latin letters.
    await seedMemory(app, { content: 'Two cities and a namesake.', entities: [['Paris', 'location'], ['Paris', 'person'], ['東京', 'location'], ['大阪', 'location']] });
  });
  after(() => app.close());

  test('the wiki export is a ZIP download with an index, topics, entities and crystals', async () => {
    const zip = await getZip(app, '/library/wiki-export');
    assert.equal(zip.status, 200);
    assert.equal(zip.headers['content-type'], 'application/zip');
    assert.match(String(zip.headers['content-disposition']), /^attachment; filename="cairn-wiki-\d{4}-\d{2}-\d{2}\.zip"$/);
    assert.ok(zip.files.has('index.md'));
    assert.deepEqual([...zip.files.keys()].filter(p => p.startsWith('topics/')).sort(), ['topics/baking.md', 'topics/cooking.md', 'topics/programming.md']);
    assert.equal([...zip.files.keys()].filter(p => p.startsWith('crystals/')).length, 2);
    assert.ok(zip.files.has('entities/guanciale.md'));
  });

  test('every link of the wiki export resolves to a file in the archive', async () => {
    const zip = await getZip(app, '/library/wiki-export');
    assert.ok(linkTargets(zip.files.get('topics/cooking.md')!).includes('../entities/guanciale.md'));
    assertLinksResolve(zip.files);
  });

  test('colliding and non-Latin names get distinct files', async () => {
    const zip = await getZip(app, '/library/wiki-export');
    const titles = [...zip.files].filter(([p]) => p.startsWith('entities/')).map(([, text]) => text.split('\n')[0]);
    assert.equal(titles.filter(t => t === '# Paris').length, 2);
    assert.ok(titles.includes('# 東京') && titles.includes('# 大阪'));
    const listed = zip.files.get('index.md')!.split('\n').filter(line => line.includes('](entities/'));
    assert.equal(titles.length, listed.length, 'one file per exported entity');
  });

  test('an entity named with colons, quotes and # survives both exports', async () => {
    const wiki = await getZip(app, '/library/wiki-export');
    const okf = await getZip(app, '/library/okf-export');
    const path = 'entities/c-plus-plus-the-good-parts-1.md';
    assert.ok(wiki.files.get(path)!.startsWith(`# ${CPP}\n`));
    assert.equal(frontMatter(okf.files.get(path)!)!.title, CPP);
    assert.ok(okf.files.get(path)!.includes(`\n# ${CPP}\n`));
  });

  test('forgotten memories appear in neither export', async () => {
    for (const url of ['/library/wiki-export', '/library/okf-export']) {
      const zip = await getZip(app, url);
      for (const [path, text] of zip.files) {
        assert.ok(!text.includes(SECRET), `${url} ${path} shows a forgotten memory`);
        assert.ok(!text.includes(seeded.memories.secret), `${url} ${path} names a forgotten memory`);
      }
    }
  });

  test('entity_limit keeps the most mentioned entities and links only to those', async () => {
    const zip = await getZip(app, '/library/wiki-export?entity_limit=2&max_mentions_per_entity=1&top_per_community=1');
    const entities = [...zip.files.keys()].filter(p => p.startsWith('entities/'));
    assert.equal(entities.length, 2);
    assert.ok(entities.includes('entities/bjarne-stroustrup.md'), 'the most mentioned entity is kept');
    assert.equal((zip.files.get('entities/bjarne-stroustrup.md')!.match(/^### /gm) ?? []).length, 1, 'one memory per entity');
    assert.equal((zip.files.get('topics/cooking.md')!.match(/^- .*mention/gm) ?? []).length, 1, 'one entity per topic');
    assertLinksResolve(zip.files);
  });

  describe('the OKF bundle', () => {
    let files: Map<string, string>;
    before(async () => {
      const zip = await getZip(app, '/library/okf-export');
      assert.equal(zip.status, 200);
      assert.equal(zip.headers['content-type'], 'application/zip');
      assert.match(String(zip.headers['content-disposition']), /filename="cairn-okf-/);
      files = zip.files;
    });
    const concepts = () => [...files].filter(([p]) => posix.basename(p) !== 'index.md');

    test('every concept has front matter with type, title, one-line description, tags, timestamp, generated and id', () => {
      assert.ok(concepts().length > 10);
      for (const [path, text] of concepts()) {
        const fields = frontMatter(text);
        assert.ok(fields, `${path} has no front matter`);
        assert.ok(typeof fields.type === 'string' && fields.type.length > 0, `${path}: type`);
        assert.ok(typeof fields.title === 'string' && fields.title.length > 0, `${path}: title`);
        assert.ok(typeof fields.description === 'string' && fields.description.length > 0 && !fields.description.includes('\n'), `${path}: description`);
        assert.ok(Array.isArray(fields.tags) && fields.tags.every(t => typeof t === 'string'), `${path}: tags`);
        assert.ok(typeof fields.timestamp === 'string' && !Number.isNaN(Date.parse(fields.timestamp)), `${path}: timestamp`);
        const generated = fields.generated as { by: string; at: string };
        assert.equal(generated.by, `cairn/${app.deps.version}`);
        assert.ok(!Number.isNaN(Date.parse(generated.at)), `${path}: generated.at`);
        assert.ok(fields.id !== undefined && fields.id !== null && fields.id !== '', `${path}: id`);
      }
    });

    test('crystals cite their sources, each with a resource, and never a forgotten one', () => {
      const crystals = concepts().filter(([p]) => p.startsWith('crystals/'));
      assert.equal(crystals.length, 2);
      const stale = crystals.map(([, text]) => frontMatter(text)!).find(f => f.id === seeded.crystals.stale)!;
      const sources = stale.sources as { resource: string; id: string }[];
      assert.deepEqual(sources.map(s => s.id), [seeded.memories.book, seeded.memories.rust]);
      assert.ok(sources.every(s => typeof s.resource === 'string' && s.resource.length > 0));
      assert.equal(stale.stale, true);
    });

    test('the root index declares okf_version 0.2 and nothing else; other indexes have no front matter', () => {
      assert.deepEqual(frontMatter(files.get('index.md')!), { okf_version: '0.2' });
      assert.match(files.get('index.md')!, /^---\nokf_version: "0\.2"\n---\n/);
      for (const [path, text] of files) if (path !== 'index.md' && posix.basename(path) === 'index.md') assert.equal(frontMatter(text), undefined, path);
    });

    test('every directory has an index listing each of its concepts with its description', () => {
      const dirs = new Set([...files.keys()].map(p => posix.dirname(p)));
      for (const dir of dirs) {
        const index = files.get(dir === '.' ? 'index.md' : `${dir}/index.md`);
        assert.ok(index, `${dir} has no index.md`);
        for (const [path, text] of concepts().filter(([p]) => posix.dirname(p) === dir)) {
          const { description } = frontMatter(text) as { description: string };
          const line = index.split('\n').find(l => l.includes(`(/${path})`));
          assert.ok(line, `${dir}/index.md does not list ${path}`);
          assert.ok(line.replace(/\\/g, '').includes(description), `${dir}/index.md lists ${path} without its description`);
        }
      }
    });

    test('links are bundle-relative, end in .md and resolve inside the bundle', () => {
      for (const [path, text] of files) {
        for (const target of linkTargets(text)) {
          assert.ok(target.startsWith('/') && target.endsWith('.md'), `${path}: ${target}`);
        }
      }
      assertLinksResolve(files);
    });
  });
});
