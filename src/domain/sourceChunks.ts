/**
 * How a source's readable text is cut into chunks (each stored as a memory): paragraphs are gathered until a chunk
 * would pass TARGET_CHARS; a paragraph longer than MAX_CHARS alone is cut at a space. Every chunk knows its character
 * range in the text, and, when the text has pages (PDF), the pages it spans.
 */
export const CHUNK_TARGET_CHARS = 1_500;
export const CHUNK_MAX_CHARS = 3_000;

export interface SourceChunk {
  index: number;
  text: string;
  /** Character range [start, end) in the source's text. */
  start: number;
  end: number;
  /** 1-based pages spanned, when the text has pages. */
  page_start?: number;
  page_end?: number;
}

/** Paragraph ranges: runs of text between blank lines, with their offsets. */
function paragraphs(text: string): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  const separator = /\n[ \t]*\n\s*/g;
  let start = 0;
  for (let match = separator.exec(text); match; match = separator.exec(text)) {
    if (match.index > start) ranges.push({ start, end: match.index });
    start = match.index + match[0].length;
  }
  if (start < text.length) ranges.push({ start, end: text.length });
  return ranges.filter(r => text.slice(r.start, r.end).trim() !== '');
}

/** Cuts a range longer than `max` at the last space before each limit (or at the limit when there is none). */
function splitLong(text: string, range: { start: number; end: number }, max: number) {
  const pieces: { start: number; end: number }[] = [];
  let start = range.start;
  while (range.end - start > max) {
    const space = text.lastIndexOf(' ', start + max);
    const cut = space > start + max / 2 ? space : start + max;
    pieces.push({ start, end: cut });
    start = cut;
    while (start < range.end && /\s/.test(text[start]!)) start++;
  }
  if (start < range.end) pieces.push({ start, end: range.end });
  return pieces;
}

/** The page (1-based) holding character `offset`, given each page's starting offset in order. */
const pageAt = (pageStarts: number[], offset: number) => {
  let page = 1;
  for (let i = 0; i < pageStarts.length && pageStarts[i]! <= offset; i++) page = i + 1;
  return page;
};

export function chunkText(text: string, options: { pageStarts?: number[]; target?: number; max?: number } = {}): SourceChunk[] {
  const target = options.target ?? CHUNK_TARGET_CHARS;
  const max = options.max ?? CHUNK_MAX_CHARS;
  const pieces = paragraphs(text).flatMap(range => splitLong(text, range, max));
  const groups: { start: number; end: number }[] = [];
  for (const piece of pieces) {
    const last = groups.at(-1);
    if (last && piece.end - last.start <= target) last.end = piece.end;
    else groups.push({ ...piece });
  }
  return groups.map((g, index) => {
    const chunk: SourceChunk = { index, text: text.slice(g.start, g.end).trim(), start: g.start, end: g.end };
    if (options.pageStarts && options.pageStarts.length > 0) {
      chunk.page_start = pageAt(options.pageStarts, g.start);
      chunk.page_end = pageAt(options.pageStarts, g.end - 1);
    }
    return chunk;
  });
}
