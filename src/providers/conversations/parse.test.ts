/** The conversation parsers on any input: they answer conversations or a ConversationFileError, never anything else. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ConversationFileError } from '../ports.conversations.ts';
import { parseConversationText } from './parse.ts';

const SOURCES = ['auto', 'chatgpt', 'claude-ai', 'claude', 'markdown', 'codex'];

/** Parses and checks the answer's shape; a ConversationFileError is an answer too. */
function parsesOrRefuses(name: string, text: string, source: string) {
  try {
    const file = parseConversationText(name, text, source);
    for (const conversation of file.conversations) {
      assert.equal(typeof conversation.session_id, 'string');
      for (const m of conversation.messages) {
        assert.equal(typeof m.content, 'string');
        assert.equal(typeof m.external_id, 'string');
        assert.ok(m.timestamp === null || !Number.isNaN(Date.parse(m.timestamp)));
      }
    }
  } catch (error) {
    if (!(error instanceof ConversationFileError)) throw error;
  }
}

/** Export-shaped JSON with anything in its fields: the parsers' edge cases (corrupt times, cycles, odd parts). */
const exportLike = fc.array(
  fc.oneof(
    fc.record({
      mapping: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.record({ parent: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.constant(null)), message: fc.anything() }, { requiredKeys: [] })),
      current_node: fc.constantFrom('a', 'b', 'c', 'z'),
      create_time: fc.oneof(fc.double(), fc.string()),
    }, { requiredKeys: ['mapping'] }),
    fc.record({ chat_messages: fc.anything(), created_at: fc.oneof(fc.string(), fc.integer()) }, { requiredKeys: ['chat_messages'] }),
  ),
);

test('any JSON, text or export-shaped data parses or is refused as malformed, never a crash', () => {
  fc.assert(fc.property(fc.json(), fc.constantFrom(...SOURCES), (text, source) => parsesOrRefuses('x.json', text, source)), { numRuns: 300 });
  fc.assert(fc.property(fc.string(), fc.constantFrom(...SOURCES), (text, source) => parsesOrRefuses('x.md', text, source)), { numRuns: 300 });
  fc.assert(fc.property(exportLike, fc.constantFrom('auto', 'chatgpt', 'claude-ai'), (data, source) => parsesOrRefuses('conversations.json', JSON.stringify(data), source)), { numRuns: 300 });
});

test('a create_time out of Date\'s range is no timestamp rather than an error', () => {
  const file = parseConversationText('c.json', JSON.stringify([{ mapping: { a: { id: 'a', parent: null, message: { id: 'a', author: { role: 'user' }, create_time: 1e20, content: { content_type: 'text', parts: ['hi'] } } } }, current_node: 'a' }]), 'chatgpt');
  assert.deepEqual(file.conversations[0]!.messages.map(m => [m.content, m.timestamp]), [['hi', null]]);
});
