import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { attribute, thirdPerson } from './attribution.ts';
import type { TranscriptMessage } from './distill.ts';
import { distillStatements } from './distillStatements.ts';

const chat = (turns: [string, string][], date = '2023-05-08T13:56:00.000Z'): TranscriptMessage[] =>
  turns.map(([speaker, content], position) => ({ id: `m${position}`, position, role: position % 2 ? 'assistant' : 'user', content, speaker, timestamp: date }));

const contents = (messages: TranscriptMessage[], level: 'guided' | 'swift' = 'guided') => distillStatements(messages, level).statements.map(s => s.content);

describe('attribution', () => {
  test('first person becomes the speaker, with the verb after it in the third person', () => {
    assert.equal(attribute('I love cooking.', 'Audrey', 'Sam'), 'Audrey loves cooking.');
    assert.equal(attribute('My sister moved to Boston.', 'Audrey', 'Sam'), "Audrey's sister moved to Boston.");
    assert.equal(attribute("I'm training for a marathon and I really enjoy it.", 'Audrey', 'Sam'), 'Audrey is training for a marathon and Audrey really enjoys it.');
    assert.equal(attribute("I've been to Paris twice.", 'Audrey', null), 'Audrey has been to Paris twice.');
    assert.equal(attribute('I went hiking with my dogs.', 'Audrey', null), "Audrey went hiking with Audrey's dogs.");
  });

  test('second person becomes the one spoken to when there is exactly one', () => {
    assert.equal(attribute("I'm so proud of you.", 'Audrey', 'Sam'), 'Audrey is so proud of Sam.');
    assert.equal(attribute('Your painting is in my kitchen now.', 'Audrey', 'Sam'), "Sam's painting is in Audrey's kitchen now.");
    assert.equal(attribute('Your painting is lovely.', 'Audrey', null), 'Audrey: Your painting is lovely.');
    assert.equal(attribute("So happy you're pushing forward with dancing!", 'Gina', 'Jon'), 'Gina: So happy Jon is pushing forward with dancing!');
  });

  test('a statement without a first person is prefixed with the speaker, unless asked not to', () => {
    assert.equal(attribute('We went camping last week.', 'Audrey', 'Sam'), 'Audrey: We went camping last week.');
    assert.equal(attribute('The launch is on Friday.', 'the user', null, false), 'The launch is on Friday.');
  });

  test('third person singular', () => {
    assert.deepEqual(['love', 'try', 'watch', 'go', 'have', 'went', 'can', 'played'].map(thirdPerson), ['loves', 'tries', 'watches', 'goes', 'has', 'went', 'can', 'played']);
  });
});

describe('offline distillation keeps what was said', () => {
  test('personal facts are kept, attributed, typed, dated and citing their message; chit-chat and questions are not', () => {
    const messages = chat([
      ['Audrey', 'Hey Sam! Good to see you! How have you been?'],
      ['Sam', "Hey Audrey! I'm swamped with the kids & work. My sister moved to Boston last month."],
      ['Audrey', 'Wow, that sounds great! I love cooking, so I signed up for a pottery class too.'],
      ['Sam', "That's awesome! Thanks!"],
    ]);
    const { statements } = distillStatements(messages);
    assert.deepEqual(
      statements.map(s => [s.message_id, s.unit_type, s.content, s.said_at, s.speaker]),
      [
        ['m1', 'fact', 'Sam is swamped with the kids & work.', '2023-05-08T13:56:00.000Z', 'Sam'],
        ['m1', 'event', "Sam's sister moved to Boston last month.", '2023-05-08T13:56:00.000Z', 'Sam'],
        ['m2', 'preference', 'Audrey loves cooking, so Audrey signed up for a pottery class too.', '2023-05-08T13:56:00.000Z', 'Audrey'],
      ],
    );
  });

  test('a word that says something is enough when the speaker talks about themselves', () => {
    const messages = chat([['Ann', "I'm vegan. I agree. Sounds fun!"], ['Bob', 'Tofu.']]);
    assert.deepEqual(contents(messages), ['Ann is vegan.']);
  });

  test('a sentence that leans on the one before stays with it; swift keeps one memory per message', () => {
    const messages = chat([['Mel', 'I painted a lake sunrise last year. It is special to me. I also run every morning before work.'], ['Caroline', 'Nice!']]);
    assert.deepEqual(contents(messages), ['Mel painted a lake sunrise last year. It is special to Mel.', 'Mel also runs every morning before work.']);
    assert.deepEqual(contents(messages, 'swift'), ['Mel painted a lake sunrise last year. It is special to Mel. Mel also runs every morning before work.']);
  });

  test('near-duplicates are kept once, and what an earlier distillation kept counts as a duplicate', () => {
    const messages = chat([['Ann', 'I adopted a puppy named Max.'], ['Bob', 'Cool.'], ['Ann', 'I adopted a puppy named Max!']]);
    assert.deepEqual(contents(messages), ['Ann adopted a puppy named Max.']);
    const again = distillStatements(messages, 'guided', ['Ann adopted a puppy named Max.']);
    assert.deepEqual([again.statements.length, again.duplicates], [0, 2], 'both sentences say what was kept before');
  });

  test('system and tool messages, code and filler are left out', () => {
    const messages: TranscriptMessage[] = [
      { id: 's', position: 0, role: 'system', content: 'You are a helpful assistant who remembers everything.' },
      { id: 'a', position: 1, role: 'assistant', content: 'Let me check the deployment logs.\n```\nERROR connection refused on port 5432\n```' },
      { id: 'u', position: 2, role: 'user', content: 'The staging database runs on port 5433 since March.' },
    ];
    assert.deepEqual(contents(messages), ['The staging database runs on port 5433 since March.']);
    const bold: TranscriptMessage = { id: 'b', position: 0, role: 'assistant', content: '**Budget**: spend less than you earn every month.' };
    assert.deepEqual(contents([bold]), ['Budget: spend less than you earn every month.']);
  });
});
