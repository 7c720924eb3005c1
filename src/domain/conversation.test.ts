import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isConversationTurn, metadataPosition, speakerOfTurn, turnNeighbours } from './conversation.ts';

const memory = (content: string, metadata: Record<string, unknown> = {}, source_thread_id: string | null = null) => ({ content, metadata, source_thread_id });

test('a memory is a turn by provenance or metadata, never by a colon or a question mark', () => {
  assert.equal(isConversationTurn(memory('Decision: keep the monolith')), false);
  assert.equal(isConversationTurn(memory('Should we move the cron?')), false);
  assert.equal(isConversationTurn(memory('Caroline: hi', { dia_id: 'D3:12' })), true);
  assert.equal(isConversationTurn(memory('hi', { speaker: 'Caroline' })), true);
  assert.equal(isConversationTurn(memory('hi', { session_id: 's1', turn: 4 })), true);
  assert.equal(isConversationTurn(memory('hi', {}, 'standup')), true);
  assert.equal(speakerOfTurn(memory('Decision: keep the monolith')), null);
  assert.equal(speakerOfTurn(memory('Caroline: hi', { dia_id: 'D1:1' })), 'Caroline');
});

test('positions come from dia_id or session and turn, scoped by conversation_id', () => {
  assert.deepEqual(metadataPosition({ dia_id: 'D3:12' }), { conversation: 'dia:', session: 3, turn: 12 });
  assert.deepEqual(metadataPosition({ session_id: 'abc', message_index: '7' }), { conversation: 'session::abc', session: 0, turn: 7 });
  assert.equal(metadataPosition({ session_id: 'abc' }), null);
  assert.notDeepEqual(metadataPosition({ dia_id: 'D1:1', conversation_id: 'a' }), metadataPosition({ dia_id: 'D1:1', conversation_id: 'b' }));
});

test('neighbours are the nearest positions of the same conversation, whatever order the turns are listed in', () => {
  const at = (id: string, turn: number, conversation = 'c') => ({ id, position: { conversation, session: 1, turn } });
  const turns = [at('t5', 5), at('t1', 1), at('t3', 3), at('t2', 2), at('x2', 2, 'other')];
  const near = turnNeighbours([at('t2', 2)], turns, 1).get('t2')!;
  assert.deepEqual(near.map(n => [n.id, n.distance, n.after]).sort(), [['t1', 1, false], ['t3', 1, true]]);
});
