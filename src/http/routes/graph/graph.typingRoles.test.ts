import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { appWithNotes, listedTypes, type ListedEntity } from '../../../../test/entityTypes.ts';

/**
 * The sentence-role cues of issue 26's fourth round, end to end: notes posted through POST /memories with the
 * offline extractor, entities read back through GET /entities. Each name is said once, in one note, so no vote among
 * notes settles it: the name's role in its sentence does.
 */
const NOTES = [
  'Tamberlane shipped the offline mode last week.',
  "Fennick IPO'd last year.",
  'Mabyn shipped the fix for the login bug.',
  'Pelligrew went down for two hours this morning.',
  'She keeps her recipes in Paprika.',
  'The invoices are tracked in Pennant.',
  'Breakfast at Honeycomb was slow.',
  'Drinks at the Wheatsheaf after the gig.',
  'Told Carlisle about the job.',
  'Selby is off sick today.',
  'Dinner in Hastings with Mum.',
];

const EXPECTED: Record<string, string> = {
  Tamberlane: 'organization',
  Fennick: 'organization',
  Mabyn: 'person',
  Pelligrew: 'technology',
  Paprika: 'product',
  Pennant: 'product',
  Honeycomb: 'organization',
  Wheatsheaf: 'organization',
  Carlisle: 'person',
  Selby: 'person',
  Hastings: 'location',
};

describe('sentence-role cues type names nobody listed (POST /memories, GET /entities)', () => {
  let app: App;
  let entities: ListedEntity[];
  before(async () => void ({ app, entities } = await appWithNotes(NOTES)));
  after(() => app.close());

  test('each name has the type its role gives it', () => {
    const typed = listedTypes(entities, EXPECTED);
    assert.deepEqual(typed, EXPECTED);
  });

  test("a capitalised verb is no name: \"Fennick IPO'd\" is Fennick alone", () => {
    assert.deepEqual(entities.filter(e => /IPO/.test(e.name)), []);
  });
});
