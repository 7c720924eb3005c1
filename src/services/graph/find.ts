import { chooseAutoMatch, entityKey } from '../../domain/entity.ts';
import { terms, words } from '../../domain/text.ts';
import type { EntityWithStats } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { candidatesFor, cleanWanted } from './resolve.ts';

const MAX_GRAM = 3;

/**
 * Stored entities a free-text query names, most mentioned first: the offline extractor's names resolved as on
 * create, plus every run of one to three words of the query looked up by name or alias key (so "where does maria
 * work" finds "Maria" without capitals). Runs of only stop words are skipped. For search's entity expansion.
 */
export async function findEntitiesInText(deps: Pick<Deps, 'store' | 'extraction'>, text: string): Promise<EntityWithStats[]> {
  if (!text.trim()) return [];
  const extracted = (await deps.extraction.rules.extract({ text })).entities.map(cleanWanted);
  const { keys, byKey } = await candidatesFor(deps.store, extracted);
  const ids = new Set<string>();
  extracted.forEach((entity, i) => {
    const match = chooseAutoMatch(entity, keys[i].flatMap(key => byKey.get(key) ?? []));
    if (match) ids.add(match.id);
  });

  const tokens = words(text);
  const grams = new Set<string>();
  for (let n = 1; n <= MAX_GRAM; n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const gram = tokens.slice(i, i + n).join(' ');
      const key = entityKey(gram);
      if (key.length >= 2 && terms(gram).length > 0) grams.add(key);
    }
  }
  for (const { entity } of await deps.store.entities.findByKeys([...grams])) ids.add(entity.id);
  const entities = await deps.store.entities.getMany([...ids]);
  return entities.sort((a, b) => b.mention_count - a.mention_count || (a.id < b.id ? -1 : 1));
}
