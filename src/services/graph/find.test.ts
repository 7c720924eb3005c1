import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { buildTestApp, createMemory } from '../../../test/helpers.ts';
import { findEntitiesInText } from './find.ts';

describe('entities named in a search query', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    await createMemory(app, { content: 'Maria Gonzalez joined Deloitte in New York.' });
    await createMemory(app, { content: 'Maria Gonzalez moved to Lisbon.' });
    await createMemory(app, { content: 'We signed with Acme Corp.' });
  });
  after(() => app.close());

  const names = async (text: string) => (await findEntitiesInText(app.deps, text)).map(e => e.name);

  test('names written as in the memories are found, most mentioned first', async () => {
    assert.deepEqual(await names('Did Maria Gonzalez ever work for Deloitte?'), ['Maria Gonzalez', 'Deloitte']);
  });

  test('lower case, punctuation variants and multi-word names are found too', async () => {
    assert.deepEqual(await names('where does maria gonzalez live now'), ['Maria Gonzalez']);
    assert.deepEqual((await names('anything about ACME corp or new york?')).sort(), ['Acme Corp.', 'New York']);
  });

  test('a query naming nothing stored finds nothing; stop words never match', async () => {
    assert.deepEqual(await names('what did we do on the weekend'), []);
    assert.deepEqual(await names('   '), []);
  });
});
