/** The /threads subtree: the space's conversations as Markdown files. */
import type { Deps } from '../deps.ts';
import { requireThread } from '../threads/messages.ts';
import { threadPath } from './paths.ts';
import { oneLine, renderThreadFile } from './render.ts';
import { counted } from '../../domain/text.ts';

/** Messages a thread file holds at most; a longer thread says so at its end. */
const MAX_FILE_MESSAGES = 2000;

export interface ThreadEntry {
  path: string;
  thread_id: string;
  title: string;
  source: string;
  message_count: number;
  updated_at: string;
}

export const threadLine = (t: ThreadEntry) =>
  `${t.path}  ${oneLine(t.title, 80)} · ${t.source} · ${counted(t.message_count, 'message')} · ${t.updated_at.slice(0, 10)}`;

/** A page of the space's threads, most recent activity first. */
export async function listThreadFiles(deps: Pick<Deps, 'store'>, input: { space_id: string; limit: number; offset: number }) {
  const { items, total } = await deps.store.threads.list(input);
  const entries: ThreadEntry[] = items.map(t => ({
    path: threadPath(t.thread_id),
    thread_id: t.thread_id,
    title: t.title,
    source: t.source,
    message_count: t.message_count,
    updated_at: t.updated_at,
  }));
  return { entries, total };
}

/** A thread file's text; 404 `thread_not_found` when the space has no such thread. */
export async function threadFile(deps: Pick<Deps, 'store'>, threadId: string, spaceId: string) {
  const thread = await requireThread(deps.store, threadId, spaceId);
  const messages = await deps.store.threads.messages(thread.id, 0, MAX_FILE_MESSAGES);
  let text = renderThreadFile(thread, messages);
  if (thread.message_count > messages.length) text += `\n\n(${thread.message_count - messages.length} later messages not shown)`;
  return { thread, text };
}
