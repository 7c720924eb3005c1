import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseConversationMarkdown } from './threadMarkdown.ts';

describe('conversation markdown', () => {
  test('front matter names the thread; each ## section is one message in order', () => {
    const parsed = parseConversationMarkdown(
      '---\ntitle: "Python Async Patterns"\nsource: chatgpt\ndate: 2025-06-15\n---\n\n## System\n\nBe brief.\n\n## User\n\nWhen do I use gather?\n\n## Assistant\n\nWhen you need every result.\n',
    );
    assert.equal(parsed.title, 'Python Async Patterns');
    assert.equal(parsed.source, 'chatgpt');
    assert.equal(parsed.date, '2025-06-15');
    assert.deepEqual(parsed.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'When do I use gather?' },
      { role: 'assistant', content: 'When you need every result.' },
    ]);
  });

  test('a heading inside a fenced code block is content, not a new message', () => {
    const parsed = parseConversationMarkdown('## User\n\nShow me markdown\n\n## Assistant\n\n```md\n## User\nnot a turn\n```\n\nDone.\n');
    assert.equal(parsed.messages.length, 2);
    assert.equal(parsed.messages[1]!.content, '```md\n## User\nnot a turn\n```\n\nDone.');
  });

  test('without front matter a leading # heading is the title; Human/AI headings and CRLF line ends are read', () => {
    const parsed = parseConversationMarkdown('# Trip planning\r\n\r\n## Human:\r\nWhere to?\r\n## AI\r\nLisbon.\r\n');
    assert.equal(parsed.title, 'Trip planning');
    assert.deepEqual(parsed.messages, [
      { role: 'user', content: 'Where to?' },
      { role: 'assistant', content: 'Lisbon.' },
    ]);
  });

  test('text without role sections has no messages; other ## headings stay inside a message', () => {
    assert.deepEqual(parseConversationMarkdown('Just some notes\n\n## Ideas\n\nmore').messages, []);
    const parsed = parseConversationMarkdown('## Assistant\n\nPlan:\n\n## Step one\n\nDo it.');
    assert.deepEqual(parsed.messages, [{ role: 'assistant', content: 'Plan:\n\n## Step one\n\nDo it.' }]);
    assert.equal(parsed.title, null);
  });

  test('a long line of spaces is read in linear time (no regex backtracking)', () => {
    const started = performance.now();
    const parsed = parseConversationMarkdown(`# Long ${' '.repeat(50_000)}title #\n## User${' '.repeat(50_000)}x\n## User ${' '.repeat(50_000)}\nhi`);
    assert.ok(performance.now() - started < 1000, `took ${Math.round(performance.now() - started)} ms`);
    assert.equal(parsed.title, `Long ${' '.repeat(50_000)}title`);
    assert.deepEqual(parsed.messages, [{ role: 'user', content: 'hi' }]);
  });

  test('a heading keeps its text and drops closing hashes', () => {
    assert.equal(parseConversationMarkdown('# Trip #2 plans ##  \n## User\nhi').title, 'Trip #2 plans');
    assert.equal(parseConversationMarkdown('#NoSpace\n## User\nhi').title, null);
  });

  test("nmem-bench's session markdown: the date line dates every message, speakers keep their names", () => {
    // Exactly what nowledge-mem-bench's UnifiedSession.to_markdown() writes: paragraphs joined by a blank line.
    const markdown = ['**Date**: 1:56 pm on 8 May, 2023\n', '**Caroline**: Hey Mel! Good to see you!', "**Melanie**: I'm swamped with the kids & work.", '**Caroline**: I went to a LGBTQ support group yesterday.'].join('\n\n');
    const parsed = parseConversationMarkdown(markdown);
    const at = '2023-05-08T13:56:00.000Z';
    assert.deepEqual(parsed.messages, [
      { role: 'user', content: 'Hey Mel! Good to see you!', timestamp: at, metadata: { speaker: 'Caroline' } },
      { role: 'assistant', content: "I'm swamped with the kids & work.", timestamp: at, metadata: { speaker: 'Melanie' } },
      { role: 'user', content: 'I went to a LGBTQ support group yesterday.', timestamp: at, metadata: { speaker: 'Caroline' } },
    ]);
  });

  test('role words as bold speakers, a later date line, and a message over several lines', () => {
    const parsed = parseConversationMarkdown('**User:** Plan my trip.\nTwo days.\n\n**Date**: 2023/05/20 (Sat) 02:21\n\n**Assistant:** Lisbon, then Porto.');
    assert.deepEqual(parsed.messages, [
      { role: 'user', content: 'Plan my trip.\nTwo days.' },
      { role: 'assistant', content: 'Lisbon, then Porto.', timestamp: '2023-05-20T02:21:00.000Z' },
    ]);
  });

  test("with User/Assistant speakers, an assistant's **Budget**: line is content, not a third speaker (LongMemEval sessions)", () => {
    const parsed = parseConversationMarkdown('**Date**: 2023/05/20 (Sat) 02:21\n\n**User**: Help me save money.\n\n**Assistant**: Here is a plan.\n\n**Budget**: spend less than you earn.\n\n**User**: Thanks!');
    assert.deepEqual(parsed.messages.map(m => [m.role, m.content]), [
      ['user', 'Help me save money.'],
      ['assistant', 'Here is a plan.\n\n**Budget**: spend less than you earn.'],
      ['user', 'Thanks!'],
    ]);
  });

  test('plain "Speaker: text" paragraphs; a lone "Note:" line is not a dialogue', () => {
    const parsed = parseConversationMarkdown('Date: May 8th, 2023 at 3pm\n\nAudrey: I love cooking.\nJohn Smith: My sister moved to Boston.');
    assert.deepEqual(parsed.messages.map(m => [m.role, m.metadata?.speaker, m.content, m.timestamp]), [
      ['user', 'Audrey', 'I love cooking.', '2023-05-08T15:00:00.000Z'],
      ['assistant', 'John Smith', 'My sister moved to Boston.', '2023-05-08T15:00:00.000Z'],
    ]);
    assert.deepEqual(parseConversationMarkdown('Note: buy milk').messages, []);
  });

  test('ChatGPT exports (#### You: / #### ChatGPT:) and Claude exports (## Prompt: / ## Response:)', () => {
    const chatgpt = parseConversationMarkdown('# Trip\n\n#### You:\nWhere to?\n\n#### ChatGPT:\nLisbon.\n');
    assert.deepEqual(chatgpt.messages, [{ role: 'user', content: 'Where to?' }, { role: 'assistant', content: 'Lisbon.' }]);
    assert.equal(chatgpt.title, 'Trip');
    const claude = parseConversationMarkdown('## Prompt:\nWhere to?\n\n## Response:\nLisbon.');
    assert.deepEqual(claude.messages, [{ role: 'user', content: 'Where to?' }, { role: 'assistant', content: 'Lisbon.' }]);
  });

  test('### Name headings are named speakers; a Date: line inside a section is content', () => {
    const parsed = parseConversationMarkdown('### Audrey\nI adopted a puppy.\n\n### Sam\nWhat is its name?\nDate: tomorrow');
    assert.deepEqual(parsed.messages, [
      { role: 'user', content: 'I adopted a puppy.', metadata: { speaker: 'Audrey' } },
      { role: 'assistant', content: 'What is its name?\nDate: tomorrow', metadata: { speaker: 'Sam' } },
    ]);
  });
});
