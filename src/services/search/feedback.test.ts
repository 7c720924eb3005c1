/**
 * Feedback from the best hits on long memories (services/search/feedback.ts): a long memory that says what the best
 * hits of a long query say, in their words rather than the query's, is found; with the rule off (the profile's
 * `longMemories.feedback` null) it is not, and short memories are never searched this way. Runs on every backend.
 */
import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { buildTestApp, createMemory } from '../../../test/helpers.ts';
import { FAST_PROFILE, type SearchProfile } from '../../domain/searchProfile.ts';
import { searchMemories } from './search.ts';

/** A long abstract: its title line, then sentences enough to pass the long-memory threshold (60 content words). */
const abstract = (title: string, says: string) =>
  `${title}\n${says} ` +
  'Participants were followed for a median of six years in a prospective cohort drawn from regional clinics, and ' +
  'baseline samples were stored for later assays. Models were adjusted for age, sex, body mass index, smoking, ' +
  'blood pressure and medication use, and sensitivity analyses excluded early events. Results were consistent ' +
  'across subgroups defined by baseline function, and replication was sought in an independent population sample.';

const WITHOUT_FEEDBACK: SearchProfile = { ...FAST_PROFILE, longMemories: { ...FAST_PROFILE.longMemories!, feedback: null } };

describe('feedback from the best hits on long memories', () => {
  let app: App;
  let paraphrase: string;
  before(async () => {
    app = await buildTestApp();
    // Three abstracts that hold the query's words, and share words of their own: vasopressin, osmolality, hydration.
    for (const n of [1, 2, 3]) {
      await createMemory(app, {
        content: abstract(
          `Copeptin and kidney decline, study ${n}`,
          'Higher copeptin levels predicted faster kidney decline; copeptin reflects vasopressin release, and vasopressin ' +
            'tracks plasma osmolality and hydration, so vasopressin suppression by hydration may protect renal function. ' +
            // Hyphenated compounds are searched whole ("il-6" as the phrase "il 6").
            'IL-6 and T-cell counts rose with IL-6 release.',
        ),
      });
    }
    // An abstract on the same matter that never names copeptin, kidneys or decline: vasopressin, osmolality, hydration.
    paraphrase = await createMemory(app, {
      content: abstract(
        'Water intake and renal outcomes',
        'Vasopressin suppression through hydration lowered plasma osmolality; vasopressin antagonism and hydration ' +
          'slowed the loss of renal function over follow-up, with less IL-6.',
      ),
    });
    // Others, so that the shared words are rarer than the everyday ones.
    for (const topic of ['gardening', 'sailing', 'baking', 'cycling', 'chess', 'pottery']) {
      await createMemory(app, { content: abstract(`Notes on ${topic}`, `A study of ${topic} habits among adults, with questionnaires on ${topic} frequency.`) });
    }
  });
  after(() => app.close());

  const search = async (query: string, profile: SearchProfile) =>
    (await searchMemories(app.deps, { query, limit: 10, mode: 'fast', include_states: ['active'], include_entities: false }, profile)).results.map(r => r.memory.id);

  test('a long memory in the best hits’ words is found for a long query, after the hits that hold its words', async () => {
    const found = await search('copeptin levels predict kidney decline', FAST_PROFILE);
    assert.ok(found.includes(paraphrase), 'found through the words the best hits share');
    assert.ok(found.indexOf(paraphrase) >= 3, 'below the three abstracts that hold the query’s own words');
  });

  test('without the rule it is not found', async () => {
    assert.equal((await search('copeptin levels predict kidney decline', WITHOUT_FEEDBACK)).includes(paraphrase), false);
  });

  test('a short query is not expanded', async () => {
    assert.equal((await search('copeptin kidney', FAST_PROFILE)).includes(paraphrase), false);
  });

  test('short memories are not expanded from', async () => {
    const short = await buildTestApp();
    try {
      for (const n of [1, 2, 3]) await createMemory(short, { content: `Copeptin levels predict kidney decline ${n}: vasopressin, osmolality and hydration.` });
      const other = await createMemory(short, { content: 'Vasopressin, osmolality and hydration again.' });
      const found = (await searchMemories(short.deps, { query: 'copeptin levels predict kidney decline', limit: 10, mode: 'fast', include_states: ['active'], include_entities: false }, FAST_PROFILE)).results.map(r => r.memory.id);
      assert.equal(found.includes(other), false);
    } finally {
      await short.close();
    }
  });
});
