/**
 * Short ids, as git abbreviates hashes. Ids are UUIDv7: everything written the same day shares its first 13
 * characters, so people read and type a prefix. Wherever a request names an existing record by id, a unique prefix
 * of it is taken instead (hyphens optional, any case, at least MIN_PREFIX_DIGITS hex digits so words are never taken
 * for ids); a prefix that starts several ids is a 409 `ambiguous_id` listing them; one that starts none stays as
 * given, so the usual 404 follows. A full UUID is used as it is, without a query. The HTTP layer
 * (http/idPrefixes.ts) and the MCP tools resolve through here; nothing else needs to know.
 */
import { ambiguousId } from '../errors.ts';
import type { IdKind } from '../storage/ports.ts';
import type { Deps } from './deps.ts';
import { spaceOrDefault } from '../domain/space.ts';

export type { IdKind };

/** Fewer hex digits than this are never read as an id (an 8-digit prefix of a UUIDv7 is about a minute of writes). */
export const MIN_PREFIX_DIGITS = 8;
/** How many candidates an ambiguous prefix lists. */
const CANDIDATES_LISTED = 10;

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_OR_HYPHEN = /^[0-9a-f-]+$/i;
/** Where a canonical UUID has its hyphens, counted in hex digits. */
const GROUP_ENDS = [8, 12, 16, 20, 32];

const NOUNS: Record<IdKind, string> = {
  memory: 'memory', label: 'label', relation: 'relation', entity: 'entity', crystal: 'crystal', thread: 'thread',
  trash: 'deleted memory', job: 'job', merge: 'label merge',
};

/** Hex digits in the canonical 8-4-4-4-12 layout, lower case: how UUIDs are stored ("01a21663901d" → "01a21663-901d"). */
function canonical(digits: string): string {
  const groups: string[] = [];
  let start = 0;
  for (const end of GROUP_ENDS) {
    if (start >= digits.length) break;
    groups.push(digits.slice(start, end));
    start = end;
  }
  return groups.join('-').toLowerCase();
}

/** The canonical prefix `raw` abbreviates, or null when it is a full UUID or cannot be a short id at all. */
export function idPrefix(raw: string): string | null {
  if (FULL_UUID.test(raw) || !HEX_OR_HYPHEN.test(raw)) return null;
  const digits = raw.replaceAll('-', '');
  return digits.length >= MIN_PREFIX_DIGITS && digits.length <= 32 ? canonical(digits) : null;
}

/** The full id of `kind` that `raw` names: itself when it is stored as given or starts nothing, else the one id it starts. */
export async function resolveId(deps: Pick<Deps, 'store'>, kind: IdKind, raw: string, spaceId?: string | null): Promise<string> {
  const prefix = idPrefix(raw);
  if (prefix === null) return raw;
  const found = await deps.store.ids.findByPrefix(kind, prefix, raw, CANDIDATES_LISTED + 1, spaceOrDefault(spaceId));
  if (found.length === 0 || found.includes(raw)) return raw;
  if (found.length === 1) return found[0]!;
  throw ambiguousId(NOUNS[kind], raw, found.slice(0, CANDIDATES_LISTED), found.length > CANDIDATES_LISTED);
}

/** Which fields of a request or tool call name existing records, and of what kind. */
export type IdFields = Record<string, IdKind>;

/** Resolves, in place, each of `fields` that `values` has: a string, or a list of strings. */
export async function resolveIdFields(
  deps: Pick<Deps, 'store'>,
  values: Record<string, unknown>,
  fields: IdFields,
  spaceId?: string | null,
): Promise<void> {
  for (const [field, kind] of Object.entries(fields)) {
    const value = values[field];
    if (typeof value === 'string') values[field] = await resolveId(deps, kind, value, spaceId);
    else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (typeof value[i] === 'string') value[i] = await resolveId(deps, kind, value[i] as string, spaceId);
    }
  }
}

/** Length of the common start of two strings. */
function commonLength(a: string, b: string | null): number {
  if (b === null) return 0;
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n;
}

/**
 * The short form to show for each of `ids` (stored ids of `kind`): the shortest start of it that no other stored id of
 * its kind shares, at least MIN_PREFIX_DIGITS hex digits, never ending on a hyphen — so it is accepted back. Ids
 * that are not UUIDs, and ids not found, are shown whole.
 */
export async function shortIds(deps: Pick<Deps, 'store'>, kind: IdKind, ids: string[], spaceId?: string | null): Promise<Record<string, string>> {
  const short: Record<string, string> = Object.fromEntries(ids.map(id => [id, id]));
  const uuids = [...new Set(ids.filter(id => FULL_UUID.test(id) && id === id.toLowerCase()))];
  if (uuids.length === 0) return short;
  for (const { id, before, after } of await deps.store.ids.neighbours(kind, uuids, spaceOrDefault(spaceId))) {
    let length = Math.max(commonLength(id, before), commonLength(id, after)) + 1;
    length = Math.max(length, MIN_PREFIX_DIGITS);
    while (id[length - 1] === '-') length++;
    short[id] = id.slice(0, length);
  }
  return short;
}
