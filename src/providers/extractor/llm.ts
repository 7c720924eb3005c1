import { cleanEntityName, entityKey, extractionText, normalizeEntityType } from '../../domain/entity.ts';
import type { ExtractedEntity, ExtractedRelationship, Extraction, ExtractionLevel, Extractor, Llm } from '../ports.ts';

/**
 * Entity extraction by a chat model (OpenAI-compatible), prompted for a JSON schema. Levels, as the reference names
 * them: `swift` (named entities and the clearest relations), `guided` (plus descriptions, aliases and typed relations),
 * `expert` (exhaustive: concepts and projects too, pronouns resolved). The answer is checked and cleaned: entries
 * without a name are dropped, types are folded into our vocabulary, relations must join extracted entities.
 */
export function createLlmExtractor(llm: Llm, defaultLevel: ExtractionLevel = 'guided'): Extractor {
  return {
    provider: 'llm',
    model: llm.model,
    inline: false,
    async extract(input) {
      const level = input.level ?? defaultLevel;
      const written = input.reference_time ? `The text was written on ${input.reference_time.slice(0, 10)}; give dates as calendar dates.` : '';
      const language = input.language ? `Write descriptions in ${input.language}; keep names as written.` : '';
      const text = extractionText(input.text, input.title);
      const answer = await llm.completeJson(
        [
          { role: 'system', content: [INSTRUCTIONS, LEVELS[level], written, language].filter(Boolean).join('\n') },
          { role: 'user', content: text },
        ],
        { name: 'knowledge_graph_extraction', schema: SCHEMA },
      );
      return cleanAnswer(answer);
    },
  };
}

const INSTRUCTIONS = `You extract a knowledge graph from a personal note or a conversation turn.
Return JSON with "entities" and "relationships".
Each entity: "name" (as written, without titles such as Dr. or Mrs.), "entity_type" (one of person, organization, location, product, technology, event, date, concept), "confidence" (0 to 1).
Each relationship: "source" and "target" (entity names exactly as in "entities"), "relation_type" (UPPER_SNAKE_CASE, e.g. WORKS_AT, LIVES_IN, MOVED_TO, VISITED, USES, MAKES, ACQUIRED, MARRIED_TO, FAMILY_OF, MET, RELATED_TO), "confidence" (0 to 1).
Only extract what the text states. Never invent entities. Skip pronouns and generic nouns.`;

const LEVELS: Record<ExtractionLevel, string> = {
  swift: 'Be quick: only named entities (people, organizations, places, products, technologies, dates) and the relationships the text states directly. No descriptions.',
  guided: 'Add a one-sentence "description" of each entity from what the text says, "aliases" (other names the text uses for it), and typed relationships with a short "description".',
  expert: 'Be exhaustive: include concepts, projects and events as entities, resolve pronouns to the entities they refer to, give each entity a "description" and its "aliases", and give every relationship a type, a "description" and a calibrated "confidence".',
};

const SCHEMA = {
  type: 'object',
  properties: {
    entities: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          entity_type: { type: 'string' },
          description: { type: 'string' },
          aliases: { type: 'array', items: { type: 'string' } },
          confidence: { type: 'number' },
        },
        required: ['name', 'entity_type'],
      },
    },
    relationships: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          source: { type: 'string' },
          target: { type: 'string' },
          relation_type: { type: 'string' },
          description: { type: 'string' },
          confidence: { type: 'number' },
        },
        required: ['source', 'target', 'relation_type'],
      },
    },
  },
  required: ['entities', 'relationships'],
};

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const asString = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const asConfidence = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : fallback);

/** The model's answer as an Extraction: invalid entries dropped, names cleaned, one entity per name. */
export function cleanAnswer(answer: unknown): Extraction {
  const root = asRecord(answer);
  const byKey = new Map<string, ExtractedEntity>();
  for (const raw of Array.isArray(root.entities) ? root.entities : []) {
    const item = asRecord(raw);
    const name = cleanEntityName(asString(item.name));
    const key = entityKey(name);
    if (!key || byKey.has(key)) continue;
    const aliases = (Array.isArray(item.aliases) ? item.aliases : []).map(asString).map(cleanEntityName).filter(a => a && entityKey(a) !== key);
    const description = asString(item.description);
    byKey.set(key, {
      name,
      entity_type: normalizeEntityType(asString(item.entity_type) || 'other'),
      confidence: asConfidence(item.confidence, 0.8),
      ...(description ? { description } : {}),
      ...(aliases.length ? { aliases } : {}),
    });
  }
  const nameOf = (ref: string) => byKey.get(entityKey(ref))?.name ?? [...byKey.values()].find(e => e.aliases?.some(a => entityKey(a) === entityKey(ref)))?.name;
  const relationships: ExtractedRelationship[] = [];
  for (const raw of Array.isArray(root.relationships) ? root.relationships : []) {
    const item = asRecord(raw);
    const source = nameOf(asString(item.source));
    const target = nameOf(asString(item.target));
    const type = asString(item.relation_type).toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'RELATED_TO';
    if (!source || !target || source === target) continue;
    const description = asString(item.description);
    relationships.push({ source, target, relation_type: type, confidence: asConfidence(item.confidence, 0.7), ...(description ? { description } : {}) });
  }
  return { entities: [...byKey.values()], relationships };
}
