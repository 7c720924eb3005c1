/** The crystal page: its synthesis, a visible notice when stale, its sources with their weights, its entities. */
import type { CrystalView } from './load.ts';
import { day, firstSentence, inline, link, type LinkBuilder, quote } from './render.ts';

const REASONS = { source_changed: 'changed', source_forgotten: 'forgotten', source_deleted: 'deleted' } as const;

export function crystalDescription(view: Pick<CrystalView, 'memory'>): string {
  return firstSentence(view.memory.content) || `A crystal synthesised from other memories.`;
}

function staleNotice(view: CrystalView): string {
  const counts = new Map<string, number>();
  for (const s of view.staleness.stale_sources) counts.set(REASONS[s.reason], (counts.get(REASONS[s.reason]) ?? 0) + 1);
  const what = [...counts].map(([reason, n]) => `${n} ${reason}`).join(', ');
  return `> **Stale:** this crystal no longer matches its sources (${what} since it was made). Crystallise them again to refresh it.\n`;
}

export function renderCrystal(view: CrystalView, links: LinkBuilder): string {
  const { memory, crystal } = view;
  const parts = [`# ${inline(memory.title) || 'Crystal'}\n`];
  if (view.staleness.stale) parts.push(staleNotice(view));
  parts.push(`${memory.content.trim()}\n`);
  const facts = [`crystallised ${day(crystal.created_at)}`, `${crystal.synthesis} synthesis`];
  if (view.topic) facts.push(`topic: ${link(view.topic.name, links.topic(view.topic.id))}`);
  parts.push(`*${facts.join(' · ')}*\n`);
  parts.push('## Sources\n');
  const sources = view.sources.map((s, i) => {
    const changed = s.changed ? ' · *changed since*' : '';
    const weight = `${Math.round(s.contribution_weight * 100)}%`;
    const excerpt = quote(s.memory.content, 400)
      .split('\n')
      .map(line => `   ${line}`)
      .join('\n');
    return `${i + 1}. **${inline(s.memory.title || 'Untitled memory')}** (${weight}) · ${day(s.memory.created_at)}${changed}\n\n${excerpt}\n`;
  });
  parts.push(sources.length === 0 ? '_No source is available any more._\n' : sources.join('\n'));
  if (view.hidden_sources > 0) parts.push(`*${view.hidden_sources} source${view.hidden_sources === 1 ? ' is' : 's are'} no longer available (forgotten or deleted).*\n`);
  if (view.entities.length > 0) {
    parts.push('## Entities\n');
    parts.push(`${view.entities.map(e => `- ${link(e.name, links.entity(e.id))} (${inline(e.entity_type)})`).join('\n')}\n`);
  }
  return parts.join('\n');
}
