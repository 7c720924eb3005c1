import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { extractWithRules } from './rules.ts';

/** Every entity name the rules find, dates included. */
const names = (text: string) => extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.map(e => e.name).sort();
const types = (text: string) => Object.fromEntries(extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.map(e => [e.name, e.entity_type]));

describe('issue 26, third round: names that are phrases of everyday words', () => {
  test('"Pets at Home", "Habitat for Humanity", "Save the Children", "Welcome to the Jungle", "Women in Tech Africa": one name', () => {
    assert.ok(names('Bought the cat food at Pets at Home on the way back.').includes('Pets at Home'));
    assert.ok(names('She volunteers with Habitat for Humanity twice a year.').includes('Habitat for Humanity'));
    assert.ok(names('Gave twenty pounds to Save the Children after the appeal.').includes('Save the Children'));
    assert.ok(names('Found the job on Welcome to the Jungle last spring.').includes('Welcome to the Jungle'));
    assert.ok(names('Spoke at the Women in Tech Africa meetup.').includes('Women in Tech Africa'));
  });

  test('two names stay two: a person, a place or a listed firm around "at", "in", "to"', () => {
    const text = 'Anna at Google said hi; drinks with Lantana in Fitzrovia, then Square to SumUp for the till.';
    const found = names(text);
    for (const name of ['Anna', 'Google', 'Fitzrovia']) assert.ok(found.includes(name), `${name} in ${found.join(', ')}`);
    assert.ok(!found.some(n => / (?:at|in|to) /.test(n)), found.join(', '));
  });
});

describe('issue 26, third round: lower-case tools no list holds', () => {
  test('after a tool\'s verb: "ran kubectl", "used yt-dlp"', () => {
    assert.equal(types('I ran kubectl against the staging cluster.').kubectl, 'technology');
    assert.equal(types('Used yt-dlp to save the lecture for the train.')['yt-dlp'], 'technology');
  });

  test('opening a code span: "`dbt build`", "`kubectl apply`"', () => {
    assert.equal(types('The nightly job runs `dbt build` and then `kubectl apply -f prod.yaml`.').dbt, 'technology');
    assert.equal(types('The nightly job runs `dbt build` and then `kubectl apply -f prod.yaml`.').kubectl, 'technology');
  });

  test('no tool from English words, slang or a second word in code: "used ur car", "ran errands", "`dbt build`"', () => {
    assert.deepEqual(names('Ran errands then used ur car to get to the shop.'), []);
    assert.ok(!names('Run `dbt build` nightly.').includes('build'));
  });
});

describe('issue 26, third round: dates', () => {
  test('"by April", "from May 7": the date without its preposition', () => {
    assert.ok(names('Finish the tax return by April.').includes('April'));
    assert.ok(names('The flat is ours from May 7 and the deposit is due by June 3.').includes('May 7'));
    assert.ok(!names('Finish the tax return by April.').some(n => n.startsWith('by ')));
  });
});

describe('issue 26, third round: unknown acronyms that name a body', () => {
  test('doing something ("The FCA fined …", "ISMB will be …") or after a preposition ending the phrase ("at the EPO on Friday")', () => {
    assert.ok(names('The FCA fined the lender over its complaints handling.').includes('FCA'));
    assert.ok(names('ISMB will be in Liverpool next July.').includes('ISMB'));
    assert.ok(names('Filed the appeal at the EPO on Friday.').includes('EPO'));
    assert.ok(names('We argued about it on RNZ last week.').includes('RNZ'));
  });

  test('an acronym as a modifier or a term stays vocabulary: "the GIN index", "a TXT record"', () => {
    assert.ok(!names('Added the GIN index and a TXT record for the domain.').some(n => n === 'GIN' || n === 'TXT'));
  });
});
