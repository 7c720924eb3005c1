/**
 * Documents as memory for an assistant: ingest one (a URL, a file under CAIRN_SOURCE_ROOTS, or text) and read one
 * back. Its chunks are memories: memory_search finds them, each pointing to its source in `metadata.source_id`.
 */
import { z } from 'zod';
import { InputError } from '../../../errors.ts';
import { ingestContent } from '../../../services/sources/ingest.ts';
import { ingestFilePath, ingestUrl } from '../../../services/sources/ingestFrom.ts';
import { getSource, getSourceContent } from '../../../services/sources/read.ts';
import { defineTool, spaceArg, spaceOf, type ToolDef } from './common.ts';

const READ_CHARS = 20_000;

export const sourceTools: ToolDef[] = [
  defineTool('source_ingest', {
    description:
      'Keep a document as memory: give exactly one of `url` (a web page or PDF the server fetches), `file_path` (a file on the server, ' +
      'under the folders its owner allowed with CAIRN_SOURCE_ROOTS) or `content` with `name` (text, Markdown by default). Its text is cut ' +
      'into chunk memories that memory_search finds; read it whole with source_read.',
    slim: 'Ingest a document (URL, server file or text) as chunk memories.',
    readOnly: false,
    input: {
      url: z.string().max(8192).optional().describe('http(s) URL to fetch'),
      file_path: z.string().max(4096).optional().describe('Absolute path on the server, under CAIRN_SOURCE_ROOTS'),
      content: z.string().max(5_000_000).optional().describe('The text itself'),
      name: z.string().max(500).optional().describe('A name for `content`, e.g. notes.md (its extension says its kind)'),
      labels: z.array(z.string().min(1).max(100)).max(50).optional().describe('Label names for the source'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const given = [args.url, args.file_path, args.content].filter(v => v !== undefined).length;
    if (given !== 1) throw new InputError(['arguments'], 'Give exactly one of url, file_path or content');
    const common = { labels: args.labels ?? null, space_id: spaceOf(ctx, args.space_id) };
    const result = args.url !== undefined
      ? await ingestUrl(ctx.deps, { ...common, url: args.url })
      : args.file_path !== undefined
        ? await ingestFilePath(ctx.deps, { ...common, file_path: args.file_path })
        : await ingestContent(ctx.deps, { ...common, name: args.name ?? 'notes.md', content: args.content! });
    return { text: `${result.is_duplicate ? 'Already kept' : 'Kept'} ${result.original_name} as source ${result.source_id}. ${result.message}`, data: { ...result } };
  }),

  defineTool('source_read', {
    description: `Read a source (a document kept as memory): its name, chunk memory ids and up to ${READ_CHARS} characters of its text from \`offset\`.`,
    slim: 'Read a source and its text.',
    readOnly: true,
    input: {
      source_id: z.string().min(1).max(200).describe('The source id (memory_search results carry it in metadata.source_id)'),
      offset: z.number().int().min(0).default(0).describe('Character to start at'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const space = spaceOf(ctx, args.space_id);
    const { source, memories } = await getSource(ctx.deps, args.source_id, space);
    const page = await getSourceContent(ctx.deps, args.source_id, { offset: args.offset, limit: READ_CHARS, space_id: space });
    const more = page.has_more ? `\n\n[${page.total_length - args.offset - page.returned_length} more characters: call again with offset ${args.offset + page.returned_length}]` : '';
    return {
      text: `# ${source.original_name} (${source.id})\n${memories.length} chunks: ${memories.map(m => m.id).join(', ')}\n\n${page.content}${more}`,
      data: { source, chunk_ids: memories.map(m => m.id), ...page },
    };
  }),
];
