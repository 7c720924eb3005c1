import { type AgentProfile, DEFAULT_CARD_VERSION, presentAgentProfile, withoutNulls } from '../../domain/agentProfile.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { agentProfileLock } from '../locks.ts';

export type { AgentProfile } from '../../domain/agentProfile.ts';

export interface ProfileQuery {
  agent_id?: string;
  source_app?: string;
  host_agent_id?: string;
}

/** The profile a request names: by id first, then by host agent id, then by source app (case-insensitive). */
export function matchAgentProfile(profiles: AgentProfile[], query: ProfileQuery): AgentProfile | null {
  const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
  return (
    profiles.find(p => same(p.id, query.agent_id)) ??
    profiles.find(p => same(p.hostAgentId, query.host_agent_id)) ??
    profiles.find(p => same(p.sourceApp, query.source_app)) ??
    null
  );
}

export interface ImportProfileInput {
  service_identity_card?: number | null;
  profile: Record<string, unknown> & { id: string };
  force: boolean;
}

/**
 * Stores an agent identity card under its profile id, every field as given. An id already stored is a 409
 * `profile_exists` and changes nothing, unless `force`, which replaces that profile whole.
 */
export async function importAgentProfile(deps: Pick<Deps, 'store' | 'clock'>, input: ImportProfileInput) {
  const now = deps.clock.now();
  const profile = withoutNulls(input.profile);
  const record = { id: profile.id, profile, service_identity_card: input.service_identity_card ?? DEFAULT_CARD_VERSION, created_at: now, updated_at: now };
  if (input.force) {
    await deps.store.agentProfiles.replace(record);
  } else if (!(await deps.store.agentProfiles.insert(record))) {
    throw conflict('profile_exists', `Agent profile already exists: ${profile.id} (import with force=true to replace it)`, { profile_id: profile.id });
  }
  return { imported: true, profile: presentAgentProfile(profile) };
}

/** Every stored agent profile, by id, as the context bundle and the API read them. */
export async function loadAgentProfiles(deps: Pick<Deps, 'store'>): Promise<AgentProfile[]> {
  const records = await deps.store.agentProfiles.list();
  return records.map(r => presentAgentProfile({ ...r.profile, id: r.id }));
}

export async function listAgentProfiles(deps: Pick<Deps, 'store'>) {
  return { agentProfiles: await loadAgentProfiles(deps) };
}

export async function getAgentProfile(deps: Pick<Deps, 'store'>, id: string) {
  const record = await deps.store.agentProfiles.getById(id);
  if (!record) throw notFound('profile', id);
  return presentAgentProfile({ ...record.profile, id: record.id });
}

/** Deletes the profile (404 when unknown) and returns the profiles that remain, as the reference does. */
export async function deleteAgentProfile(deps: Pick<Deps, 'store'>, id: string) {
  if (!(await deps.store.agentProfiles.delete(id))) throw notFound('profile', id);
  return listAgentProfiles(deps);
}

/** A profile written through the settings API: the known fields, any of them null or left out. */
export type ProfilePayload = Record<string, unknown> & { id?: string | null };

/** Creates a profile (reference POST /settings/agent-profiles): its id given or made; an id in use is a 409 `profile_exists`. */
export async function createAgentProfile(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, payload: ProfilePayload) {
  const id = payload.id ?? `agent_${deps.ids.next()}`;
  const now = deps.clock.now();
  const profile = { ...withoutNulls(payload), id };
  const record = { id, profile, service_identity_card: DEFAULT_CARD_VERSION, created_at: now, updated_at: now };
  if (!(await deps.store.agentProfiles.insert(record))) {
    throw conflict('profile_exists', `Agent profile already exists: ${id} (PUT /settings/agent-profiles/${id} changes it)`, { profile_id: id });
  }
  return presentAgentProfile(profile);
}

/** Changes the fields given (null or missing ones stay as stored) of an existing profile; 404 when unknown. */
export async function updateAgentProfile(deps: Pick<Deps, 'store' | 'clock'>, id: string, payload: ProfilePayload) {
  const { id: _pathWins, ...changes } = withoutNulls(payload);
  return deps.store.transaction(async tx => {
    await tx.locks.hold([agentProfileLock(id)]);
    const current = await tx.agentProfiles.getById(id);
    if (!current) throw notFound('profile', id);
    const profile = { ...current.profile, ...changes, id };
    await tx.agentProfiles.replace({ ...current, profile, updated_at: deps.clock.now() });
    return presentAgentProfile(profile);
  });
}
