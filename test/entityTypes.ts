/** Helper for the rule extractor's typing tests. */
import { extractWithRules } from '../src/providers/extractor/rules.ts';

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
