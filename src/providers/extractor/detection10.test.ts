import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { namedEntityTypes as types, rulesAlone } from '../../../test/entityTypes.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { extractWithRules } from './rules.ts';

/** Issue 26, eleventh round: a listed brand read in its sentence, holidays, faiths and languages, wink's sentence breaks. */

const extracted = (text: string) => extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities;
const names = (text: string) => extracted(text).map(e => e.name);
/** The dates of a text by their names. */
const dates = (text: string) => extracted(text).filter(e => e.entity_type === 'date').map(e => e.name);

describe('a brand the hand lists type is read in its sentence', () => {
  test('a maker before its appliance, a tool one works in, is the product', () => {
    assert.equal(types("Check the warranty on the Bosch dishwasher, it's leaking from the door.").Bosch, 'product');
    assert.equal(types('Ravi: pushed the fix, can someone approve PR 412 in GitLab').GitLab, 'product');
  });

  test('a firm cue stays sure: the model does not undo it', () => {
    assert.equal(types('Renewed the Datadog contract but asked for a discount.').Datadog, 'organization');
    assert.equal(types('Need to renew the Notion subscription before it lapses.').Notion, 'organization');
  });

  test("what firms do as a clause's subject casts a known tool as its company", () => {
    assert.equal(types('Figma raised the price for our plan again.').Figma, 'organization');
  });
});

describe('more cues', () => {
  test("a document's number between its noun and \"from\"; audits and estimates from a firm", () => {
    assert.equal(types('Invoice 2291 from Kessler Bau is still unpaid.')['Kessler Bau'], 'organization');
    assert.equal(types('Reviewed the accessibility audit from Deque, most issues are labels.').Deque, 'organization');
  });

  test('where exhibitors stand is an event', () => {
    assert.equal(types('Our booth at Collision in Toronto got good traffic.').Collision, 'event');
  });

  test('"X Games" after working for it is the studio; the Commonwealth Games stay an event', () => {
    assert.equal(types('The user\'s brother moved to Reykjavík to work for CCP Games.')['CCP Games'], 'organization');
    assert.equal(types('We watched the Commonwealth Games in Glasgow.')['Commonwealth Games'], 'event');
  });

  test('a surname that is a listed town, joined to a sure place, is the town', () => {
    assert.equal(types('The pilot is limited to their Leeds and Bradford clinics.').Bradford, 'location');
  });

  test('a known brand before a product word is the product though the brand is a given name', () => {
    assert.equal(types('The spring campaign on Meta Ads spent 4,200 dollars.')['Meta Ads'], 'technology');
  });
});

describe('holidays, faiths and languages', () => {
  test('more holidays of more places are events, and a listed holiday starts no phrase name', () => {
    assert.equal(types("Anna: are we still doing Midsommar at Lars's cabin in Dalarna?").Midsommar, 'event');
    assert.equal(types("Shabbat dinner at Miriam's this Friday.").Shabbat, 'event');
    const carnival = types('Carnival in Port of Spain was unforgettable.');
    assert.equal(carnival.Carnival, 'event');
    assert.equal(carnival['Port of Spain'], 'location');
  });

  test('faiths and languages are no names alone, but begin longer ones', () => {
    assert.deepEqual(names('The user is a Catholic and speaks French and Lingala.'), []);
    assert.ok(names('Tamil Nadu trip in March.').includes('Tamil Nadu'));
    assert.ok(names('The Catholic University of Leuven replied.').includes('Catholic University of Leuven'));
  });
});

describe('where wink breaks a sentence or reads a date', () => {
  test('a sentence break inside "Next.js" does not cut the version off', () => {
    assert.ok(names('Retro: the migration to Next.js 15 took twice as long.').includes('Next.js 15'));
    assert.ok(names('Debugged a memory leak in the Node.js 20 worker.').includes('Node.js 20'));
  });

  test("a day's abbreviation before a capitalised word begins a name; before a month or a part of the day it is a date", () => {
    assert.ok(names('The lanterns along the Thu Bồn River were beautiful.').includes('Thu Bồn River'));
    const dated = extracted('Call Dad on Sat March 3.');
    assert.ok(dated.some(e => e.entity_type === 'date'));
  });
});

