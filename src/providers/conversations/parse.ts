/**
 * A conversation file's text, read as conversations: which format it is in (the source asked for, or `auto`: by its
 * content and name), then that format's parser. Pure.
 */
import { createHash } from 'node:crypto';
import { messageHash } from '../../domain/thread.ts';
import { parseConversationMarkdown } from '../../domain/threadMarkdown.ts';
import { ConversationFileError, type FileConversation, type ParsedConversationFile } from '../ports.conversations.ts';
import type { CodingSession } from '../ports.sessions.ts';
import { HOSTS, hostName, isReadable, parseHostFile, readableHosts } from '../sessions/hosts.ts';
import { isChatGptExport, isClaudeExport, parseChatGptExport, parseClaudeExport } from '../sessions/chatExports.ts';

/** Sources that are exports rather than a host's session files. */
export const EXPORT_SOURCES = ['chatgpt', 'claude-ai', 'markdown'] as const;

/** Every source a conversation file may be read as (`claude` is Claude Code's sessions, or a claude.ai export). */
export const conversationSources = () => ['auto', ...EXPORT_SOURCES, 'claude', ...readableHosts()];

const SOURCE_ALIASES: Record<string, string> = { 'claude-export': 'claude-ai', 'claude.ai': 'claude-ai', openai: 'chatgpt', md: 'markdown' };

/** The source's own name, or an `unknown_source` error naming the accepted ones. */
export function canonicalSource(source: string): string {
  const name = SOURCE_ALIASES[source.trim().toLowerCase()] ?? source.trim().toLowerCase();
  if (name === 'auto' || name === 'claude' || (EXPORT_SOURCES as readonly string[]).includes(name)) return name;
  const host = hostName(name);
  if (isReadable(HOSTS[host])) return host;
  throw new ConversationFileError('unknown_source', `Unknown source "${source}": expected one of ${conversationSources().join(', ')}`);
}

const malformed = (message: string) => new ConversationFileError('malformed', message);

function tryJson(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '[' && start !== '{') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A Markdown transcript: one conversation, named by a hash of the file's name or path. */
function markdownFile(fileName: string, text: string): ParsedConversationFile {
  const parsed = parseConversationMarkdown(text);
  if (parsed.messages.length === 0) {
    throw malformed('No messages found: a Markdown transcript needs "## User" / "## Assistant" sections, "### Name" headings or "**Speaker:** text" lines');
  }
  const id = shortHash(fileName);
  const conversation: FileConversation = {
    session_id: id,
    source: parsed.source || 'markdown',
    title: parsed.title,
    created_at: null,
    updated_at: null,
    cwd: null,
    tool_version: null,
    // Position and content make the id: reading the same file again yields the same ids, so nothing is added twice.
    messages: parsed.messages.map((m, i) => ({
      role: m.role as 'user' | 'assistant' | 'system',
      content: m.content,
      timestamp: m.timestamp ?? null,
      external_id: `md-${id}:${i}:${messageHash(m.role, m.content).slice(0, 12)}`,
      metadata: m.metadata ?? {},
    })),
    skipped: 0,
  };
  return { format: 'markdown', conversations: [conversation] };
}

const fromSession = (session: CodingSession): FileConversation => ({
  session_id: session.session_id,
  source: session.client,
  title: session.title,
  created_at: session.started_at,
  updated_at: session.updated_at,
  cwd: session.cwd,
  tool_version: session.tool_version,
  messages: session.messages,
  skipped: 0,
});

/** A host's session file; `auto` tries the hosts whose files look like it. */
function sessionFile(fileName: string, text: string, source: string): ParsedConversationFile {
  const name = fileName.split(/[\\/]/).at(-1) ?? fileName;
  const hosts = source !== 'auto' ? [source === 'claude' ? 'claude-code' : source] : /\.json$/i.test(name) ? ['gemini-cli'] : ['claude-code', 'codex', 'grok'];
  for (const host of hosts) {
    const entry = HOSTS[host];
    const session = isReadable(entry) ? parseHostFile(host, entry.format, text, fileName) : null;
    if (session && session.messages.length > 0) return { format: 'session', conversations: [fromSession(session)] };
  }
  throw malformed(`No conversation found: ${name} is not a ${source === 'auto' ? 'known export or session' : `${source} session`} file`);
}

/** Reads `text` (the file `fileName`) as `source`; a file in another format, or holding no conversation, is `malformed`. */
export function parseConversationText(fileName: string, text: string, source: string): ParsedConversationFile {
  const wanted = canonicalSource(source);
  const json = tryJson(text);
  const exportAllowed = wanted === 'auto' || wanted === 'claude' || wanted === 'chatgpt' || wanted === 'claude-ai';
  if (exportAllowed && json !== undefined) {
    if (wanted !== 'claude' && wanted !== 'claude-ai' && isChatGptExport(json)) return { format: 'chatgpt', conversations: parseChatGptExport(json) };
    if (wanted !== 'chatgpt' && isClaudeExport(json)) return { format: 'claude-ai', conversations: parseClaudeExport(json) };
  }
  if (wanted === 'chatgpt') throw malformed('Not a ChatGPT export: expected conversations.json, an array of conversations each with a "mapping"');
  if (wanted === 'claude-ai') throw malformed('Not a Claude export: expected conversations.json, an array of conversations each with "chat_messages"');
  const jsonLike = json !== undefined || /\.jsonl?$/i.test(fileName) || text.trimStart().startsWith('{');
  if (wanted === 'markdown' || (wanted === 'auto' && !jsonLike)) return markdownFile(fileName, text);
  return sessionFile(fileName, text, wanted);
}
