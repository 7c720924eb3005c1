import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { distillMessages, MAX_UNITS, parseTranscript, sentences, type TranscriptMessage } from './distill.ts';
import { triageMessages } from './distillTriage.ts';

const CODING_SESSION = `User: The checkout tests keep failing on CI but pass locally. Can you look?
Assistant: Let me check the CI logs.
\`\`\`
$ npm test
FAIL src/checkout.test.ts
  Timeout after 5000 ms
\`\`\`
Assistant: Found it. The root cause was the test database using UTC while the CI runner is set to America/New_York, so the date-bucket query missed every order.
User: Ugh. Ok, so let's pin TZ=UTC in the CI workflow instead of patching the query. Because the query is correct in production.
Assistant: Done. I added \`TZ: UTC\` to .github/workflows/ci.yml and the suite passes now.
User: Great, thanks! I prefer small commits, so please keep the fix separate from the refactor.
Assistant: Sure. I'll open the refactor as a second PR.
User: Next time a test only fails on CI, check the timezone first.`;

const PLANNING_CHAT = `User: hey! so for the Q3 launch, what do we still need?
Assistant: Remaining items are the pricing page, the onboarding emails and the load test.
User: We decided to drop the onboarding emails for the launch; marketing will send a single announcement instead.
User: The launch date is September 14.
Assistant: Got it. Should we run the load test this week?
User: Yes. Priya will run the load test on Thursday against staging.
User: Our staging environment runs on Fly.io in the ams region.
User: Maybe we should also translate the pricing page.
Assistant: You could use DeepL for a first pass.
User: I'd rather have a human translator for anything customer-facing.`;

const CHIT_CHAT = `User: hi there
Assistant: Hello! How can I help you today?
User: just saying hi lol. how are you?
Assistant: I'm doing well, thanks for asking! Anything on your mind?
User: nope, all good. thanks!
Assistant: You're welcome! Have a great day.`;

const kinds = (text: string) => distillMessages(parseTranscript(text)).map(u => [u.unit_type, u.position, u.content]);

describe('offline distillation rules', () => {
  test('a coding session yields its root cause, its decision with the reason, a preference and a lesson', () => {
    assert.deepEqual(kinds(CODING_SESSION), [
      ['learning', 2, 'The root cause was the test database using UTC while the CI runner is set to America/New_York, so the date-bucket query missed every order.'],
      ['decision', 3, "Let's pin TZ=UTC in the CI workflow instead of patching the query. Because the query is correct in production."],
      ['preference', 5, 'I prefer small commits, so please keep the fix separate from the refactor.'],
      ['learning', 7, 'Next time a test only fails on CI, check the timezone first.'],
    ]);
  });

  test('a planning chat yields the decision, the dates, the fact and the preference, not the maybes and suggestions', () => {
    assert.deepEqual(kinds(PLANNING_CHAT), [
      ['decision', 2, 'We decided to drop the onboarding emails for the launch; marketing will send a single announcement instead.'],
      ['plan', 3, 'The launch date is September 14.'],
      ['plan', 5, 'Priya will run the load test on Thursday against staging.'],
      ['fact', 6, 'Our staging environment runs on Fly.io in the ams region.'],
      ['preference', 9, "I'd rather have a human translator for anything customer-facing."],
    ]);
  });

  test('chit-chat yields nothing', () => {
    assert.deepEqual(kinds(CHIT_CHAT), []);
  });

  test('questions, vague decisions and the assistant saying what it prefers are not memories', () => {
    const messages: TranscriptMessage[] = [
      { id: 'm1', position: 0, role: 'user', content: 'Should we use Postgres for the billing service?' },
      { id: 'm2', position: 1, role: 'assistant', content: 'I prefer Postgres over MySQL for most workloads.' },
      { id: 'm3', position: 2, role: 'user', content: "Ok, let's go with that." },
    ];
    assert.deepEqual(distillMessages(messages), []);
  });

  test('each unit points at the message it came from, and the same sentence twice is kept once', () => {
    const messages: TranscriptMessage[] = [
      { id: 'm1', position: 0, role: 'user', content: 'We decided to ship the beta on Monday.' },
      { id: 'm2', position: 1, role: 'user', content: 'We decided to ship the beta on Monday!' },
    ];
    const units = distillMessages(messages);
    assert.equal(units.length, 1);
    assert.equal(units[0]!.message_id, 'm1');
    assert.equal(units[0]!.unit_type, 'decision');
  });

  test('a long conversation gives at most MAX_UNITS memories, decisions before plans, in conversation order', () => {
    const messages: TranscriptMessage[] = [];
    for (let i = 0; i < 30; i++) messages.push({ id: `p${i}`, position: i, role: 'user', content: `We will migrate service ${i} to Kubernetes next week.` });
    messages.push({ id: 'd', position: 30, role: 'user', content: 'We decided to keep the Redis cluster on version 7.' });
    const units = distillMessages(messages);
    assert.equal(units.length, MAX_UNITS);
    assert.equal(units.at(-1)!.message_id, 'd');
    assert.deepEqual(units.map(u => u.position), [...units.map(u => u.position)].sort((a, b) => a - b));
  });

  test('code blocks and tool output are not read as sentences', () => {
    assert.deepEqual(sentences('Run this in your shell:\n```\nwe decided = true\n```\n| a | b |\n|---|---|'), ['Run this in your shell:']);
  });

  test('plain text without speakers is the user talking', () => {
    const parsed = parseTranscript('I always use pnpm in this repo.\nassistant: Noted.');
    assert.deepEqual(parsed.map(m => [m.role, m.content]), [['user', 'I always use pnpm in this repo.'], ['assistant', 'Noted.']]);
  });

  test('speakers may be in bold or brackets; a line that merely starts with a role word is not a speaker', () => {
    const parsed = parseTranscript('**User:** Ship it\n[assistant]: Shipping\nUser-friendly errors matter');
    assert.deepEqual(parsed.map(m => [m.role, m.content]), [['user', 'Ship it'], ['assistant', 'Shipping\nUser-friendly errors matter']]);
  });
});

describe('triage', () => {
  test('a conversation with a decision is worth distilling, and the reason says what was found', () => {
    const triage = triageMessages(parseTranscript(PLANNING_CHAT));
    assert.equal(triage.should_distill, true);
    assert.match(triage.reason, /1 decision/);
    assert.match(triage.reason, /2 plans/);
  });

  test('chit-chat is not', () => {
    const triage = triageMessages(parseTranscript(CHIT_CHAT));
    assert.equal(triage.should_distill, false);
    assert.match(triage.reason, /No decision, preference, plan, fact, event or learning/);
  });

  test('a personal chat is worth distilling: what people say about themselves is what a memory is for', () => {
    const triage = triageMessages(parseTranscript('User: I went to a pottery class yesterday, it was so fun.\nAssistant: My sister moved to Boston last month.'));
    assert.equal(triage.should_distill, true);
    assert.match(triage.reason, /2 events/);
  });

  test('a few words are too short, acknowledgements are small talk', () => {
    assert.match(triageMessages(parseTranscript('ok')).reason, /Too short/);
    assert.match(triageMessages(parseTranscript('User: thanks so much!\nAssistant: You are welcome, glad to help!')).reason, /small talk/);
  });
});
