/** Session context tools: the context bundle, working memory, and the mem_fs filesystem view. */
import { z } from 'zod';
import { getContextBundle } from '../../../services/agent/contextBundle.ts';
import { getWorkingMemory, MAX_WORKING_MEMORY_CHARS, patchWorkingMemory } from '../../../services/agent/workingMemory.ts';
import { runMemFs } from '../../../services/memfs/memfs.ts';
import { agentArg, defineTool, spaceArg, spaceOf, type ToolDef } from './common.ts';


export const contextTools: ToolDef[] = [
  defineTool('read_context_bundle', {
    description:
      'Read the session-start context: the agent profile, today\'s working memory, the most important recent memories and the latest ' +
      'conversations, as one Markdown briefing. Call it once at the start of a session (or after the context changed a lot).',
    slim: 'Session-start briefing: profile, working memory, key memories, recent threads.',
    readOnly: true,
    input: {
      agent_id: agentArg,
      host_agent_id: z.string().min(1).max(200).optional().describe('Host agent id; the X-Nmem-Host-Agent-Id header wins when set'),
      source_app: z.string().min(1).max(200).optional().describe('The calling app (codex, claude-code, …), to pick its agent profile'),
      include_working_memory: z.boolean().default(true),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const bundle = await getContextBundle(ctx.deps, {
      agent_id: ctx.scope.agent_id ?? args.agent_id,
      host_agent_id: ctx.scope.host_agent_id ?? args.host_agent_id,
      source_app: args.source_app ?? ctx.scope.source_app,
      space_id: spaceOf(ctx, args.space_id),
      include_working_memory: args.include_working_memory,
    });
    return { text: bundle.rendered_markdown, data: bundle };
  }),

  defineTool('read_working_memory', {
    description:
      'Read the working memory: the short, current notes of what is in progress (focus, open questions, next steps) for this space. ' +
      'Read it at session start; update it with update_working_memory when the focus changes.',
    slim: 'Read the current working memory.',
    readOnly: true,
    input: {
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a day as YYYY-MM-DD').optional().describe('A past day to read (default: the current one)'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const wm = await getWorkingMemory(ctx.deps, { date: args.date, space_id: spaceOf(ctx, args.space_id) });
    const text = wm.exists ? `Working memory (${wm.date}, space ${wm.space_id}):\n\n${wm.content}` : `Working memory is empty for space ${wm.space_id}${args.date ? ` on ${args.date}` : ''}.`;
    return { text, data: wm };
  }),

  defineTool('update_working_memory', {
    description:
      'Replace (or append to) today\'s working memory: short notes of the current focus, decisions in flight and next steps. ' +
      'Keep it brief; durable knowledge belongs in memory_add.',
    slim: 'Replace or append to the working memory.',
    readOnly: false,
    input: {
      content: z.string().min(1).max(MAX_WORKING_MEMORY_CHARS).describe('The new working memory (Markdown), or the text to append'),
      mode: z.enum(['replace', 'append']).default('replace').describe('"replace" (default) or "append" to the current notes'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const spaceId = spaceOf(ctx, args.space_id);
    const change = args.mode === 'append' ? { append: args.content } : { content: args.content };
    const saved = await patchWorkingMemory(ctx.deps, { ...change, space_id: spaceId });
    return { text: `Working memory saved for space ${saved.space_id} (${saved.chars} characters).`, data: saved };
  }),

  defineTool('mem_fs', {
    description:
      'Browse the memory store as a read-only filesystem with shell-shaped commands: `capabilities`, `ls /`, `ls /memories/by-label/<label>`, ' +
      '`cat /memories/by-id/<id>.memory.md`, `cat /threads/<thread_id>.md --line 1 --lines 50`, `grep "exact phrase" /memories`, `grep -E "a|b" /threads`, ' +
      '`recall "fuzzy question" --in /memories -k 5`, `find /memories --label decisions --since 2025-01-01 --type decision`, `stat <path>`. ' +
      'Use recall for fuzzy intent, find for metadata, grep for exact strings, stat before cat on large files. Output is at most 200 lines.',
    slim: 'Read-only filesystem view: ls, cat, grep, recall, find, stat, capabilities.',
    readOnly: true,
    input: {
      command: z.string().min(1).max(4000).describe('One command, e.g. `ls /memories` or `recall "token refresh" --in /memories -k 5`'),
      space_id: spaceArg,
    },
  }, async (args, ctx) => {
    const result = await runMemFs(ctx.deps, { command: args.command, space_id: spaceOf(ctx, args.space_id) });
    return { text: result.output, data: { command: result.command, ...result.data } };
  }),
];
