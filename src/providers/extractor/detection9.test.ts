import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { namedEntityTypes as types } from '../../../test/entityTypes.ts';
import { extractWithRules } from './rules.ts';
import { restoreCase } from './lowerCase.ts';

/** Issue 26, tenth round: a known tool cast as a firm, chat lines typed in lower case, assistants' "User". */


describe('a known brand or tool doing what a firm does is the company', () => {
  test('what people and firms do, not tools: emailing, replying, promising', () => {
    assert.equal(types('Linear emailed us about the pricing change.').Linear, 'organization');
    assert.equal(types('Zendesk promised a fix by Friday.').Zendesk, 'organization');
  });

  test("a brand's support team, sales team, founders and plan are the firm's", () => {
    assert.equal(types("Sentry's support team replied within an hour.").Sentry, 'organization');
    assert.equal(types("Slack's sales team keeps emailing us.").Slack, 'organization');
    assert.equal(types("Zoom's annual plan renewed automatically.").Zoom, 'organization');
    assert.equal(types("PostHog's founders gave a talk at the meetup.").PostHog, 'organization');
    assert.equal(types('Strava changed its pricing again.').Strava, 'organization');
  });

  test('what a firm bills: contracts, subscriptions, credits; and cancelling a subscription', () => {
    assert.equal(types('Renewed the Datadog contract but asked for a discount.').Datadog, 'organization');
    assert.equal(types('Cancelled the Netflix subscription before it renewed.').Netflix, 'organization');
    assert.equal(types('Cancelled Disney+ before the trial ended.')['Disney+'], 'organization');
  });

  test('payments, money moves and providers', () => {
    assert.equal(types('Sofia: i paid you back on Venmo, check it').Venmo, 'organization');
    assert.equal(types('Transfer 200 dollars to Mom through Zelle for the property tax.').Zelle, 'organization');
    const moved = types('Moved my emergency fund from Barclays to Marcus because the rate is better.');
    assert.equal(moved.Barclays, 'organization');
    assert.equal(moved.Marcus, 'organization');
    assert.equal(types('Switched the car insurance to Admiral, it saves 140 a year.').Admiral, 'organization');
    assert.equal(types('Bought a Dyson V11 off Gumtree for half the price.').Gumtree, 'organization');
    assert.equal(types('Hired a contractor through Toptal for the data platform.').Toptal, 'organization');
  });

  test('the same tools used, shown or reporting stay software, and people stay people', () => {
    assert.equal(types('Jenkins broke the build again.').Jenkins, 'technology');
    assert.equal(types('The Heroku dashboard is slow today.').Heroku, 'product');
    assert.notEqual(types('Strava says I ran 40 km this week.').Strava, 'organization');
    assert.equal(types('Anna emailed us the slides.').Anna, 'person');
    assert.equal(types('My Dacia Duster failed its MOT.')['Dacia Duster'], 'product');
    assert.equal(types('Blocked on the Terraform plan, the state lock never released.').Terraform, 'technology');
  });
});

describe('a tool where work is kept, an export from a firm, a junction', () => {
  test('"the board deck in Pitch" is a tool; "the deck in Lisbon" is still the town', () => {
    assert.equal(types('Prepared the board deck in Pitch before the meeting.').Pitch, 'product');
    assert.equal(types('Went through the evidence list in Vanta this morning.').Vanta, 'product');
    assert.equal(types('Prepared the board deck in Lisbon before the meeting.').Lisbon, 'location');
  });

  test('"the payroll export from Visma" is a firm; "Clapham Junction" a place', () => {
    assert.equal(types('The payroll export from Visma needs the new codes.').Visma, 'organization');
    assert.equal(types('Lost my Oyster card at Clapham Junction yesterday.')['Clapham Junction'], 'location');
  });
});

describe('notes an assistant writes about its user', () => {
  test('"User" and a language are no entities', () => {
    assert.deepEqual(Object.keys(types('User is allergic to penicillin.')), []);
    assert.deepEqual(types("User's daughter Amaya plays violin."), { Amaya: 'person' });
    assert.equal(types('User is learning Swahili with a tutor.').Swahili, undefined);
  });
});

describe('vocabulary of code and of countries', () => {
  test('"ORMs", "TypeError", "the Saudi launch": no names', () => {
    assert.deepEqual(types('The talk on async ORMs was worth it.'), {});
    assert.equal(types('Sentry is flooding us with a TypeError from the signup form.').TypeError, undefined);
    assert.equal(types('Met Yusuf in Riyadh to plan the Saudi launch.').Saudi, undefined);
    assert.equal(types('Flew to Saudi Arabia on business.')['Saudi Arabia'], 'location');
  });
});

