import type { Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

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

/** Hides (or unhides) a project, by its encoded path, from the browse view; repeating either is harmless. */
export async function setProjectHidden(deps: Pick<Deps, 'store' | 'clock'>, projectEncoded: string, hidden: boolean) {
  const { wasHidden, hiddenProjects } = await deps.store.transaction(async tx => {
    const config = await readConfig(tx);
    const wasHidden = config.hidden_projects.includes(projectEncoded);
    const hiddenProjects = hidden
      ? wasHidden ? config.hidden_projects : [...config.hidden_projects, projectEncoded]
      : config.hidden_projects.filter(p => p !== projectEncoded);
    if (hidden !== wasHidden) await tx.threads.saveImportConfig({ ...config, hidden_projects: hiddenProjects }, deps.clock.now());
    return { wasHidden, hiddenProjects };
  });
  return {
    success: true,
    message: hidden ? `Project ${projectEncoded} hidden` : `Project ${projectEncoded} unhidden`,
    project_encoded: projectEncoded,
    hidden,
    changed: hidden !== wasHidden,
    hidden_projects: hiddenProjects,
  };
}
