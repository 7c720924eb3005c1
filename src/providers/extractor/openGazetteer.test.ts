import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { openGazetteerSize, openGazetteerType, openKey } from './openGazetteer.ts';
import { namedEntityTypes as types } from '../../../test/entityTypes.ts';

describe('the open-data gazetteer (simple-icons, countries-list, GeoNames cities)', () => {
  test('it holds thousands of brands and places', () => {
    assert.ok(openGazetteerSize() > 20_000, String(openGazetteerSize()));
  });

  test('a brand is technology, an airline or a bank an organisation, a city or a country a location', () => {
    assert.equal(openGazetteerType(openKey('Crunchyroll')), 'technology');
    assert.equal(openGazetteerType(openKey('Tinkercad')), 'technology');
    assert.equal(openGazetteerType(openKey('Qatar Airways')), 'organization');
    assert.equal(openGazetteerType(openKey('HDFC Bank')), 'organization');
    assert.equal(openGazetteerType(openKey('Harrogate')), 'location');
    assert.equal(openGazetteerType(openKey('Burkina Faso')), 'location');
  });

  test('a listed name that is an English word or a person\'s name is left to context', () => {
    for (const word of ['reading', 'bath', 'linear', 'nice', 'florence', 'rivera']) assert.equal(openGazetteerType(word), null, word);
    assert.equal(openGazetteerType('quorvia'), null);
  });
});

describe('the extractor with the open gazetteer', () => {
  test('brands nobody listed by hand are typed by it, wherever they stand', () => {
    assert.deepEqual(types('Priya drew the bracket in Tinkercad.'), { Priya: 'person', Tinkercad: 'technology' });
    assert.deepEqual(types('Crunchyroll raised the price again.'), { Crunchyroll: 'organization' });
    assert.equal(types('We watched it on Crunchyroll.').Crunchyroll, 'technology');
  });

  test('towns nobody listed by hand are places', () => {
    assert.deepEqual(types('Two nights in Harrogate, then Kemi drove us to Tczew.'), { Harrogate: 'location', Kemi: 'person', Tczew: 'location' });
  });

  test('clashes with common words need capitalisation and a cue: "Reading" the verb, "Reading" the town', () => {
    assert.deepEqual(types('Reading the Linear tickets before standup.'), { Linear: 'technology' });
    assert.deepEqual(types('Moved to Reading for the new job.'), { Reading: 'location' });
    assert.deepEqual(types('Saw a bear near the cabin in Bath.'), { Bath: 'location' });
  });

  test('a strong person cue beats a town that is also a name: "Kemi\'s birthday", "Dr. Achterberg"', () => {
    assert.deepEqual(types("Made jollof for Kemi's birthday."), { Kemi: 'person' });
  });

  test('a brand named as a company is the company: "at Hetzner", "the Asana rep"', () => {
    assert.equal(types('Meeting with the Asana rep tomorrow.').Asana, 'organization');
    assert.equal(types('Cancelled the Peloton membership.').Peloton, 'organization');
  });

  test('vocabulary stays vocabulary even where a brand is named so: REST, MB, a format before a noun', () => {
    assert.deepEqual(types('The REST API returns JSON, uploads are capped at 50 MB.'), {});
    assert.deepEqual(types('Exported the diagram as SVG and added a GIN index.'), {});
  });

  test('a file format or a query language standing alone is a technology, as the labelling guideline says', () => {
    assert.deepEqual(types('Exported the settings as YAML.'), { YAML: 'technology' });
    assert.deepEqual(types('Razorpay sends the settlement reports as CSV.'), { Razorpay: 'organization', CSV: 'technology' });
  });
});

describe('towns that are also people\'s names', () => {
  test('"in Bradford" is the town, "with Bradford" the man', () => {
    assert.deepEqual(types('Ayesha passed her driving test in Bradford!'), { Ayesha: 'person', Bradford: 'location' });
    assert.equal(types('Had coffee with Bradford after work.').Bradford, 'person');
  });

  test('WordNet\'s proper nouns: famous people, places and landforms nobody listed by hand', () => {
    assert.equal(openGazetteerType(openKey('Lofoten')), 'location');
    assert.deepEqual(types('Practised the Chopin nocturne, then read about Ada Lovelace.'), { Chopin: 'person', 'Ada Lovelace': 'person' });
  });

  test('a famous person\'s name that is also a town stays the town; "at the X" is no person', () => {
    assert.equal(openGazetteerType('fillmore'), 'location');
    assert.equal(types("Chloe's band is playing at the Fillmore tonight.").Fillmore, 'location');
  });
});
