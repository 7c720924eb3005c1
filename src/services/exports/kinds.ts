import type { PortableTable, RowFilter, TableRow } from '../../storage/ports.ts';

/** The `include_*` switches of an export or import (reference DataExportRequest), all on by default. */
export const INCLUDE_FLAGS = [
  'include_memories', 'include_threads', 'include_messages', 'include_entities', 'include_labels', 'include_sources',
  'include_communities', 'include_skills', 'include_edges', 'include_working_memory', 'include_working_memory_archive',
  'include_source_files',
] as const;
export type IncludeFlags = Record<(typeof INCLUDE_FLAGS)[number], boolean>;

/** The `include_*` switches of a request body. */
export const includeFlagsOf = (input: IncludeFlags): IncludeFlags =>
  Object.fromEntries(INCLUDE_FLAGS.map(flag => [flag, input[flag]])) as IncludeFlags;

/** Rows of another table nested in each record under `field` (a community's members, an entity's lookup keys). */
export interface ChildSpec {
  field: string;
  table: PortableTable;
  /** The child's column holding the parent's `id`. */
  column: string;
  json?: string[];
  bools?: string[];
}

/** One JSONL file of the archive: which rows it holds and how a row becomes a record (JSON text parsed, 0/1 as booleans). */
export interface KindSpec {
  kind: string;
  file: string;
  /** Null for kinds Cairn keeps no data for: the file is written empty, with a warning. */
  table: PortableTable | null;
  filter?: RowFilter;
  children?: ChildSpec[];
  json?: string[];
  bools?: string[];
  /** Byte columns, written as base64 text. */
  binary?: string[];
  /** Local state left out: an import sets it afresh (vectors are re-made where the archive lands). */
  omit?: string[];
  /** Columns emptied when the memories they point at are not in the archive. */
  memoryRefs?: string[];
  included(flags: IncludeFlags): boolean;
}

const EVOLVES: RowFilter = { column: 'relation_type', op: '=', value: 'EVOLVES' };
const NOT_EVOLVES: RowFilter = { column: 'relation_type', op: '!=', value: 'EVOLVES' };
const relationCodec = { json: ['properties'], bools: ['bidirectional', 'reviewed'] };

