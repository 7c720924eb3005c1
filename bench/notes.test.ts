import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { terms } from '../src/domain/text.ts';
import { DOCS_DIR, type Fixture, loadFixture, NOTES_DIR, noteText, QUESTION_KINDS } from './notes.ts';

/** The checks every retrieval fixture must pass, whatever its size. */
function assertWellFormed(fixture: Fixture) {
  const { notes, questions } = fixture;
  const ids = new Set(notes.map(n => n.id));
  assert.equal(ids.size, notes.length, 'note ids are unique');
  for (const n of notes) {
    assert.ok(n.content.trim().length > 0, `${n.id} has content`);
    assert.ok(!Number.isNaN(Date.parse(n.recorded)), `${n.id} has a recorded date`);
    if (n.event_start) assert.ok(!Number.isNaN(Date.parse(n.event_start)), `${n.id} has a valid event date`);
    if (n.supersedes) assert.ok(ids.has(n.supersedes), `${n.id} supersedes a note that exists`);
  }
  for (const q of questions) {
    assert.ok(QUESTION_KINDS.includes(q.kind), `"${q.query}" has a known kind`);
    assert.ok(q.relevant.length >= 1 && q.relevant.length <= 3, `"${q.query}" names 1 to 3 relevant notes`);
    for (const id of q.relevant) assert.ok(ids.has(id), `"${q.query}" names ${id}, which exists`);
  }
  assert.equal(new Set(questions.map(q => q.query)).size, questions.length, 'no question is asked twice');
}

/** Paraphrase questions whose content words (stemmed, as search compares them) appear in a relevant note. */
function paraphrasesSharingWords(fixture: Fixture): string[] {
  const byId = new Map(fixture.notes.map(n => [n.id, n]));
  return fixture.questions
    .filter(q => q.kind === 'paraphrase')
    .filter(q => {
      const asked = new Set(terms(q.query));
      return q.relevant.some(id => terms(noteText(byId.get(id)!)).some(t => asked.has(t)));
    })
    .map(q => q.query);
}

test('the notes set has 300+ notes, 150+ questions of every kind, and every relevant note exists', () => {
  const fixture = loadFixture(NOTES_DIR);
  assertWellFormed(fixture);
  assert.ok(fixture.notes.length >= 300, `${fixture.notes.length} notes`);
  assert.ok(fixture.questions.length >= 150, `${fixture.questions.length} questions`);
  for (const kind of QUESTION_KINDS) assert.ok(fixture.questions.some(q => q.kind === kind), `some question is of kind ${kind}`);
});

test('the notes set has 40+ paraphrase questions, and none shares a content word with its relevant notes', () => {
  const fixture = loadFixture(NOTES_DIR);
  assert.ok(fixture.questions.filter(q => q.kind === 'paraphrase').length >= 40);
  assert.deepEqual(paraphrasesSharingWords(fixture), []);
});

test('the notes set holds ordinary notes that look like transcript turns: a leading "Word:" and a question mark', () => {
  const { notes } = loadFixture(NOTES_DIR);
  assert.ok(notes.filter(n => /^[A-Z][a-z]+(?: [a-z]+)?(?: \([a-z]+\))?:\s/.test(n.content)).length >= 5);
  assert.ok(notes.filter(n => n.content.includes('?')).length >= 5);
  assert.ok(notes.filter(n => n.supersedes).length >= 15, 'superseded versions');
});

test('the documents set, when present, is well formed and its paraphrases share no content word with their documents', { skip: !existsSync(DOCS_DIR) }, () => {
  const fixture = loadFixture(DOCS_DIR);
  assertWellFormed(fixture);
  assert.ok(fixture.notes.length >= 60 && fixture.questions.length >= 60);
  assert.deepEqual(paraphrasesSharingWords(fixture), []);
});
