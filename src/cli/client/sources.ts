/**
 * `nmem sources …`: documents as memory. `ingest` uploads a local file (read here, sent as multipart), fetches a URL
 * on the server, or stores text given on the command line; list, search, show (with the text) and delete.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { type Ctx, UsageError, clip, day, defaultSubcommand, table, withCtx } from './output.ts';

interface Source {
  id: string;
  source_type: string;
  original_name: string;
  mime_type?: string | null;
  source_url?: string | null;
  size_bytes?: number;
  version?: number;
  lifecycle_state?: string;
  chunk_count?: number;
  summary?: string | null;
  created_at?: string | null;
}
interface Ingested {
  source_id: string;
  original_name: string;
  is_duplicate: boolean;
  message: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];
const path = (id: string) => `/sources/${encodeURIComponent(id)}`;

function printSources(ctx: Ctx, answer: { sources: Source[]; total: number }) {
  ctx.print(answer, () =>
    answer.sources.length === 0
      ? 'No sources.'
      : [
          table([['ID', 'NAME', 'TYPE', 'CHUNKS', 'ADDED'], ...answer.sources.map(s => [s.id, clip(s.original_name, 40), s.source_type, String(s.chunk_count ?? 0), day(s.created_at)])]),
          answer.total > answer.sources.length ? `(${answer.sources.length} of ${answer.total})` : '',
        ].join('\n'),
  );
}

interface IngestOptions {
  content?: string;
  name?: string;
  label?: string[];
  comment?: string;
}

async function ingest(ctx: Ctx, target: string | undefined, options: IngestOptions) {
  const common = { labels: options.label ?? null, user_comment: options.comment ?? null, space_id: ctx.space };
  let answer: Ingested;
  if (options.content !== undefined) {
    if (!options.name) throw new UsageError('--content needs --name (e.g. --name notes.md)');
    answer = await ctx.api.send<Ingested>('POST', '/sources/ingest/content', { ...common, name: options.name, content: options.content });
  } else if (!target) {
    throw new UsageError('give a file, a URL, or --content with --name');
  } else if (/^https?:\/\//i.test(target)) {
    answer = await ctx.api.send<Ingested>('POST', '/sources/ingest/url', { ...common, url: target });
  } else {
    const bytes = await readFile(target).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read ${target}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
    const fields: Record<string, string> = {};
    if (options.label?.length) fields.labels = JSON.stringify(options.label);
    if (options.comment) fields.user_comment = options.comment;
    if (ctx.space) fields.space_id = ctx.space;
    answer = await ctx.api.upload<Ingested>('/sources/ingest/file', { name: options.name ?? basename(target), bytes }, fields);
  }
  ctx.print(answer, () => `${answer.is_duplicate ? 'Already there' : 'Ingested'}: ${answer.original_name} (${answer.source_id})\n${answer.message}`);
}

export function registerSourceCommands(program: Command): void {
  const sources = program.command('sources').alias('src').description('sources: documents (Markdown, text, HTML, PDF, DOCX) kept as memories');
  defaultSubcommand(sources, 'list')
    .description('the sources of the space, newest first')
    .option('-n, --limit <n>', 'how many', '20')
    .option('--type <type>', 'only this source type (file, url, content)')
    .option('-l, --label <label>', 'only sources with this label (repeatable)', collect)
    .action(withCtx(async (ctx, options: { limit: string; type?: string; label?: string[] }) => {
      const query = new URLSearchParams({ limit: options.limit });
      if (ctx.space) query.set('space_id', ctx.space);
      if (options.type) query.set('source_type', options.type);
      for (const label of options.label ?? []) query.append('labels', label);
      printSources(ctx, await ctx.api.get(`/sources?${query}`));
    }));
  sources
    .command('ingest')
    .alias('add')
    .argument('[file-or-url]', 'a local file to upload, or an http(s) URL for the server to fetch')
    .option('--content <text>', 'store this text instead (with --name)')
    .option('--name <name>', 'the name to give it (its extension says its kind: .md, .txt, .html)')
    .option('-l, --label <label>', 'a label for the source (repeatable)', collect)
    .option('--comment <text>', 'a note about it')
    .description('add a document: its text is cut into memories you can search')
    .action(withCtx(ingest));
  sources
    .command('search')
    .argument('<query>', 'words to look for in names and text')
    .option('-n, --limit <n>', 'how many', '10')
    .description('sources whose name or text holds the words')
    .action(withCtx(async (ctx, q: string, options: { limit: string }) => {
      const answer = await ctx.api.get<{ results: { source_id: string; original_name: string; score: number; snippet: string }[]; total: number }>('/sources/search', {
        q,
        limit: options.limit,
        space_id: ctx.space,
      });
      ctx.print(answer, () => (answer.results.length === 0 ? 'No sources found.' : answer.results.map(r => `${r.source_id}  ${r.original_name}\n    ${clip(r.snippet, 160)}`).join('\n')));
    }));
  sources
    .command('show')
    .argument('<id>', 'source id')
    .option('--content', 'print its whole text')
    .description('one source, with its chunks')
    .action(withCtx(async (ctx, id: string, options: { content?: boolean }) => {
      const detail = await ctx.api.get<{ source: Source; memories: { id: string; title: string }[] }>(path(id), { space_id: ctx.space });
      const text = options.content ? (await ctx.api.get<{ content: string }>(`${path(id)}/content`, { space_id: ctx.space })).content : null;
      const s = detail.source;
      ctx.print(text === null ? detail : { ...detail, content: text }, () =>
        [
          `${s.original_name} (${s.id})`,
          `  type       ${s.source_type}${s.mime_type ? `, ${s.mime_type}` : ''}${s.source_url ? `, from ${s.source_url}` : ''}`,
          `  size       ${s.size_bytes ?? 0} bytes, version ${s.version ?? 1}, ${s.lifecycle_state ?? ''}`,
          `  chunks     ${detail.memories.length}${detail.memories.length ? `: ${detail.memories.map(m => m.id).join(', ')}` : ''}`,
          ...(s.summary ? [`  summary    ${clip(s.summary, 200)}`] : []),
          ...(text !== null ? ['', text] : []),
        ].join('\n'),
      );
    }));
  sources
    .command('delete')
    .alias('rm')
    .argument('<id>', 'source id')
    .description('delete a source and its chunks (to the trash: `nmem` restore through /trash/restore)')
    .action(withCtx(async (ctx, id: string) => {
      const answer = await ctx.api.send<{ message: string }>('DELETE', path(id), undefined, { space_id: ctx.space });
      ctx.print(answer, () => answer.message);
    }));
}
