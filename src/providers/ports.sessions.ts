/** Coding-assistant sessions on this machine (re-exported by providers/ports.ts). */
import type { SessionClient } from '../domain/thread.ts';

export interface SessionMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
  timestamp: string | null;
  /** Stable across re-reads of the same file: the record's own id, or its place in the file. */
  external_id: string;
  metadata: Record<string, unknown>;
}

export interface CodingSession {
  /** The host that wrote it: a SessionClient, or another host `nmem` reads (src/providers/sessions/hosts.ts). */
  client: string;
  session_id: string;
  /** File name (no folders). */
  file: string;
  cwd: string | null;
  started_at: string | null;
  updated_at: string | null;
  /** A title the tool recorded (a claude-code summary), if any. */
  title: string | null;
  tool_version: string | null;
  messages: SessionMessage[];
}

export interface SessionQuery {
  client: SessionClient;
  /** Absolute project directory. */
  project_path: string;
  /** Only the session with this id. */
  session_id?: string;
  /** Only the most recently written session. */
  newest_only: boolean;
  /** Every project's sessions (project_path is then ignored). */
  any_project?: boolean;
  /** At most this many sessions, newest first. */
  limit?: number;
}

/** Reads the sessions a coding assistant recorded for a project; never reads outside that assistant's folder. */
export interface SessionSource {
  /** Sessions found, newest first, and the folder that was searched (for hints). */
  find(query: SessionQuery): Promise<{ sessions: CodingSession[]; searched: string }>;
}
