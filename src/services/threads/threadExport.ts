/**
 * A thread as a file (`GET /threads/{id}/export`: JSON, Markdown or HTML) and how much of its source it holds
 * (`GET /threads/{id}/coverage`). The Markdown is the "## User" / "## Assistant" form `/threads/import` and
 * `/threads/parse` read back.
 */
import type { ThreadMessageRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentMessage, presentThreadNode } from '../readModel/threads.ts';
import { readingFiles, type ImportOrigin } from './conversationFiles.ts';
import { requireThread } from './messages.ts';

export const THREAD_EXPORT_FORMATS = ['json', 'markdown', 'html'] as const;
export type ThreadExportFormat = (typeof THREAD_EXPORT_FORMATS)[number];

const heading = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/** A conversation as Markdown: a title, optional front matter lines, then one `## Role` section per message. */
export function conversationMarkdown(input: {
  title: string;
  source?: string | null;
  messages: { role: string; content: string; timestamp?: string | null }[];
  frontMatter?: Record<string, string | number | null>;
}): string {
  const front = Object.entries({ title: input.title, source: input.source ?? null, date: input.messages.find(m => m.timestamp)?.timestamp ?? null, ...input.frontMatter })
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  // Times stay out of the sections: inside a "## Role" section a date line is content when read back (the JSON export keeps them).
  const sections = input.messages.map(m => `## ${heading(m.role)}\n\n${m.content.trim()}\n`);
  return [`---\n${front.join('\n')}\n---\n`, `# ${input.title}\n`, ...sections].join('\n');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function conversationHtml(title: string, messages: ThreadMessageRecord[]): string {
  const body = messages
    .map(m => `<section class="message ${escapeHtml(m.role)}"><h2>${escapeHtml(heading(m.role))}</h2>${m.timestamp ? `<time>${escapeHtml(m.timestamp)}</time>` : ''}<pre>${escapeHtml(m.content)}</pre></section>`)
    .join('\n');
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body><h1>${escapeHtml(title)}</h1>\n${body}\n</body></html>\n`;
}

/** The thread and all its messages in `format`; `include_metadata` false leaves out the thread's and messages' metadata. */
export async function exportThread(deps: Pick<Deps, 'store'>, threadId: string, input: { format: ThreadExportFormat; include_metadata: boolean; space_id?: string }) {
  const thread = await requireThread(deps.store, threadId, input.space_id);
  const messages = await deps.store.threads.messages(thread.id, 0, null);
  const base = { thread_id: thread.thread_id, title: thread.title, format: input.format, message_count: messages.length };
  if (input.format === 'json') {
    const node = presentThreadNode(thread);
    const presented = messages.map(m => presentMessage(m, thread));
    return {
      ...base,
      thread: input.include_metadata ? node : { ...node, metadata: {} },
      messages: input.include_metadata ? presented : presented.map(m => ({ ...m, metadata: {} })),
    };
  }
  if (input.format === 'html') return { ...base, content: conversationHtml(thread.title, messages) };
  const frontMatter: Record<string, string | number | null> = input.include_metadata
    ? { thread_id: thread.thread_id, space_id: thread.space_id, project: thread.project, created_at: thread.created_at, message_count: messages.length }
    : {};
  return { ...base, content: conversationMarkdown({ title: thread.title, source: input.include_metadata ? thread.source : null, messages, frontMatter }) };
}

/** Runs of source messages (by their place in the source) that the thread does not hold. */
function missingRuns(source: { external_id: string; timestamp: string | null }[], held: Set<string>) {
  const runs: { from_index: number; to_index: number; count: number; first_timestamp: string | null; last_timestamp: string | null }[] = [];
  source.forEach((m, i) => {
    if (held.has(m.external_id)) return;
    const last = runs.at(-1);
    if (last && last.to_index === i - 1) {
      last.to_index = i;
      last.count++;
      last.last_timestamp = m.timestamp ?? last.last_timestamp;
    } else runs.push({ from_index: i, to_index: i, count: 1, first_timestamp: m.timestamp, last_timestamp: m.timestamp });
  });
  return runs;
}

/**
 * What the thread holds against its source: messages held and the memories that cite them (the reference's fields),
 * and for a thread imported from a file: the source's message count and time span, and (when the file is still
 * there) the runs of its messages the thread lacks, so a sync that fell behind shows where.
 */
export async function threadCoverage(deps: Pick<Deps, 'store' | 'conversations'>, threadId: string, input: { space_id?: string }) {
  const thread = await requireThread(deps.store, threadId, input.space_id);
  const [messages, memoryIds] = await Promise.all([deps.store.threads.messages(thread.id, 0, null), deps.store.threads.memoryIds(thread.space_id, thread.thread_id)]);
  const memories = await deps.store.memories.getMany(memoryIds);
  const cited = new Set(memories.map(m => m.source_message_id).filter((id): id is string => id !== null));
  const held = new Set(messages.flatMap(m => (m.external_id ? [m.external_id] : [])));
  const times = messages.map(m => m.timestamp ?? m.created_at);
  const origin = (thread.metadata.import ?? null) as ImportOrigin | null;
  let source = null;
  if (origin) {
    let gaps = null;
    let status: 'recorded' | 'checked' | 'unreadable' = 'recorded';
    let count = origin.source_message_count;
    if (origin.path) {
      try {
        const file = await readingFiles(() => deps.conversations.read(origin.path!, origin.format === 'session' ? origin.source : origin.format));
        const conversation = file.conversations.find(c => c.session_id === origin.session_id) ?? (file.conversations.length === 1 ? file.conversations[0] : undefined);
        if (conversation) {
          count = conversation.messages.length;
          gaps = missingRuns(conversation.messages, held);
          status = 'checked';
        }
      } catch {
        status = 'unreadable'; // moved or deleted since: the counts recorded at import still say something
      }
    }
    const missing = gaps ? gaps.reduce((sum, g) => sum + g.count, 0) : Math.max(0, count - messages.length);
    source = { ...origin, status, message_count: count, missing_messages: missing, gaps };
  }
  return {
    thread_id: thread.thread_id,
    total_messages: messages.length,
    covered_messages: messages.filter(m => cited.has(m.id)).length,
    memories: memories.length,
    metadata: thread.metadata,
    space_id: thread.space_id,
    first_message_at: times[0] ?? null,
    last_message_at: times.at(-1) ?? null,
    source,
  };
}
