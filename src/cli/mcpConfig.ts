/**
 * `cairn mcp-config --client <client>`: the exact configuration an AI assistant needs to reach Cairn's MCP server.
 * mcpConfigSnippet is pure (no server, no config files), so `nmem config mcp` can print the same snippets.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { serverCommandSettings } from './client/settings.ts';

/**
 * Hosts whose integrations (nowledge-co/community) take an HTTP MCP server as `{"mcpServers": {name: {type: "http",
 * url, headers}}}`, with the `APP` header their shipped configs send; Devin and Antigravity name the URL `serverUrl`.
 */
const PLAIN_HTTP_HOSTS = {
  codebuddy: 'CodeBuddy',
  workbuddy: 'WorkBuddy',
  'kimi-code': 'Kimi Code',
  'kimi-work': 'Kimi Work',
  cindy: 'Cindy',
  'deepseek-harness': 'DeepSeek Harness',
  zcode: 'ZCode',
  'mimo-code': 'MiMo Code',
  mirasim: 'Mirasim',
  ekko: 'Ekko',
} as const;
const SERVER_URL_HOSTS = { devin: 'Devin', 'google-antigravity': 'Antigravity' } as const;

export const MCP_CLIENTS = [
  'claude-code',
  'claude-desktop',
  'cursor',
  'codex',
  'gemini-cli',
  ...(Object.keys(PLAIN_HTTP_HOSTS) as (keyof typeof PLAIN_HTTP_HOSTS)[]),
  ...(Object.keys(SERVER_URL_HOSTS) as (keyof typeof SERVER_URL_HOSTS)[]),
  'craft-agent',
] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

export interface McpConfigOptions {
  /** The server (`http://127.0.0.1:14242`) or its MCP endpoint (`…/mcp/`). */
  url: string;
  /** Sent as `Authorization: Bearer <key>` when set. */
  apiKey?: string | null;
  /** Sent as `X-Nmem-Space-Id` when set: every tool call works in that space. */
  spaceId?: string | null;
}

/** Where each client keeps the snippet. */
export const MCP_CONFIG_PLACES: Record<McpClient, string> = {
  'claude-code': 'Run this command in your project (add `--scope user` to use Cairn in every project).',
  'claude-desktop': 'Merge into claude_desktop_config.json (Settings → Developer → Edit Config); it bridges HTTP through mcp-remote (needs Node.js).',
  cursor: 'Merge into ~/.cursor/mcp.json (or .cursor/mcp.json in a project).',
  codex: 'Append to ~/.codex/config.toml.',
  'gemini-cli': 'Merge into ~/.gemini/settings.json (or .gemini/settings.json in a project).',
  codebuddy: "Merge into the plugin's .mcp.json (or CodeBuddy's MCP settings).",
  workbuddy: "Merge into the plugin's .mcp.json (or WorkBuddy's MCP settings).",
  'kimi-code': "Merge into Kimi Code's MCP configuration (~/.kimi/mcp.json).",
  'kimi-work': "Merge into Kimi Work's MCP configuration.",
  cindy: 'In Cindy, add a custom MCP server with this URL and headers.',
  'deepseek-harness': "Merge into DeepSeek Harness's MCP servers.",
  zcode: "Merge into ZCode's MCP settings.",
  'mimo-code': "Merge into MiMo Code's MCP settings.",
  mirasim: "Add as a Mirasim MCP server.",
  ekko: "Add as an Ekko Agent MCP server in Hermes Studio.",
  devin: "Merge into Devin's mcp_config.json.",
  'google-antigravity': "Merge into Antigravity's mcp_config.json.",
  'craft-agent': "Save as the source's config.json in the Craft Agent workspace (sources/nowledge-mem/config.json).",
};

/** The MCP endpoint of a server address: `/mcp/` is added unless the address names it already. */
export function mcpEndpoint(url: string): string {
  const base = url.trim().replace(/\/+$/, '');
  return /\/mcp$/.test(base) ? `${base}/` : `${base}/mcp/`;
}

function headersOf(options: McpConfigOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  if (options.spaceId) headers['X-Nmem-Space-Id'] = options.spaceId;
  return headers;
}

