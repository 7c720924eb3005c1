import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { namedEntityTypes as types } from '../../../test/entityTypes.ts';
import { extractWithRules } from './rules.ts';

/** Every entity the rules find, dates included, as "name=type". */
const all = (text: string) => extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.map(e => `${e.name}=${e.entity_type}`).sort();

describe('issue 26, name detection: occasions of the calendar are one event', () => {
  test('"Christmas Eve", "Black Friday", "Mothering Sunday": the whole phrase, no date and no "Eve"', () => {
    assert.deepEqual(all('Christmas Eve at home with the cousins.'), ['Christmas Eve=event']);
    assert.deepEqual(all('Ordered the kettle on Black Friday.'), ['Black Friday=event']);
    assert.deepEqual(all('Mothering Sunday lunch at the Plough.').filter(e => e.endsWith('=event') || e.endsWith('=date')), ['Mothering Sunday=event']);
  });

  test('a name before "Night", "Week", "Day": "Burns Night", "Golden Week", "King\'s Day", "Three Kings Day"', () => {
    assert.equal(types('Burns Night supper with haggis and neeps.')['Burns Night'], 'event');
    assert.equal(types('Flights to Osaka are dear during Golden Week.')['Golden Week'], 'event');
    assert.equal(types("King's Day in Utrecht, everything orange.")["King's Day"], 'event');
    assert.equal(types('Back at work after Three Kings Day.')['Three Kings Day'], 'event');
  });

  test('"Christmas market", "the Oxford Christmas Market": a holiday\'s market is the event', () => {
    assert.equal(types('Mulled wine at the Christmas market in Bath.')['Christmas market'], 'event');
    assert.equal(types('Selling candles at the Oxford Christmas Market.')['Oxford Christmas Market'], 'event');
  });

  test('a date stays a date: "Next Friday", "Saw Anna Friday", a weekday after a venue, a day word inside a longer name', () => {
    assert.deepEqual(all('Next Friday we fly to Lisbon.'), ['2026-03-13=date', 'Lisbon=location']);
    assert.equal(types('Saw Anna Friday at the gym.').Anna, 'person');
    assert.ok(!Object.keys(types('Bouldering at The Castle Climbing Centre Tuesday nights.')).some(n => n.endsWith('Tuesday')));
    assert.ok(!('Ashgrove Night' in types('Volunteering at the Ashgrove Night Shelter.')));
  });
});

describe('issue 26, name detection: a shop named by its possessive', () => {
  test('"from Gail\'s", "at Bewley\'s", "St Mungo\'s is …": the organisation, possessive kept', () => {
    assert.equal(types("Sourdough loaf from Gail's, still warm.")["Gail's"], 'organization');
    assert.equal(types("Meet Orla at Bewley's on Grafton Street.")["Bewley's"], 'organization');
    assert.equal(types("St Mungo's is looking for volunteers.")["St Mungo's"], 'organization');
    assert.equal(types("Picked up milk at the Sainsbury's on the corner.")["Sainsbury's"], 'organization');
  });

  test('someone\'s home, someone\'s thing and "Tom\'s" for "Tom is" stay the person', () => {
    assert.equal(types("Dinner at Mirela's on Friday, bring wine.").Mirela, 'person');
    assert.equal(types("Passover seder at Aunt Dvora's in Golders Green.").Dvora, 'person');
    assert.equal(types("Made Kenji's cucumber salad again.").Kenji, 'person');
    assert.equal(types("Tom's running late again.").Tom, 'person');
  });
});

describe('issue 26, name detection: names with "of the", "de los", "do" inside are kept whole', () => {
  test('"Universidad de los Andes", "Gift of the Givers", "Rotary Club of Galway", "Costa do Sol"', () => {
    assert.equal(types('Maite teaches at Universidad de los Andes.')['Universidad de los Andes'], 'organization');
    assert.equal(types('We gave to Gift of the Givers this year.')['Gift of the Givers'], 'organization');
    assert.equal(types('Spoke at the Rotary Club of Galway on Tuesday.')['Rotary Club of Galway'], 'organization');
    assert.ok('Costa do Sol' in types('Lunch at Costa do Sol by the beach.'));
  });

  test('"of" after a person\'s name still separates two names', () => {
    assert.deepEqual(Object.keys(types('Anna of the Tuesday group met Petra.')).sort(), ['Anna', 'Petra']);
  });
});

describe('issue 26, name detection: software written in lower case', () => {
  test('listed tools without a capital: "bumped esbuild", "switched to pnpm", "replaced moment with date-fns"', () => {
    assert.equal(types('Bumped esbuild and the bundle shrank.').esbuild, 'technology');
    assert.equal(types('Priya switched the monorepo to pnpm.').pnpm, 'technology');
    assert.equal(types('Replaced moment with date-fns in the dashboard.')['date-fns'], 'technology');
    assert.ok(!('moment' in types('Replaced moment with date-fns in the dashboard.')));
  });

  test('the manager of an install command, a verb after it, and a brand that is an everyday noun are not drawn', () => {
    assert.deepEqual(types('npm i left-pad-ng'), { 'left-pad-ng': 'technology' });
    assert.ok(!('fails' in types('pnpm install fails on the monorepo.')));
    assert.ok(!('meetup' in types('The pub is the venue for the customer meetup.')));
  });
});

describe('issue 26, name detection: what a family calls its grandparents', () => {
  test('"Babcia Halina", "Abuela Remedios", "Opa Henk": the person, the title dropped', () => {
    assert.deepEqual(types('Babcia Halina sent a box of pierogi.'), { Halina: 'person' });
    assert.deepEqual(types('Abuela Remedios turns 90 in May.'), { Remedios: 'person' });
    assert.deepEqual(types('Opa Henk fixed the bike chain.'), { Henk: 'person' });
  });

  test('"Gran", "Grandad" alone are no names', () => {
    assert.deepEqual(types("Sunday roast at Gran's, then the park."), {});
    assert.deepEqual(types('Grandad wants the photos printed.'), {});
  });
});

describe('issue 26, name detection: a maker and a model number are one product', () => {
  test('"Volvo XC40", "Nokia 3310", "Airbus A350", "Mazda CX-30"', () => {
    assert.deepEqual(types('The Volvo XC40 needs new tyres.'), { 'Volvo XC40': 'product' });
    assert.deepEqual(types('Still keeping a Nokia 3310 as a backup phone.'), { 'Nokia 3310': 'product' });
    assert.deepEqual(types('The Airbus A350 to Doha was half empty.').Doha, 'location');
    assert.equal(types('The Airbus A350 to Doha was half empty.')['Airbus A350'], 'product');
    assert.deepEqual(types('Sold the Mazda CX-30 to a dealer.'), { 'Mazda CX-30': 'product' });
  });

  test('a year, a time or an amount after a name is no model number', () => {
    assert.deepEqual(types('Ordered two boxes from Amazon in 2023.'), { Amazon: 'organization' });
    assert.deepEqual(types('Meeting Anna at 10am by the lifts.'), { Anna: 'person' });
  });
});
