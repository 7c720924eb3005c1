/**
 * Spaces as a resource: profiles people create, name and configure, and the spaces records name without one. A
 * space exists while a profile describes it or something is stored in it; the default space always exists.
 * Deleting a space deletes its profile, and only once it holds nothing (409 `space_delete_blocked` otherwise).
 */
import { DEFAULT_SPACE, resolveSpaceRef, sameName, type SpaceProfile, spaceIdFromName } from '../../domain/space.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { Repos, SpaceRecord, SpaceUsage } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { spacesLock } from '../locks.ts';

type SpaceDeps = Pick<Deps, 'store'>;

/** Whether spaces are offered to people (the web app's switcher, plugins that ask); Cairn honours `space_id` always. */
const ENABLED_SETTING = 'spaces.enabled';

export interface SpaceFields {
  name?: string | null;
  description?: string | null;
  icon?: string | null;
  instructions?: string | null;
  sharedSpaceIds?: string[] | null;
  defaultRetrievalMode?: string | null;
}

export interface CreateSpaceInput extends SpaceFields {
  name: string;
  id?: string | null;
  key?: string | null;
}

const EMPTY_USAGE: SpaceUsage = { memories: 0, threads: 0, sources: 0, hasWorkingMemory: false };

/** A space as the reference's `MemorySpaceResponse` shows it. */
function present(profile: SpaceRecord | undefined, id: string, usage: SpaceUsage | undefined) {
  const held = usage ?? EMPTY_USAGE;
  return {
    id,
    key: profile?.key ?? null,
    name: profile?.name ?? (id === DEFAULT_SPACE ? 'Default' : id),
    aliases: profile?.aliases ?? [],
    description: profile?.description ?? null,
    icon: profile?.icon ?? null,
    instructions: profile?.instructions ?? null,
    sharedSpaceIds: profile?.shared_space_ids ?? [],
    defaultRetrievalMode: profile?.default_retrieval_mode ?? 'strict',
    usage: { memories: held.memories, threads: held.threads, sources: held.sources, hasWorkingMemory: held.hasWorkingMemory },
    /** Known from what is stored in it rather than from a profile someone made. */
    observed: !profile,
    hasProfile: Boolean(profile),
  };
}

export type SpaceView = ReturnType<typeof present>;

async function enabled(deps: SpaceDeps): Promise<boolean> {
  const value = await deps.store.settings.get(ENABLED_SETTING);
  return typeof value === 'boolean' ? value : true;
}

