/**
 * Every host whose sessions `nmem t save / sync / capture --from HOST` reads, where each keeps them under the user's
 * home (as its plugin in nowledge-co/community and its public docs describe), and in which format. Hosts whose
 * transcripts cannot be read say why instead. Pure: the files are found and read by the command line
 * (src/cli/client/hostSessions.ts), on the machine the host runs on.
 */
import type { CodingSession } from '../ports.ts';
import { parseChatJsonl, parseRoleTranscript } from './chatJsonl.ts';
import { parseClaudeCodeSession } from './claudeCode.ts';
import { parseCodexSession } from './codex.ts';
import { parseGeminiSession } from './geminiCli.ts';

export type HostFormat = 'claude-code' | 'codex' | 'gemini-cli' | 'jsonl' | 'cursor' | 'hermes' | 'opencode';

export interface ReadableHost {
  format: HostFormat;
  /** Folders under the home that hold its transcripts (searched when no transcript path or --session-dir is given). */
  roots: string[][];
  /** Which files in them are transcripts. */
  file: RegExp;
  /** Homes a host lets the user move with an environment variable: `<$env>/<parts>` is searched first. */
  envRoots?: { env: string; parts: string[] }[];
  /** Stores under the home read whole (Cursor's and Hermes' SQLite files, read-only; OpenCode's storage folder). */
  stores?: string[][];
}

export interface UnreadableHost {
  /** Why Cairn cannot read this host's sessions, and what to do instead. */
  unreadable: string;
}

export type Host = ReadableHost | UnreadableHost;

const JSONL = /\.jsonl$/i;

export const HOSTS: Record<string, Host> = {
  'claude-code': { format: 'claude-code', roots: [['.claude', 'projects']], file: JSONL },
  codex: { format: 'codex', roots: [['.codex', 'sessions']], file: /^rollout-.*\.jsonl$/ },
  'gemini-cli': { format: 'gemini-cli', roots: [['.gemini', 'tmp']], file: /\.json$/i },
  grok: { format: 'jsonl', roots: [['.grok', 'sessions']], file: JSONL },
  cursor: {
    format: 'cursor',
    roots: [['.cursor', 'projects']],
    file: /\.(jsonl|txt)$/i,
    stores: [
      ['.config', 'Cursor', 'User', 'globalStorage', 'state.vscdb'],
      ['Library', 'Application Support', 'Cursor', 'User', 'globalStorage', 'state.vscdb'],
      ['AppData', 'Roaming', 'Cursor', 'User', 'globalStorage', 'state.vscdb'],
    ],
  },
  codebuddy: { format: 'jsonl', roots: [['.codebuddy', 'projects']], file: JSONL, envRoots: [{ env: 'CODEBUDDY_CONFIG_DIR', parts: ['projects'] }] },
  workbuddy: { format: 'jsonl', roots: [['.workbuddy', 'projects']], file: JSONL, envRoots: [{ env: 'WORKBUDDY_CONFIG_DIR', parts: ['projects'] }] },
  // Kimi Code keeps `<sessions>/<md5 of the working directory>/<session id>/context.jsonl` (wire.jsonl is its event log).
  'kimi-code': { format: 'jsonl', roots: [['.kimi-code', 'sessions'], ['.kimi', 'sessions']], file: /^context\.jsonl$/, envRoots: [{ env: 'KIMI_CODE_HOME', parts: ['sessions'] }] },
  // Kimi Work embeds a Kimi Code runtime with its own home (macOS by default).
  'kimi-work': {
    format: 'jsonl',
    roots: [['Library', 'Application Support', 'kimi-desktop', 'daimon-share', 'daimon', 'runtime', 'kimi-code', 'home', 'sessions']],
    file: /^context\.jsonl$/,
    envRoots: [{ env: 'KIMI_WORK_HOME', parts: ['sessions'] }],
  },
  pi: { format: 'jsonl', roots: [['.pi', 'agent', 'sessions']], file: JSONL },
  omp: { format: 'jsonl', roots: [['.omp', 'agent', 'sessions']], file: JSONL },
  droid: { format: 'jsonl', roots: [['.factory', 'sessions']], file: JSONL },
  proma: {
    format: 'jsonl',
    roots: [['.proma', 'sdk-config', 'projects'], ['.proma', 'agent-sessions'], ['.proma', 'conversations']],
    file: JSONL,
    envRoots: [{ env: 'PROMA_HOME', parts: ['sdk-config', 'projects'] }],
  },
  'craft-agent': { format: 'jsonl', roots: [['.craft-agent', 'workspaces']], file: /^session\.jsonl$/ },
  antigravity: { format: 'jsonl', roots: [['.gemini', 'antigravity', 'brain']], file: /^transcript\.jsonl$/ },
  'copilot-cli': { format: 'jsonl', roots: [['.copilot', 'session-state']], file: JSONL },
  hermes: { format: 'hermes', roots: [], file: /^state\.db$/, stores: [['.hermes', 'state.db']] },
  opencode: { format: 'opencode', roots: [], file: /^$/, stores: [['.local', 'share', 'opencode', 'storage']] },
  devin: {
    unreadable: "Devin keeps its sessions in sessions.db, whose layout is not public, so Cairn cannot read them; save a conversation with `nmem t create -f FILE` or the MCP tool thread_save",
  },
};

/** Other names plugins use for the same hosts. */
const ALIASES: Record<string, string> = { copilot: 'copilot-cli', 'grok-build': 'grok', 'google-antigravity': 'antigravity', 'oh-my-pi': 'omp', factory: 'droid', claude: 'claude-code', gemini: 'gemini-cli' };

export const hostName = (name: string) => ALIASES[name] ?? name;

/** The hosts whose sessions Cairn reads, and the others with the reason it cannot. */
export const readableHosts = () => Object.keys(HOSTS).filter(h => isReadable(HOSTS[h]));
export const unreadableHosts = () => Object.entries(HOSTS).flatMap(([name, host]) => (isReadable(host) ? [] : [{ host: name, reason: host.unreadable }]));

export const isReadable = (host: Host | undefined): host is ReadableHost => host !== undefined && 'format' in host;

/** Reads one transcript file's text as `host` writes it; null when it holds no conversation in that format. */
export function parseHostFile(host: string, format: HostFormat, text: string, path: string): CodingSession | null {
  const name = path.split(/[\\/]/).at(-1) ?? path;
  const session = (() => {
    switch (format) {
      case 'claude-code':
        return parseClaudeCodeSession(text, name);
      case 'codex':
        return parseCodexSession(text, name);
      case 'gemini-cli':
        return parseGeminiSession(text, name);
      case 'cursor':
        return /\.txt$/i.test(name) ? parseRoleTranscript(host, text, path) : parseChatJsonl(host, text, path);
      default:
        return parseChatJsonl(host, text, path);
    }
  })();
  return session && { ...session, client: host };
}
