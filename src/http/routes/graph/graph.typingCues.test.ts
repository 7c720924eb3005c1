import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';
import { appWithNotes, listedTypes, type ListedEntity } from '../../../../test/entityTypes.ts';

/**
 * The context cues of issue 26's third round, end to end: notes posted through POST /memories with the offline
 * extractor, entities read back through GET /entities. Every name here is in no list; the words around it decide.
 */
const NOTES = [
  "Corvex's CEO resigned, the board meets Friday.",
  'Sent the draft to Emmerich at Lindqvist & Berg.',
  'The plumber from Flowright comes Thursday.',
  'They live in Harlan county now.',
  'pip install wobblefish took 3 GB and forty minutes.',
  'Sent the lease to Marchbank Legal, then called Brightstone Mutual.',
  'Volunteered at the Windrush Day parade, then walked the Dales Way.',
  "Eluned's son got into Bangor University.",
  'Tessary is down again. Tessary is slow since the upgrade. Spent the whole morning with Tessary.',
  'Priyamvada is on leave until the 20th, ask Dhruv.',
  'The Whinlatter bike trails were muddy. Set up Umami for the Wren landing page.',
  'omg Tiberius just got engaged to Ngaio!!',
  'Work log: bumped Tokio to 1.40 and fixed the tests.',
  'Chess club at the Fox and Hounds is on Thursdays, then the Helvellyn ridge on Sunday.',
];

const EXPECTED: Record<string, string> = {
  Corvex: 'organization',
  Emmerich: 'person',
  'Lindqvist & Berg': 'organization',
  Flowright: 'organization',
  Harlan: 'location',
  wobblefish: 'technology',
  'Marchbank Legal': 'organization',
  'Brightstone Mutual': 'organization',
  'Windrush Day': 'event',
  'Dales Way': 'location',
  Eluned: 'person',
  'Bangor University': 'organization',
  Tessary: 'technology',
  Dhruv: 'person',
  Whinlatter: 'location',
  Wren: 'product',
  Tiberius: 'person',
  Ngaio: 'person',
  Tokio: 'technology',
  'Fox and Hounds': 'organization',
  Helvellyn: 'location',
};

describe('context cues type names nobody listed (POST /memories, GET /entities)', () => {
  let app: App;
  let entities: ListedEntity[];
  before(async () => void ({ app, entities } = await appWithNotes(NOTES)));
  after(() => app.close());

  test('each name has the type its cue gives it', () => {
    const typed = listedTypes(entities, EXPECTED);
    assert.deepEqual(typed, EXPECTED);
  });

  test('a name said three ways in one note is one entity of the type most said', () => {
    const tessary = entities.filter(e => e.name === 'Tessary');
    assert.equal(tessary.length, 1, JSON.stringify(tessary));
    assert.equal(tessary[0].entity_type, 'technology');
  });
});

describe('across the memories of a space, the type most guessed wins (POST /memories, GET /entities)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ extractor: 'rules' });
  });
  after(() => app.close());

  test('a name guessed a person once and software twice, in three notes, is one software entity', async () => {
    // Each note alone only guesses (confidence below 0.7): an acting subject, then a system's state twice (not an
    // outage, "is down", which is a sure cue).
    for (const content of ['Quorra rewrote the exporter.', 'Quorra is slow again.', 'Quorra is flaky since the upgrade.']) await createMemory(app, { content });
    const listed = await get(app, '/entities?limit=100');
    assert.equal(listed.status, 200, listed.text);
    const quorra = listed.body.filter((e: { name: string }) => e.name === 'Quorra');
    assert.equal(quorra.length, 1, JSON.stringify(quorra));
    assert.equal(quorra[0].entity_type, 'technology');
    assert.equal(quorra[0].mention_count, 3);
  });
});

describe('a note opening with "From X to Y" (POST /memories?wait=graph)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ extractor: 'rules' });
  });
  after(() => app.close());

  test('is stored with its places (the extractor had thrown, and the create answered 500)', async () => {
    const created = await post(app, '/memories?wait=graph', { content: 'From Lisbon to Porto by train.' });
    assert.equal(created.status, 200, created.text);
    const listed = await get(app, '/entities?limit=100');
    assert.deepEqual(listedTypes(listed.body, { Lisbon: 'location', Porto: 'location' }), { Lisbon: 'location', Porto: 'location' });
  });
});