/** The archive's kinds in import order: every row's references come before it. */
export const KINDS: KindSpec[] = [
  {
    kind: 'memories', file: 'memories.jsonl', table: 'memories', json: ['metadata'],
    bools: ['title_derived', 'is_latest', 'is_crystal', 'is_favorite'], omit: ['reindex_needed'],
    included: f => f.include_memories,
  },
  { kind: 'labels', file: 'labels.jsonl', table: 'labels', included: f => f.include_labels },
  { kind: 'memory_labels', file: 'memory_labels.jsonl', table: 'memory_labels', included: f => f.include_labels && f.include_memories },
  { kind: 'relations', file: 'relations.jsonl', table: 'memory_relations', filter: NOT_EVOLVES, ...relationCodec, included: f => f.include_edges && f.include_memories },
  { kind: 'evolves', file: 'evolves.jsonl', table: 'memory_relations', filter: EVOLVES, ...relationCodec, included: f => f.include_edges && f.include_memories },
  {
    kind: 'entities', file: 'entities.jsonl', table: 'entities', json: ['aliases', 'metadata'], bools: ['caller_owned'],
    children: [{ field: 'keys', table: 'entity_keys', column: 'entity_id' }],
    included: f => f.include_entities,
  },
  { kind: 'entity_edges', file: 'entity_edges.jsonl', table: 'entity_relations', memoryRefs: ['memory_id'], bools: ['applied'], included: f => f.include_entities && f.include_edges },
  { kind: 'mentions', file: 'mentions.jsonl', table: 'mentions', bools: ['applied'], included: f => f.include_entities && f.include_memories },
  {
    kind: 'communities', file: 'communities.jsonl', table: 'communities',
    children: [{ field: 'members', table: 'community_members', column: 'community_id' }],
    included: f => f.include_communities && f.include_entities,
  },
  {
    kind: 'crystal_sources', file: 'crystal_sources.jsonl', table: 'crystals',
    children: [{ field: 'sources', table: 'crystal_sources', column: 'crystal_id' }],
    included: f => f.include_communities && f.include_memories,
  },
  { kind: 'threads', file: 'threads.jsonl', table: 'threads', json: ['participants', 'metadata'], bools: ['is_favorite'], included: f => f.include_threads },
  { kind: 'messages', file: 'messages.jsonl', table: 'thread_messages', json: ['metadata'], included: f => f.include_threads && f.include_messages },
  { kind: 'working_memory', file: 'working_memory.jsonl', table: 'working_memory', included: f => f.include_working_memory },
  { kind: 'trash', file: 'trash.jsonl', table: 'trash', json: ['snapshot'], included: f => f.include_memories },
  { kind: 'agent_profiles', file: 'agent_profiles.jsonl', table: 'agent_profiles', json: ['profile'], included: () => true },
  { kind: 'spaces', file: 'spaces.jsonl', table: 'spaces', json: ['aliases', 'shared_space_ids'], included: () => true },
  // Server-wide settings (the owner's profile, guidance rules, spaces switched on), each value as its JSON.
  { kind: 'settings', file: 'settings.jsonl', table: 'settings', json: ['value'], included: () => true },
  // Documents: each source with its chunk list and labels (the chunks themselves are memories), then its original bytes.
  {
    kind: 'sources', file: 'sources.jsonl', table: 'sources', json: ['metadata'],
    children: [{ field: 'chunks', table: 'source_chunks', column: 'source_id' }, { field: 'labels', table: 'source_labels', column: 'source_id' }],
    included: f => f.include_sources,
  },
  { kind: 'source_files', file: 'source_files.jsonl', table: 'source_files', binary: ['bytes'], included: f => f.include_sources && f.include_source_files },
  { kind: 'skills', file: 'skills.jsonl', table: null, included: f => f.include_skills },
];

/** Favorite memories and threads: a listing for people and other tools; the flags themselves travel with the records. */
export const FAVORITES = { kind: 'favorites', file: 'favorites.jsonl' };
/** Working memory as markdown, one section per space and day; the records are in working_memory.jsonl. */
export const WORKING_MEMORY_MD = 'working_memory.md';
export const MANIFEST = 'manifest.json';
export const ARCHIVE_FORMAT = 'cairn-export';
export const ARCHIVE_VERSION = 1;

/** Every file name an archive may hold. */
export const KNOWN_FILES = new Set([MANIFEST, WORKING_MEMORY_MD, FAVORITES.file, ...KINDS.map(k => k.file)]);

/** A stored row as an archive record: JSON columns parsed, 0/1 columns as booleans, local state left out. */
export function toRecord(spec: Pick<KindSpec, 'json' | 'bools' | 'omit' | 'binary'>, row: TableRow): TableRow {
  const record: TableRow = { ...row };
  for (const column of spec.binary ?? []) if (record[column] instanceof Uint8Array) record[column] = Buffer.from(record[column] as Uint8Array).toString('base64');
  for (const column of spec.omit ?? []) delete record[column];
  for (const column of spec.json ?? []) if (typeof record[column] === 'string') record[column] = JSON.parse(record[column] as string);
  for (const column of spec.bools ?? []) if (record[column] !== undefined && record[column] !== null) record[column] = record[column] === 1 || record[column] === true;
  return record;
}

/** An archive record back as a stored row (the reverse of `toRecord`, local state aside). */
export function toRow(spec: Pick<KindSpec, 'json' | 'bools' | 'binary'>, record: TableRow): TableRow {
  const row: TableRow = { ...record };
  for (const column of spec.binary ?? []) if (typeof row[column] === 'string') row[column] = Buffer.from(row[column] as string, 'base64');
  for (const column of spec.json ?? []) if (column in row) row[column] = JSON.stringify(row[column]);
  for (const column of spec.bools ?? []) if (typeof row[column] === 'boolean') row[column] = row[column] ? 1 : 0;
  return row;
}
