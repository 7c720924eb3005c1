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
});
