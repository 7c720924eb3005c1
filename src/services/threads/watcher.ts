/**
 * The session watcher (`/threads/watcher/*`): watches the folders where hosts write their sessions (the import
 * configuration's `watched_platforms`, every known host when empty) and imports each file written there, a moment
 * after its last write (debounced), as `/threads/conversations/import` would: new sessions become threads, grown ones
 * get their new messages. Hidden sessions are skipped. It runs only once started, and stops with the server.
 */
import type { FolderWatch } from '../../providers/ports.conversations.ts';
import type { Deps } from '../deps.ts';
import type { ThreadWatcher, WatcherStatus } from '../ports.ts';
import { spaceOrDefault } from '../../domain/space.ts';
import { readingFiles, saveConversation } from './conversationFiles.ts';
import { getImportConfig } from './importConfig.ts';

/** Errors kept for the status: the most recent ones. */
const MAX_ERRORS = 20;
/** Files the watcher reads: session transcripts, not editors' temporary files. */
const WATCHED_FILE = /\.(jsonl|json)$/i;
/** Chat exports: watched only when named in `watched_platforms` (their folder is Downloads), and only their export file. */
const EXPORT_SOURCES = new Set(['chatgpt', 'claude-ai']);
const EXPORT_FILE = /(^|[\\/])conversations\.json$/;

type WatcherDeps = Pick<Deps, 'store' | 'clock' | 'ids' | 'conversations'>;

export function createThreadWatcher(deps: WatcherDeps, options: { debounceMs?: number; log?: (message: string) => void } = {}): ThreadWatcher {
  const debounceMs = options.debounceMs ?? 1000;
  let watch: FolderWatch | null = null;
  let folders: { source: string; path: string }[] = [];
  let lastCheck: number | null = null;
  let autoImportCount = 0;
  const errors: string[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  /** Imports run one after another: two writes of one file never import it twice at once. */
  let queue: Promise<void> = Promise.resolve();

  const status = (): WatcherStatus => ({
    running: watch !== null,
    watched_paths: folders.map(f => f.path),
    last_check: lastCheck,
    auto_import_count: autoImportCount,
    errors: [...errors],
  });

  const fail = (message: string) => {
    errors.push(`${new Date().toISOString()} ${message}`);
    if (errors.length > MAX_ERRORS) errors.shift();
    options.log?.(`thread watcher: ${message}`);
  };

  async function importFile(path: string, source: string) {
    lastCheck = Date.now() / 1000;
    const config = await getImportConfig(deps);
    const file = await readingFiles(() => deps.conversations.read(path, source));
    const hidden = new Set(config.hidden_sessions);
    const conversations = file.conversations.filter(c => c.messages.length > 0 && !hidden.has(c.session_id));
    if (conversations.length === 0) return;
    const results = await deps.store.transaction(async tx => {
      const saved = [];
      for (const c of conversations) saved.push(await saveConversation(deps, tx, file, c, { space_id: spaceOrDefault(null), path }));
      return saved;
    });
    autoImportCount += results.filter(r => r.action !== 'unchanged').length;
  }

  function changed(path: string, source: string) {
    if (!WATCHED_FILE.test(path) || (EXPORT_SOURCES.has(source) && !EXPORT_FILE.test(path))) return;
    clearTimeout(timers.get(path));
    timers.set(
      path,
      setTimeout(() => {
        timers.delete(path);
        if (!watch) return;
        queue = queue.then(() =>
          importFile(path, source).catch(error => {
            // A file removed before the import read it is no error: there is nothing to import.
            if ((error as { code?: string }).code !== 'file_not_found') fail(`${path}: ${(error as Error).message}`);
          }),
        );
      }, debounceMs),
    );
  }

  return {
    async start() {
      if (watch) return status();
      const config = await getImportConfig(deps);
      folders = [];
      // Platform by platform: a name Cairn does not know is reported in the status, and the others are still watched.
      for (const platform of config.watched_platforms.length > 0 ? config.watched_platforms : [null]) {
        try {
          const found = await deps.conversations.folders(platform === null ? [] : [platform]);
          folders.push(...(platform === null ? found.filter(f => !EXPORT_SOURCES.has(f.source)) : found));
        } catch (error) {
          fail(`watched_platforms: ${(error as Error).message}`);
        }
      }
      const watched = folders;
      watch = deps.conversations.watch(
        watched.map(f => f.path),
        path => changed(path, watched.find(f => path.startsWith(f.path))?.source ?? 'auto'),
        error => fail(error.message),
      );
      return status();
    },
    async stop() {
      watch?.close();
      watch = null;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await queue; // an import under way finishes before the store closes
      folders = [];
      return status();
    },
    status,
  };
}
