/** Agent profiles as the context bundle reads them (the interface's Agent profile resource). */
export interface AgentProfile {
  id: string;
  displayName: string;
  role?: string;
  description?: string;
  instructions?: string;
  sourceApp?: string;
  hostAgentId?: string;
  defaultSpaceId?: string;
  tags?: string[];
}

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

/**
 * The stored agent profiles. Profiles are not stored yet (`POST /settings/agent-profiles/import` answers 501), so
 * this is empty; once a profile store exists, read it here and the context bundle includes the matching profile.
 */
export async function loadAgentProfiles(): Promise<AgentProfile[]> {
  return [];
}