const json = (servers: Record<string, unknown>) => JSON.stringify({ mcpServers: servers }, null, 2);
const shellQuote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
const tomlString = (text: string) => JSON.stringify(text);

/** The configuration snippet for one client, ready to paste (a command for Claude Code, JSON or TOML for the others). */
export function mcpConfigSnippet(client: McpClient, options: McpConfigOptions): string {
  const url = mcpEndpoint(options.url);
  const headers = headersOf(options);
  const entries = Object.entries(headers);
  switch (client) {
    case 'claude-code':
      return ['claude mcp add --transport http cairn', shellQuote(url), ...entries.map(([k, v]) => `--header ${shellQuote(`${k}: ${v}`)}`)].join(' ');
    case 'claude-desktop': {
      // mcp-remote reads header values with spaces badly on some systems: the values travel as environment variables.
      const env = Object.fromEntries(entries.map(([k], i) => [`CAIRN_HEADER_${i}`, headers[k]!]));
      const args = ['-y', 'mcp-remote', url, ...entries.flatMap(([k], i) => ['--header', `${k}:\${CAIRN_HEADER_${i}}`])];
      return json({ cairn: { command: 'npx', args, ...(entries.length ? { env } : {}) } });
    }
    case 'cursor':
      return json({ cairn: { url, ...(entries.length ? { headers } : {}) } });
    case 'codex': {
      const lines = ['[mcp_servers.cairn]', `url = ${tomlString(url)}`];
      if (entries.length) lines.push(`http_headers = { ${entries.map(([k, v]) => `${tomlString(k)} = ${tomlString(v)}`).join(', ')} }`);
      return lines.join('\n');
    }
    case 'gemini-cli':
      return json({ cairn: { httpUrl: url, ...(entries.length ? { headers } : {}) } });
    case 'craft-agent':
      return JSON.stringify(
        { id: 'nowledge-mem', name: 'Nowledge Mem', slug: 'nowledge-mem', enabled: true, provider: 'nowledge-mem', type: 'mcp', mcp: { transport: 'http', url, authType: 'none', headers: { APP: 'Craft Agent', ...headers } } },
        null,
        2,
      );
    default:
      if (client in SERVER_URL_HOSTS) return json({ 'nowledge-mem': { serverUrl: url, headers: { APP: SERVER_URL_HOSTS[client as keyof typeof SERVER_URL_HOSTS], ...headers } } });
      return json({ 'nowledge-mem': { type: 'http', url, headers: { APP: PLAIN_HTTP_HOSTS[client as keyof typeof PLAIN_HTTP_HOSTS], ...headers } } });
  }
}

/** Registers `cairn mcp-config`. */
export function registerMcpConfigCommand(program: Command) {
  program
    .command('mcp-config')
    .description(`print the MCP configuration for an AI assistant (${MCP_CLIENTS.join(', ')})`)
    .requiredOption('--client <client>', MCP_CLIENTS.join(' | '))
    .option('--url <url>', 'server address (NMEM_API_URL, CAIRN_URL, `nmem config client set url`; default http://127.0.0.1:<port>)')
    .option('--api-key <key>', 'API key to put in the snippet (NMEM_API_KEY, CAIRN_API_KEY, `nmem config client set key`)')
    .option('--space <space_id>', 'space every tool call works in (X-Nmem-Space-Id)')
    .action((options: { client: string; url?: string; apiKey?: string; space?: string }) => {
      if (!(MCP_CLIENTS as readonly string[]).includes(options.client)) {
        throw new Error(`Unknown client "${options.client}": use one of ${MCP_CLIENTS.join(', ')}`);
      }
      // The same saved client settings as every other command (flags, then the environment, then the config file).
      const settings = serverCommandSettings({ apiUrl: options.url, apiKey: options.apiKey }, process.env, loadConfig().serverUrl);
      const client = options.client as McpClient;
      process.stdout.write(`${mcpConfigSnippet(client, { url: settings.apiUrl, apiKey: settings.apiKey, spaceId: options.space ?? settings.space })}\n`);
      process.stderr.write(`${MCP_CONFIG_PLACES[client]}\n`);
    });
}
