/**
 * Seeding for Library tests: a small graph built through HTTP (memories, then an extraction apply naming their
 * entities and relationships), and communities and crystals written through the store until their own endpoints
 * (community detection, POST /crystals) are on this branch. Keep every such seed in this file.
 */
import { posix } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { App } from '../src/main.ts';
import { createMemory, post } from './helpers.ts';

export interface SeedMemory {
  content: string;
  title?: string;
  entities: [name: string, type: string][];
  relations?: [source: string, target: string, type: string][];
}

/** Creates the memory and applies exactly these entities and relationships to it (exact mode); returns its id. */
export async function seedMemory(app: App, memory: SeedMemory): Promise<string> {
  const id = await createMemory(app, { content: memory.content, title: memory.title });
  const response = await post(app, `/memories/${id}/extract-kg/apply?resolution=auto`, {
    entities: memory.entities.map(([name, entity_type]) => ({ name, entity_type })),
    relationships: (memory.relations ?? []).map(([source, target, relation_type]) => ({ source, target, relation_type })),
  });
  if (response.status !== 200) throw new Error(`apply failed: ${response.status} ${response.text}`);
  return id;
}

export interface SeedCommunity {
  id: number;
  name: string;
  summary?: string;
  /** Entity names, most central first. */
  entities: string[];
  memory_count?: number;
}

/** Makes the stored partition exactly these communities (members by entity name); returns entity name → id. */
export async function seedCommunities(app: App, communities: SeedCommunity[]): Promise<Map<string, string>> {
  const { store, clock } = app.deps;
  const names = communities.flatMap(c => c.entities);
  const found = new Map((await store.entities.findByNames(names)).map(e => [e.name, e.id]));
  const missing = names.filter(n => !found.has(n));
  if (missing.length) throw new Error(`no entity named ${missing.join(', ')}`);
  const at = clock.now();
  await store.transaction(tx =>
    tx.communities.replaceAll(
      communities.map(c => ({
        id: c.id, name: c.name, summary: c.summary ?? '', summary_source: 'extractive' as const, entity_count: c.entities.length,
        memory_count: c.memory_count ?? 0, created_at: at, updated_at: at,
      })),
      communities.flatMap(c => c.entities.map((name, rank) => ({ community_id: c.id, entity_id: found.get(name)!, rank, weight: c.entities.length - rank }))),
    ),
  );
  return found;
}

export interface SeedCrystal {
  title: string;
  content: string;
  /** Source memory ids and their contribution weights (summing to 1). */
  sources: [memoryId: string, weight: number][];
  community_id?: number;
}

/** Creates the crystal's memory through HTTP, then marks it a crystal and records its sources through the store. */
export async function seedCrystal(app: App, crystal: SeedCrystal): Promise<string> {
  const { store, clock } = app.deps;
  const id = await createMemory(app, { title: crystal.title, content: crystal.content });
  const versions = new Map((await store.memories.getMany(crystal.sources.map(([m]) => m))).map(m => [m.id, m.version]));
  await store.transaction(async tx => {
    await tx.memories.update(id, { is_crystal: true });
    await tx.crystals.insert(
      { id, synthesis: 'extractive', community_id: crystal.community_id ?? null, created_at: clock.now() },
      crystal.sources.map(([memory_id, contribution_weight], position) => ({
        crystal_id: id, memory_id, contribution_weight, position, source_version: versions.get(memory_id) ?? 1,
      })),
    );
  });
  return id;
}

export const CPP = 'C++: "the good parts" #1';
export const SECRET = 'SECRET-FORGOTTEN';

/**
 * Two topics joined by one edge (cooking, programming) and a lone one (baking); crystal `fresh` from two cooking
 * memories, crystal `stale` from two programming memories and one memory forgotten since.
 */
