/**
 * Spaces: what a space profile is and how a reference names one. Pure.
 *
 * Records name their space by id in `space_id`; a profile gives that id a human name, a short key, aliases, agent
 * instructions and retrieval links. People and plugins name spaces by what they see ("Research Agent", or
 * `NMEM_SPACE` lower-cased), so a reference is matched against the id first, then the key, then the names.
 */
import { DEFAULT_SPACE } from './memory.ts';

export { DEFAULT_SPACE };

/** How automatic recall reaches beyond the active space (the original's plugin guide): stay, add shared, or all. */
export const RETRIEVAL_MODES = ['strict', 'shared', 'all'] as const;
export type RetrievalMode = (typeof RETRIEVAL_MODES)[number];

export interface SpaceProfile {
  id: string;
  key: string | null;
  name: string;
  aliases: string[];
  description: string | null;
  icon: string | null;
  instructions: string | null;
  shared_space_ids: string[];
  default_retrieval_mode: string;
}

/** The one place a request without a space means the default space. */
export const spaceOrDefault = (space: string | null | undefined): string => space || DEFAULT_SPACE;

/** Names compare as people read them: Unicode-normalised, case and runs of spaces ignored. */
export const sameName = (a: string, b: string) => normaliseName(a) === normaliseName(b);
const normaliseName = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The id a new space gets from its name: lower case, words joined by hyphens ("Research Agent" → research-agent). */
export function spaceIdFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return slug || 'space';
}

/** The profile a reference names: by id, then key, then name or alias (case-insensitive); undefined when none does. */
export function findSpace<T extends SpaceProfile>(profiles: T[], ref: string): T | undefined {
  return (
    profiles.find(p => p.id === ref) ??
    profiles.find(p => p.key !== null && p.key.toLowerCase() === ref.trim().toLowerCase()) ??
    profiles.find(p => sameName(p.name, ref) || p.aliases.some(a => sameName(a, ref)))
  );
}

/** The space a request means: "default" in any case is the default space; a profile's name, key or alias is its id. */
export function resolveSpaceRef(profiles: SpaceProfile[], ref: string): string {
  if (sameName(ref, DEFAULT_SPACE)) return DEFAULT_SPACE;
  return findSpace(profiles, ref)?.id ?? ref;
}
