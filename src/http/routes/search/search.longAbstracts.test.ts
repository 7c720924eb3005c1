import assert from 'node:assert/strict';
import { after, before, describe, test } from '../../../../test/suite.ts';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

/**
 * Long abstracts (issue 26, domain/searchProfile.ts `longMemories`): a paper stored as its title line, then its
 * abstract. bm25 counts a query word wherever it falls among 200, so two words the claim puts side by side ("cervical
 * cancer") count no more than the same words far apart, and an abstract that mentions them apart a little more often
 * beats the one that says them together.
 */

/** Words no query below touches: the bulk of every abstract, so each is long (60+ content words). */
const FILLER =
  'cohort baseline participants enrolled followed years questionnaire interview clinic visit measured recorded ' +
  'analysis adjusted model confidence interval estimate sample population region hospital centre registry ' +
  'protocol outcome endpoint secondary primary trial randomised allocation blinded placebo arm dose week month';

const paper = (title: string, text: string) => `${title}\n${text} ${FILLER} ${FILLER}`;
const titles = (results: { memory: { content: string } }[]) => results.map(r => r.memory.content.split('\n')[0]);

/** Background papers, each naming one of the claims' words once: none of those words is rare. */
const BACKGROUND = Array.from({ length: 24 }, (_, i) =>
  paper(`Registry report ${i + 1}`, ['copeptin', 'diabetes', 'risk', 'cervical', 'cancer', 'screening'][i % 6]!),
);

describe('long abstracts: words the query puts side by side count more side by side', () => {
  let app: App;
  // The claim's words once each and side by side, against a paper that holds them more often, each apart.
  const ANSWER = paper('Trends in a national programme', 'cervical cancer screening in Finland was reviewed');
  const APART = paper(
    'Tissue samples of blood donors',
    'cervical tissue and breast cancer were sampled; screening of blood donors in Finland; a cervical smear',
  );
  before(async () => {
    app = await buildTestApp();
    for (const content of [...BACKGROUND, APART, ANSWER]) await createMemory(app, { content });
  });
  after(() => app.close());

  for (const mode of ['fast', 'deep']) {
    test(`${mode}: the paper holding "cervical cancer screening" as a phrase comes first`, async () => {
      const response = await post(app, '/memories/search', { query: 'Cervical cancer screening in Finland', mode, limit: 10 });
      assert.equal(response.status, 200);
      const order = titles(response.body);
      assert.equal(order[0], 'Trends in a national programme', order.join(' | '));
    });
  }
});
