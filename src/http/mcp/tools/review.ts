/** Review tools: correct how memories evolve, check claims against memory, distil conversations not yet remembered. */
import { z } from 'zod';
import { InputError } from '../../../errors.ts';
import { REVISION_DECISIONS } from '../../../domain/revision.ts';
import { applyRevision, previewRevision } from '../../../services/relations/revision.ts';
import { checkClaims } from '../../../services/agent/claims.ts';
import { catchUpThreads } from '../../../services/distill/catchup.ts';
import { requireMemoryInSpace } from './scoped.ts';
import { defineTool, oneLine, spaceArg, spaceOf, type ToolDef } from './common.ts';

const memoryId = z.string().min(1).max(200);

export const reviewTools: ToolDef[] = [
  defineTool('memory_evolves_revise', {
    description:
      'Correct how two memories evolve from one another (an EVOLVES link): make the newer one replace, enrich, confirm or challenge the older, ' +
      'reverse the direction, or unlink them. First call without apply to preview the plan; then call again with apply: true and the plan_id it gave. ' +
      'Memory contents are never changed.',
    slim: 'Preview or apply a correction of an EVOLVES link between two memories.',
    readOnly: false,
    ids: { memory_ids: 'memory' },
    input: {
      memory_ids: z.tuple([memoryId, memoryId]).describe('The two memories: [newer, older]'),
      decision: z.enum(REVISION_DECISIONS).describe(`What the link should become: ${REVISION_DECISIONS.join(', ')}`),
      apply: z.boolean().default(false).describe('false (default): preview only; true: apply the previewed plan'),
      plan_id: z.string().min(1).max(200).optional().describe('The plan_id of the preview, required with apply: true'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    for (const id of args.memory_ids) await requireMemoryInSpace(ctx, id, args.space_id);
    if (!args.apply) {
      const plan = await previewRevision(ctx.deps, { decision: args.decision, memory_ids: args.memory_ids });
      const changes = plan.planned_changes.edges.map(e => `- ${e.kind} edge ${e.id}${'relation' in e && e.relation ? ` → ${e.relation}` : ''}`).join('\n') || '- no edge changes';
      const verdict = plan.can_apply ? `Apply with memory_evolves_revise {apply: true, plan_id: "${plan.plan_id}", same memory_ids and decision}.` : `It cannot be applied: ${plan.cannot_apply_reason}.`;
      return { text: `Plan ${plan.plan_id} (${args.decision}); latest memory afterwards: ${plan.authoritative_memory_id ?? 'unchanged'}.\n${changes}\n${verdict}`, data: plan };
    }
    if (!args.plan_id) throw new InputError(['arguments', 'plan_id'], 'apply: true needs the plan_id from a preview (call once without apply first)');
    const applied = await applyRevision(ctx.deps, { decision: args.decision, memory_ids: args.memory_ids, plan_id: args.plan_id });
    return { text: `Applied ${args.decision}: ${applied.current_edges.length} EVOLVES edge(s) now join the pair; latest memory: ${applied.authoritative_memory_id ?? 'unchanged'}.`, data: applied };
  }),

  defineTool('check_claims', {
    description:
      'Check statements against what memory holds before relying on them: for each claim, the memories that support it and those that may contradict it ' +
      '(offline: word overlap, negation and numbers, so treat "may contradict" as a prompt to read the memory). Use it to verify facts in a draft or a plan.',
    slim: 'Check claims against memories: supporting and contradicting memory ids.',
    readOnly: true,
    input: {
      claims: z.array(z.string().min(1).max(2000)).min(1).max(20).describe('The statements to check, one per item'),
      limit: z.number().int().min(1).max(10).default(5).describe('Memories weighed per claim (default 5)'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const result = await checkClaims(ctx.deps, { claims: args.claims, limit: args.limit, space_id: spaceOf(ctx, args.space_id) });
    const text = result.claims.map((c, i) => {
      const cited = c.evidence.filter(e => e.stance !== 'related').map(e => `   - ${e.stance === 'supports' ? 'supports' : 'may contradict'}: [${e.memory_id}] ${e.title} — ${oneLine(e.excerpt, 160)}`);
      return [`${i + 1}. "${oneLine(c.claim, 200)}": ${c.verdict}`, ...(cited.length ? cited : ['   - no memory speaks to it'])].join('\n');
    }).join('\n');
    return { text: `${text}\n(method: lexical, offline)`, data: result };
  }),

  defineTool('trigger_memory_catchup', {
    description:
      'Distil recent saved conversations that no memory was made from yet into memories (decisions, preferences, plans, facts, learnings). ' +
      'Use dry_run: true to see which threads it would process first.',
    slim: 'Distil recent conversations not yet remembered (or preview with dry_run).',
    readOnly: false,
    input: {
      limit: z.number().int().min(1).max(20).default(5).describe('Most threads to distil (1-20, default 5)'),
      dry_run: z.boolean().default(false).describe('true: only list the threads that would be distilled'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const result = await catchUpThreads(ctx.deps, { limit: args.limit, dry_run: args.dry_run, space_id: spaceOf(ctx, args.space_id) });
    if (result.threads.length === 0) return { text: 'Nothing to catch up: every recent conversation already has memories made from it.', data: result };
    const listed = result.threads.map(t => `- [${t.thread_id}] ${t.title} (${t.message_count} messages)`).join('\n');
    if (result.dry_run) return { text: `Would distil ${result.threads.length} conversation(s):\n${listed}\nCall again without dry_run to do it.`, data: result };
    const done = result.distilled.map(d => `- [${d.thread_id}] ${d.error ? `failed: ${d.error}` : `${d.memories_created} memories${d.memory_ids.length ? `: ${d.memory_ids.join(', ')}` : ''}`}`).join('\n');
    return { text: `Distilled ${result.distilled.length} conversation(s) into ${result.memories_created} memories:\n${done}`, data: result };
  }),
];
