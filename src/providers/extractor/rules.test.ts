import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createRulesExtractor, extractWithRules } from './rules.ts';

const REFERENCE = '2024-03-04T10:00:00.000Z'; // a Monday

function entities(text: string) {
  return extractWithRules({ text, reference_time: REFERENCE }).entities.map(e => [e.name, e.entity_type]);
}

function relations(text: string) {
  return extractWithRules({ text, reference_time: REFERENCE }).relationships.map(r => `${r.source} ${r.relation_type} ${r.target}`);
}

describe('offline extractor: names', () => {
  test('people, organisations and places come typed', () => {
    assert.deepEqual(entities('Maria Gonzalez told me she is leaving Deloitte and moving to Lisbon.'), [
      ['Maria Gonzalez', 'person'],
      ['Deloitte', 'organization'],
      ['Lisbon', 'location'],
    ]);
  });

  test('technologies and products from the gazetteer, with a short version kept', () => {
    assert.deepEqual(entities('We moved the API from MySQL to PostgreSQL and tested it on iOS 18 with an iPhone.'), [
      ['MySQL', 'technology'],
      ['PostgreSQL', 'technology'],
      ['iOS 18', 'technology'],
      ['iPhone', 'product'],
    ]);
  });

  test('an honorific is dropped from the name, kept as an alias, and makes a person', () => {
    const [okafor] = extractWithRules({ text: 'Dr. Okafor reviewed the scan.' }).entities;
    assert.equal(okafor.name, 'Okafor');
    assert.equal(okafor.entity_type, 'person');
    assert.deepEqual(okafor.aliases, ['Dr. Okafor']);
  });

  test('multi-word names keep their inner words ("of", possessives, punctuation)', () => {
    assert.deepEqual(entities("She studies at the University of Queensland and works at St. Mary's Hospital."), [
      ['University of Queensland', 'organization'],
      ["St. Mary's Hospital", 'organization'],
    ]);
    assert.deepEqual(entities('Carlos fixed the Node.js worker.'), [['Carlos', 'person'], ['Node.js', 'technology']]);
  });

  test('context types unknown names: kin words, "and I", prepositions', () => {
    assert.deepEqual(entities('My cousin Diego lives in Tromsø.'), [['Diego', 'person'], ['Tromsø', 'location']]);
    assert.deepEqual(entities('Kenji and I hiked all day.'), [['Kenji', 'person']]);
  });

  test('sentence-initial words, greetings, pronouns and common acronyms are not names', () => {
    assert.deepEqual(entities('Remember to renew it. Hey, thanks! I think the API and the CLI need an NDA.'), []);
  });

  test('a first name alone is folded into the full name used in the same text', () => {
    const result = extractWithRules({ text: 'Hannah Weber called. Hannah wants the contract by noon.' });
    assert.deepEqual(result.entities.map(e => [e.name, e.occurrences]), [['Hannah Weber', 2]]);
  });
});

describe('offline extractor: dates, money, urls, emails', () => {
  test('absolute dates keep their words; relative ones become the day they mean, written form as alias', () => {
    const found = extractWithRules({ text: 'We met on 7 May 2023 and again yesterday.', reference_time: REFERENCE }).entities;
    assert.deepEqual(found.map(e => [e.name, e.entity_type, e.aliases ?? []]), [
      ['7 May 2023', 'date', []],
      ['2024-03-03', 'date', ['yesterday']],
    ]);
  });

  test('money, urls and emails', () => {
    assert.deepEqual(entities('It cost $40, see https://example.org/a or write to bob@example.org.').sort(), [
      ['$40', 'money'],
      ['bob@example.org', 'email'],
      ['https://example.org/a', 'url'],
    ]);
  });
});

describe('offline extractor: relations', () => {
  test('verb patterns type the relation between two names of a sentence', () => {
    assert.deepEqual(relations('Priya joined Stripe.'), ['Priya WORKS_AT Stripe']);
    assert.deepEqual(relations('Anna moved to Denver.'), ['Anna MOVED_TO Denver']);
    assert.deepEqual(relations('Microsoft acquired Activision Blizzard.'), ['Microsoft ACQUIRED Activision Blizzard']);
    assert.deepEqual(relations('We switched from MySQL to PostgreSQL.'), ['MySQL REPLACED_BY PostgreSQL']);
  });

  test('a reversed pattern points the right way', () => {
    assert.deepEqual(relations('Stripe hired Priya last week.'), ['Priya WORKS_AT Stripe']);
  });

  test('names in one sentence without a pattern co-occur; names in different sentences do not', () => {
    assert.deepEqual(relations('Lena and Oliver watched Oppenheimer.'), ['Lena RELATED_TO Oliver', 'Lena RELATED_TO Oppenheimer', 'Oliver RELATED_TO Oppenheimer']);
    assert.deepEqual(relations('Lena is here. Oliver is not.'), []);
  });
});

describe('offline extractor as a port', () => {
  test('runs inline, reads the title too, and is fast enough for every create', async () => {
    const extractor = createRulesExtractor();
    assert.equal(extractor.inline, true);
    const result = await extractor.extract({ title: 'Trip to Kyoto', text: 'Booked the hotel.' });
    assert.deepEqual(result.entities.map(e => e.name), ['Kyoto']);
    const text = 'Caroline went to a LGBTQ support group yesterday with Melanie in Boston, and Jon from Google joined them.';
    extractWithRules({ text });
    const started = performance.now();
    for (let i = 0; i < 200; i++) extractWithRules({ text });
    const perText = (performance.now() - started) / 200;
    assert.ok(perText < 20, `${perText.toFixed(2)} ms per text (about 0.2 ms on an idle core)`);
  });
});
