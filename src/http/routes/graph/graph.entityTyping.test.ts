import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';
import { appWithNotes, listedTypes, type ListedEntity } from '../../../../test/entityTypes.ts';

/**
 * Notes like the ones a new user writes, posted through POST /memories with the offline extractor, and the entities'
 * types read back through GET /entities: names from the open-data gazetteer that no hand list holds, projects, people
 * nobody listed, and vocabulary that must not become an entity at all.
 */
const NOTES = [
  'Benedikt rewrote the exporter in Gleam and moved the tiles from Tinkercad to Crunchyroll.',
  'We shipped Heron to the first customers on 4 March 2026.',
  "Heron's release slipped because Login broke again.",
  "Kemi's birthday dinner is in Harrogate, then we fly Wizz Air to Tbilisi.",
  'Cancelled the Peloton membership. Quillory closed its seed round.',
  'The REST API returns JSON, uploads are capped at 50 MB. Payments were failing all morning.',
  'Reading the Linear tickets before standup.',
];

const EXPECTED: Record<string, string> = {
  Benedikt: 'person',
  Gleam: 'technology',
  Tinkercad: 'technology',
  Crunchyroll: 'technology',
  Heron: 'product',
  Kemi: 'person',
  Harrogate: 'location',
  'Wizz Air': 'organization',
  Tbilisi: 'location',
  Peloton: 'organization',
  Quillory: 'organization',
  Linear: 'technology',
};
const NOT_ENTITIES = ['Login', 'REST', 'JSON', 'MB', '50 MB', 'Payments', 'Reading'];

describe('entities of everyday notes are typed as a person would (POST /memories, GET /entities)', () => {
  let app: App;
  let entities: ListedEntity[];
  before(async () => void ({ app, entities } = await appWithNotes(NOTES)));
  after(() => app.close());

  test('each name has the type a person would give it', () => {
    const typed = listedTypes(entities, EXPECTED);
    assert.deepEqual(typed, EXPECTED);
  });

  test('a project named in two notes is one product, never a person', () => {
    const heron = entities.filter(e => e.name === 'Heron');
    assert.equal(heron.length, 1, JSON.stringify(heron));
    assert.equal(heron[0].mention_count, 2);
  });

  test('vocabulary, units and ordinary words at a sentence start are not entities', () => {
    const names = entities.map(e => e.name);
    assert.deepEqual(names.filter(n => NOT_ENTITIES.includes(n)), []);
  });

  test('the date is stored as a date, and the graph overview does not draw it', async () => {
    const date = entities.find(e => e.name === '4 March 2026' || e.name === '2026-03-04');
    assert.equal(date?.entity_type, 'date');
    const overview = await get(app, '/graph/overview?limit=200');
    assert.equal(overview.status, 200);
    const labels = overview.body.nodes.filter((n: { node_type: string }) => n.node_type === 'Entity').map((n: { label: string }) => n.label);
    assert.ok(labels.includes('Heron') && labels.includes('Harrogate'), labels.join(', '));
    assert.ok(!labels.includes(date!.name), labels.join(', '));
  });
});

describe('a type the extractor only guessed gives way to one it is sure of', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ extractor: 'rules' });
  });
  after(() => app.close());

  test('"Sam thinks Heron should…" then "the Heron project": one Heron, a product, three mentions', async () => {
    await createMemory(app, { content: 'Sam thinks Heron should use SQLite.' });
    await createMemory(app, { content: 'The Heron project needs a new owner.' });
    await createMemory(app, { content: 'Worked on Heron all afternoon.' });
    const listed = await get(app, '/entities?limit=100');
    const heron = listed.body.filter((e: { name: string }) => e.name === 'Heron');
    assert.deepEqual(heron.map((e: { entity_type: string; mention_count: number }) => [e.entity_type, e.mention_count]), [['product', 3]]);
  });

  test('a type a caller states replaces a guess too, and a sure type is never replaced by a guess', async () => {
    await createMemory(app, { content: 'Dana says Wrenfield is slow today.' });
    const memory = await createMemory(app, { content: 'Notes from the sync.' });
    const applied = await post(app, `/memories/${memory}/extract-kg/apply`, { entities: [{ name: 'Wrenfield', entity_type: 'product' }], relationships: [] });
    assert.equal(applied.status, 200, applied.text);
    await createMemory(app, { content: 'Sam thinks Wrenfield should be rewritten.' });
    const listed = await get(app, '/entities?limit=100');
    const wrenfield = listed.body.filter((e: { name: string }) => e.name === 'Wrenfield');
    assert.deepEqual(wrenfield.map((e: { entity_type: string }) => e.entity_type), ['product']);
  });
});
