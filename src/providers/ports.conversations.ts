/** Chat histories from files: exports people download and the session files local assistants write (re-exported by providers/ports.ts). */
import type { SessionMessage } from './ports.sessions.ts';

/** Formats a conversation file can be in. */
export type ConversationFormat = 'chatgpt' | 'claude-ai' | 'markdown' | 'session';

/** One conversation read from a file. */
export interface FileConversation {
  /** Stable across re-reads: the export's conversation id, the session's id, or a hash of the file's path (Markdown). */
  session_id: string;
  /** The host or exporter: `chatgpt`, `claude-ai`, `markdown`, `claude-code`, `codex`, … */
  source: string;
  title: string | null;
  created_at: string | null;
  updated_at: string | null;
  cwd: string | null;
  tool_version: string | null;
  /** In order; each with an external id that is stable across re-reads. */
  messages: SessionMessage[];
  /** Records left out as noise: system and hidden messages, tool calls and their output, empty turns. */
  skipped: number;
}

export interface ParsedConversationFile {
  format: ConversationFormat;
  conversations: FileConversation[];
}

/** A session or export file found under the configured home. */
export interface DiscoveredConversationFile {
  source: string;
  /** Absolute path (as the server sees it). */
  path: string;
  session_id: string;
  size_bytes: number;
  modified_at: string;
  /** The project folder the host filed it under, when it does (Claude Code's encoded project path). */
  project_encoded: string | null;
}

/** Why a file could not be read as conversations; services answer each with a 4xx. */
export class ConversationFileError extends Error {
  constructor(
    readonly reason: 'outside_root' | 'not_found' | 'too_large' | 'malformed' | 'unknown_source',
    message: string,
  ) {
    super(message);
  }
}

/** A running watch over folders; `close` stops it for good. */
export interface FolderWatch {
  close(): void;
}

/**
 * Reads conversation files, only under one root folder (CAIRN_HOME_DIR): every path is resolved through realpath and
 * refused unless it lies inside, so `..` and symlinks that lead elsewhere read nothing.
 */
export interface ConversationFiles {
  readonly root: string;
  /** Parses text as `source` (`auto`: by its content and name); throws ConversationFileError `malformed`/`unknown_source`. */
  parse(fileName: string, text: string, source: string): ParsedConversationFile;
  /** Reads and parses a file under the root. */
  read(path: string, source: string): Promise<ParsedConversationFile>;
  /** Session and export files under the root, newest first (one source, or every one). */
  discover(source?: string): Promise<DiscoveredConversationFile[]>;
  /** The folders discovery and the watcher look in, for the sources given (all when empty), that exist. */
  folders(sources: string[]): Promise<{ source: string; path: string }[]>;
  /** Calls `onChange` with each file written under the folders (recursively); errors go to `onError`. */
  watch(folders: string[], onChange: (path: string) => void, onError: (error: Error) => void): FolderWatch;
}
