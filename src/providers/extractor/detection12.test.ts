import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { namedEntityTypes as types } from '../../../test/entityTypes.ts';
import { extractWithRules } from './rules.ts';

/** Issue 26, thirteenth round: dates as chats and other countries write them, sports sides, institutions' long names. */

const extract = (text: string) => extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities;
const dates = (text: string) => extract(text).filter(e => e.entity_type === 'date').map(e => [e.name, ...(e.aliases ?? [])]);
const names = (text: string) => extract(text).map(e => e.name);

describe('dates', () => {
  test('days of one month are one date, with each end as an alias', () => {
    assert.deepEqual(dates('Our stand at the fair runs 20 to 23 May.'), [['20 to 23 May', '20 May', '23 May']]);
    assert.deepEqual(dates('Collision conference in Toronto, June 23 to 26.'), [['June 23 to 26', 'June 23', 'June 26']]);
    assert.deepEqual(dates('Away 14–16 Jan with the kids.'), [['14–16 Jan', '14 Jan', '16 Jan']]);
    assert.deepEqual(dates('Closed 1 and 2 November.'), [['1 and 2 November', '1 November', '2 November']]);
    // Two months: two dates, as written.
    assert.deepEqual(dates('Lagos trip is 20 dec to 5 jan, here we come'), [['20 dec'], ['5 jan']]);
  });

  test('a day and month written with a dot after a word that leads to a date, not a measure', () => {
    assert.deepEqual(dates('Holiday from 28.03, invoice by 10.03.'), [['28.03'], ['10.03']]);
    assert.deepEqual(dates('Prices rose by 10.03% this year.').filter(d => d[0].startsWith('10')), []);
    assert.deepEqual(dates('Deadline moved from 03/05 to 10/05, fine.'), [['03/05'], ['10/05']]);
  });

  test('weekdays as chats shorten them, and "sat" only where it closes its phrase', () => {
    assert.ok(dates('lands Thurs at 6').some(d => d.includes('Thurs')));
    assert.ok(dates('weds works for the dentist').some(d => d.includes('weds')));
    assert.ok(dates('dinner sat? thinking Dishoom').some(d => d.includes('sat')));
    assert.ok(dates('this wknd I am at my in-laws').some(d => d.includes('this wknd')));
    assert.deepEqual(dates('I sat down with Tom.'), []);
  });

  test('a month or a year named where a date is meant, not a count of things', () => {
    assert.deepEqual(dates('Did he pay the March invoice yet?'), [['March']]);
    assert.deepEqual(dates('The cohort of 2024 has 38 students.'), [['2024']]);
    assert.deepEqual(dates("Dr. Hart's 2019 review is good."), [['2019']]);
    assert.deepEqual(dates('Our 2000 users are happy.'), []);
    assert.deepEqual(dates('Every June we go to Kerala.'), [['Every June', 'June']]);
  });

  test('the edge of a period keeps the period as an alias; "that day" is no date', () => {
    assert.ok(dates('Bookkeeping done up to the end of November.').some(d => d.includes('November')));
    assert.deepEqual(dates('Bath are playing at home that day anyway'), []);
    assert.deepEqual(dates('Osimhen missed a sitter in the 89th minute'), []);
  });
});

describe('sports sides', () => {
  test('places and names across "v", playing, at home, away, and their fans', () => {
    const match = types('Piotr: Poland play Netherlands on tues, pub?');
    assert.deepEqual([match.Poland, match.Netherlands], ['organization', 'organization']);
    assert.equal(types('Siobhan: Dublin v Kerry in Croke Park sunday').Kerry, 'organization');
    assert.equal(types('Callum: Leeds away at Sunderland, coach leaves at 9').Sunderland, 'organization');
    assert.equal(types('Kofi: is he a Leicester fan or not').Leicester, 'organization');
    assert.equal(types('Tom: Bath are playing at home anyway').Bath, 'organization');
  });

  test('a place where someone else plays stays a place', () => {
    assert.equal(types("Ravi's cricket club in Pune plays its final on Sunday.").Pune, 'location');
    assert.equal(types('We flew to Poland and played cards.').Poland, 'location');
  });
});

describe('names', () => {
  test("other languages' titles are no part of a person's name", () => {
    assert.equal(types('Juliana: did the Pix from Dona Cida arrive?').Cida, 'person');
    assert.equal(types("Issue the invoice for Pani Kowalska's bakery.").Kowalska, 'person');
  });

  test('an institution named with "of", "for" and "and" is one name', () => {
    assert.ok(names('I visited the Scripps Institution of Oceanography.').includes('Scripps Institution of Oceanography'));
    assert.ok(names('Funding from the Japan Society for the Promotion of Science ends.').includes('Japan Society for the Promotion of Science'));
    assert.ok(names('He is at King Abdullah University of Science and Technology now.').includes('King Abdullah University of Science and Technology'));
    assert.equal(types('Centre for Social Innovation closes early.')['Centre for Social Innovation'], 'organization');
    assert.deepEqual(names('The Bank of England and Barclays both cut rates.'), ['Bank of England', 'Barclays']);
    assert.ok(names('Bought a Gift for Mum.').every(name => !name.includes('for')));
  });
});