describe('dates as notes name them', () => {
  const datesWithAliases = (text: string) => extracted(text).filter(e => e.entity_type === 'date').map(e => [e.name, ...(e.aliases ?? [])]);

  test('a recurring day and a part of a day keep the day itself as an alias', () => {
    assert.deepEqual(datesWithAliases('Their one-to-ones are every other Thursday.'), [['every other Thursday', 'Thursday']]);
    assert.deepEqual(datesWithAliases('Design crit moved to Thursday afternoon.'), [['Thursday afternoon', 'Thursday']]);
    assert.deepEqual(datesWithAliases('The delivery is booked for next Thursday morning.'), [['2026-03-12', 'next Thursday morning', 'next Thursday']]);
  });

  test('a stretch of time from now is no date', () => {
    assert.deepEqual(dates('The dentist wants a repeat cleaning in six months.'), []);
    assert.deepEqual(dates('Back in two days, then flying in March.'), ['March']);
  });
});

describe('dates in the languages chats mix with English', () => {
  test('weekdays, days of a month and the days around today', () => {
    assert.deepEqual(dates('Fernando: ya reservé la cancha para el jueves'), ['jueves']);
    assert.deepEqual(dates('Agnieszka: czy możesz odebrać dzieci ze szkoły w piątek?'), ['piątek']);
    assert.deepEqual(dates('Ana Paula: reunião com a Natura foi remarcada pra quinta'), ['quinta']);
    assert.deepEqual(dates('Amaru: la fiesta del Inti Raymi en Cusco es el 24 de junio'), ['24 de junio']);
    assert.deepEqual(dates('Andrés: ¿vamos al festival en Valledupar este año?'), ['este año']);
  });

  test('a given name and an ordinal stay what they are', () => {
    assert.deepEqual(dates('Domingo brought the wine.'), []);
    assert.deepEqual(dates('Uma quinta no Douro.'), []);
  });
});

describe('chat lines and names from the eleventh blind set', () => {
  test("a speaker written in lower case on a line written with capitals is a person; a heading's word is not", () => {
    assert.equal(types('kasia: idziemy na pierogi at Zapiecek after work?').Kasia, 'person');
    assert.equal(types('fatima: did anyone pick up the keys from the Foxtons office in Clapham?').Fatima, 'person');
    assert.equal(types('fyi: Stripe is down').Fyi, undefined);
  });

  test('a listed tool that is an English word, where the words around it say so', () => {
    assert.equal(types('lena: my fan is screaming since i installed docker').docker, 'technology');
    assert.equal(types('dawit: meeting moved to friday, same zoom link').zoom, 'technology');
    assert.equal(types('can you send me the Obsidian vault link before the call').vault, undefined);
  });

  test('a holiday in a lower-case line, and no name in its greeting', () => {
    assert.deepEqual(types("reza: nowruz mubarak!! haft-sin is set up at maman's"), { Reza: 'person', Nowruz: 'event' });
  });

  test('"van den" inside a name, a vehicle\'s edition, stadiums and arenas', () => {
    assert.ok(names('Met Pieter van den Hoogenband at the pool.').includes('Pieter van den Hoogenband'));
    assert.equal(rulesAlone(() => types('Met Pieter van den Hoogenband at the pool.'))['Pieter van den Hoogenband'], 'person');
    assert.equal(types('The user drives a Kia Niro EV.')['Kia Niro EV'], 'product');
    assert.equal(types("AIK need a win at Strawberry Arena on Sunday or it's over")['Strawberry Arena'], 'organization');
  });

  test('a way travelled over or along is a place', () => {
    assert.equal(types("Don't drive over Haukelifjell without snow chains.").Haukelifjell, 'location');
    assert.equal(types('Training on rollerskis along Mälaren.').Mälaren, 'location');
  });
});

