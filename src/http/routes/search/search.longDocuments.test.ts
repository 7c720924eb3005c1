import assert from 'node:assert/strict';
import { after, before, describe, test } from '../../../../test/suite.ts';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

/**
 * The thesaurus bridge on long documents (domain/searchProfile.ts `longMemories`): a long query's best abstract holds
 * several of its words, yet under 70 % of them, which once read as "the words match weakly" and bridged the query
 * to ~40 related words (`motion`, `reduce`, `rely`, `calm`…). Long abstracts full of those broad words then
 * outranked the one that holds the query's own words.
 */

/** Words no query or bridge below touches: the bulk of every abstract, so each is long (60+ content words). */
const FILLER =
  'panel specimen tunnel chord model gauge record series table figure sample section result measured value ' +
  'trial station rig probe laboratory report method apparatus data instrument program survey sketch ' +
  'photograph schedule budget staff review procedure archive';

const abstract = (title: string, own: string) => `${title}\n${own} ${FILLER} ${own} ${FILLER}`;

/** What the query asks for: four of its eight content words, in the title and the text. */
const ANSWER = abstract('Flutter of swept wings at supersonic speed', 'experiments on the flutter of swept wings at supersonic speed');

/** Broad words the thesaurus relates to the query's words, many in each distractor, with three of the query's words. */
const BROAD = 'motion movement waver flicker disturbance reduce trim motility arrhythmia dilute weaken lean slender rely bank calculate count calm stabilize flowing travel stream rate flux means agency insignia ultrasonic'.split(' ');
const DISTRACTORS = Array.from({ length: 12 }, (_, i) => {
  const broad = Array.from({ length: BROAD.length }, (_, k) => BROAD[(i * 5 + k) % BROAD.length]).join(' ');
  return abstract(`Station report ${i + 1} on steady supersonic airflow`, `${broad} steady supersonic airflow ${broad} ${broad} ${broad}`);
});
/** Long abstracts of the same field, each naming one of the answer's words: none of them is rare. */
const BACKGROUND = Array.from({ length: 21 }, (_, i) => abstract(`Archive note ${i + 1}`, ['flutter', 'swept', 'wings'][i % 3]!));

const QUERY = 'how does flutter of thin swept wings depend on steady supersonic airflow';

describe('long documents: a long query that matches well is not bridged to broad words', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    for (const content of [...BACKGROUND, ...DISTRACTORS, ANSWER]) await createMemory(app, { content });
  });
  after(() => app.close());

  for (const mode of ['fast', 'deep']) {
    test(`${mode}: the abstract holding the query's own words comes first`, async () => {
      const response = await post(app, '/memories/search', { query: QUERY, mode, limit: 10 });
      assert.equal(response.status, 200);
      const order = (response.body as { memory: { content: string } }[]).map(r => r.memory.content.split('\n')[0]);
      assert.equal(order[0], 'Flutter of swept wings at supersonic speed', order.join(' | '));
    });
  }
});
