/**
 * Ranking is a parameter: the same memories and query, searched through `searchMemories` with two profiles that differ
 * in one number, come back in a different order. Runs on every backend buildTestApp serves (the full suite runs it on
 * SQLite and PostgreSQL), so each backend is shown to take its weights from the profile.
 */
import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { buildTestApp, createMemory } from '../../../test/helpers.ts';
import { DEEP_PROFILE, FAST_PROFILE, type SearchProfile } from '../../domain/searchProfile.ts';
import { searchMemories, type SearchInput } from './search.ts';

describe('search profiles rank', () => {
  let app: App;
  let inTitle: string;
  let inContent: string;
  let important: string;
  let ordinary: string;
  let lanternAtHarbor: string;
  let lanternAlone: string;
  before(async () => {
    app = await buildTestApp();
    // The query word once in the title of a longer memory, and twice in the content of a short one.
    inTitle = await createMemory(app, { title: 'Kubernetes notes', content: 'The cluster moves to the new release next week: staging first, then production once the platform team signs off on kubernetes.' });
    inContent = await createMemory(app, { title: 'Weekly sync', content: 'Kubernetes upgrade, kubernetes rollback.' });
    // Two memories that match a query alike, but for their importance.
    important = await createMemory(app, { content: 'The lighthouse keeper logs the tide.', importance: 0.9 });
    ordinary = await createMemory(app, { content: 'The lighthouse keeper logs the wind.', importance: 0.1 });
    // A word many memories hold ("harbor") and a rare one ("lantern"), for pruning: two memories alike but for "harbor",
    // the one without it written first (equal scores keep the order of ids).
    for (let i = 0; i < 5; i++) await createMemory(app, { content: `Boats left the harbor on day ${i + 1} of the regatta.` });
    lanternAlone = await createMemory(app, { content: 'A lantern swung over the north wall all night.' });
    lanternAtHarbor = await createMemory(app, { content: 'A lantern swung over the harbor wall all night.' });
  });
  after(() => app.close());

  const input = (query: string, mode: SearchInput['mode'] = 'fast'): SearchInput => ({ query, limit: 10, mode, include_states: ['active'], include_entities: false });
  const ids = async (query: string, profile: SearchProfile, mode?: SearchInput['mode']) => (await searchMemories(app.deps, input(query, mode), profile)).results.map(r => r.memory.id);

  test('the title weight decides whether a word in the title outranks the same word repeated in the content', async () => {
    const titleBlind = { ...FAST_PROFILE, fields: { title: 0, content: 1 } };
    const titleFirst = { ...FAST_PROFILE, fields: { title: 10, content: 1 } };
    assert.deepEqual(await ids('kubernetes', titleBlind), [inContent, inTitle]);
    assert.deepEqual(await ids('kubernetes', titleFirst), [inTitle, inContent]);
  });

  test('the importance prior comes from the profile: a span that favours low importance reverses two equal matches', async () => {
    const priors = DEEP_PROFILE.priors!;
    const favoursImportant = { ...DEEP_PROFILE, priors: { ...priors, importanceFloor: 0.5, importanceSpan: 1 } };
    const favoursOrdinary = { ...DEEP_PROFILE, priors: { ...priors, importanceFloor: 1.5, importanceSpan: -1 } };
    assert.deepEqual(await ids('lighthouse keeper', favoursImportant, 'deep'), [important, ordinary]);
    assert.deepEqual(await ids('lighthouse keeper', favoursOrdinary, 'deep'), [ordinary, important]);
  });

  test('pruning lets the rare words choose the candidates, and every word of the query ranks them', async () => {
    // From the first memory on, a word held by more than a third of them is left out of choosing while two hits remain;
    // no term-coverage bonus, so only the full-text rank orders the two.
    const pruned = { ...FAST_PROFILE, coverageWeight: 0, pruning: { fromMemories: 1, share: 0.33, minHits: 2 } };
    assert.deepEqual(await ids('lantern harbor', pruned), [lanternAtHarbor, lanternAlone]);
  });

  test('without a profile, the mode names the recipe', async () => {
    const { results } = await searchMemories(app.deps, input('kubernetes'));
    assert.deepEqual(results.map(r => r.memory.id).sort(), [inContent, inTitle].sort());
  });
});
