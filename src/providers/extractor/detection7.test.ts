import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { extractWithRules } from './rules.ts';
import { isGivenName } from './givenNames.ts';

/** Issue 26, eighth round: given names of many countries, chat speakers, someone's home, a brand before a product's noun. */

const types = (text: string) => Object.fromEntries(extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.map(e => [e.name, e.entity_type]));

describe('given names from open data', () => {
  test('the list holds names of many countries, lower case', () => {
    for (const name of ['hamish', 'yaw', 'emeka', 'priya', 'marta']) assert.ok(isGivenName(name), name);
    assert.ok(!isGivenName('kubernetes'));
    assert.ok(!isGivenName('Hamish'), 'looked up in lower case');
  });

  test('a given name nobody lists is a person, even after "from" or "to"', () => {
    assert.equal(types('Blocked on a review from Hamish.').Hamish, 'person');
    assert.equal(types('Sent the rota to Emeka.').Emeka, 'person');
  });
});

describe('a chat line\'s speaker', () => {
  test('"Sky: lol no": a given name before a message is its sender, though an English word', () => {
    assert.equal(types("Sky: lol no, I'm at the beach till Monday").Sky, 'person');
    assert.equal(types('Florence: can someone grab milk on the way?').Florence, 'person');
  });

  test('a town sends a message where a message follows; a listed tool never does', () => {
    assert.equal(types('Brooklyn: can we do movie night instead').Brooklyn, 'person');
    assert.notEqual(types('Jira: three new tickets for Wren').Jira, 'person');
  });
});

describe("someone's home", () => {
  test('"at Megan\'s", "to Marta\'s": a given name reached by at or to is a person', () => {
    assert.deepEqual(types("Think I left my charger at Megan's."), { Megan: 'person' });
    assert.equal(types("Who's bringing the board game to Marta's on Friday?").Marta, 'person');
  });

  test('a shop keeps its possessive: reached "from", or listed', () => {
    assert.equal(types("Sourdough loaf from Gail's, still warm.")["Gail's"], 'organization');
    assert.equal(types("Chicken at Nando's after the match.")["Nando's"], 'organization');
  });
});

describe("a brand before a product's noun", () => {
  test('"the Starling app", "the Oura ring", "a Barbour jacket": the product, as the labelling guideline says', () => {
    assert.equal(types('Opened the Starling app to freeze the card.').Starling, 'product');
    assert.equal(types('Sleep score from the Oura ring was 58 last night.').Oura, 'product');
    assert.equal(types('Found a Barbour jacket at the charity shop for £25.').Barbour, 'product');
  });

  test('the firm where it acts as one', () => {
    assert.equal(types('Starling emailed about the new savings rate.').Starling, 'organization');
  });
});

describe('a sports side', () => {
  test('a place or a club playing a match is the organisation', () => {
    assert.equal(types('Tickets for Munster v Ulster on Saturday.').Munster, 'organization');
    assert.equal(types('Aldershot Town won at home for once.')['Aldershot Town'], 'organization');
    assert.equal(types('Watched Exeter City beat Torquay in the cup.')['Exeter City'], 'organization');
  });

  test('a person who wins stays a person, and a country that wins stays the country', () => {
    assert.equal(types('Vikram beat me twice at chess.').Vikram, 'person');
    assert.equal(types('Kenya won independence in 1963.').Kenya, 'location');
  });
});

describe('occasions opening a sentence', () => {
  test('"Spent Christmas Eve", "Quiet Sunday": the ordinary word opening the sentence is no part of the occasion', () => {
    assert.equal(types('Spent Christmas Eve at my sister\'s flat.')['Christmas Eve'], 'event');
    assert.equal(types('Quiet Sunday, nobody went anywhere.')['Quiet Sunday'], undefined);
    assert.equal(types('Mothering Sunday lunch with Mum.')['Mothering Sunday'], 'event');
    assert.equal(types('Black Friday queues were mad.')['Black Friday'], 'event');
  });

  test('a holiday ends where a person\'s name follows it; a conference keeps its place', () => {
    assert.deepEqual(types('On New Year\'s Day Emeka and I walked the dog.'), { "New Year's Day": 'event', Emeka: 'person' });
    assert.equal(types('Recorded the talk for PyCon Italia.')['PyCon Italia'], 'event');
  });
});

