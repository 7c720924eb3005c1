/**
 * Whom a question is about (issue 26): where a query names two people of a conversation, a turn by the one it names
 * first, its subject, outranks an equally good turn by the other ("What advice did Gina give Jon?" is answered by Gina).
 * Deep mode's conversation profile (`otherSpeakerShare`), through HTTP, with Cairn's metadata names and with a client's
 * own keys (an inferred conversation).
 */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

const CHAT: [speaker: string, text: string][] = [
  ['Gina', 'Hey Jon, how is the dance studio coming along?'],
  ['Jon', 'Slowly. The lease is signed, and the floor goes in next week.'],
  ['Gina', 'My advice for the business: know your customers and keep a budget for the lean months.'],
  ['Jon', 'Advice for your business too, Gina: take a day off now and then.'],
  ['Gina', 'Ha, fair enough. See you at the opening!'],
];

/** How a client stores one message: Cairn's `dia_id`, or keys of its own (the conversation is inferred). */
const SHAPES = [
  { name: "Cairn's dia_id", metadata: (n: number) => ({ dia_id: `D1:${n}` }) },
  { name: 'client keys {conversation, msg}', metadata: (n: number) => ({ conversation: 'studio', msg: n }) },
];

interface Result {
  memory: { content: string };
  score_breakdown: { cues: number };
}

describe('search: the speaker a question is about', () => {
  for (const shape of SHAPES) {
    describe(shape.name, () => {
      let app: App;
      before(async () => {
        app = await buildTestApp();
        for (const [i, [speaker, text]] of CHAT.entries()) {
          await createMemory(app, { content: `${speaker}: ${text}`, space_id: 'chat', event_start: '2024-03-01T10:00:00Z', metadata: shape.metadata(i + 1) });
        }
      });
      after(() => app.close());

      test("the turn by the person named first outranks one by the person named after", async () => {
        const response = await post(app, '/memories/search', { query: 'What advice did Gina give Jon about the business?', space_id: 'chat', mode: 'deep', limit: 10 });
        assert.equal(response.status, 200, response.text);
        const results = response.body as Result[];
        const place = (start: string) => results.findIndex(r => r.memory.content.startsWith(start));
        const gina = place('Gina: My advice');
        const jon = place('Jon: Advice');
        assert.ok(gina >= 0 && jon >= 0, JSON.stringify(results.map(r => r.memory.content)));
        assert.ok(gina < jon, `Gina's advice should come first: ${JSON.stringify(results.map(r => r.memory.content))}`);
        // Both are named, so both gain; the subject gains the full speaker boost, the other half of it.
        assert.equal(results[gina]!.score_breakdown.cues, 1.5);
        assert.equal(results[jon]!.score_breakdown.cues, 1.25);
      });

      test('a question naming one person boosts their turns in full', async () => {
        const response = await post(app, '/memories/search', { query: 'What advice did Jon give about the business?', space_id: 'chat', mode: 'deep', limit: 10 });
        assert.equal(response.status, 200, response.text);
        const results = response.body as Result[];
        assert.match(results[0]!.memory.content, /^Jon: Advice/);
        assert.equal(results[0]!.score_breakdown.cues, 1.5);
      });
    });
  }
});