/** Every space: the default one, each profile, and each space that holds something without a profile. */
export async function listSpaces(deps: SpaceDeps, options: { profilesOnly?: boolean } = {}) {
  const [profiles, usage, on] = await Promise.all([deps.store.spaces.list(), deps.store.spaces.usage(), enabled(deps)]);
  const byId = new Map(profiles.map(p => [p.id, p]));
  const ids = new Set([DEFAULT_SPACE, ...byId.keys(), ...(options.profilesOnly ? [] : usage.keys())]);
  const spaces = [...ids].map(id => present(byId.get(id), id, usage.get(id)));
  spaces.sort((a, b) => Number(b.id === DEFAULT_SPACE) - Number(a.id === DEFAULT_SPACE) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { enabled: on, spaces };
}

/** The id a `space_id` value means (see domain/space.ts); reads the profiles only for values other than the default. */
export async function resolveSpace(deps: SpaceDeps, ref: string): Promise<string> {
  if (ref === DEFAULT_SPACE) return ref;
  return resolveSpaceRef(await deps.store.spaces.list(), ref);
}

/** One space by id, key, name or alias. */
export async function getSpace(deps: SpaceDeps, ref: string): Promise<SpaceView> {
  const [profiles, usage] = await Promise.all([deps.store.spaces.list(), deps.store.spaces.usage()]);
  const id = resolveSpaceRef(profiles, ref);
  const profile = profiles.find(p => p.id === id);
  if (!profile && id !== DEFAULT_SPACE && !usage.has(id)) throw notFound('space', ref);
  return present(profile, id, usage.get(id));
}

/** Names, keys and links of a profile must not collide with another space's or point nowhere. */
function checkProfile(profiles: SpaceRecord[], record: SpaceRecord) {
  const others = profiles.filter(p => p.id !== record.id);
  if (record.id !== DEFAULT_SPACE && [record.name, ...record.aliases].some(n => sameName(n, DEFAULT_SPACE))) {
    throw conflict('space_exists', 'The default space is already called Default', { space_id: DEFAULT_SPACE });
  }
  const named = others.find(p => [record.name, ...record.aliases].some(n => sameName(p.name, n) || p.aliases.some(a => sameName(a, n))));
  if (named) throw conflict('space_exists', `Another space is already called that: ${named.name} (${named.id})`, { space_id: named.id });
  if (record.key !== null && others.some(p => p.key?.toLowerCase() === record.key!.toLowerCase())) {
    throw conflict('space_key_taken', `Another space already has the key ${record.key}`, { key: record.key });
  }
  if (record.shared_space_ids.includes(record.id)) throw new AppError(422, 'invalid_shared_space', 'A space cannot share itself: list other spaces in sharedSpaceIds');
}

/** Shared-space links may name spaces as people do; they are kept as ids. */
const sharedIds = (profiles: SpaceProfile[], refs: string[]) => [...new Set(refs.map(ref => resolveSpaceRef(profiles, ref)))];

export async function createSpace(deps: Pick<Deps, 'store' | 'clock'>, input: CreateSpaceInput) {
  await deps.store.transaction(async tx => {
    await tx.locks.hold([spacesLock()]);
    const profiles = await tx.spaces.list();
    const id = input.id ?? uniqueId(profiles, spaceIdFromName(input.name));
    if (profiles.some(p => p.id === id) || id === DEFAULT_SPACE) {
      throw conflict('space_exists', `A space with id ${id} exists already: change it with PATCH /spaces/${id}`, { space_id: id });
    }
    const now = deps.clock.now();
    const record: SpaceRecord = {
      id,
      key: input.key ?? null,
      name: input.name.trim(),
      aliases: [],
      description: input.description ?? null,
      icon: input.icon ?? null,
      instructions: input.instructions ?? null,
      shared_space_ids: sharedIds(profiles, input.sharedSpaceIds ?? []),
      default_retrieval_mode: input.defaultRetrievalMode ?? 'strict',
      created_at: now,
      updated_at: now,
    };
    checkProfile(profiles, record);
    if (!(await tx.spaces.insert(record))) throw conflict('space_exists', `A space with id ${id} or key ${record.key} exists already`, { space_id: id });
  });
  return listSpaces(deps);
}

/** A derived id not taken yet: research-agent, then research-agent-2, … */
function uniqueId(profiles: SpaceRecord[], base: string): string {
  const taken = new Set(profiles.map(p => p.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Changes a space's profile; a space without one (the default, or one known from its records) gets one. */
export async function updateSpace(deps: Pick<Deps, 'store' | 'clock'>, ref: string, fields: SpaceFields) {
  await deps.store.transaction(async tx => {
    await tx.locks.hold([spacesLock()]);
    const [profiles, usage] = await Promise.all([tx.spaces.list(), tx.spaces.usage()]);
    const id = resolveSpaceRef(profiles, ref);
    const current = profiles.find(p => p.id === id);
    if (!current && id !== DEFAULT_SPACE && !usage.has(id)) throw notFound('space', ref);
    const now = deps.clock.now();
    const base = current ?? { id, key: null, name: present(undefined, id, undefined).name, aliases: [], description: null, icon: null, instructions: null, shared_space_ids: [], default_retrieval_mode: 'strict', created_at: now, updated_at: now };
    const record: SpaceRecord = {
      ...base,
      name: fields.name?.trim() || base.name,
      // A renamed space keeps answering to its old name.
      aliases: fields.name && !sameName(fields.name, base.name) && current ? [...new Set([...base.aliases, base.name])].filter(a => !sameName(a, fields.name!)) : base.aliases,
      description: fields.description !== undefined ? fields.description : base.description,
      icon: fields.icon !== undefined ? fields.icon : base.icon,
      instructions: fields.instructions !== undefined ? fields.instructions : base.instructions,
      shared_space_ids: fields.sharedSpaceIds != null ? sharedIds(profiles, fields.sharedSpaceIds) : base.shared_space_ids,
      default_retrieval_mode: fields.defaultRetrievalMode ?? base.default_retrieval_mode,
      updated_at: now,
    };
    checkProfile(profiles, record);
    if (current) await tx.spaces.update(record);
    else await tx.spaces.insert(record);
  });
  return listSpaces(deps);
}

/** The reference's 409 body for a space that still holds something. */
function deleteBlocked(id: string, reason: 'primary_records' | 'working_memory', usage: SpaceUsage) {
  const message =
    reason === 'primary_records'
      ? `Space ${id} still holds ${usage.memories} memories, ${usage.threads} threads and ${usage.sources} sources: move or delete them first (POST /memories/bulk/move, /memories/bulk/delete, DELETE /sources/{id})`
      : `Space ${id} still has working memory: delete again with purge_working_memory=true to delete it with the space`;
  return conflict('space_delete_blocked', message, {
    type: 'space_delete_blocked',
    spaceId: id,
    reason,
    message,
    usage: { memories: usage.memories, threads: usage.threads, sources: usage.sources, hasWorkingMemory: usage.hasWorkingMemory },
    canPurgeWorkingMemory: reason === 'working_memory',
  });
}

export async function deleteSpace(deps: SpaceDeps, ref: string, options: { purgeWorkingMemory: boolean }) {
  await deps.store.transaction(async tx => {
    await tx.locks.hold([spacesLock()]);
    const [profiles, usage] = await Promise.all([tx.spaces.list(), tx.spaces.usage()]);
    const id = resolveSpaceRef(profiles, ref);
    if (id === DEFAULT_SPACE) throw conflict('default_space', 'The default space cannot be deleted', { space_id: id });
    const held = usage.get(id);
    if (!profiles.some(p => p.id === id) && !held) throw notFound('space', ref);
    if (held && (held.memories > 0 || held.threads > 0 || held.sources > 0)) throw deleteBlocked(id, 'primary_records', held);
    if (held?.hasWorkingMemory && !options.purgeWorkingMemory) throw deleteBlocked(id, 'working_memory', held);
    if (held?.hasWorkingMemory) await tx.spaces.purgeWorkingMemory(id);
    await tx.spaces.delete(id);
    await unlinkShared(tx, profiles, id);
  });
  return listSpaces(deps);
}

/** Other spaces stop sharing a deleted one. */
async function unlinkShared(tx: Repos, profiles: SpaceRecord[], id: string) {
  for (const p of profiles) if (p.shared_space_ids.includes(id)) await tx.spaces.update({ ...p, shared_space_ids: p.shared_space_ids.filter(s => s !== id) });
}

export async function setSpacesEnabled(deps: Pick<Deps, 'store' | 'clock'>, on: boolean) {
  await deps.store.settings.set(ENABLED_SETTING, on, deps.clock.now());
  return listSpaces(deps);
}