export async function seedLibrary(app: App) {
  const m = {
    carbonara: await seedMemory(app, {
      title: 'Carbonara night',
      content: 'Made pasta carbonara with guanciale and pecorino on Sunday.\n\n# Not a heading of the page',
      entities: [['Pasta Carbonara', 'concept'], ['Guanciale', 'concept'], ['Pecorino Romano', 'concept']],
      relations: [['Pasta Carbonara', 'Guanciale', 'USES'], ['Pasta Carbonara', 'Pecorino Romano', 'USES']],
    }),
    pancetta: await seedMemory(app, {
      title: 'Pancetta instead',
      content: 'Guanciale is cured pork cheek; pancetta is a fine substitute.',
      entities: [['Guanciale', 'concept'], ['Pancetta', 'concept']],
      relations: [['Pancetta', 'Guanciale', 'SUBSTITUTES']],
    }),
    book: await seedMemory(app, {
      title: 'Reading list',
      content: `Reading ${CPP} by Bjarne Stroustrup.`,
      entities: [[CPP, 'concept'], ['Bjarne Stroustrup', 'person']],
      relations: [[CPP, 'Bjarne Stroustrup', 'AUTHORED_BY']],
    }),
    rust: await seedMemory(app, {
      title: 'Languages compared',
      content: 'Bjarne Stroustrup compared the language with Rust.',
      entities: [['Bjarne Stroustrup', 'person'], ['Rust', 'technology']],
      relations: [['Bjarne Stroustrup', 'Rust', 'COMPARED_WITH']],
    }),
    likes: await seedMemory(app, {
      title: 'Lunch',
      content: 'Bjarne Stroustrup loves pasta carbonara.',
      entities: [['Bjarne Stroustrup', 'person'], ['Pasta Carbonara', 'concept']],
      relations: [['Bjarne Stroustrup', 'Pasta Carbonara', 'LIKES']],
    }),
    sourdough: await seedMemory(app, { title: 'Starter', content: 'Fed the sourdough starter.', entities: [['Sourdough', 'concept']] }),
    secret: await seedMemory(app, {
      title: `${SECRET} supplier`,
      content: `${SECRET}: the guanciale supplier's number, and a Rust crate.`,
      entities: [['Guanciale', 'concept'], ['Rust', 'technology']],
    }),
  };
  const entities = await seedCommunities(app, [
    { id: 1, name: 'Cooking', summary: 'Pasta and its cured meats. Carbonara mostly.', entities: ['Pasta Carbonara', 'Guanciale', 'Pecorino Romano', 'Pancetta'], memory_count: 3 },
    { id: 2, name: 'Programming', summary: 'Books and languages.', entities: [CPP, 'Bjarne Stroustrup', 'Rust'], memory_count: 3 },
    { id: 3, name: 'Baking', entities: ['Sourdough'], memory_count: 1 },
  ]);
  const crystals = {
    fresh: await seedCrystal(app, { title: 'Carbonara, distilled', content: 'Carbonara uses guanciale. Pancetta will do.', sources: [[m.carbonara, 0.6], [m.pancetta, 0.4]], community_id: 1 }),
    stale: await seedCrystal(app, { title: 'Stroustrup notes', content: 'Stroustrup wrote the book and compared languages.', sources: [[m.book, 0.5], [m.secret, 0.3], [m.rust, 0.2]], community_id: 2 }),
  };
  const forgot = await post(app, `/memories/${m.secret}/forget`, {});
  if (forgot.status !== 200) throw new Error(`forget failed: ${forgot.status} ${forgot.text}`);
  return { memories: m, entities, crystals };
}

/** GETs a ZIP through inject and unzips it: path → text. */
export async function getZip(app: App, url: string): Promise<{ status: number; headers: Record<string, unknown>; files: Map<string, string>; text: string }> {
  const response = await app.server.inject({ method: 'GET', url });
  if (response.statusCode !== 200) return { status: response.statusCode, headers: response.headers, files: new Map(), text: response.body };
  const entries = unzipSync(new Uint8Array(response.rawPayload));
  return { status: 200, headers: response.headers, files: new Map(Object.entries(entries).map(([path, bytes]) => [path, strFromU8(bytes)])), text: '' };
}

/** Every Markdown link target in the text (inline links only; external URLs left out). */
export function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map(m => m[1]).filter(t => !/^[a-z]+:/i.test(t));
}

/** Resolves a link found in `from` (a path in the archive): bundle-relative when it starts with `/`. */
export function resolveLink(from: string, target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(from), target));
}
