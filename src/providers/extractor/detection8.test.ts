import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { extractWithRules } from './rules.ts';
import { rulesAlone } from '../../../test/entityTypes.ts';

/** Issue 26, ninth round: a company's name before a thing one holds, trades' and venues' words, places' first words. */

const types = (text: string) => Object.fromEntries(extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.map(e => [e.name, e.entity_type]));

describe('a company before a thing one holds or uses is the thing', () => {
  test('"a Monzo link", "my Costco card": the listed company gives way, and the model does not take it back', () => {
    assert.equal(types('Sent Kofi a Monzo link for the tickets.').Monzo, 'product');
    assert.equal(types('Left my Costco card in the car.').Costco, 'product');
  });

  test('the company acting as a firm stays one', () => {
    assert.equal(types('Monzo froze my account over the weekend.').Monzo, 'organization');
    assert.equal(types('Pinged Hetzner support about the invoice.').Hetzner, 'organization');
  });
});

describe('trades and venues named in their own words', () => {
  test('"Studio Maren", "Pennant Glazing", "Panadería Rosales": businesses', () => {
    assert.equal(types('Studio Maren did our new logo.')['Studio Maren'], 'organization');
    assert.equal(types('The quote from Pennant Glazing is cheaper.')['Pennant Glazing'], 'organization');
    assert.equal(types('Ordered bread from Panadería Rosales for Sunday.')['Panadería Rosales'], 'organization');
  });
});

describe('more last and first words of places', () => {
  test('"Mercado Central" is a place to the rules, not the shop "at" would make it', () => {
    // The learned layer reads it as a firm: its training sets name firms "Mercado …" ("Mercado Libre", "Mercado Pago").
    assert.equal(rulesAlone(() => types('Lunch at Mercado Central before the train.'))['Mercado Central'], 'location');
    assert.equal(types('Cycled the Tarka Path with Dev on Sunday.')['Tarka Path'], 'location');
  });
});

describe("places named by their first word in the place's own language", () => {
  test('"Gare Montparnasse", "Cerro Alegre", "Parque Lage": places, even after "at"', () => {
    assert.equal(types('Waited two hours at Gare Montparnasse.')['Gare Montparnasse'], 'location');
    assert.equal(types('Drinks at Cerro Alegre before the ferry.')['Cerro Alegre'], 'location');
    assert.equal(types('Picnic at Parque Lage with the kids.')['Parque Lage'], 'location');
  });
});

describe('a given name that is also an English word, opening the sentence', () => {
  test('"Hope\'s nursery", "Hope started", "Sunny is staying": a person', () => {
    assert.equal(types("Hope's nursery closes early today.").Hope, 'person');
    assert.equal(types('Hope started swimming lessons.').Hope, 'person');
    assert.equal(types('Sunny is staying with us till Sunday.').Sunny, 'person');
  });

  test('the word used as a word stays no name', () => {
    assert.equal(types('Faith is a big word.').Faith, undefined);
    assert.equal(types('Will you pick me up at six?').Will, undefined);
  });
});

describe('more last words of events', () => {
  test('a mela, a supper and a ride are events, not the firms the words around them would suggest', () => {
    assert.equal(types('Volunteering at the Leicester Mela next weekend.')['Leicester Mela'], 'event');
    assert.equal(types('Ceilidh after the Rabbie Burns Supper at the hall.')['Rabbie Burns Supper'], 'event');
    assert.equal(types('Off to the Dartmoor Classic Ride on Sunday.')['Dartmoor Classic Ride'], 'event');
  });
});

describe('a job opening the sentence is no part of the name', () => {
  test('"Childminder Abebi", "Physio Hamid": the person alone', () => {
    const found = types('Childminder Abebi has a spare place on Mondays.');
    assert.equal(found.Abebi, 'person');
    assert.equal(found['Childminder Abebi'], undefined);
    assert.equal(types('Physio Hamid says rest the knee for a week.').Hamid, 'person');
  });
});

describe('routes and people set off by commas', () => {
  test('a route\'s ends are places: "from Kandy to Ella", "from Florence up to Fiesole"', () => {
    assert.equal(types('The train from Kandy to Ella sold out.').Ella, 'location');
    const walk = types('Walked from Florence up to Fiesole before lunch.');
    assert.equal(walk.Florence, 'location', 'the opening verb is no company the walk came from');
    assert.equal(walk.Fiesole, 'location');
    assert.equal(types('Passed the baton from Priya to Ella.').Ella, 'person', 'between two people it is no route');
  });

  test('"My manager, Helen Park, approved": a person, though her surname ends like a park', () => {
    assert.equal(types('My manager, Helen Park, approved the budget.')['Helen Park'], 'person');
    assert.equal(types('Met my sister at Victoria Park.')['Victoria Park'], 'location');
  });
});

