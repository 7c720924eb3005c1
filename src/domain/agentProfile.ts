/** Agent profiles (identity cards): the interface's Agent profile resource and how a stored one reads. */

/** Known fields of a profile; an imported card may carry more, kept as given. */
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
  origin?: string;
  identityReference?: string;
  [field: string]: unknown;
}

/** The identity card version assumed when an import does not say. */
export const DEFAULT_CARD_VERSION = 1;

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/**
 * A stored profile as the API returns it: every field the card carried, with the reference's defaults for the
 * known ones left out (`displayName` falls back to the id, `role` to `general`, `defaultSpaceId` to `default`).
 */
export function presentAgentProfile(stored: Record<string, unknown> & { id: string }): Required<Pick<AgentProfile, KnownField>> & AgentProfile {
  return {
    ...stored,
    id: stored.id,
    displayName: text(stored.displayName, '') || stored.id,
    role: text(stored.role, '') || 'general',
    description: text(stored.description, ''),
    instructions: text(stored.instructions, ''),
    defaultSpaceId: text(stored.defaultSpaceId, '') || 'default',
    sourceApp: text(stored.sourceApp, ''),
    hostAgentId: text(stored.hostAgentId, ''),
    tags: Array.isArray(stored.tags) ? stored.tags.filter((t): t is string => typeof t === 'string') : [],
    origin: text(stored.origin, ''),
    identityReference: text(stored.identityReference, ''),
  };
}

type KnownField = 'displayName' | 'role' | 'description' | 'instructions' | 'sourceApp' | 'hostAgentId' | 'defaultSpaceId' | 'tags' | 'origin' | 'identityReference';

/** A profile as given, without its top-level nulls: a null field means "not given", so its default applies. */
export function withoutNulls<T extends Record<string, unknown>>(profile: T): T {
  return Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== null)) as T;
}