describe('people, places and tools in travellers\' and developers\' notes', () => {
  test("months of other languages after a day, and Nordic weekdays", () => {
    assert.deepEqual(dates('Residence permit interview on 12 Ekim in Kadıköy.'), [['12 Ekim']]);
    assert.deepEqual(dates('The ticket says 20 Januari 2027, which threw me.'), [['20 Januari 2027']]);
    assert.deepEqual(dates('Norsk class is mandag and onsdag.').map(d => d[0]), ['mandag', 'onsdag']);
    assert.ok(!names('Moving to Berlin on 12. März, deposit paid.').includes('März'));
  });

  test('a given name that is a month or a season, before a surname, is a person', () => {
    assert.equal(types('April Johnson asked whether the failover was tested.')['April Johnson'], 'person');
    assert.equal(types('Summer Lee: I can take the Sunday slot')['Summer Lee'], 'person');
    assert.equal(types('Hope Mwangi will present the numbers.')['Hope Mwangi'], 'person');
    assert.deepEqual(dates('In April Johnson left.'), [['April']]);
  });

  test('everyday words joined by hyphens open no name; a SIM is no one', () => {
    assert.deepEqual(names('Check-in closes 45 minutes before departure.'), []);
    assert.deepEqual(names('got a dtac sim at the airport, 15 days'), []);
    assert.equal(types('Coca-Cola raised prices.')['Coca-Cola'], 'organization');
  });

  test('what a tool was swapped from and for, in lower case; a release number is dropped in an alias', () => {
    assert.deepEqual(names('Switched the plotting from matplotlib to ggplot2 and it works.'), ['matplotlib', 'ggplot2']);
    assert.deepEqual(names('We moved from London to Leeds.'), ['London', 'Leeds']);
    const keras = extract('Keras 3 now runs on top of JAX').find(e => e.name === 'Keras 3');
    assert.deepEqual(keras?.aliases, ['Keras']);
  });

  test("a possessive name runs on to its head; two things before their plural stay two", () => {
    assert.ok(names("Kenji's sister works at St. Luke's International Hospital.").includes("St. Luke's International Hospital"));
    assert.deepEqual(names('Noor wants the Heron and Kestrel dashboards merged.').slice(1), ['Heron', 'Kestrel']);
    assert.ok(names('Drinks at the Rose and Crown tonight').includes('Rose and Crown'));
  });
});

describe('farms, clubs and venues', () => {
  test('a small town named like a person, where the sentence says a place', () => {
    assert.equal(types('Beans are cheap at the elevator in Jefferson.').Jefferson, 'location');
    assert.equal(types('The FSA office in Carroll says sign-up closes.').Carroll, 'location');
  });

  test("a machine maker's model is the product, the maker alone the firm", () => {
    assert.equal(types('Hughie brought the Claas Jaguar and two trailers.')['Claas Jaguar'], 'product');
    assert.equal(types("Grandad's Massey Ferguson 35 is being restored.")['Massey Ferguson 35'], 'product');
    assert.equal(types('Kubota put their prices up.').Kubota, 'organization');
  });

  test('currencies are no names, nor Mam', () => {
    assert.deepEqual(names('Paid the vet KSh 2,000 on M-Pesa.'), ['M-Pesa']);
    assert.deepEqual(names("Picked up Mam's prescription at Boots."), ['Boots']);
  });

  test('chapels, cathedrals and velodromes are venues; a band at a venue is two names; parkrun is an event', () => {
    assert.equal(types('Meet at Herne Hill Velodrome at 8.')['Herne Hill Velodrome'], 'organization');
    assert.equal(types('Concert at Southwark Cathedral tonight.')['Southwark Cathedral'], 'organization');
    assert.deepEqual(names('Saw Spoon at the Roundhouse.'), ['Spoon', 'Roundhouse']);
    assert.ok(names('Bought a hamster at Pets at Home.').includes('Pets at Home'));
    assert.equal(types('parkrun PB at Bushy Park this morning.').parkrun, 'event');
  });

  test('a range written with both dates gives both', () => {
    assert.deepEqual(dates('UK Games Expo runs from 29 May to 31 May.'), [['29 May'], ['31 May']]);
  });
});

