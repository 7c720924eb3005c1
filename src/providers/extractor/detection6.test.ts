import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { extractWithRules } from './rules.ts';

/** Issue 26, seventh round: rivers, storms and venues named by their kind first, places before a kind of land, a company's name before a product's noun. */

const types = (text: string) => Object.fromEntries(extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.map(e => [e.name, e.entity_type]));

describe('a name opened by its kind', () => {
  test('"River Doverby", "Mount Tellwyn": a place, also opening the sentence', () => {
    assert.deepEqual(types('Kayaked down the River Doverby last summer with Ines.'), { 'River Doverby': 'location', Ines: 'person', 'last summer': 'date' });
    assert.deepEqual(types('River Doverby burst its banks.'), { 'River Doverby': 'location' });
    assert.deepEqual(types('Mount Tellwyn was hidden in cloud.'), { 'Mount Tellwyn': 'location' });
  });

  test('"Storm Ingrith", "Hurricane Beryl": a storm is an event, not a person', () => {
    assert.deepEqual(types('Storm Ingrith took the shed roof off.'), { 'Storm Ingrith': 'event' });
    assert.equal(types('Patched the fence after Storm Ingrith, two panels gone.')['Storm Ingrith'], 'event');
    assert.deepEqual(types('Hurricane Beryl flooded the lower road.'), { 'Hurricane Beryl': 'event' });
  });

  test('"Bistro Olvera", "Hotel Sandvik": a venue named by its kind first is a business', () => {
    assert.deepEqual(types('Dinner at Bistro Olvera with the team.'), { 'Bistro Olvera': 'organization' });
    assert.deepEqual(types('Booked two nights at Hotel Sandvik in Tromsø.'), { 'Hotel Sandvik': 'organization', Tromsø: 'location' });
    assert.deepEqual(types('Bistro Olvera closed early.'), { 'Bistro Olvera': 'organization' });
  });

  test('the kind alone is no name', () => {
    assert.deepEqual(types('Storm is my cat.'), {});
    assert.deepEqual(types('Hotel rooms in Porto were pricey.'), { Porto: 'location' });
  });
});

describe('the words after a name', () => {
  test('"the Aldergrove valley": a kind of land after a name makes it a place', () => {
    assert.deepEqual(types('Camped in the Aldergrove valley for three nights.'), { Aldergrove: 'location' });
  });

  test('"the Barclays app": a company before a product noun is its product; acting, it stays the company', () => {
    assert.equal(types('Paid the deposit through the Barclays app.').Barclays, 'product');
    assert.equal(types('Barclays froze my card again.').Barclays, 'organization');
    assert.equal(types('The Lufthansa app crashed at the gate.').Lufthansa, 'product');
    assert.equal(types('Lufthansa cancelled the flight.').Lufthansa, 'organization');
  });
});
