import type { MemoryRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentMemories } from '../readModel/memories.ts';
import { presentThreadPublic } from '../readModel/threads.ts';
import { loadAgentProfiles, matchAgentProfile } from './profiles.ts';
import { renderContextBundle } from './render.ts';
import { activeRules } from './rules.ts';
import { getWorkingMemory } from './workingMemory.ts';
import { spaceOrDefault } from '../../domain/space.ts';

export interface ContextBundleInput {
  agent_id?: string;
  source_app?: string;
  host_agent_id?: string;
  space_id?: string;
  include_working_memory: boolean;
}

/** Recent memories considered, and how many of them the bundle keeps. */
const RECENT_POOL = 200;
const BUNDLE_MEMORIES = 10;
const BUNDLE_THREADS = 5;
const DAY_MS = 86_400_000;

/** Importance weighted with recency (half-life about two weeks): what an agent most needs at session start. */
export function rankImportantRecent(memories: MemoryRecord[], now: string, count: number): MemoryRecord[] {
  const nowMs = Date.parse(now);
  const score = (m: MemoryRecord) => 0.7 * m.importance + 0.3 * Math.exp(-Math.max(0, nowMs - Date.parse(m.created_at)) / (14 * DAY_MS));
  return memories
    .map(m => ({ m, s: score(m) }))
    .sort((a, b) => b.s - a.s || (a.m.created_at < b.m.created_at ? 1 : a.m.created_at > b.m.created_at ? -1 : a.m.id < b.m.id ? 1 : -1))
    .slice(0, count)
    .map(x => x.m);
}

/**
 * What a capture plugin reads at session start: the agent profile matching `agent_id` / `host_agent_id` /
 * `source_app` (when one exists), the active guidance rules, the space's working memory, its most important recent memories and its latest
 * threads, each as data and all together as `rendered_markdown`. Reads only.
 */
export async function getContextBundle(deps: Pick<Deps, 'store' | 'clock'>, input: ContextBundleInput) {
  const spaceId = spaceOrDefault(input.space_id);
  const now = deps.clock.now();
  const [profiles, space, workingMemory, recent, threads] = await Promise.all([
    loadAgentProfiles(deps),
    deps.store.spaces.getById(spaceId),
    input.include_working_memory ? getWorkingMemory(deps, { space_id: spaceId }) : null,
    deps.store.memories.list({ space_id: spaceId, states: ['active'], importance_min: 0, limit: RECENT_POOL, offset: 0 }),
    deps.store.threads.list({ space_id: spaceId, limit: BUNDLE_THREADS, offset: 0 }),
  ]);
  const profile = matchAgentProfile(profiles, input);
  const rules = await activeRules(deps, { agentProfileId: profile?.id ?? null, spaceId });
  const memories = rankImportantRecent(recent.items, now, BUNDLE_MEMORIES);
  const rendered = renderContextBundle({
    space_id: spaceId,
    generated_at: now,
    profile,
    rules,
    space: space ? { name: space.name, instructions: space.instructions } : null,
    working_memory: workingMemory?.exists ? workingMemory : null,
    memories,
    threads: threads.items,
  });
  return {
    space_id: spaceId,
    generated_at: now,
    agent_id: input.agent_id ?? null,
    source_app: input.source_app ?? null,
    host_agent_id: input.host_agent_id ?? null,
    profile,
    // The active guidance rules that apply here (global, this agent's, this space's), highest priority first.
    rules,
    // The space's profile: its name, guidance for agents and retrieval defaults (null for a space without one).
    space: space
      ? { id: space.id, name: space.name, instructions: space.instructions, default_retrieval_mode: space.default_retrieval_mode, shared_space_ids: space.shared_space_ids }
      : null,
    working_memory: workingMemory,
    memories: await presentMemories(deps, memories),
    recent_threads: threads.items.map(presentThreadPublic),
    rendered_markdown: rendered,
  };
}
