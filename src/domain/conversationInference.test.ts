import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inferConversations, keyRoles, mergeStretches, type PostedMemory, speakerPrefix } from './conversationInference.ts';

let clock = 0;
const posted = (id: string, text: string, metadata: Record<string, unknown> = {}, extra: Partial<PostedMemory> = {}): PostedMemory => ({
  id,
  opening: text.slice(0, 120),
  length: text.length,
  metadata,
  created_at: new Date(Date.UTC(2026, 0, 1) + ++clock * 1000).toISOString(),
  event_start: null,
  ...extra,
});

test('a speaker prefix is a name-like token; note labels, single letters and capitals are not speakers', () => {
  assert.equal(speakerPrefix('Ann: where shall we eat?'), 'Ann');
  assert.equal(speakerPrefix('[Dr. Ann Lee] take two a day'), 'Dr. Ann Lee');
  assert.equal(speakerPrefix('**Bob**: the Thai place'), 'Bob');
  assert.equal(speakerPrefix('**Bob:** the Thai place'), 'Bob');
  assert.equal(speakerPrefix('user: hello there'), 'user');
  assert.equal(speakerPrefix('AI companion: How are you settling in?'), 'AI companion');
  assert.equal(speakerPrefix('AI: Try a climbing club.'), 'AI');
  for (const note of ['Note: buy milk', 'TODO: call the bank', 'Update: deployed v2', 'Q: why?', 'FYI: moved', 'Meeting at 10: agenda']) {
    assert.equal(speakerPrefix(note), null, note);
  }
});

test('metadata keys are read by what their values do, not by their names', () => {
  const stretch = [1, 2, 3, 4, 5, 6].map(n => posted(`m${n}`, 'hi', { chat: 'trip', n, who: n % 2 ? 'Ann' : 'Bob', uid: `x${n}` }));
  assert.deepEqual(keyRoles([stretch]), { grouping: ['chat'], speaker: ['who'], index: ['n'] });
});

test('overlapping windows join into one stretch in posting order', () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(id => posted(id, id));
  assert.deepEqual(mergeStretches([[b, c], [a, b], [d]]).map(s => s.map(m => m.id)), [['a', 'b', 'c'], ['d']]);
});

test('plain "Name: text" posted in sequence is a conversation ordered by posting; notes around it are not', () => {
  const window = [
    posted('n1', 'Note: renew the passport'),
    posted('t1', 'Ann: Where did you go in May?'),
    posted('t2', 'Bob: Lisbon, with my sister.'),
    posted('t3', 'Ann: Nice!'),
    posted('n2', 'Update: passport renewed'),
    posted('n3', 'TODO: book the dentist'),
  ];
  const turns = inferConversations([window]);
  assert.deepEqual([...turns.keys()].sort(), ['t1', 't2', 't3']);
  assert.deepEqual(['t1', 't2', 't3'].map(id => turns.get(id)!.position.turn), [0, 1, 2]);
  assert.equal(turns.get('t2')!.speaker, 'Bob');
});

test('a grouping key of any name separates conversations, and an index key of any name orders them', () => {
  const window = [
    posted('a3', 'Ann: third', { chat: 'a', msg_no: 3 }),
    posted('b1', 'Cy: other chat', { chat: 'b', msg_no: 1 }),
    posted('a1', 'Ann: first', { chat: 'a', msg_no: 1 }),
    posted('b2', 'Di: other reply', { chat: 'b', msg_no: 2 }),
    posted('a2', 'Bob: second', { chat: 'a', msg_no: 2 }),
  ];
  const turns = inferConversations([window]);
  assert.equal(turns.size, 5);
  assert.deepEqual(['a1', 'a2', 'a3'].map(id => turns.get(id)!.position.turn), [1, 2, 3]);
  assert.equal(turns.get('a1')!.position.conversation, turns.get('a3')!.position.conversation);
  assert.notEqual(turns.get('a1')!.position.conversation, turns.get('b1')!.position.conversation);
});

test('messages without a prefix are turns when a speaker-like key alternates within their group (mem0, Zep)', () => {
  const window = ['Hi, I need a hotel', 'Sure, which city?', 'Porto, for two nights', 'Booked the Grande'].map((text, i) =>
    posted(`r${i}`, text, { user_id: 'alice', run_id: 'trip', role: i % 2 ? 'assistant' : 'user' }),
  );
  const turns = inferConversations([window]);
  assert.equal(turns.size, 4);
  assert.equal(turns.get('r1')!.speaker, 'assistant');
});

test('documents and lone prefixed notes are not turns, a run goes on past a document, and a long pause ends it', () => {
  const doc = 'Abstract '.repeat(300);
  const late = { created_at: '2026-03-01T00:00:00.000Z' };
  const turns = inferConversations([
    [posted('d1', `Ann: ${doc}`), posted('x1', 'Ann: hello'), posted('x2', 'Bob: hi'), posted('x0', 'Ann: so?'), posted('x3', 'Ann: bye', {}, late)],
  ]);
  assert.deepEqual([...turns.keys()].sort(), ['x0', 'x1', 'x2']);
  const around = inferConversations([[posted('y1', 'Ann: see the file'), posted('y2', `Ann: ${doc}`), posted('y3', 'Bob: got it'), posted('y4', 'Ann: good')]]);
  assert.deepEqual([...around.keys()].sort(), ['y1', 'y3', 'y4']);
  assert.equal(around.get('y3')!.position.turn, 1);
  assert.equal(inferConversations([[posted('s1', 'Sam: only me'), posted('n1', 'a plain note')]]).size, 0);
});

test('notes that open with their topic ("Chess:", "Heating:") are not a conversation, even when a topic comes back', () => {
  const topics = ['Guitar: fingerstyle, 20 minutes a day', 'Photography: the 23 mm lens', 'Chess: rated 1480', 'Chess: reached 1612', 'Woodworking: a bookshelf', 'Cycling: 7 km each way'];
  assert.equal(inferConversations([topics.map((t, i) => posted(`h${i}`, t))]).size, 0);
  assert.equal(inferConversations([topics.map((t, i) => posted(`g${i}`, t, { project: 'hobbies' }))]).size, 0);
  const chat = ['Ann: hi', 'Bob: hey', 'Cy: hello all', 'Ann: lunch?', 'Bob: sure'];
  assert.equal(inferConversations([chat.map((t, i) => posted(`c${i}`, t))]).size, 5);
});

test('a chat with an assistant named in words of both cases ("AI companion") is a conversation without metadata', () => {
  const chat = ['Emma: hello', 'AI companion: Welcome, Emma!', 'Emma: any hobby ideas?', 'AI companion: Try a climbing club.'];
  const turns = inferConversations([chat.map((t, i) => posted(`e${i}`, t))]);
  assert.equal(turns.size, 4);
  assert.equal(turns.get('e3')!.speaker, 'AI companion');
});
