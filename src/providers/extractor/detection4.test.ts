import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { extractWithRules } from './rules.ts';
import { nameChunks, observeTyping } from './names.ts';
import { analyse } from './words.ts';

/** Issue 26, fourth round: names kept whole across a small word or a colon, and the typing model's sentence feature. */

const types = (text: string) => Object.fromEntries(extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' }).entities.map(e => [e.name, e.entity_type]));

describe('listed names with a small word inside', () => {
  test('"Ruby on Rails" is one technology though "Ruby" is a first name; "Newcastle upon Tyne" one place', () => {
    assert.equal(types('Ruby on Rails is still what the startup in Guadalajara uses.')['Ruby on Rails'], 'technology');
    assert.equal(types('Greta lives in Newcastle upon Tyne now.')['Newcastle upon Tyne'], 'location');
  });

  test('a person before "on" and a day stays a person and a day', () => {
    const found = types('Asked Ruby on Monday about the budget.');
    assert.ok(!Object.keys(found).some(name => name.includes(' on ')), Object.keys(found).join(', '));
  });
});

describe('colon titles', () => {
  test('"Hollow Knight: Silksong", "Star Wars: Andor": a title and its subtitle are one work', () => {
    assert.equal(types('Finally started Hollow Knight: Silksong with Dev.')['Hollow Knight: Silksong'], 'product');
    assert.ok('Star Wars: Andor' in types('Rewatched Star Wars: Andor last night.'));
  });

  test('a label or a speaker opening the sentence, a person, or a shop before a list keeps its colon outside the name', () => {
    for (const text of ['Standup Notes: Priya is out today.', 'A note for Ana Lucia: Jira is down.', 'New tyres from Sigma Sports: Continental this time.', 'Matchday at Tynecastle Park: Hearts vs Hibs.']) {
      const names = Object.keys(types(text));
      assert.ok(!names.some(name => name.includes(':')), `${text} → ${names.join(', ')}`);
    }
  });
});

describe('meetings on a topic', () => {
  test('"Symposium on Urban Water", "Workshop on Machine Translation": one event', () => {
    assert.equal(types('Presenting at the Brightwater Symposium on Urban Water in Rotterdam.')['Brightwater Symposium on Urban Water'], 'event');
    assert.equal(types('Ravi flew to the Workshop on Machine Translation in Geneva.')['Workshop on Machine Translation'], 'event');
  });

  test('a meeting on a day is a meeting and a date', () => {
    const found = types('See you at the Summit on Friday.');
    assert.ok(!Object.keys(found).some(name => name.includes(' on ')), Object.keys(found).join(', '));
  });
});

describe('typing features: the sentence\'s other names', () => {
  test('each name is given the rules\' types of the other names in its sentence, not its own', () => {
    const seen: Record<string, string[]> = {};
    observeTyping((features, _rules, name) => void (seen[name] = features.filter(f => f.startsWith('other:'))));
    nameChunks(analyse('Zaneta from Feldspar Partners flew to Lisbon.').sentences[0]);
    observeTyping(null);
    assert.deepEqual(seen['Feldspar Partners']?.sort(), ['other:location', 'other:person']);
    assert.deepEqual(seen.Lisbon?.sort(), ['other:organization', 'other:person']);
  });
});
