import type { Extraction } from '../../providers/ports.ts';
import type { MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { type MemoryGraph, writeMemoryGraph } from './write.ts';

/**
 * How memory writes reach the graph, in three steps around the write transaction:
 * `prepareExtraction` before it (the rules run here: a model never runs inside a transaction),
 * `recordExtraction` inside it (entities and edges written with the memory, or the memory queued for the model),
 * `afterExtraction` once it committed (the background jobs are woken, and community detection told the graph changed).
 */

export interface PreparedExtraction {
  /** What to write with the memory; null when nothing is written now. */
  extraction: Extraction | null;
  /** Queue the memory for the language model, which runs in the background. */
  background: boolean;
  warnings: string[];
}

const NOTHING: PreparedExtraction = { extraction: null, background: false, warnings: [] };
const EMPTY_GRAPH: MemoryGraph = { entities: [], relationships: 0 };

/** Extracts entities of text about to be stored, or decides that a language model will in the background. */
export async function prepareExtraction(
  deps: Pick<Deps, 'extraction' | 'clock'>,
  input: { content: string; title?: string | null; created_at?: string },
): Promise<PreparedExtraction> {
  const { primary, rules, llm } = deps.extraction;
  if (!primary) return NOTHING;
  const request = { text: input.content, title: input.title ?? undefined, reference_time: input.created_at ?? deps.clock.now() };
  if (primary.inline) return { extraction: await primary.extract(request), background: false, warnings: [] };
  if (llm.usable()) {
    return {
      extraction: null,
      background: true,
      warnings: [`Entity extraction runs in the background with the language model ${primary.model}: the memory's entities appear once it finishes`],
    };
  }
  return {
    extraction: await rules.extract(request),
    background: false,
    warnings: [`The language model ${primary.model} is unreachable (${llm.lastError ?? 'unknown error'}): entities were extracted offline with rules`],
  };
}

/** Inside the memory's write transaction: writes the prepared graph (replacing the memory's old one) or queues the memory. */
export async function recordExtraction(
  tx: Repos,
  deps: Pick<Deps, 'ids' | 'clock'>,
  memory: Pick<MemoryRecord, 'id' | 'version'>,
  prepared: PreparedExtraction,
  options: { replace: boolean },
): Promise<MemoryGraph> {
  if (prepared.background) {
    await tx.extractionQueue.enqueue({ memory_id: memory.id, content_version: memory.version, level: '', queued_at: deps.clock.now() });
    return EMPTY_GRAPH;
  }
  if (!prepared.extraction) return EMPTY_GRAPH;
  return writeMemoryGraph(tx, deps, memory, prepared.extraction, options);
}

/** After the write committed: wakes the background extraction when the memory was queued, else says the graph changed. */
export function afterExtraction(deps: Pick<Deps, 'extraction' | 'communities'>, prepared: PreparedExtraction): void {
  if (prepared.background) deps.extraction.jobs?.kick();
  if (prepared.extraction) deps.communities?.graphChanged();
}
