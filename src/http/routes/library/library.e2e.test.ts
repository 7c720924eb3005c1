import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';
import { getZip, linkTargets, resolveLink } from '../../../../test/library.ts';

/** Real conversation turns (LoCoMo): two conversations between different people, on different things. */
const fixture = JSON.parse(readFileSync(new URL('../../../../test/fixtures/locomo-two-conversations.json', import.meta.url), 'utf8')) as {
  caroline_melanie: string[];
  jon_gina: string[];
};

test('from real text to a wiki: detect topics, crystallize one, read its pages and carry both ZIPs away', async () => {
  const app = await buildTestApp();
  try {
    for (const content of [...fixture.caroline_melanie, ...fixture.jon_gina]) await createMemory(app, { content });
    const detected = await post(app, '/communities/detect');
    assert.equal(detected.status, 200);
    assert.ok(detected.body.communities >= 2, JSON.stringify(detected.body));

    const index = await get(app, '/library/wiki-index?top_per_community=3');
    assert.equal(index.status, 200);
    assert.equal(index.body.rows.length, detected.body.communities);
    const topic = index.body.rows[0];
    assert.ok(topic.entities.length > 0 && topic.entities.length <= 3);

    const crystal = await post(app, `/communities/${topic.community_id}/crystallize`);
    assert.equal(crystal.status, 200, crystal.text);
    const page = await app.server.inject({ method: 'GET', url: `/library/wiki-page/topic/${topic.community_id}` });
    assert.equal(page.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.match(page.body, new RegExp(`^# ${topic.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    const sources = await get(app, `/library/crystal/${crystal.body.id}/source-memories`);
    assert.equal(sources.body.sources.length, crystal.body.sources.length);

    for (const url of ['/library/wiki-export', '/library/okf-export']) {
      const zip = await getZip(app, url);
      assert.equal(zip.status, 200, url);
      assert.ok([...zip.files.keys()].some(path => path.startsWith('crystals/')), `${url} holds the crystal`);
      for (const [path, text] of zip.files) {
        for (const target of linkTargets(text)) {
          assert.ok(zip.files.has(resolveLink(path, target.split('#')[0]!)), `${url}: ${path} links to ${target}, which is not in the archive`);
        }
      }
    }
  } finally {
    await app.close();
  }
});
