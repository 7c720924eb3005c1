/** Helpers for the extractor's typing tests: the rules alone, and notes posted to an app. */
import assert from 'node:assert/strict';
import type { App } from '../src/main.ts';
import { extractWithRules } from '../src/providers/extractor/rules.ts';
import { replaceTypingModel, typingModel } from '../src/providers/extractor/typingModel.ts';
import { buildTestApp, createMemory, get } from './helpers.ts';

/** Dates, amounts, quantities and links: typed by their shape, not by the cues and gazetteers these tests check. */
const NOT_NAMES = ['date', 'money', 'url', 'email', 'quantity'];

/** Named entities the rules find in a text, as name → type (read as of 4 March 2026). */
export function namedEntityTypes(text: string): Record<string, string> {
  return Object.fromEntries(
    extractWithRules({ text, reference_time: '2026-03-04T10:00:00.000Z' })
      .entities.filter(e => !NOT_NAMES.includes(e.entity_type))
      .map(e => [e.name, e.entity_type]),
  );
}

/** What `read` gives with the learned typing layer off: the hand-written rules' own reading. */
export function rulesAlone<T>(read: () => T): T {
  const shipped = typingModel();
  replaceTypingModel(null);
  try {
    return read();
  } finally {
    replaceTypingModel(shipped);
  }
}

export interface ListedEntity {
  name: string;
  entity_type: string;
  mention_count: number;
}

/** An app (offline rules extractor) holding `notes` as memories, and the entities GET /entities then lists. */
export async function appWithNotes(notes: string[]): Promise<{ app: App; entities: ListedEntity[] }> {
  const app = await buildTestApp({ extractor: 'rules' });
  for (const content of notes) await createMemory(app, { content });
  const listed = await get(app, '/entities?limit=100');
  assert.equal(listed.status, 200, listed.text);
  return { app, entities: listed.body };
}

/** The listed types of the names `expected` holds, to compare with it. */
export const listedTypes = (entities: ListedEntity[], expected: Record<string, string>): Record<string, string> =>
  Object.fromEntries(entities.filter(e => e.name in expected).map(e => [e.name, e.entity_type]));
