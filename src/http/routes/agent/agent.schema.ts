import { z } from 'zod';
import { isCalendarDate } from '../../../domain/thread.ts';
import { boolQuery, intQuery, spaceId } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { AgentProfile, GuidanceRule, Memory, ThreadListItem, WorkingMemory } from '../../responses.ts';


export const workingMemoryQuery = z.object({
  date: z.string().refine(isCalendarDate, { message: 'date must be a day as YYYY-MM-DD' }).optional(),
  space_id: spaceId.optional(),
});

/** Reference `UpdateWorkingMemoryRequest`: content 1..10000 characters. */
export const updateWorkingMemoryBody = z.object({ content: z.string().min(1).max(10_000), space_id: spaceId.nullish() });

/** `PATCH /agent/working-memory` (beyond the interface): one section or the whole document, replaced or appended to. */
export const patchWorkingMemoryBody = z.object({
  heading: z.string().trim().min(1).max(200).optional(),
  append: z.string().min(1).max(10_000).optional(),
  content: z.string().max(10_000).optional(),
  space_id: spaceId.nullish(),
});

export const workingMemoryHistoryQuery = z.object({ limit: intQuery(1, 365, 30), space_id: spaceId.optional() });

export const contextBundleQuery = z.object({
  agent_id: z.string().min(1).optional(),
  source_app: z.string().min(1).optional(),
  host_agent_id: z.string().min(1).optional(),
  space_id: spaceId.optional(),
  include_working_memory: boolQuery().default(true),
});

const wmNote = 'Working memory is one Markdown document per space and day (at most 10,000 characters), the notes an assistant keeps between sessions.';


/** The documentation and answers of the agent operations: working memory, context bundle, mem-fs. */
export const agentDocs = {
  getWorkingMemory: doc({
    tag: 'Agent',
    summary: 'Read working memory',
    description: `${wmNote} By default the current one (today's, else the most recent day's); with \`date\` (YYYY-MM-DD) that day's. Missing: \`exists: false\` and empty content.`,
    response: { 200: WorkingMemory },
  }),
  putWorkingMemory: doc({
    tag: 'Agent',
    summary: 'Replace working memory',
    description: `Replaces today's working memory of the space with \`content\` (1..10,000 characters); earlier days stay in the history. ${wmNote}`,
    response: { 200: WorkingMemory.extend({ success: z.boolean(), message: z.string() }) },
  }),
  patchWorkingMemory: doc({
    tag: 'Agent',
    summary: 'Edit working memory',
    description:
      "Edits the space's current working memory in one transaction, so two agents appending at once both land: " +
      '`heading` picks a section, `content` replaces it (or the whole document), `append` adds to it. Over 10,000 ' +
      'characters answers 422 and nothing changes.',
    response: { 200: WorkingMemory.extend({ success: z.boolean(), message: z.string() }) },
  }),
  workingMemoryHistory: doc({
    tag: 'Agent',
    summary: 'Working memory history',
    description: 'Days with a working memory in the space, newest first; `limit` 1..365 (default 30).',
    response: {
      200: z.object({
        space_id: z.string(),
        dates: z.array(z.string()),
        entries: z.array(z.object({ date: z.string(), updated_at: z.string(), chars: z.number() })),
        total: z.number(),
      }),
    },
  }),
  contextBundle: doc({
    tag: 'Agent',
    summary: 'Context bundle for a session start',
    description:
      'What an assistant reads at session start: the agent profile matching `agent_id`, `host_agent_id` or `source_app`, ' +
      "the space's profile (name, agent instructions, retrieval defaults; null for a space without one), its working memory " +
      '(unless `include_working_memory=false`), its most important recent memories and its latest threads, as data and ' +
      'all together as `rendered_markdown`; `rules` holds the active guidance rules that apply (global ones, the matched ' +
      'profile\'s, the space\'s; see `/settings/rules`), highest priority first. Reads only.',
    response: {
      200: z.object({
        space_id: z.string(),
        generated_at: z.string(),
        agent_id: z.string().nullable(),
        source_app: z.string().nullable(),
        host_agent_id: z.string().nullable(),
        profile: AgentProfile.nullable(),
        rules: z.array(GuidanceRule),
        space: z
          .object({ id: z.string(), name: z.string(), instructions: z.string().nullable(), default_retrieval_mode: z.string(), shared_space_ids: z.array(z.string()) })
          .nullable(),
        working_memory: WorkingMemory.nullable(),
        memories: z.array(Memory),
        recent_threads: z.array(ThreadListItem),
        rendered_markdown: z.string(),
      }),
    },
  }),
  memFs: doc({
    tag: 'Agent',
    summary: 'Run a memory-filesystem command',
    description:
      'A read-only filesystem view of a space, one shell-shaped command per request: `capabilities`, `ls`, `cat`, ' +
      '`grep`, `recall`, `find` or `stat` (e.g. `ls /memories`, `grep -i redis /labels/db`). Answers the text a shell ' +
      'would print and the same as data. The command line\'s `fs` commands use it.',
    response: { 200: z.object({ command: z.string(), output: z.string(), data: z.record(z.string(), z.unknown()) }) },
  }),
};
