/** Entity rules that need no storage: names, types, match keys, and how a name resolves to a stored entity. */

export const MAX_ENTITY_NAME_CHARS = 200;

/** The types the offline extractor produces; a language model or a caller may use others (kept, lower case). */
export const ENTITY_TYPES = ['person', 'organization', 'location', 'product', 'technology', 'event', 'date', 'money', 'url', 'email', 'other'] as const;

const TYPE_SYNONYMS: Record<string, string> = {
  org: 'organization', organisation: 'organization', company: 'organization', corporation: 'organization', business: 'organization',
  institution: 'organization', agency: 'organization', team: 'organization', university: 'organization', school: 'organization',
  place: 'location', gpe: 'location', loc: 'location', city: 'location', country: 'location', region: 'location', landmark: 'location',
  address: 'location', people: 'person', human: 'person', individual: 'person',
  software: 'technology', tool: 'technology', framework: 'technology', library: 'technology', language: 'technology',
  programming_language: 'technology', database: 'technology', platform: 'technology', tech: 'technology',
  app: 'product', application: 'product', device: 'product', service: 'product', brand: 'product',
  time: 'date', datetime: 'date', day: 'date', currency: 'money', price: 'money', link: 'url', website: 'url',
  concept: 'other', misc: 'other', unknown: 'other', thing: 'other',
};

/** An entity type in our vocabulary: lower case, spaces as underscores, common synonyms folded. */
export function normalizeEntityType(type: string): string {
  const t = type.normalize('NFKC').trim().toLowerCase().replace(/[\s-]+/g, '_');
  return TYPE_SYNONYMS[t] ?? (t || 'other');
}

/**
 * Types whose entities are values, not things: dates, amounts, links. They stay attached to the memories that
 * mention them, but they are not drawn as nodes of the graph overview, not clustered into topics, and never name one.
 */
export const VALUE_ENTITY_TYPES = ['date', 'money', 'url', 'email', 'quantity', 'percent', 'time', 'duration'] as const;
const VALUE_TYPES: ReadonlySet<string> = new Set(VALUE_ENTITY_TYPES);

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const UNIT = '(?:[kmgtp]i?b|bytes?|[kmg]?hz|[kmg]?bps|ms|ns|µs|s|secs?|mins?|h|hrs?|hours?|days?|weeks?|months?|years?|fps|rpm|[km]?w|kwh|mah|km|cm|mm|m|kg|mg|g|ml|l|mph|kph|°[cf]|%|x)';
/** Units that are never a name even alone ("MB"); one-letter ones ("X", "H") may be. */
const BARE_UNIT = '(?:[kmgtp]i?b|[kmg]hz|[kmg]bps|kwh|mah|fps|rpm|ms)';
const DATE_FORMS = `\\d{4}-\\d{2}-\\d{2}(?:t[\\d:.z+-]*)?|(?:${WEEKDAY},? )?(?:\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}\\.?(?:,? \\d{2,4})?|${MONTH}\\.? \\d{1,2}(?:st|nd|rd|th)?(?:,? \\d{2,4})?|${MONTH}\\.? \\d{4})|${WEEKDAY}`;
const MONEY_FORMS = `[$€£¥₹]\\s?[\\d.,]+\\s?[kmb]?|[\\d.,]+\\s?(?:usd|eur|gbp|dollars?|euros?|pounds?)`;
/** A date written as a name ("4 March 2026", "2026-03-04", "Friday", a year). */
const DATE_NAME = new RegExp(`^(?:${DATE_FORMS}|(?:19|20)\\d{2})$`, 'i');
const MONEY_NAME = new RegExp(`^(?:${MONEY_FORMS})$`, 'i');
/** Names that are a date, an amount or a unit whatever their stored type ("4 March 2026", "2026-03-04", "MB", "$40"). */
/** "URLs", "URI": the word for links, never a thing's name. */
const LINK_WORD = /^(?:urls?|uris?)$/i;
const VALUE_NAME = new RegExp(`^(?:[\\d\\s.,:/+-]+|${DATE_FORMS}|${MONEY_FORMS}|[\\d.,]+\\s?${UNIT}|${BARE_UNIT}|urls?|uris?)$`, 'i');

/** Whether a type is one of values (date, money, url, …), not of things. */
export const isValueType = (type: string) => VALUE_TYPES.has(type);

/** Whether an entity is a value (a date, an amount, a unit, a link) rather than a thing to draw and cluster. */
export function isValueEntity(name: string, type: string): boolean {
  return VALUE_TYPES.has(type) || VALUE_NAME.test(name.trim());
}

/**
 * The value type of a name that is a value ("4 March 2026" → date, "$40" → money, "MB" or "500 MB" → quantity), or
 * null for the name of a thing. An extractor or a caller that types such a name as a thing (or as "other") has it
 * stored as the value it is, so that the graph never draws it and no topic is named after it.
 */
export function valueTypeOfName(name: string): string | null {
  const text = name.trim();
  if (!VALUE_NAME.test(text) && !DATE_NAME.test(text)) return null;
  if (DATE_NAME.test(text)) return 'date';
  if (MONEY_NAME.test(text)) return 'money';
  if (LINK_WORD.test(text)) return 'url';
  return 'quantity';
}

/** Types that say little: such an entity may be the same thing as one of any type. */
const WEAK_TYPES = new Set(['other']);
/** Types the extractors confuse with each other. */
const TYPE_FAMILIES: string[][] = [['product', 'technology']];

