/**
 * Markdown renderers of Library pages. One set serves the web pages and both exports: where a page links to
 * another, it asks a LinkBuilder, which answers an API path, a path relative to the file, or null (not linked).
 */
import type { MemoryRecord } from '../../storage/ports.ts';
import type { EntityView, TopicView } from './load.ts';

export interface LinkBuilder {
  topic(id: number): string | null;
  entity(id: string): string | null;
  crystal(id: string): string | null;
}

/** Links to the Library's own pages, for the web. */
export const apiLinks: LinkBuilder = {
  topic: id => `/library/wiki-page/topic/${id}`,
  entity: id => `/library/wiki-page/entity/${encodeURIComponent(id)}`,
  crystal: id => `/library/wiki-page/crystal/${encodeURIComponent(id)}`,
};

/** Inline text with Markdown's link and emphasis characters escaped, on one line. */
export function inline(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/([\\`*_[\]<>|])/g, '\\$1');
}

/** A link when there is a target, the plain name otherwise. */
export function link(text: string, target: string | null): string {
  const label = inline(text) || 'untitled';
  return target === null ? label : `[${label}](${target})`;
}

/** One line of at most `max` characters (for descriptions and excerpts). */
export function oneLine(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** The first sentence of a text, on one line. */
export function firstSentence(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const end = line.search(/[.!?。！？](\s|$)/u);
  return oneLine(end >= 0 ? line.slice(0, end + 1) : line, max);
}

export const day = (iso: string) => iso.slice(0, 10);

/** Text quoted line by line, so headings or lists inside a memory cannot break the page around it. */
export function quote(text: string, max = 1200): string {
  const body = text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
  return body
    .trim()
    .split('\n')
    .map(line => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** A memory as a page lists it: its title (a link when it is a crystal), its date, its content quoted. */
export function renderMemory(memory: MemoryRecord, links: LinkBuilder, heading = '###'): string {
  const title = memory.is_crystal ? link(memory.title || 'Crystal', links.crystal(memory.id)) : inline(memory.title || 'Untitled memory');
  const kind = memory.is_crystal ? ' · crystal' : '';
  return `${heading} ${title}\n\n*${day(memory.created_at)}${kind}*\n\n${quote(memory.content)}\n`;
}

export function topicDescription(view: Pick<TopicView, 'community'>): string {
  const { community } = view;
  return firstSentence(community.summary) || `A topic of ${plural(community.entity_count, 'entity', 'entities')} and ${plural(community.memory_count, 'memory', 'memories')}.`;
}

export function renderTopic(view: TopicView, links: LinkBuilder): string {
  const { community } = view;
  const parts = [`# ${inline(community.name) || `Topic ${community.id}`}\n`];
  parts.push(`${community.summary.trim() || '_No summary yet._'}\n`);
  parts.push(`*${plural(community.entity_count, 'entity', 'entities')} · ${plural(community.memory_count, 'memory', 'memories')} · updated ${day(community.updated_at)}*\n`);
  parts.push('## Key entities\n');
  parts.push(
    view.entities.length === 0
      ? '_None._\n'
      : `${view.entities
          .map(e => `- ${link(e.name, links.entity(e.id))} (${inline(e.entity_type)}, ${plural(e.mention_count, 'mention')})${e.description ? `: ${inline(oneLine(e.description))}` : ''}`)
          .join('\n')}\n`,
  );
  if (view.crystals.length > 0) {
    parts.push('## Crystals\n');
    parts.push(`${view.crystals.map(c => `- ${link(c.title || 'Crystal', links.crystal(c.id))}${c.stale ? ' (stale)' : ''}`).join('\n')}\n`);
  }
  parts.push('## Recent memories\n');
  parts.push(view.memories.length === 0 ? '_None._\n' : view.memories.map(m => renderMemory(m, links)).join('\n'));
  if (view.related.length > 0) {
    parts.push('## Related topics\n');
    parts.push(`${view.related.map(r => `- ${link(r.name, links.topic(r.id))}: ${plural(r.shared_edges, 'shared relation')}`).join('\n')}\n`);
  }
  return parts.join('\n');
}

export function entityDescription(view: Pick<EntityView, 'entity'>): string {
  const { entity } = view;
  return oneLine(entity.description) || `${entity.entity_type}, mentioned in ${plural(entity.mention_count, 'memory', 'memories')}.`;
}

export function renderEntity(view: EntityView, links: LinkBuilder): string {
  const { entity } = view;
  const parts = [`# ${inline(entity.name)}\n`];
  const facts = [`*${inline(entity.entity_type)}*`, plural(entity.mention_count, 'mention')];
  if (entity.aliases.length > 0) facts.push(`also known as ${entity.aliases.map(inline).join(', ')}`);
  parts.push(`${facts.join(' · ')}\n`);
  if (entity.description.trim()) parts.push(`${entity.description.trim()}\n`);
  if (view.topic) parts.push(`Topic: ${link(view.topic.name, links.topic(view.topic.id))}\n`);
  if (view.related.length > 0) {
    parts.push('## Related entities\n');
    parts.push(
      `${view.related
        .map(r => `- ${r.direction === 'out' ? `${inline(r.relation_type)} →` : `← ${inline(r.relation_type)}`} ${link(r.entity.name, links.entity(r.entity.id))} (${inline(r.entity.entity_type)})`)
        .join('\n')}\n`,
    );
  }
  parts.push('## Memories\n');
  parts.push(view.memories.length === 0 ? '_None._\n' : view.memories.map(m => renderMemory(m, links)).join('\n'));
  return parts.join('\n');
}
