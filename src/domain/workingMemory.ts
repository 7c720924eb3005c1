/** Working memory edits: pure text rules for one Markdown document. */

/** The section under `heading` (up to the next heading of the same or a higher level), as [start, end) line indexes. */
function section(lines: string[], heading: string): [number, number] | null {
  const wanted = heading.trim();
  const level = /^#+/.exec(wanted)?.[0].length ?? 0;
  const start = lines.findIndex(l => l.trim() === wanted || (level === 0 && l.replace(/^#+\s*/, '').trim() === wanted));
  if (start < 0) return null;
  const depth = /^#+/.exec(lines[start]!.trim())?.[0].length ?? 1;
  let end = start + 1;
  while (end < lines.length && !(/^#+\s/.test(lines[end]!) && /^#+/.exec(lines[end]!)![0].length <= depth)) end++;
  return [start, end];
}

/** Replaces or extends one section of a Markdown document; a missing section is added at the end. */
export function patchSection(document: string, heading: string, change: { append?: string; content?: string }): string {
  const lines = document.split('\n');
  const found = section(lines, heading);
  const title = /^#/.test(heading.trim()) ? heading.trim() : `## ${heading.trim()}`;
  if (!found) {
    const body = (change.content ?? change.append ?? '').trim();
    return `${document.trimEnd()}${document.trim() ? '\n\n' : ''}${title}\n${body}\n`;
  }
  const [start, end] = found;
  let bodyLines = lines.slice(start + 1, end);
  while (bodyLines.length && bodyLines.at(-1)!.trim() === '') bodyLines.pop();
  if (change.content !== undefined) bodyLines = change.content.trim().split('\n');
  else bodyLines.push(...change.append!.trim().split('\n'));
  const rest = lines.slice(end);
  return [...lines.slice(0, start + 1), ...bodyLines, ...(rest.length ? ['', ...rest] : [''])].join('\n');
}

/** The document after an edit: a section's (with `heading`) or the whole document's `content` replaced, or `append`ed to. */
export function editWorkingMemory(document: string, change: { heading?: string; append?: string; content?: string }): string {
  if (change.heading) return patchSection(document, change.heading, change);
  if (change.content !== undefined) return change.content;
  return `${document.trimEnd()}${document.trim() ? '\n\n' : ''}${change.append ?? ''}`;
}
