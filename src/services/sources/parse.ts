/**
 * From a document's bytes to its readable text (Markdown): which kind it is (by name, then content type, then its
 * first bytes), and the reader for that kind. Anything that cannot be read is a 4xx before anything is stored.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { extname } from 'node:path';
import { AppError, InputError, sourceTooLarge, unsupportedSourceType } from '../../errors.ts';
import { htmlToMarkdown, readableHtml } from './readableHtml.ts';

export const SOURCE_KINDS = ['markdown', 'text', 'html', 'pdf', 'docx'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const MIME_TYPES: Record<SourceKind, string> = {
  markdown: 'text/markdown',
  text: 'text/plain',
  html: 'text/html',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const BY_EXTENSION: Record<string, SourceKind> = {
  '.md': 'markdown', '.markdown': 'markdown', '.mdx': 'markdown',
  '.txt': 'text', '.text': 'text', '.log': 'text', '.csv': 'text', '.json': 'text', '.rst': 'text',
  '.html': 'html', '.htm': 'html', '.xhtml': 'html',
  '.pdf': 'pdf',
  '.docx': 'docx',
};

const BY_MIME: Record<string, SourceKind> = {
  'text/markdown': 'markdown', 'text/x-markdown': 'markdown',
  'text/plain': 'text', 'text/csv': 'text', 'application/json': 'text',
  'text/html': 'html', 'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  [MIME_TYPES.docx]: 'docx',
};

/** Inflated bytes a DOCX may hold: a small zip that inflates past this is a zip bomb, refused before it is read. */
export const DOCX_MAX_INFLATED_BYTES = 100 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, text: string) => bytes.length >= text.length && [...text].every((c, i) => bytes[i] === c.charCodeAt(0));

/** The kind of a document: its name's extension, else its content type, else its first bytes (PDF, zip). */
export function sourceKind(name: string, mimeType: string | null, bytes: Uint8Array): SourceKind {
  const byName = BY_EXTENSION[extname(name).toLowerCase()];
  if (byName) return byName;
  const mime = mimeType?.split(';')[0]!.trim().toLowerCase();
  if (mime && BY_MIME[mime]) return BY_MIME[mime];
  if (startsWith(bytes, '%PDF-')) return 'pdf';
  if (mime === undefined || mime === '' || mime === 'application/octet-stream') {
    if (!extname(name) && !bytes.includes(0)) return 'text';
  }
  throw unsupportedSourceType(name, mimeType);
}

export interface ParsedDocument {
  text: string;
  title: string | null;
  /** Where each page starts in `text` (PDF only). */
  pageStarts?: number[];
}

const unreadable = (field: string, name: string, kind: SourceKind, why: string) =>
  new InputError(['body', field], `${name} could not be read as ${kind.toUpperCase()}: ${why}`, 'value_error.unreadable_source');

/** UTF-8 text, refusing bytes that are not (a binary file named .txt). */
function utf8(bytes: Uint8Array, name: string, kind: SourceKind, field: string): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw new Error('it holds NUL bytes');
    return text.replace(/\r\n?/g, '\n');
  } catch (error) {
    throw unreadable(field, name, kind, error instanceof TypeError ? 'it is not UTF-8 text' : (error as Error).message);
  }
}

async function readPdf(bytes: Uint8Array): Promise<ParsedDocument> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text: pages } = await extractText(pdf, { mergePages: false });
    const pageStarts: number[] = [];
    let text = '';
    for (const page of pages) {
      if (text) text += '\n\n';
      pageStarts.push(text.length);
      text += page.trim();
    }
    return { text, title: null, pageStarts };
  } finally {
    await pdf.destroy();
  }
}

/** Inflates the zip's entries only to count them: past `limit` bytes it stops and refuses (413). */
function checkInflatedSize(bytes: Uint8Array, limit: number) {
  let inflated = 0;
  let failure: Error | null = null;
  const unzip = new Unzip(file => {
    file.ondata = (error, chunk) => {
      if (error) failure ??= error;
      inflated += chunk?.length ?? 0;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // Small slices: one slice inflates to at most ~1000 times its size, so the count is checked often enough.
  for (let at = 0; at < bytes.length; at += 16 * 1024) {
    unzip.push(bytes.subarray(at, at + 16 * 1024), at + 16 * 1024 >= bytes.length);
    if (failure) throw failure;
    if (inflated > limit) throw sourceTooLarge('The DOCX, inflated,', limit, 'a DOCX may inflate to 100 MiB');
  }
}

async function readDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  if (!startsWith(bytes, 'PK')) throw new Error('it is not a zip archive');
  checkInflatedSize(bytes, DOCX_MAX_INFLATED_BYTES);
  const mammoth = await import('mammoth');
  const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return { text: htmlToMarkdown(html), title: null };
}

/**
 * The readable text of a document of this kind. A document that cannot be read is a 422 (`loc` names `field`);
 * one that reads as nothing (blank, or a PDF of scanned pages) is a 422 too: an empty source would be no memory.
 */
export async function parseDocument(kind: SourceKind, bytes: Uint8Array, name: string, field = 'file'): Promise<ParsedDocument> {
  let parsed: ParsedDocument;
  try {
    if (kind === 'markdown' || kind === 'text') parsed = { text: utf8(bytes, name, kind, field), title: null };
    else if (kind === 'html') parsed = readableHtml(utf8(bytes, name, kind, field));
    else if (kind === 'pdf') parsed = await readPdf(bytes);
    else parsed = await readDocx(bytes);
  } catch (error) {
    if (error instanceof InputError || error instanceof AppError) throw error;
    throw unreadable(field, name, kind, error instanceof Error ? error.message : String(error));
  }
  const text = parsed.text.trim() ? parsed.text : '';
  if (!text) throw new InputError(['body', field], `${name} holds no readable text`, 'value_error.empty_source');
  return { ...parsed, text };
}
