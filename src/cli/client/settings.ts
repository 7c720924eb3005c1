/**
 * Where the command line finds the server, and with which key and space: flag > environment > the config file
 * `~/.nowledge-mem/config.json` (the file the original product's clients share) > the default address.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const DEFAULT_API_URL = 'http://127.0.0.1:14242';

export interface GlobalFlags {
  json?: boolean;
  apiUrl?: string;
  apiKey?: string;
  space?: string;
}

export interface Settings {
  apiUrl: string;
  apiKey: string | null;
  space: string | null;
  /** Where each value came from, for `status` and `config client show`. */
  from: { apiUrl: string; apiKey: string; space: string };
}

type Env = Record<string, string | undefined>;

export const configFilePath = () => join(homedir(), '.nowledge-mem', 'config.json');

/** The config file's fields, empty when it is missing; a file that is not JSON is an error worth seeing. */
export function readConfigFile(path = configFilePath()): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    throw new Error(`${path} is not valid JSON: fix or delete it`);
  }
}

/** Writes fields into the config file (keeping the others), readable by its owner only: it may hold a key. */
export function writeConfigFile(fields: Record<string, unknown>, path = configFilePath()): void {
  const merged = { ...readConfigFile(path), ...fields };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The first of [value, origin] pairs that is set. */
function pick(...candidates: [unknown, string][]): [string | null, string] {
  for (const [value, origin] of candidates) {
    const found = text(value);
    if (found !== null) return [found, origin];
  }
  return [null, 'unset'];
}

/**
 * The same settings for the server-side commands that talk to a server (`cairn export`, `import`, `mcp-config`): one
 * saved key for every command. Only the default address differs: CAIRN_PORT's, as the server on this machine has it.
 */
export function serverCommandSettings(flags: Pick<GlobalFlags, 'apiUrl' | 'apiKey'>, env: Env, defaultUrl: string): Settings {
  const settings = resolveSettings(flags, env);
  return settings.from.apiUrl === 'default' ? { ...settings, apiUrl: defaultUrl.replace(/\/+$/, '') } : settings;
}

export function resolveSettings(flags: GlobalFlags, env: Env, file: Record<string, unknown> = readConfigFile()): Settings {
  const [url, urlFrom] = pick(
    [flags.apiUrl, '--api-url'],
    [env.NMEM_API_URL, 'NMEM_API_URL'],
    [env.CAIRN_URL, 'CAIRN_URL'],
    [file.apiUrl, 'config file'],
    [file.api_url, 'config file'],
  );
  const [key, keyFrom] = pick(
    [flags.apiKey, '--api-key'],
    [env.NMEM_API_KEY, 'NMEM_API_KEY'],
    [env.CAIRN_API_KEY, 'CAIRN_API_KEY'],
    [file.apiKey, 'config file'],
    [file.api_key, 'config file'],
  );
  const [space, spaceFrom] = pick(
    [flags.space, '--space'],
    [env.NMEM_SPACE, 'NMEM_SPACE'],
    [env.NMEM_SPACE_ID, 'NMEM_SPACE_ID'],
    [file.space, 'config file'],
    [file.space_id, 'config file'],
  );
  return {
    apiUrl: (url ?? DEFAULT_API_URL).replace(/\/+$/, ''),
    apiKey: key,
    space,
    from: { apiUrl: url ? urlFrom : 'default', apiKey: keyFrom, space: space ? spaceFrom : 'default' },
  };
}