describe('dates wink reads as durations or times', () => {
  const dates = (text: string) =>
    extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.filter(e => e.entity_type === 'date').map(e => e.aliases?.[0] ?? e.name);

  test('"until Monday", "since 2022", "till March": the day, the year, the month', () => {
    assert.deepEqual(dates('The sale is on until Monday.'), ['Monday']);
    assert.deepEqual(dates('The prescription has not changed since 2022.'), ['2022']);
    assert.deepEqual(dates('Ines: the clinic is booked till March'), ['March']);
  });

  test('"from Friday to Monday": two days; "from 9 to 5": no day at all', () => {
    assert.deepEqual(dates('Backups failed from Friday to Monday.'), ['Friday', 'Monday']);
    assert.deepEqual(dates('Open from 9 to 5.'), []);
  });

  test('"the last week of October", "the first Saturday of the month": one date, not a day last week', () => {
    assert.deepEqual(dates('We go away the last week of October.'), ['the last week of October']);
    assert.deepEqual(dates('Booked for the first week of April.'), ['the first week of April']);
    assert.deepEqual(dates('Knitting moved to the first Saturday of the month.'), ['the first Saturday of the month']);
  });

  test('a range\'s two ends: "Monday to Friday", "between March and May", "between 2019 and 2021"; "mid-2025"', () => {
    assert.deepEqual(dates('Open Monday to Friday.'), ['Monday', 'Friday']);
    assert.deepEqual(dates('Away between March and May.'), ['March', 'May']);
    assert.deepEqual(dates('Sales rose between 2019 and 2021.'), ['2019', '2021']);
    assert.deepEqual(dates('Targeting mid-2025 for the move.'), ['mid-2025']);
    assert.deepEqual(dates('You may and should ask.'), []);
  });

  test('"tonight" where wink calls it a time', () => {
    assert.deepEqual(dates('Filing the story to the desk tonight.'), ['tonight']);
  });

  test('"Jan" and "Jun" alone are people; after "in" or with a day, the month', () => {
    assert.equal(types('Lunar New Year dinner with Mei and Jun at the Golden Dragon.').Jun, 'person');
    assert.equal(types('Jan said the van is booked.').Jan, 'person');
    assert.deepEqual(dates('Back in Jan we moved flats.'), ['Jan']);
    assert.equal(dates('Invoice due 3 Jan 2026.').length, 1);
  });

  test('"winter boots" and "in the sun." are no dates; "this summer" is', () => {
    assert.deepEqual(dates('Bought winter boots in the sale.'), []);
    assert.deepEqual(dates('Breakfast on the terrace in the sun.'), []);
    assert.deepEqual(dates('See you this summer.'), ['this summer']);
  });
});

describe('vehicles by their maker', () => {
  test('"Skoda Enyaq", "Dacia Duster": a maker and a model is the vehicle; "Tata Steel", "Honda UK" are firms', () => {
    assert.equal(types('Test drove a Skoda Enyaq on Saturday.')['Skoda Enyaq'], 'product');
    assert.equal(types('My Dacia Duster failed its MOT.')['Dacia Duster'], 'product');
    assert.equal(types('Tata Steel cut jobs in Port Talbot.')['Tata Steel'], 'organization');
    assert.equal(types('Honda UK recalled the model.')['Honda UK'], 'organization');
  });

  test('"my Honda", "took the Kawasaki back": the vehicle; "the Nissan dealership", "Toyota recalled": the firm', () => {
    assert.equal(types('My Honda needs new tyres.').Honda, 'product');
    assert.equal(types('Took the Kawasaki back to the garage.').Kawasaki, 'product');
    assert.equal(types('Went to the Nissan dealership.').Nissan, 'organization');
    assert.equal(types('Toyota recalled the hybrid.').Toyota, 'organization');
  });
});

describe('hosting, payment and delivery providers follow the guideline', () => {
  test('"on Netlify", "paid with Revolut": the provider; "the Revolut app": its product', () => {
    assert.equal(types('We host the docs on Netlify now.').Netlify, 'organization');
    assert.equal(types('Paid the deposit with Revolut.').Revolut, 'organization');
    assert.equal(types('Opened the Revolut app to pay.').Revolut, 'product');
  });
});

describe('software written in lower case', () => {
  test('a listed tool no dictionary knows ("strong on dbt"); not a gene or a process in a paper, nor slang', () => {
    assert.equal(types('Interviewed Ashwini for the data role, strong on dbt and Airflow.').dbt, 'technology');
    assert.equal(types('Cells died through autophagy rather than apoptosis.').autophagy, undefined);
    assert.equal(types('Went with bae to the mall, lol.').bae, undefined, 'slang after "with" is no tool');
  });
});

describe('a verb opening a note starts no name', () => {
  test('"Cancelled Audible": the service alone; "Reading Festival": one name', () => {
    const found = types('Cancelled Audible and moved to Libby.');
    assert.equal(found['Cancelled Audible'], undefined);
    assert.ok(found.Audible);
    assert.equal(types('Reading Festival tickets sold out.')['Reading Festival'], 'event');
  });
});

describe('small words inside names of more languages', () => {
  test('"Osteria dal Gambero", "Frankfurt am Main": one name', () => {
    assert.equal(types('Dinner at Osteria dal Gambero with Luca.')['Osteria dal Gambero'], 'organization');
    assert.equal(types('Flew into Frankfurt am Main on Monday.')['Frankfurt am Main'], 'location');
  });
});

describe("a saint's name as a place", () => {
  test('"in St Ives", "to St. Moritz", "St Albans": the town; "St Paul wrote": the saint', () => {
    assert.equal(types('Weekend in St Ives with the kids.')['St Ives'], 'location');
    assert.equal(types('The train from Zermatt to St. Moritz takes eight hours.')['St. Moritz'], 'location');
    assert.equal(types('St Albans is lovely in spring.')['St Albans'], 'location');
    assert.equal(types('St Paul wrote to the Corinthians.').Paul, 'person');
  });
});
