/** Library wiki pages as Markdown, linking to the other pages through the API. */
import type { Deps } from '../deps.ts';
import { loadCrystal, loadEntity, loadTopic, requireCommunity, resolveEntity } from './load.ts';
import { apiLinks, renderEntity, renderTopic } from './render.ts';
import { renderCrystal } from './renderCrystal.ts';

/** The entity's page (by id, or canonical name in any case); 404 `entity_not_found` when there is none. */
export async function entityPage(deps: Pick<Deps, 'store'>, idOrName: string, input: { mention_limit: number }): Promise<string> {
  const entity = await resolveEntity(deps.store, idOrName);
  return renderEntity(await loadEntity(deps.store, entity, input.mention_limit), apiLinks);
}

/** The crystal's page, with a stale notice when its sources moved on; 404 `crystal_not_found` when unknown or forgotten. */
export async function crystalPage(deps: Pick<Deps, 'store'>, crystalId: string): Promise<string> {
  return renderCrystal(await loadCrystal(deps.store, crystalId), apiLinks);
}

/** The topic (community) page; 404 `community_not_found` when unknown. */
export async function topicPage(deps: Pick<Deps, 'store'>, communityId: number, input: { top_per_community: number }): Promise<string> {
  const community = await requireCommunity(deps.store, communityId);
  return renderTopic(await loadTopic(deps.store, community, input.top_per_community), apiLinks);
}
