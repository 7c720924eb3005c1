/** Thread vocabulary and pure rules: dedup keys, titles, token estimates, search scores, dates. No I/O. */
import { THREAD_PROFILE, type ThreadProfile } from './searchProfile.ts';

export const THREAD_SEARCH_MODES = ['suggestions', 'full'] as const;
export type ThreadSearchMode = (typeof THREAD_SEARCH_MODES)[number];

export const SESSION_CLIENTS = ['claude-code', 'codex', 'gemini-cli'] as const;
export type SessionClient = (typeof SESSION_CLIENTS)[number];

export const PERSIST_MODES = ['current', 'all'] as const;
export type PersistMode = (typeof PERSIST_MODES)[number];

/** Rule types of the import configuration's auto-import rules (reference `AutoImportRuleModel`). */
export const AUTO_IMPORT_RULE_TYPES = ['project', 'path_pattern', 'source'] as const;

export const MAX_THREAD_TITLE_CHARS = 200;
/** Threads one bulk move or delete may touch: each carries its messages, so fewer than memories (5000). */
export const THREAD_BULK_LIMIT = 1000;
/** `truncate_large_content`: session messages above this many characters are cut (the reference's 10 KB). */
export const LARGE_CONTENT_CHARS = 10_000;

/**
 * A 53-bit hash (cyrb53) of role and content, as 14 hex digits: an index key for finding duplicate candidates.
 * Collisions are harmless: candidates are compared on the full text before anything counts as a duplicate.
 */
export function messageHash(role: string, content: string): string {
  const text = `${role}\u0000${content}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export interface DedupCandidate {
  role: string;
  content: string;
  external_id: string | null;
  /** The idempotency key `external_id` was derived from (`<key>:<index>`), when the caller gave the message none. */
  derived_from?: string | null;
}

/** The external id an idempotency key gives the message at `index` of a request that carries none of its own. */
export function keyedExternalId(key: string, index: number): string {
  return `${key}:${index}`;
}

/**
 * Whether `message` repeats `stored`: same role and content, and
 * - a message with an external id of its own: the same id;
 * - a message whose id derives from an idempotency key: the same id, or a stored message not written under that key
 *   (within one key, position tells repeated words apart; against everything else, content decides);
 * - a message without an id: nothing more.
 */
export function isDuplicateOf(message: DedupCandidate, stored: Pick<DedupCandidate, 'role' | 'content' | 'external_id'>): boolean {
  if (message.role !== stored.role || message.content !== stored.content) return false;
  if (message.external_id === null || message.external_id === stored.external_id) return true;
  if (!message.derived_from) return false;
  return !(stored.external_id ?? '').startsWith(`${message.derived_from}:`);
}

/** A thread's metadata after a merge serialises to at most this many characters (the request's own bound is the HTTP layer's). */
export const MAX_THREAD_METADATA_CHARS = 64_000;

/** A rough token count (about four characters a token), for `token_count` and `total_tokens`. */
export function estimateTokens(content: string): number {
  return Math.ceil(content.length / 4);
}

/** One line of text cut to `max` characters on a word boundary where possible. */
export function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Title of a thread given none: the first user message (else the first message), else the fallback. */
export function deriveThreadTitle(messages: { role: string; content: string }[], fallback: string): string {
  const first = messages.find(m => m.role === 'user' && m.content.trim()) ?? messages.find(m => m.content.trim());
  const title = first ? oneLine(first.content, 80) : '';
  return title || oneLine(fallback, MAX_THREAD_TITLE_CHARS);
}

/** The timestamp as ISO 8601 UTC, or null when absent or unreadable. */
export function toIsoTimestamp(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A calendar day `YYYY-MM-DD` that exists. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** BM25 (FTS5: negative, lower is better) mapped to 0..1, the same for every query: with a half of 5, 5 → 0.5, 15 → 0.75. */
export function bm25Score(rank: number, half = THREAD_PROFILE.message.strengthHalf): number {
  const strength = Math.max(0, -rank);
  return Math.round((strength / (strength + half)) * 1e4) / 1e4;
}

/** A message's search score in 0..1: mostly the share of the query it covers, a little its BM25 strength. */
export function messageScore(coverage: number, rank: number, profile: ThreadProfile = THREAD_PROFILE): number {
  const { message } = profile;
  return Math.round((message.coverage * coverage + message.strength * bm25Score(rank, message.strengthHalf)) * 1e4) / 1e4;
}

/**
 * A thread's search score in 0..1, comparable across queries: mostly how much of the query its best message (or its
 * title) covers, a little of how strongly BM25 ranks that message. A thread matching on both gains a little.
 */
export function threadScore(match: { messageCoverage: number; messageRank?: number; titleCoverage: number }, profile: ThreadProfile = THREAD_PROFILE): number {
  const message = match.messageRank === undefined ? 0 : messageScore(match.messageCoverage, match.messageRank, profile);
  const title = profile.thread.titleCoverage * match.titleCoverage;
  const combined = Math.max(message, title) + profile.thread.bothBonus * Math.min(message, title);
  return Math.min(1, Math.round(combined * 1e4) / 1e4);
}

/** Content cut to `max` characters with a note of how much was dropped. */
export function truncateContent(content: string, max = LARGE_CONTENT_CHARS): string {
  if (content.length <= max) return content;
  return `${content.slice(0, max)}\n…[truncated ${content.length - max} characters]`;
}
