import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../services/deps.ts';
import { recordHistorySync, setSessionHidden } from '../../../services/threads/importConfig.ts';
import { reconcileTail } from '../../../services/threads/reconcile.ts';
import { doc } from '../../openapi.ts';
import { spaceId } from '../../schemas.ts';
import { threadIdParams } from './threads.schema.ts';

/** An empty watcher status before the first start, or when the server runs none (a read worker). */
const idleStatus = { running: false, watched_paths: [] as string[], last_check: null, auto_import_count: 0, errors: [] as string[] };

const WatcherStatus = z.object({
  running: z.boolean(),
  watched_paths: z.array(z.string()),
  last_check: z.number().nullable().describe('Epoch seconds of the last import attempt'),
  auto_import_count: z.number().describe('Threads created or given new messages since the server started'),
  errors: z.array(z.string()).describe('The 20 most recent errors, oldest first'),
});

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0);

/** Reference ThreadHistorySyncCompletedRequest. */
const historySyncBody = z.object({
  client: z.string().trim().min(1).max(200),
  imported_count: count,
  imported_message_count: count,
  created_count: count,
  updated_count: count,
  failed_count: count,
  space_id: spaceId.nullish(),
});

const tailMessage = z.object({
  role: z.string().trim().min(1).max(64),
  content: z.string(),
  timestamp: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  external_id: z.string().max(1000).nullish(),
});

/** The reference leaves the body open and names `matched_count`, `messages` and `expected_tail_ids`; `from_source` is ours. */
const reconcileBody = z.object({
  matched_count: z.number().int().min(0).nullish(),
  messages: z.array(tailMessage).max(10_000).nullish(),
  expected_tail_ids: z.array(z.string().max(1000)).max(10_000).nullish(),
  from_source: z.boolean().nullish(),
  space_id: spaceId.nullish(),
});

const SessionVisibility = z.object({ success: z.boolean(), message: z.string(), session_id: z.string(), hidden: z.boolean(), changed: z.boolean(), hidden_sessions: z.array(z.string()) });

const docs = {
  hideSession: doc({ tag: 'Threads', summary: 'Hide a session', description: 'Hides a session (by id) from the browse view: discovery and the watcher leave it out. Repeating it is harmless.', response: { 200: SessionVisibility } }),
  unhideSession: doc({ tag: 'Threads', summary: 'Unhide a session', description: 'Shows a hidden session again; repeating it is harmless.', response: { 200: SessionVisibility } }),
  watcherStatus: doc({ tag: 'Threads', summary: 'Session watcher status', description: 'Whether the session watcher runs, the folders it watches, when it last imported and how many threads it imported.', response: { 200: WatcherStatus } }),
  watcherStart: doc({
    tag: 'Threads',
    summary: 'Start the session watcher',
    description:
      "Watches the session folders of the import configuration's `watched_platforms` (every known host when empty) under the home folder (CAIRN_HOME_DIR) and imports each session file written there a moment after its last write; hidden sessions are skipped. Starting it again is harmless; it stops with the server.",
    response: { 200: WatcherStatus },
  }),
  watcherStop: doc({ tag: 'Threads', summary: 'Stop the session watcher', description: 'Stops watching; an import under way finishes first. Stopping it again is harmless.', response: { 200: WatcherStatus } }),
  historySync: doc({
    tag: 'Threads',
    summary: 'Record a completed history sync',
    description: 'Records one timeline card for a completed client history sync: the activity feed shows it as a `history_synced` event with the counts.',
    response: {
      200: z.object({
        success: z.boolean(),
        recorded: z.boolean(),
        event_id: z.string(),
        client: z.string(),
        space_id: z.string(),
        imported_count: z.number(),
        imported_message_count: z.number(),
        created_count: z.number(),
        updated_count: z.number(),
        failed_count: z.number(),
        created_at: z.string(),
      }),
    },
  }),
  reconcileTail: doc({
    tag: 'Threads',
    summary: "Reconcile a thread's tail",
    description:
      'Brings the tail of a thread in line with its source. Give `matched_count` (leading messages that still match) and `messages` (the source\'s tail): those the stored tail holds already (same external id, or same role and content) are kept, the others appended. With `expected_tail_ids` (the ids, or external ids, of the stored messages after `matched_count` as the caller last saw them) a different tail is 409 `tail_conflict` and nothing is written. Nothing stored is removed: `messages_replaced` is always 0, and stored tail messages the source lacks are listed in `diverged_message_ids`. With `from_source: true` a thread imported from a file is brought up to date from that file.',
    response: {
      200: z.object({ success: z.boolean(), thread_id: z.string(), messages_replaced: z.number(), messages_added: z.number(), total_messages: z.number(), diverged_message_ids: z.array(z.string()) }),
    },
  }),
};

/** Session visibility, the session watcher, history-sync cards and tail reconciliation. */
export const threadSyncRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const sessionQuery = z.object({ session_id: z.string().min(1).max(1000) });
  app.post('/threads/import-config/hide-session', { schema: { ...docs.hideSession, querystring: sessionQuery } }, req => setSessionHidden(deps, req.query.session_id, true));
  app.post('/threads/import-config/unhide-session', { schema: { ...docs.unhideSession, querystring: sessionQuery } }, req => setSessionHidden(deps, req.query.session_id, false));
  app.get('/threads/watcher/status', { schema: docs.watcherStatus }, () => deps.threadWatcher?.status() ?? idleStatus);
  app.post('/threads/watcher/start', { schema: docs.watcherStart }, async () => (deps.threadWatcher ? deps.threadWatcher.start() : idleStatus));
  app.post('/threads/watcher/stop', { schema: docs.watcherStop }, async () => (deps.threadWatcher ? deps.threadWatcher.stop() : idleStatus));
  app.post('/threads/history-sync/completed', { schema: { ...docs.historySync, body: historySyncBody } }, req => recordHistorySync(deps, req.body));
  app.post('/threads/:thread_id/reconcile-tail', { schema: { ...docs.reconcileTail, params: threadIdParams, querystring: z.object({ space_id: spaceId.optional() }), body: reconcileBody } }, req =>
    reconcileTail(deps, req.params.thread_id, { ...req.body, space_id: req.body.space_id || req.query.space_id }),
  );
};

