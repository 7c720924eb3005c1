/** EVOLVES edges join versions of a memory: from the newer to the older (contract §7). */
export const EVOLVES_RELATIONS = ['replaces', 'enriches', 'confirms', 'challenges'] as const;
export type EvolvesRelation = (typeof EVOLVES_RELATIONS)[number];
export type EvolvesDetector = 'user' | 'auto' | 'llm';