export function typesCompatible(a: string, b: string): boolean {
  if (a === b || WEAK_TYPES.has(a) || WEAK_TYPES.has(b)) return true;
  return TYPE_FAMILIES.some(family => family.includes(a) && family.includes(b));
}

/** A display name: whitespace folded, surrounding quotes and punctuation removed. */
export function cleanEntityName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'“”‘’`([{<,;:!?*_-]+|[\s"'“”‘’`)\]}>,;:!?*_-]+$/g, '')
    .trim()
    .slice(0, MAX_ENTITY_NAME_CHARS);
}

/**
 * The match key of a name (also stored as `canonical_name`): case, accents and punctuation do not count, `&` reads
 * as "and", apostrophes vanish and a leading "the" is dropped. "ACME Corp." and "Acme Corp" share the key "acme corp".
 */
export function entityKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

const CORPORATE_SUFFIXES = new Set(['inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'llc', 'plc', 'gmbh', 'ag', 'sa', 'group', 'holdings']);

/** An organisation's key without its legal-form suffix ("acme corp" → "acme"), or null when it has none. */
export function coreOrganizationKey(key: string): string | null {
  const words = key.split(' ');
  let end = words.length;
  while (end > 1 && CORPORATE_SUFFIXES.has(words[end - 1])) end--;
  return end < words.length ? words.slice(0, end).join(' ') : null;
}

/** Every key an entity is found by: its name's, its aliases', and for an organisation the name without legal form. */
export function entityKeys(name: string, aliases: readonly string[], type: string): string[] {
  const keys = new Set<string>();
  for (const text of [name, ...aliases]) {
    const key = entityKey(text);
    if (!key) continue;
    keys.add(key);
    if (type === 'organization') {
      const core = coreOrganizationKey(key);
      if (core && core.length > 1) keys.add(core);
    }
  }
  return [...keys];
}

/** What resolution needs to know about a stored entity. */
export interface StoredEntity {
  id: string;
  name: string;
  entity_type: string;
  caller_owned: boolean;
  created_at: string;
  /** How sure the extractor was of its type; below SURE_TYPE_CONFIDENCE the stored type is a guess. */
  confidence?: number;
}

/** Below this confidence an extractor's type is a guess from context: the name may join a stored entity of another type. */
export const SURE_TYPE_CONFIDENCE = 0.7;

/**
 * The stored entity an automatically matched name stands for, or null for a new one. Candidates were found by key;
 * an entity a caller owns (exact mode) matches only its exact name and type, never through aliases or punctuation.
 * Types must agree (or be compatible), unless the wanted type or the stored one is only a guess (confidence below 0.7).
 * Preference: exact name and type, then the same name key, then a compatible type, then the oldest.
 */
export function chooseAutoMatch<E extends StoredEntity>(
  wanted: { name: string; entity_type: string; confidence?: number },
  found: readonly { key: string; entity: E }[],
): E | null {
  const nameKey = entityKey(wanted.name);
  const guessed = wanted.confidence !== undefined && wanted.confidence < SURE_TYPE_CONFIDENCE;
  const scored = new Map<string, { entity: E; score: number }>();
  for (const { key, entity } of found) {
    const exact = entity.name === wanted.name && entity.entity_type === wanted.entity_type;
    const compatible = typesCompatible(entity.entity_type, wanted.entity_type);
    // A stored guess ("Heron" as a person, from "Sam thinks Heron should…") yields to a sure type: same entity.
    const storedGuess = entity.confidence !== undefined && entity.confidence < SURE_TYPE_CONFIDENCE;
    if (entity.caller_owned ? !exact : !compatible && !guessed && !storedGuess) continue;
    const score = (exact ? 8 : 0) + (key === nameKey ? 4 : 0) + (compatible ? 2 : 0) + (entity.entity_type === wanted.entity_type ? 1 : 0);
    const previous = scored.get(entity.id);
    if (!previous || previous.score < score) scored.set(entity.id, { entity, score });
  }
  let best: { entity: E; score: number } | null = null;
  for (const candidate of scored.values()) {
    if (!best || candidate.score > best.score || (candidate.score === best.score && olderFirst(candidate.entity, best.entity) < 0)) best = candidate;
  }
  return best?.entity ?? null;
}

function olderFirst(a: StoredEntity, b: StoredEntity): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Stored entities with exactly this name and type: more than one makes an apply ambiguous. */
export function exactMatches<E extends StoredEntity>(wanted: { name: string; entity_type: string }, stored: readonly E[]): E[] {
  return stored.filter(e => e.name === wanted.name && e.entity_type === wanted.entity_type).sort(olderFirst);
}

/** Aliases after adding `more`: no duplicates by key, none equal to the name. */
export function mergeAliases(name: string, current: readonly string[], more: readonly string[]): string[] {
  const nameKey = entityKey(name);
  const seen = new Set(current.map(entityKey));
  const result = [...current];
  for (const alias of more) {
    const clean = cleanEntityName(alias);
    const key = entityKey(clean);
    if (!key || key === nameKey || seen.has(key)) continue;
    seen.add(key);
    result.push(clean);
  }
  return result;
}

/** The text to extract from: the title joins the content only when it says more than the content's first words. */
export function extractionText(content: string, title?: string | null): string {
  const head = title?.trim().replace(/…$/, '').trimEnd();
  if (!head || content.trim().startsWith(head)) return content;
  return `${title!.trim()}${/[.!?:;]$/.test(head) ? '' : '.'}\n${content}`;
}
