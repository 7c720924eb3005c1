/** `config client set url|key|space` (the shared config file), `config client show`, `config mcp` (the MCP snippet). */
import type { Command } from 'commander';
import { Argument, Option } from 'commander';
import { MCP_CLIENTS, MCP_CONFIG_PLACES, type McpClient, mcpConfigSnippet, mcpEndpoint } from '../mcpConfig.ts';
import { configFilePath, readConfigFile, writeConfigFile } from './settings.ts';
import { type Ctx, withCtx, defaultSubcommand } from './output.ts';

/** `api-key` and `api-url` are the names most integrations' setup steps use. */
const FIELDS = { url: 'apiUrl', key: 'apiKey', space: 'space', 'api-key': 'apiKey', 'api-url': 'apiUrl' } as const;
const isKey = (field: keyof typeof FIELDS) => FIELDS[field] === 'apiKey';

function setClient(ctx: Ctx, field: keyof typeof FIELDS, value: string) {
  const isUrl = FIELDS[field] === 'apiUrl';
  if (isUrl && !/^https?:\/\/[^\s]+$/.test(value)) throw new Error(`not a URL: ${value} (e.g. http://127.0.0.1:14242)`);
  const path = configFilePath();
  writeConfigFile({ [FIELDS[field]]: isUrl ? value.replace(/\/+$/, '') : value }, path);
  const shown = isKey(field) ? '(saved, not shown)' : value;
  ctx.print({ success: true, path, field: FIELDS[field], value: isKey(field) ? null : value }, () => `Saved ${FIELDS[field]} ${shown} in ${path}`);
}

const mask = (key: string | null) => (key ? `${key.slice(0, 6)}…${key.slice(-4)}` : null);

function showClient(ctx: Ctx) {
  const file = readConfigFile();
  const data = { path: configFilePath(), file_exists: Object.keys(file).length > 0, api_url: ctx.settings.apiUrl, api_key: mask(ctx.settings.apiKey), space: ctx.space ?? 'default', from: ctx.settings.from };
  ctx.print(data, () =>
    [`config file ${data.path}${data.file_exists ? '' : ' (none)'}`, `api url     ${data.api_url}  (${data.from.apiUrl})`, `api key     ${data.api_key ?? '-'}  (${data.from.apiKey})`, `space       ${data.space}  (${data.from.space})`].join('\n'),
  );
}

/** The MCP snippet for one assistant, with this command line's server address, key and space. */
function showMcp(ctx: Ctx, options: { host?: McpClient; client?: McpClient }) {
  const client = options.host ?? options.client ?? 'cursor';
  const snippet = mcpConfigSnippet(client, { url: ctx.settings.apiUrl, apiKey: ctx.settings.apiKey, spaceId: ctx.space ?? null });
  ctx.print({ client, url: mcpEndpoint(ctx.settings.apiUrl), where: MCP_CONFIG_PLACES[client], snippet }, () => snippet);
  if (!ctx.json) process.stderr.write(`${MCP_CONFIG_PLACES[client]}\n`);
}

export function registerConfigCommands(program: Command): void {
  const config = program.command('config').description('settings of this command line, and the MCP configuration for AI assistants');
  const client = config.command('client').description('where this command line finds the server (~/.nowledge-mem/config.json)');
  client
    .command('set')
    .description('store the server address, API key or space (file readable by you only)')
    .addArgument(new Argument('<field>', 'url, key or space (api-url, api-key as well)').choices(Object.keys(FIELDS)))
    .argument('<value>')
    .action(withCtx(setClient));
  defaultSubcommand(client, 'show').description('the settings in effect and where each comes from').action(withCtx(showClient));

  const hosts = () => new Option('--host <client>', `the assistant: ${MCP_CLIENTS.join(', ')} (default cursor: the plain JSON most hosts take)`).choices(MCP_CLIENTS);
  const mcp = config.command('mcp').description("the MCP configuration an AI assistant needs to reach this server (with the key and space in use)");
  defaultSubcommand(mcp, 'show')
    .description('print the snippet')
    .addOption(hosts())
    .addOption(new Option('--client <client>', 'same as --host').choices(MCP_CLIENTS))
    .action(withCtx(showMcp));
}
