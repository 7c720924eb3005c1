/**
 * Named subsets of the MCP tools a client can ask for with the `X-Nmem-Tool-Set` header. `external-agent` is the
 * bounded set agent frameworks load (LangGraph, DeepSeek Harness): reading context and memories, saving memories,
 * threads, mem_fs and the skill and review tools — no deletes, no thread saving, no graph maintenance.
 */
export const TOOL_SETS: Record<string, ReadonlySet<string>> = {
  'external-agent': new Set([
    'read_context_bundle',
    'read_working_memory',
    'memory_search',
    'get_memory_by_id',
    'memory_add',
    'memory_update',
    'thread_search',
    'thread_fetch_messages',
    'mem_fs',
    'find_skills',
    'report_skill_outcome',
    'list_timeline_reviews',
    'resolve_timeline_review',
    'memory_evolves_revise',
    'check_claims',
    'trigger_memory_catchup',
  ]),
};

/** Whether a tool is offered under a tool set (an unknown or absent set offers every tool). */
export const inToolSet = (toolSet: string | undefined, tool: string) => !toolSet || !TOOL_SETS[toolSet] || TOOL_SETS[toolSet].has(tool);
