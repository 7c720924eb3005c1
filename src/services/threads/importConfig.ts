import type { Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { spaceOrDefault } from '../../domain/space.ts';

export interface AutoImportRule {
  id: string;
  type: string;
  value: string;
  enabled: boolean;
  created_at: number | null;
}

/** The reference's ImportConfigModel. */
export interface ImportConfig {
  hidden_projects: string[];
  hidden_sessions: string[];
  auto_import_rules: AutoImportRule[];
  watcher_enabled: boolean;
  show_hidden_by_default: boolean;
  dedup_window_seconds: number;
  watched_platforms: string[];
  watched_projects: string[];
  cursor_poll_interval: number;
}

/** A partial update: absent or null fields stay as they are. */
export type ImportConfigUpdate = { [K in keyof ImportConfig]?: ImportConfig[K] | null };

const DEFAULTS: ImportConfig = {
  hidden_projects: [],
  hidden_sessions: [],
  auto_import_rules: [],
  watcher_enabled: false,
  show_hidden_by_default: false,
  dedup_window_seconds: 60,
  watched_platforms: [],
  watched_projects: [],
  cursor_poll_interval: 30,
};

/** The saved configuration over the defaults. */
async function readConfig(repos: Pick<Repos, 'threads'>): Promise<ImportConfig> {
  return { ...DEFAULTS, ...((await repos.threads.importConfig()) as Partial<ImportConfig> | undefined) };
}

/** The import configuration (defaults until something is saved). */
export async function getImportConfig(deps: Pick<Deps, 'store'>): Promise<ImportConfig> {
  return readConfig(deps.store);
}

/** Saves the fields given (null and absent fields are kept) and returns the whole configuration. */
export async function updateImportConfig(deps: Pick<Deps, 'store' | 'clock'>, update: ImportConfigUpdate): Promise<ImportConfig> {
  return deps.store.transaction(async tx => {
    const config = await readConfig(tx);
    for (const [key, value] of Object.entries(update) as [keyof ImportConfig, unknown][]) {
      if (value !== null && value !== undefined && key in DEFAULTS) (config as unknown as Record<string, unknown>)[key] = value;
    }
    await tx.threads.saveImportConfig({ ...config }, deps.clock.now());
    return config;
  });
}

/** Adds `value` to (or takes it from) one of the hidden lists, in one transaction; repeating either is harmless. */
async function setHidden(deps: Pick<Deps, 'store' | 'clock'>, list: 'hidden_projects' | 'hidden_sessions', value: string, hidden: boolean) {
  return deps.store.transaction(async tx => {
    const config = await readConfig(tx);
    const wasHidden = config[list].includes(value);
    const values = hidden ? (wasHidden ? config[list] : [...config[list], value]) : config[list].filter(v => v !== value);
    if (hidden !== wasHidden) await tx.threads.saveImportConfig({ ...config, [list]: values }, deps.clock.now());
    return { changed: hidden !== wasHidden, values };
  });
}

/** Hides (or unhides) a project, by its encoded path, from the browse view; repeating either is harmless. */
export async function setProjectHidden(deps: Pick<Deps, 'store' | 'clock'>, projectEncoded: string, hidden: boolean) {
  const { changed, values } = await setHidden(deps, 'hidden_projects', projectEncoded, hidden);
  return {
    success: true,
    message: hidden ? `Project ${projectEncoded} hidden` : `Project ${projectEncoded} unhidden`,
    project_encoded: projectEncoded,
    hidden,
    changed,
    hidden_projects: values,
  };
}

/** Hides (or unhides) a session, by its id, from the browse view (discovery leaves it out); repeating either is harmless. */
export async function setSessionHidden(deps: Pick<Deps, 'store' | 'clock'>, sessionId: string, hidden: boolean) {
  const { changed, values } = await setHidden(deps, 'hidden_sessions', sessionId, hidden);
  return {
    success: true,
    message: hidden ? `Session ${sessionId} hidden` : `Session ${sessionId} unhidden`,
    session_id: sessionId,
    hidden,
    changed,
    hidden_sessions: values,
  };
}

export interface HistorySyncCompleted {
  client: string;
  imported_count: number;
  imported_message_count: number;
  created_count: number;
  updated_count: number;
  failed_count: number;
  space_id?: string | null;
}

/** Records a completed history sync (`nmem` history sync): one timeline card (`history_synced` in the activity feed). */
export async function recordHistorySync(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, input: HistorySyncCompleted) {
  const { client, space_id, ...counts } = input;
  const run = { id: deps.ids.next(), space_id: spaceOrDefault(space_id), client, counts, created_at: deps.clock.now() };
  await deps.store.threads.recordImportRun(run);
  return { success: true, recorded: true, event_id: `history_synced:${run.id}`, client, space_id: run.space_id, ...counts, created_at: run.created_at };
}
