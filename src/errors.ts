/** The one error catalog: services throw these, only http/errors.ts turns them into responses. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A validation failure found by a service rather than by a route schema; answered as a 422 with `loc`. */
export class InputError extends Error {
  constructor(
    readonly loc: (string | number)[],
    message: string,
    readonly type = 'value_error',
  ) {
    super(message);
  }
}

export type Kind = 'memory' | 'label' | 'relation' | 'thread' | 'entity' | 'crystal' | 'community' | 'job' | 'profile' | 'merge' | 'space' | 'rule' | 'source';

const titles: Record<Kind, string> = {
  memory: 'Memory', label: 'Label', relation: 'Relation', thread: 'Thread', entity: 'Entity',
  crystal: 'Crystal', community: 'Community', job: 'Job', profile: 'Profile', merge: 'Merge', space: 'Space', rule: 'Rule', source: 'Source',
};

export const notFound = (kind: Kind, id: string) => new AppError(404, `${kind}_not_found`, `${titles[kind]} not found: ${id}`);

export const conflict = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(409, code, message, extra);

/** An abbreviated id that starts several ids of its kind: the caller picks one of `candidates` (at most 10 listed). */
export const ambiguousId = (noun: string, prefix: string, candidates: string[], more: boolean) =>
  conflict(
    'ambiguous_id',
    `Id ${prefix} is ambiguous: it starts ${more ? 'more than ' : ''}${candidates.length} ${noun} ids (${candidates.join(', ')}${more ? ', …' : ''}); give more of the id`,
    { candidates },
  );

export const invalidTransition = (message: string, currentState: string) =>
  conflict('invalid_transition', message, { current_state: currentState });

/** Sync between devices records changes with SQLite triggers; a PostgreSQL store has no change log yet. */
export const syncUnavailable = (backend: string) =>
  conflict('sync_unavailable', `Sync between devices needs the SQLite store; this server runs on ${backend}, which keeps no change log`, { backend });

/** A change from another device that this store cannot take (a missing required field, say): the whole batch is refused. */
export const syncChangeRejected = (changeId: string, reason: string) =>
  new AppError(422, 'sync_change_rejected', `Change ${changeId} from another device could not be applied: ${reason}`, { change_id: changeId });

export const unauthorized = () => new AppError(401, 'unauthorized', 'Missing or invalid API key');

/** An address locked out after repeated wrong keys: why, for how long, and how to get out (Retry-After carries the wait). */
export const tooManyAttempts = (address: string, retryAfterSeconds: number) =>
  new AppError(
    429,
    'too_many_attempts',
    `Too many wrong API keys from ${address}: it is locked out for ${retryAfterSeconds} s more, the right key included ` +
      '(8 wrong keys within 5 minutes lock an address out for 10). Fix the key your client or plugin sends, then wait, ' +
      "or run `cairn keys unlock` on the server's machine to lift the lockout now.",
    { retry_after: retryAfterSeconds },
  );


/** A read whose worker thread stopped twice under it (a crash): nothing was changed, and asking again is safe. */
export const readWorkerLost = () =>
  new AppError(503, 'read_worker_unavailable', 'The worker thread serving this read stopped; nothing was changed. Try again shortly.', { retry_after: 1 });

/** A document whose kind Cairn cannot read (sources: Markdown, text, HTML, PDF, DOCX). */
export const unsupportedSourceType = (name: string, mimeType: string | null) =>
  new AppError(
    415,
    'unsupported_source_type',
    `Cannot read ${name}${mimeType ? ` (${mimeType})` : ''}: sources may be Markdown, plain text, HTML, PDF or DOCX`,
  );

/** A document over the size limit (an upload, a fetched page, an inflated DOCX). */
export const sourceTooLarge = (what: string, limit: number, setting = 'CAIRN_SOURCE_MAX_MB') =>
  new AppError(413, 'body_too_large', `${what} is too large: at most ${limit} bytes are accepted (${setting})`);

/** A form upload a browser sent from a page of another site (src/http/formOrigin.ts says why it is refused). */
export const crossOriginForm = (origin: string) =>
  new AppError(403, 'cross_origin_form', `Uploads are accepted only from this server's own pages, not from ${origin}`);

/** A server path outside the folders the owner allowed sources to be read from. */
export const pathNotAllowed = (path: string, roots: string[]) =>
  new AppError(
    403,
    'path_not_allowed',
    roots.length === 0
      ? `Reading files from the server's disk is off: set CAIRN_SOURCE_ROOTS to the folders sources may be read from (${path} was asked for)`
      : `${path} is outside the folders sources may be read from (CAIRN_SOURCE_ROOTS: ${roots.join(', ')})`,
  );
/** POST /sync on a server without CAIRN_SYNC_REMOTE. */
export const syncNotConfigured = () =>
  new AppError(409, 'sync_not_configured', 'Sync is not set up: start the server with CAIRN_SYNC_REMOTE (a folder or a Cairn server URL) and CAIRN_SYNC_PASSPHRASE');

/** The remote and this device disagree on how it is set up (wrong passphrase, encryption on one side only, unknown format). */
export const syncSetup = (message: string) => new AppError(409, 'sync_setup', message);

/** A round that could not run: the remote was unreachable or failed; nothing half-done is kept as done. */
export const syncFailed = (message: string) => new AppError(502, 'sync_failed', message);

/** The hub routes on a server that is not a hub. */
export const syncHubOff = () =>
  new AppError(403, 'sync_hub_off', 'This server is not a sync hub: start it with CAIRN_SYNC_HUB=1 to keep a sync remote for other devices');