describe('providers and appointments', () => {
  test("a provider's handling of an order or claim makes a firm, not a given name's", () => {
    assert.equal(types('Maxicare approved the ultrasound on Friday.').Maxicare, 'organization');
    assert.equal(types('Iberdrola moves the direct debit to the 5th.').Iberdrola, 'organization');
    assert.equal(types('Peloton is finally refunding us for the recall.').Peloton, 'organization');
    assert.equal(types('Amara moved the meeting to Friday.').Amara, 'person');
    assert.equal(types('Hamish approved the invoice.').Hamish, 'person');
  });

  test('a weekday before a date in figures, a date since, and recurring days', () => {
    assert.deepEqual(dates('Tues 2/12 bloods at 8.'), [['Tues 2/12']]);
    assert.deepEqual(dates('Down 1.5 kg since 1/11.'), [['1/11']]);
    assert.deepEqual(dates('The cleaner comes on alternate Fridays.'), [['alternate Fridays']]);
  });
});

describe('courts, police and their officers', () => {
  test('courts and police stations are institutions; officers and lawyers by their titles are people', () => {
    const court = types('HHJ Barrington listed the matter at Southwark Crown Court.');
    assert.deepEqual([court.Barrington, court['Southwark Crown Court']], ['person', 'organization']);
    assert.equal(types('Filed it in the Bombay High Court yesterday.')['Bombay High Court'], 'organization');
    assert.equal(types('Dr. Hahn from the Landgericht Hamburg wants the exhibits.')['Landgericht Hamburg'], 'organization');
    assert.equal(types('Kommissarin Weber wants the statement.').Weber, 'person');
    assert.equal(types('We walked past Earls Court.')['Earls Court'], 'location');
  });
});

describe('offices and people named like months', () => {
  test('where an office moves is a place, not a tool', () => {
    const moved = types('Moved the Jakarta office from Kemang to SCBD in October.');
    assert.deepEqual([moved.Kemang, moved.SCBD], ['location', 'location']);
    assert.equal(types('We lost Jumia to a competitor called Orbit.').Orbit, 'organization');
  });

  test('a month that is someone, by what follows it at the start', () => {
    assert.equal(types('May from Jungle Ventures said no.').May, 'person');
    assert.equal(types('April wants to hold the launch party on the roof.').April, 'person');
    assert.equal(types('June Tan from Golden Gate Ventures wants to invest.')['June Tan'], 'person');
    assert.deepEqual(dates('April showers are coming.'), [['April']]);
  });
});

describe('site diaries', () => {
  test('dates as forms and Australians write them; the edge of a month keeps the month', () => {
    assert.deepEqual(dates('Visits Jamnagar on 18-Nov for the licence.'), [['18-Nov']]);
    assert.deepEqual(dates('TenneT moved the outage window to late June.'), [['late June', 'June']]);
    assert.deepEqual(dates('smoko got cut short this arvo, the pump blocked'), [['this arvo']]);
  });

  test("a unit's symbol is no name; a bank called ING stays a name", () => {
    assert.deepEqual(names('Statnett wants the 420 kV bay energised.'), ['Statnett']);
    assert.deepEqual(names('Opened the ING business account.'), ['ING']);
  });
});

describe('kitchens', () => {
  test('a dish named after a place or a person is no name; a brand before its food stays', () => {
    assert.deepEqual(names('Ordered Chelsea buns and a Victoria sponge for the party.'), []);
    assert.deepEqual(names('The Yorkshire pudding batter needs resting overnight.'), []);
    assert.equal(types('Grabbed a Greggs sausage roll.').Greggs, 'organization');
    assert.deepEqual(names("Priya's cake was great."), ['Priya']);
  });
});

describe('public bodies by their acronyms', () => {
  test("a body's officers, letters, counters and dues; one that acts after an adverb", () => {
    assert.equal(types('An OSHA compliance officer visited yesterday.').OSHA, 'organization');
    assert.equal(types('The CBN circular landed and froze onboarding.').CBN, 'organization');
    assert.equal(types('Pay NHIF before the hospital visit.').NHIF, 'organization');
    assert.ok(names('Marta: NSF just emailed, the letter comes next month').includes('NSF'));
  });

  test('vocabulary stays vocabulary: the SLA review, a GP appointment', () => {
    assert.deepEqual(names('The SLA review is late.'), []);
    assert.deepEqual(names('Book a GP appointment if it does not ease.'), []);
  });
});

describe('conferences and trade fairs', () => {
  test('well-known conferences and fairs are events, acronyms too', () => {
    assert.equal(types('Paper accepted at NeurIPS, camera-ready due soon.').NeurIPS, 'event');
    assert.equal(types('Dmitri: we are presenting at the CVPR workshop').CVPR, 'event');
    assert.equal(types('Pitched at GITEX Africa in Marrakech.')['GITEX Africa'], 'event');
  });
});
