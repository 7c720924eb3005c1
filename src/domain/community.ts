/** Community rules that need no storage: stable ids across recomputations, names, member order. Pure, no I/O. */

/**
 * A new community keeps an old one's id only when at least this share of their combined members is common
 * (Jaccard): a cluster that kept a fifth of its members is still recognisably the same topic; below that it is new.
 */
export const MIN_ID_JACCARD = 0.2;

export interface PreviousCommunity {
  id: number;
  members: readonly string[];
}

/**
 * Gives each new community (a list of entity ids) an integer id. Each one takes the id of the old community it
 * overlaps most (Jaccard of members), greedily by best overlap so the closest pairs match first; every old id is
 * given at most once. The others get fresh ids above `maxIdEver` (and above every old id), in the order given, so
 * an id is never reused, neither within a run nor for a topic that vanished earlier.
 */
export function assignCommunityIds(previous: readonly PreviousCommunity[], next: readonly (readonly string[])[], maxIdEver = 0): number[] {
  const oldOf = new Map<string, number>();
  const oldSize = new Map<number, number>();
  for (const c of previous) {
    oldSize.set(c.id, c.members.length);
    for (const m of c.members) oldOf.set(m, c.id);
  }
  const candidates: { index: number; id: number; jaccard: number }[] = [];
  next.forEach((members, index) => {
    const shared = new Map<number, number>();
    for (const m of members) {
      const id = oldOf.get(m);
      if (id !== undefined) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    for (const [id, common] of shared) {
      const jaccard = common / (members.length + oldSize.get(id)! - common);
      if (jaccard >= MIN_ID_JACCARD) candidates.push({ index, id, jaccard });
    }
  });
  candidates.sort((a, b) => b.jaccard - a.jaccard || next[b.index].length - next[a.index].length || a.id - b.id || a.index - b.index);

  const ids: (number | undefined)[] = new Array(next.length).fill(undefined);
  const taken = new Set<number>();
  for (const c of candidates) {
    if (ids[c.index] !== undefined || taken.has(c.id)) continue;
    ids[c.index] = c.id;
    taken.add(c.id);
  }
  let max = previous.reduce((highest, c) => Math.max(highest, c.id), Math.max(maxIdEver, 0));
  return ids.map(id => id ?? ++max);
}

/** How alike two member lists are: shared members over all members (1 = the same set). */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  const set = new Set(a);
  const common = b.filter(m => set.has(m)).length;
  const union = set.size + b.length - common;
  return union === 0 ? 1 : common / union;
}

const NAME_ENTITIES = 3;
const MAX_NAME_CHARS = 120;

/**
 * A readable name from a community's most central entity names: "Caroline", "Caroline & Pride parade",
 * "Caroline, LGBTQ support & Pride parade". Names equal but for case are given once.
 */
export function communityName(topNames: readonly string[]): string {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const raw of topNames) {
    const name = raw.replace(/\s+/g, ' ').trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
    if (names.length === NAME_ENTITIES) break;
  }
  if (names.length === 0) return 'Untitled topic';
  const name = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
  return name.length <= MAX_NAME_CHARS ? name : `${name.slice(0, MAX_NAME_CHARS - 1).trimEnd()}…`;
}

export interface RankedMember {
  entity_id: string;
  /** Weighted degree inside the community. */
  weight: number;
}

/**
 * Members most central first: by weighted degree inside the community, then by how many memories mention them,
 * then by name and id, so the order (and the name built from it) is the same for the same graph.
 */
export function rankMembers(
  members: readonly RankedMember[],
  info: (entityId: string) => { mentions: number; name: string },
): RankedMember[] {
  return [...members].sort((a, b) => {
    if (b.weight !== a.weight) return b.weight - a.weight;
    const ia = info(a.entity_id);
    const ib = info(b.entity_id);
    if (ib.mentions !== ia.mentions) return ib.mentions - ia.mentions;
    if (ia.name !== ib.name) return ia.name < ib.name ? -1 : 1;
    return a.entity_id < b.entity_id ? -1 : 1;
  });
}
