import { notFound } from '../../errors.ts';
import { estimateTokens, messageHash, toIsoTimestamp } from '../../domain/thread.ts';
import type { Repos, ThreadMessageRecord, ThreadRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { spaceOrDefault } from '../../domain/space.ts';

/** A message as callers send it (reference `MessageCreateRequest`, plus the `external_id` real clients add). */
export interface MessageInput {
  role: string;
  content: string;
  timestamp?: string | null;
  metadata?: Record<string, unknown> | null;
  external_id?: string | null;
}

/** The caller's external id: top-level, else `metadata.external_id`. */
export function explicitExternalId(message: MessageInput): string | null {
  if (message.external_id) return message.external_id;
  const fromMetadata = message.metadata?.external_id;
  return typeof fromMetadata === 'string' && fromMetadata ? fromMetadata : typeof fromMetadata === 'number' ? String(fromMetadata) : null;
}

/** The lock a transaction holds while it reads a thread to create it or append to it: writers of one thread take turns. */
export const threadLock = (spaceId: string | null | undefined, threadId: string) => `thread:${spaceOrDefault(spaceId)}\u001f${threadId}`;

/** The thread named by `thread_id` in the space (default when omitted), or a 404 `thread_not_found`. */
export async function requireThread(repos: Pick<Repos, 'threads'>, threadId: string, spaceId?: string | null): Promise<ThreadRecord> {
  const thread = await repos.threads.get(spaceOrDefault(spaceId), threadId);
  if (!thread) throw notFound('thread', threadId);
  return thread;
}

/**
 * Message rows numbered from `start`. `externalIds[i]` overrides the stored external id (an idempotency-derived
 * one); otherwise the caller's own is kept.
 */
export function messageRecords(
  deps: Pick<Deps, 'ids'>,
  threadPk: string,
  start: number,
  messages: MessageInput[],
  at: string,
  externalIds: (string | null)[] = [],
): ThreadMessageRecord[] {
  return messages.map((message, i) => {
    const external = externalIds[i] ?? explicitExternalId(message);
    const metadata = { ...(message.metadata ?? {}) };
    if (external !== null && metadata.external_id === undefined) metadata.external_id = external;
    return {
      id: deps.ids.next(),
      thread_pk: threadPk,
      position: start + i,
      role: message.role,
      content: message.content,
      timestamp: toIsoTimestamp(message.timestamp),
      metadata,
      external_id: external,
      content_hash: messageHash(message.role, message.content),
      token_count: estimateTokens(message.content),
      created_at: at,
    };
  });
}

/** When the newest of these messages happened: its own timestamp, else when it was stored. */
export function lastMessageAt(records: ThreadMessageRecord[], fallback: string | null): string | null {
  const last = records.at(-1);
  return last ? (last.timestamp ?? last.created_at) : fallback;
}
