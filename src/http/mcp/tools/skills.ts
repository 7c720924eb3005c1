/**
 * Tools of subsystems Cairn keeps no data for yet (managed skills, timeline reviews): they answer, plainly, that there
 * is nothing, so agent prompts that call them keep working.
 */
import { z } from 'zod';
import { defineTool, type ToolDef } from './common.ts';

export const skillTools: ToolDef[] = [
  defineTool('find_skills', {
    description: 'Find managed skills (reusable procedures) that match a task. Cairn stores no managed skills yet, so this says so; use memory_search for procedures saved as memories.',
    slim: 'Find managed skills for a task (none stored yet).',
    readOnly: true,
    input: { query: z.string().max(4000).optional().describe('The task to find skills for'), limit: z.number().int().min(1).max(50).default(5) },
  }, async args => ({
    text: `No managed skills are stored in Cairn yet, so none match${args.query ? ` "${args.query}"` : ''}. Procedures saved as memories are found with memory_search (unit_type "procedure").`,
    data: { skills: [], total: 0, query: args.query ?? null },
  })),

  defineTool('report_skill_outcome', {
    description: 'Report how using a managed skill went (success or failure), so the skill can improve. Cairn stores no managed skills yet: nothing is recorded.',
    slim: 'Report a skill outcome (no skills stored yet; nothing recorded).',
    readOnly: false,
    input: {
      skill_id: z.string().min(1).max(200),
      // The statuses the integrations' hooks report (`completed` after a session that used the skill) and the older ones.
      outcome: z.enum(['completed', 'failed', 'abandoned', 'success', 'failure', 'partial']).describe('How it went'),
      version: z.union([z.string().max(100), z.number()]).optional().describe('The version of the skill that was used'),
      notes: z.string().max(4000).optional(),
    },
  }, async args => ({
    text: `Cairn keeps no managed skills yet, so there is no skill ${args.skill_id} to record this ${args.outcome} against; nothing was stored. Save a lesson with memory_add if it matters.`,
    data: { recorded: false, skill_id: args.skill_id, outcome: args.outcome, reason: 'no managed skills are stored' },
  })),

  defineTool('list_timeline_reviews', {
    description: 'List timeline reviews waiting for a decision (memories whose order in time needs confirming). Cairn has no timeline reviews yet, so the list is empty.',
    slim: 'List pending timeline reviews (none yet).',
    readOnly: true,
    input: { limit: z.number().int().min(1).max(100).default(20), status: z.string().max(50).optional() },
  }, async () => ({ text: 'There are no timeline reviews: Cairn has none pending.', data: { reviews: [], total: 0 } })),

  defineTool('resolve_timeline_review', {
    description: 'Resolve a timeline review with a decision. Cairn has no timeline reviews yet, so there is nothing to resolve; EVOLVES links are corrected with memory_evolves_revise.',
    slim: 'Resolve a timeline review (none exist yet).',
    readOnly: false,
    input: { review_id: z.string().min(1).max(200), decision: z.string().min(1).max(100), note: z.string().max(4000).optional() },
  }, async args => ({
    text: `There is no timeline review ${args.review_id}: Cairn has none yet, so nothing was changed. To correct how two memories evolve, use memory_evolves_revise.`,
    data: { resolved: false, review_id: args.review_id, reason: 'no timeline reviews exist' },
  })),
];