describe('a date after "until", "since", "around", and a quarter with its year', () => {
  test('the whole date, not the month alone', () => {
    assert.deepEqual(dates('Reservations for the tent are open until 31 May'), ['31 May']);
    assert.deepEqual(dates('Saved 200 a month since March 2026 toward the deposit.'), ['March 2026']);
    assert.deepEqual(dates('Fees are due before the term ends around 20 July.'), ['20 July']);
    assert.deepEqual(dates('Pitching to investors in Q1 2027.'), ['Q1 2027']);
  });
});

describe('providers one moves between, and heads before "of"', () => {
  test('payroll and mobile carriers moved from one to another are firms', () => {
    assert.deepEqual(types('Switched mobile carrier from Safaricom to Airtel Kenya last month.'), { Safaricom: 'organization', 'Airtel Kenya': 'organization' });
    assert.equal(types('Switched our payroll to Deel for the contractors.').Deel, 'organization');
  });

  test('"Gathering of Nations" is one event', () => {
    assert.equal(types('Grandpa wants to go to the Gathering of Nations in Albuquerque again.')['Gathering of Nations'], 'event');
  });
});

describe('lower-case tools by what is done with them', () => {
  test('a package noun after the name, and what a test is run with', () => {
    assert.equal(types('The upgrade failed because of the pg_cron extension.').pg_cron, 'technology');
    assert.equal(types('Much faster than the old wkhtmltopdf setup.').wkhtmltopdf, 'technology');
    assert.equal(types('Ran the load test with k6 against the edge.').k6, 'technology');
    assert.deepEqual(types('Ran the test with care.'), {});
  });
});

describe('names from the twelfth blind set', () => {
  test('a road by its number where the sentence is about the road, not a chip', () => {
    assert.equal(types('Mo: gonna be late, stuck on the A40').A40, 'location');
    assert.equal(types('Mohammed: traffic on the M25 is a joke').M25, 'location');
    assert.notEqual(types('pip install tessellate failed on the M2 because of a missing wheel.').M2, 'location');
  });

  test("a town's region after a comma; a bank's name in one word; a firm's courier; a firm hiring", () => {
    assert.equal(types('Trained the drivers at the depot in Ekurhuleni, Gauteng, all passed.').Gauteng, 'location');
    assert.equal(types('The user has a term deposit with Kiwibank.').Kiwibank, 'organization');
    assert.equal(types('Nils: the Foodora courier went to the wrong building again').Foodora, 'organization');
    assert.equal(types('Notion is hiring a partnerships lead in Dublin.').Notion, 'organization');
    assert.equal(types('Mirela: the Jenkins agent on build-07 is stuck').Jenkins, 'technology');
  });

  test('kin words of more languages, an acronym before a weekday, chat words that are no names', () => {
    assert.equal(types('Tia Rosângela is godmother.').Rosângela, 'person');
    assert.deepEqual(types('Selin: Kuzen Emre is coming to Izmir for Bayram'), { Selin: 'person', Emre: 'person', Izmir: 'location', Bayram: 'event' });
    assert.equal(types('Dispatched two trucks to Shymkent, ETA Saturday.')['ETA Saturday'], undefined);
    assert.equal(types('Emeka: Abeg who has the account number?').Abeg, undefined);
    assert.equal(types('Mama Njeri: Did you send the school fees?').Did, undefined);
    assert.equal(types('kemal: abi the getir order never came, support says refund tomorrow').Abi, undefined);
  });

  test('festivals and runs, streets written after their names, squares and junctions', () => {
    assert.equal(types('Crop Over is next month, we join a band for Grand Kadooment.')['Grand Kadooment'], 'event');
    assert.equal(types('We went to the Esala Perahera in Kandy.')['Esala Perahera'], 'event');
    assert.equal(types('The goal is Cornwall Park parkrun by Easter.')['Cornwall Park parkrun'], 'event');
    assert.equal(types('Ilona: meet at Kazinczy utca at 8?')['Kazinczy utca'], 'location');
    assert.equal(types('Ana Lúcia: o bloco sai da Praça XV às 9')['Praça XV'], 'location');
    assert.equal(types('Priyanka: Arjun is stuck at Silk Board junction again')['Silk Board'], 'location');
  });

  test('an appliance after its maker is the product', () => {
    assert.equal(types('Need to replace the filter on the Dyson vacuum.').Dyson, 'product');
  });
});

