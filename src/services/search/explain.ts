/** `relevance_reason`: the words as the user wrote them, and the signals that ranked the memory, strongest first. */

export interface Signals {
  /** Query words found as written (as the user wrote them). */
  matched: string[];
  /** Query words found only as another form or a typo: [as the user wrote it, as the memory has it]. */
  forms: [string, string][];
  /** What the full-text match (and term coverage) added to the score. */
  lexical: number;
  /** What vector similarity added, and the similarity shown. */
  semantic: number;
  similarity: number | undefined;
  /** What neighbouring a matching turn added, and the words that turn matched. */
  neighbour: number;
  neighbourWords: string[];
  date: number;
  dateText: string | undefined;
  /** The period is told of in the memory's own words ("last month"), not its date. */
  dateTold?: boolean;
  entity: number;
  entityNames: string[];
}

const quoted = (words: string[]) => words.slice(0, 5).map(w => `'${w}'`).join(', ');

export function describe(s: Signals): string {
  const parts: { weight: number; text: string }[] = [];
  const words = [...s.matched.map(w => `'${w}'`), ...s.forms.map(([asked, found]) => `'${asked}' (as '${found}')`)].slice(0, 5);
  if (words.length) parts.push({ weight: s.lexical, text: `matched ${words.join(', ')}` });
  if (s.similarity !== undefined && s.similarity > 0 && s.semantic > 0) parts.push({ weight: s.semantic, text: `semantically similar (${s.similarity.toFixed(2)})` });
  if (s.neighbour > 0) {
    const about = s.neighbourWords.length ? ` (${quoted(s.neighbourWords)})` : '';
    parts.push({ weight: s.neighbour, text: `next to a matching turn of the conversation${about}` });
  }
  if (s.dateText && s.date > 0) parts.push({ weight: s.date, text: s.dateTold ? `tells of '${s.dateText}'` : `dated within '${s.dateText}'` });
  if (s.entityNames.length && s.entity > 0) parts.push({ weight: s.entity, text: `same entity ${s.entityNames.slice(0, 3).join(', ')}` });
  return (
    parts
      .sort((a, b) => b.weight - a.weight)
      .map(p => p.text)
      .join('; ') || 'weak match'
  );
}
