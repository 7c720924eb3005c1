import type { Deps } from '../deps.ts';
import { getMemory, type MemoryPublic } from '../readModel/memories.ts';

export const EXPORT_FORMATS = ['json', 'markdown', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Fields that only describe the record, dropped when `include_metadata` is false. */
const METADATA_FIELDS = ['metadata', 'label_ids', 'reindex_needed', 'version', 'source_thread', 'rating'] as const;

/** One memory rendered as JSON, markdown (front matter + body) or a standalone escaped HTML page. */
export async function exportMemory(deps: Pick<Deps, 'store'>, id: string, input: { format: ExportFormat; include_metadata: boolean }) {
  const memory = await getMemory(deps, id, {});
  const record: Partial<MemoryPublic> = { ...memory };
  if (!input.include_metadata) for (const field of METADATA_FIELDS) delete record[field];
  if (input.format === 'json') return { format: input.format, body: record };
  if (input.format === 'markdown') return { format: input.format, body: toMarkdown(memory, input.include_metadata) };
  return { format: input.format, body: toHtml(memory, input.include_metadata) };
}

function frontMatterFields(memory: MemoryPublic, includeMetadata: boolean): [string, unknown][] {
  const fields: [string, unknown][] = [
    ['id', memory.id],
    ['title', memory.title],
    ['space_id', memory.space_id],
    ['unit_type', memory.unit_type],
    ['importance', memory.importance],
    ['lifecycle_state', memory.lifecycle_state],
    ['labels', memory.labels.map(l => l.name)],
    ['created_at', memory.created_at],
    ['updated_at', memory.updated_at],
  ];
  if (memory.event_start) fields.push(['event_start', memory.event_start]);
  if (memory.event_end) fields.push(['event_end', memory.event_end]);
  if (includeMetadata) fields.push(['metadata', memory.metadata]);
  return fields;
}

function toMarkdown(memory: MemoryPublic, includeMetadata: boolean): string {
  // JSON is valid YAML, so every value is written as JSON: quoting and escaping come for free.
  const yaml = frontMatterFields(memory, includeMetadata).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${yaml.join('\n')}\n---\n\n# ${memory.title}\n\n${memory.content}\n`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function toHtml(memory: MemoryPublic, includeMetadata: boolean): string {
  const rows = frontMatterFields(memory, includeMetadata)
    .map(([key, value]) => `<tr><th>${escapeHtml(key)}</th><td>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(memory.title)}</title></head>
<body>
<article>
<h1>${escapeHtml(memory.title)}</h1>
<div class="content" style="white-space: pre-wrap">${escapeHtml(memory.content)}</div>
<table class="fields">
${rows}
</table>
</article>
</body>
</html>
`;
}