describe('chat lines typed in lower case', () => {
  test('listed places and firms and given names get their capital back', () => {
    assert.deepEqual(types('maya: landed in porto, the airbnb is right by the river'), { Maya: 'person', Porto: 'location', Airbnb: 'organization' });
    const ikea = types('Noor: is the ikea in jeddah open on friday?');
    assert.equal(ikea.Ikea, 'organization');
    assert.equal(ikea.Jeddah, 'location');
  });

  test('only the case changes, so every offset stays', () => {
    const line = 'maya: landed in porto, the airbnb is right by the river';
    const restored = restoreCase(line);
    assert.equal(restored, 'Maya: landed in Porto, the Airbnb is right by the river');
    assert.equal(restored.toLowerCase(), line);
  });

  test('English words, tools written in lower case and lines written with capitals are left alone', () => {
    assert.equal(restoreCase('we should go to the beach tomorrow'), 'we should go to the beach tomorrow');
    assert.equal(restoreCase('npm i left-pad-ng'), 'npm i left-pad-ng');
    assert.equal(restoreCase('Landed in porto this morning.'), 'Landed in porto this morning.');
    assert.equal(restoreCase('Tom: on my way\nsam: landed in porto, see you'), 'Tom: on my way\nSam: landed in Porto, see you');
  });
});

describe('people named by everyday words, kin words and titles of more languages', () => {
  test('a given name that is an English word opens a sentence as a person on what follows it', () => {
    assert.equal(types('Hope has a dentist appointment on Thursday.').Hope, 'person');
    assert.equal(types('Precious lost her school bag on the bus.').Precious, 'person');
    assert.equal(types('Destiny and her cousins are driving up on Friday.').Destiny, 'person');
    assert.equal(types('Bill from next door lent us his ladder.').Bill, 'person');
    assert.equal(types('Bill has been paid.').Bill, undefined);
  });

  test('"Mama Nkechi", "Herr Schuster", "Mehta Aunty\'s house": the kin word or title is dropped, the name is a person', () => {
    assert.deepEqual(types('Mama Nkechi is recovering well after the surgery.'), { Nkechi: 'person' });
    assert.deepEqual(types('Herr Schuster complained about the pram again.'), { Schuster: 'person' });
    assert.equal(types("Holi at Mehta Aunty's house, wear old clothes.").Mehta, 'person');
  });
});

describe('streets and releases', () => {
  test('"Lord Street", "26th Street", "Table Mountain": one place', () => {
    assert.equal(types('The hearing test is at Specsavers on Lord Street.')['Lord Street'], 'location');
    assert.equal(types('Rosa: the tortillería on 26th Street closed down')['26th Street'], 'location');
    assert.equal(types('Hiked Table Mountain before the wind picked up.')['Table Mountain'], 'location');
  });

  test('"Python 3.12": the product, the release as written its alias', () => {
    const [python] = extractWithRules({ text: 'Moved the scripts to Python 3.12 last week.', reference_time: '2026-03-04T10:00:00.000Z' }).entities.filter(e => e.name === 'Python');
    assert.deepEqual(python.aliases, ['Python 3.12']);
  });
});

describe('where names start and stop', () => {
  test('a model number after a maker and model joins it, an amount owed does not', () => {
    assert.equal(types('Got the Garmin Forerunner 265 in the sale.')['Garmin Forerunner 265'], 'product');
    const owed = types('Stellan owes Marit 30 pounds from the pub quiz.');
    assert.equal(owed.Marit, 'person');
    assert.equal(owed['Marit 30'], undefined);
  });

  test('two names sharing a head word are one; each with its own head word, two', () => {
    assert.ok('Royal Devon and Exeter Hospital' in types('Took Mum to the Royal Devon and Exeter Hospital on Friday.'));
    assert.ok('Paws and Claws Clinic' in types('The vet at Paws and Claws Clinic said the puppy is fine.'));
    const parks = types('Walked between Hyde Park and Regent\'s Park.');
    assert.equal(parks['Hyde Park'], 'location');
    assert.equal(parks["Regent's Park"], 'location');
  });

  test('"Fiat 500", "Porsche 911": the vehicle; "Hiking Mount Kinabalu": the mountain, not the walk', () => {
    assert.equal(types('Rented a Fiat 500 in Palermo.')['Fiat 500'], 'product');
    assert.deepEqual(Object.keys(types('Hiking Mount Kinabalu during the holidays.')), ['Mount Kinabalu']);
    assert.equal(types('Reading Festival tickets are sold out.')['Reading Festival'], 'event');
  });

  test('a job alone, or a word capitalised only inside a longer name, is no name', () => {
    assert.equal(types('Physio at Balance Clinic on Wednesday said my knee is fine.').Physio, undefined);
    assert.equal(types('Council tax to Leeds City Council goes out on the 1st.').Council, undefined);
  });
});