describe('who a role is, and a provided thing near the name', () => {
  test('"the landlord is X", "my manager is X": a person', () => {
    assert.equal(types("Assistant summary: the user's landlord is Panagiotis Vlachos and rent is due on the 1st.")['Panagiotis Vlachos'], 'person');
  });

  test('a plan far before "with X" makes no firm of X', () => {
    assert.equal(types('Chuseok plan: drive to Jeonju with Minseo and her parents.').Minseo, 'person');
  });
});

describe('names from the thirteenth blind set', () => {
  test('a Japanese honorific written onto a name is a title', () => {
    const [tanaka] = extracted('Met Tanaka-san at the station.');
    assert.deepEqual([tanaka.name, tanaka.entity_type, tanaka.aliases], ['Tanaka', 'person', ['Tanaka-san']]);
  });

  test('pharmacies and law firms named by their kind first; power companies; fairs of a place; more holidays', () => {
    assert.equal(types('Picked up the prescription at Apteka Gemini.')['Apteka Gemini'], 'organization');
    assert.equal(types('The bill from Sørlandet Kraft arrived.')['Sørlandet Kraft'], 'organization');
    assert.equal(types('We went to the State Fair of Texas in Dallas.')['State Fair of Texas'], 'event');
    assert.equal(types('Lebaran at my in-laws in Bandung.').Lebaran, 'event');
    assert.deepEqual(Object.keys(types('Abbu says Eid ul-Adha starts on Friday.')), ['Eid ul-Adha']);
  });
});

describe('an unknown acronym naming whose thing it is', () => {
  test('"the UNHCR trucks", "the EVN electricity bill" are names; "the SLA review" is vocabulary', () => {
    assert.ok(names('The food distribution is postponed because the UNHCR trucks are held at Lodwar.').includes('UNHCR'));
    assert.ok(names('Paid the EVN electricity bill through the MoMo app.').includes('EVN'));
    assert.ok(!names('Finished the SLA review with legal.').includes('SLA'));
  });
});

describe('an outage is a sure cue of a system', () => {
  test('"X is down again" is software whatever its spelling; "down with flu" is a person', () => {
    assert.equal(types('Tessary is down again.').Tessary, 'technology');
    assert.equal(types('Kofi is down with flu.').Kofi, 'person');
  });
});

describe('no text makes the extractor throw', () => {
  test('"From X to Y" opening a text (it threw, and a create that waited for the graph answered 500)', () => {
    assert.deepEqual(types('From Lisbon to Porto by train.'), { Lisbon: 'location', Porto: 'location' });
  });

  test('every labelled sentence of the fixtures, as written, in lower case, and opening with "From"', () => {
    const fixtures = new URL('../../../bench/fixtures/', import.meta.url);
    const files = readdirSync(fixtures).filter(f => /^entities-.*\.txt$/.test(f)).map(f => new URL(f, fixtures));
    const typing = new URL('typing/', fixtures);
    files.push(...readdirSync(typing).map(f => new URL(f, typing)));
    const sentences = files.flatMap(file => readFileSync(file, 'utf8').split('\n').filter(line => line && !line.startsWith('#')).map(line => line.split(' | ')[0]));
    assert.ok(sentences.length > 5000, `${sentences.length} sentences`);
    for (const sentence of sentences) {
      for (const text of [sentence, sentence.toLowerCase(), `From ${sentence}`]) assert.doesNotThrow(() => extracted(text), text);
    }
  });
});