describe('titles, saints and greetings', () => {
  test('kin titles of many languages are dropped like "Aunt": "Aunty Bisi", "Tante Hélène"', () => {
    assert.deepEqual(types('Gift card from Aunty Bisi, already spent.'), { Bisi: 'person' });
    assert.equal(types('Rang Tante Hélène on Sunday.')['Hélène'], 'person');
  });

  test('"St Bede\'s summer fair", "Sainsbury\'s in Kennington": a saint\'s or a listed chain\'s possessive stays in the name', () => {
    assert.equal(types("Running the tombola at the St Bede's summer fair.")["St Bede's"], 'organization');
    assert.equal(types("Sainsbury's in Kennington had no eggs.")["Sainsbury's"], 'organization');
  });

  test('"Happy Diwali", "Happy St Patrick\'s Day": a greeting is no part of the holiday', () => {
    assert.equal(types('Happy Diwali to all of you!').Diwali, 'event');
    assert.equal(types("Happy St Patrick's Day everyone.")["St Patrick's Day"], 'event');
  });
});

describe('command-line tools in lower case', () => {
  test('"kubectl rollout", "git bisect", "docker compose": a lower-case word opening a command line is its tool', () => {
    assert.equal(types('kubectl rollout restart fixed the stuck pods.').kubectl, 'technology');
    assert.equal(types('git bisect pointed at the refactor.').git, 'technology');
    assert.equal(types('docker compose up failed on the new laptop.').docker, 'technology');
  });

  test('an install command\'s manager counts when no package follows it, and a small word is no package', () => {
    assert.deepEqual(types('ran pnpm install and the lockfile exploded again'), { pnpm: 'technology' });
    assert.deepEqual(types('npm install zod fixed the schema drift.'), { zod: 'technology' });
  });

  test('chat shorthand and ordinary words are no tools', () => {
    assert.deepEqual(types('ngl status quo wins'), {});
    assert.deepEqual(types('run the tests then push'), {});
  });
});

describe('a name of everyday words opening a sentence', () => {
  test('"Games Workshop put its prices up", "Octopus Energy …": the second capital says the two are one name', () => {
    assert.equal(types('Games Workshop put its prices up again.')['Games Workshop'], 'organization');
    assert.equal(types('Octopus Energy put the direct debit up.')['Octopus Energy'], 'organization');
  });

  test('not a heading or a plan: "Weekly Review went well", "Team Lunch at Dishoom"', () => {
    assert.equal(types('Weekly Review went well.')['Weekly Review'], undefined);
    assert.equal(types('Team Lunch at Dishoom on Friday.')['Team Lunch'], undefined);
  });
});

describe('a meeting named in one word', () => {
  test('"KubeCon Europe", "JSConf Budapest", "DevOpsDays Amsterdam": the meeting, with its edition\'s place', () => {
    assert.equal(types('Speaking at KubeCon Europe in March.')['KubeCon Europe'], 'event');
    assert.equal(types('Flew to JSConf Budapest with Ana.')['JSConf Budapest'], 'event');
    assert.equal(types('DevOpsDays Amsterdam was great.')['DevOpsDays Amsterdam'], 'event');
  });
});

describe('holidays of many countries from open data', () => {
  test('"Tabaski", "Nyepi", "Hari Raya Puasa": events nobody listed by hand', () => {
    assert.equal(types('Tabaski at my aunt\'s in Dakar.').Tabaski, 'event');
    assert.equal(types('Nyepi means the whole island goes quiet.').Nyepi, 'event');
    assert.equal(types("Hari Raya Puasa open house at Siti's.")['Hari Raya Puasa'], 'event');
  });
});
