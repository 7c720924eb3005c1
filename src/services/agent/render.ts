import { oneLine } from '../../domain/thread.ts';
import type { AgentProfile } from './profiles.ts';
import { counted } from '../../domain/text.ts';

export interface BundleParts {
  space_id: string;
  generated_at: string;
  profile: AgentProfile | null;
  /** The active guidance rules, in the order to show them. */
  rules: { title: string; body: string }[];
  /** The space's profile, when it has one. */
  space: { name: string; instructions: string | null } | null;
  working_memory: { content: string; date: string } | null;
  memories: { title: string; content: string; importance: number; created_at: string; unit_type: string }[];
  threads: { title: string; source: string; message_count: number; updated_at: string }[];
}

/** Characters of a memory's content shown in the bundle. */
const MEMORY_CHARS = 300;

/** The bundle as markdown for an agent's prompt: profile, working memory, important memories, recent threads. */
export function renderContextBundle(parts: BundleParts): string {
  const spaceName = parts.space && parts.space.name !== parts.space_id ? `${parts.space.name} (\`${parts.space_id}\`)` : `\`${parts.space_id}\``;
  const sections: string[] = [`# Context\n\n_Space ${spaceName} · ${parts.generated_at}_`];
  if (parts.space?.instructions?.trim()) sections.push(`## Space instructions\n\n${parts.space.instructions.trim()}`);
  const { profile } = parts;
  if (profile) {
    const lines = [`## Agent profile\n\n**${profile.displayName}**${profile.role ? ` (${profile.role})` : ''} · id \`${profile.id}\``];
    if (profile.description) lines.push(profile.description);
    if (profile.instructions) lines.push(`### Instructions\n\n${profile.instructions}`);
    sections.push(lines.join('\n\n'));
  }
  if (parts.rules.length) {
    sections.push(`## Rules\n\n${parts.rules.map(r => `### ${oneLine(r.title, 120)}\n\n${r.body.trim()}`).join('\n\n')}`);
  }
  if (parts.working_memory?.content.trim()) {
    sections.push(`## Working memory (${parts.working_memory.date})\n\n${parts.working_memory.content.trim()}`);
  }
  if (parts.memories.length) {
    const items = parts.memories.map(
      (m, i) => `${i + 1}. **${oneLine(m.title, 120)}** (${m.unit_type}, importance ${m.importance}, ${m.created_at.slice(0, 10)}): ${oneLine(m.content, MEMORY_CHARS)}`,
    );
    sections.push(`## Important recent memories\n\n${items.join('\n')}`);
  }
  if (parts.threads.length) {
    const items = parts.threads.map(t => `- ${oneLine(t.title, 120)} (${t.source}, ${counted(t.message_count, 'message')}, ${t.updated_at.slice(0, 10)})`);
    sections.push(`## Recent conversations\n\n${items.join('\n')}`);
  }
  if (sections.length === 1) sections.push('_Nothing stored yet for this space._');
  return `${sections.join('\n\n')}\n`;
}