describe('eleventh-hour cues: family words, tickets, what firms do to accounts, towns before shared nouns', () => {
  test('a family word before a name makes a person of a brand\'s or a town\'s name', () => {
    assert.equal(types("The user's niece Chanel starts at Spelman College in August.").Chanel, 'person');
    assert.equal(types('My son Jordan loves the museum.').Jordan, 'person');
    assert.deepEqual(types('Sister-in-law Ngozi is moving to Calgary.'), { Ngozi: 'person', Calgary: 'location' });
  });

  test('tickets for an unknown name are for an event; for a singer or a club, not', () => {
    assert.equal(types('Tickets for Fuji Rock sorted, and Kenji is driving us up.')['Fuji Rock'], 'event');
    assert.equal(types('Got tickets for Dua Lipa at Wembley in June.')['Dua Lipa'], 'person');
  });

  test('a brand that pauses an account, renews, recruits or signs a renewal is the firm', () => {
    assert.equal(types('Mailgun paused our account after the bounces.').Mailgun, 'organization');
    assert.equal(types('Headspace renews on 3 March, so cancel it.').Headspace, 'organization');
    assert.equal(types('The recruiter from Datadog never replied.').Datadog, 'organization');
    assert.equal(types('Signed the renewal with Bitwarden for the whole studio.').Bitwarden, 'organization');
  });

  test('a town before a noun that other things have too stays the town; before an app\'s noun it is the app', () => {
    assert.equal(types('The forklift at the Venlo warehouse is due for inspection.').Venlo, 'location');
    assert.equal(types('Whether to keep the Kyiv servers on Hetzner.').Kyiv, 'location');
    assert.equal(types('Fixed the Thornbury sync service.').Thornbury, 'product');
  });
});

describe('a group after a possessive, a firm set off after its kind, a brand that is a speaker, a tool and its edition', () => {
  test('"Ms Achterberg\'s Year 9 class": the teacher; "Baldur\'s Gate 3" stays whole', () => {
    assert.equal(types("Ms Achterberg's Year 9 class will build volcanoes.").Achterberg, 'person');
    assert.ok("Baldur's Gate 3" in types("Finally finished Baldur's Gate 3 after 140 hours."));
  });

  test('"their pharmacy, Apotek Hjärtat,": the firm', () => {
    assert.equal(types('Their pharmacy, Apotek Hjärtat, stopped stocking the eye drops.')['Apotek Hjärtat'], 'organization');
  });

  test('"Zara: did anyone …" is a person speaking; "Jira: 3 new tickets" is the tool', () => {
    assert.equal(types('Zara: did anyone save the Miro board?').Zara, 'person');
    assert.equal(types('Jira: 3 new tickets assigned to you').Jira, 'technology');
  });

  test('"Azure AD" is software; a key or a format of a name is a product', () => {
    assert.equal(types('They want SSO through Azure AD by the end of Q3.')['Azure AD'], 'technology');
    assert.equal(types('Only accepts invoices in the Peppol format.').Peppol, 'product');
  });
});

describe('dates', () => {
  test('"until mid-January" is a date, not a span of time', () => {
    const dates = extractWithRules({ text: "The roof tiles won't arrive until mid-January.", reference_time: '2026-03-04T10:00:00.000Z' }).entities.filter(e => e.entity_type === 'date');
    assert.deepEqual(dates.map(d => d.name), ['mid-January']);
  });

  test('a month\'s abbreviation in lower case alone is no date ("la mar in lima")', () => {
    const dates = extractWithRules({ text: 'Gabriela: the ceviche at la mar in lima is worth the line', reference_time: '2026-03-04T10:00:00.000Z' }).entities.filter(e => e.entity_type === 'date');
    assert.deepEqual(dates, []);
  });
});
