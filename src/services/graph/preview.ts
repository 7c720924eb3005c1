import { chooseAutoMatch } from '../../domain/entity.ts';
import type { Extraction, ExtractionLevel, Extractor } from '../../providers/ports.ts';
import type { Deps } from '../deps.ts';
import { requireMemory } from '../readModel/memories.ts';
import { candidatesFor, cleanWanted } from './resolve.ts';

export interface PreviewOptions {
  force_reextraction?: boolean;
  extraction_level: ExtractionLevel;
  use_remote_llm?: boolean | null;
  preferred_language?: string | null;
}

interface Target {
  memory_id: string;
  title: string;
  content: string;
  reference_time?: string;
  already_extracted: boolean;
  /** Whether the title is read too: a given title yes, a stored one no (it may be derived from an older content). */
  extract_title: boolean;
}

/** Extracts the entities and relationships of a stored memory (404 when unknown) and says what applying would do; saves nothing. */
export async function previewMemoryExtraction(deps: Pick<Deps, 'store' | 'extraction'>, memoryId: string, options: PreviewOptions) {
  const memory = await requireMemory(deps.store, memoryId);
  const mentioned = (await deps.store.mentions.entityIdsOf([memoryId])).get(memoryId) ?? [];
  return previewText(deps, {
    memory_id: memory.id,
    title: memory.title,
    content: memory.content,
    reference_time: memory.created_at,
    already_extracted: mentioned.length > 0 || memory.metadata.kg_extraction !== undefined,
    extract_title: false,
  }, options);
}

/** Extracts the entities and relationships of explicit content; no memory is read or written. */
export async function previewContentExtraction(
  deps: Pick<Deps, 'store' | 'extraction'>,
  input: PreviewOptions & { memory_id: string; memory_title: string; memory_content: string },
) {
  return previewText(deps, { memory_id: input.memory_id, title: input.memory_title, content: input.memory_content, already_extracted: false, extract_title: true }, input);
}

/**
 * Runs the configured extractor now, the language model included (a preview is asked for and waited on); when the
 * model fails, the rules answer and `warnings` says so. `use_remote_llm: false` asks for the offline rules.
 */
async function extractNow(deps: Pick<Deps, 'extraction'>, target: Target, options: PreviewOptions) {
  const { primary, rules, llm } = deps.extraction;
  const request = { text: target.content, title: target.extract_title ? target.title : undefined, level: options.extraction_level, reference_time: target.reference_time, language: options.preferred_language };
  const model: Extractor | null = primary && !primary.inline && options.use_remote_llm !== false ? primary : null;
  if (model && llm.usable()) {
    try {
      const extraction = await model.extract(request);
      llm.markSuccess();
      return { extraction, method: 'llm', warnings: [] as string[] };
    } catch (error) {
      llm.markFailure(error);
    }
  }
  const warnings = model ? [`The language model ${model.model} is unreachable (${llm.lastError ?? 'unknown error'}): extracted offline with rules`] : [];
  return { extraction: await rules.extract(request), method: model ? 'rules-fallback' : 'rules', warnings };
}

/** What an auto-resolution apply of this extraction would do: reuse which stored entities, create which. Read only. */
async function writePlan(deps: Pick<Deps, 'store'>, extraction: Extraction) {
  const wanted = extraction.entities.map(cleanWanted);
  const { keys, byKey } = await candidatesFor(deps.store, wanted);
  return {
    resolution: 'auto',
    entities: wanted.map((entity, i) => {
      const match = chooseAutoMatch(entity, keys[i].flatMap(key => byKey.get(key) ?? []));
      return { name: entity.name, entity_type: entity.entity_type, action: match ? 'reuse' : 'create', entity_id: match?.id ?? null, matched_name: match?.name ?? null };
    }),
    relationships: extraction.relationships.length,
  };
}

async function previewText(deps: Pick<Deps, 'store' | 'extraction'>, target: Target, options: PreviewOptions) {
  const { extraction, method, warnings } = await extractNow(deps, target, options);
  const entities = extraction.entities.map(e => ({
    name: e.name,
    entity_type: e.entity_type,
    description: e.description ?? '',
    aliases: e.aliases ?? [],
    confidence: e.confidence,
    occurrences: e.occurrences ?? 1,
  }));
  const relationships = extraction.relationships.map(r => ({
    source: r.source,
    target: r.target,
    relation_type: r.relation_type,
    description: r.description ?? '',
    confidence: r.confidence,
  }));
  const confidence = entities.length === 0 ? 0 : entities.reduce((sum, e) => sum + e.confidence, 0) / entities.length;
  return {
    memory_id: target.memory_id,
    memory_title: target.title,
    memory_content: target.content,
    entities,
    relationships,
    extraction_confidence: Math.round(confidence * 1000) / 1000,
    entities_count: entities.length,
    relationships_count: relationships.length,
    kg_already_extracted: target.already_extracted,
    can_extract: true,
    write_plan: await writePlan(deps, extraction),
    extraction_method: method,
    extraction_level: options.extraction_level,
    warnings,
  };
}
