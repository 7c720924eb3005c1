/** What every MCP tool shares: its scope, how it is registered, how answers and errors are shaped. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { spaceId } from '../../schemas.ts';
import { AppError, InputError } from '../../../errors.ts';
import type { Deps } from '../../../services/deps.ts';
import { type IdFields, resolveIdFields } from '../../../services/ids.ts';
import { resolveSpace } from '../../../services/spaces/spaces.ts';

/** The connection's scope, from its headers: it wins over what a model puts in the arguments. */
export interface McpScope {
  space_id?: string;
  agent_id?: string;
  host_agent_id?: string;
  source_app?: string;
  /** `X-Nowledge-Tool-Schema-Profile: slim`: one-line descriptions. */
  slim: boolean;
  /** `X-Nmem-Tool-Set`: only the tools of that set (toolSets.ts) are listed and callable. */
  tool_set?: string;
}

export interface ToolContext {
  deps: Deps;
  scope: McpScope;
  /** Where unexpected tool failures are logged. */
  log?: (message: string) => void;
}

/** What a tool answers: text an assistant reads, and the same facts as structured content. */
export interface ToolAnswer {
  text: string;
  data: Record<string, unknown>;
}

export interface ToolSpec<S extends z.ZodRawShape> {
  /** When to use the tool and what it answers, for the model. */
  description: string;
  /** The slim profile's one-liner. */
  slim: string;
  input: S;
  readOnly: boolean;
  /** Arguments that name existing records: a unique prefix of the id is taken for the id (services/ids.ts). */
  ids?: IdFields;
}

/** The space a call works in: the connection's header first, then the argument, else the default space. */
export const spaceOf = (ctx: ToolContext, given?: string | null) => ctx.scope.space_id ?? (given || undefined);

export const spaceArg = spaceId.optional().describe('Space to work in (default: "default"). The connection\'s X-Nmem-Space-Id header wins when set.');
export const agentArg = z.string().min(1).max(200).optional().describe('Agent identity; the X-Nmem-Agent-Id header wins when set.');
export const dateArg = (what: string) =>
  z.string().refine(v => !Number.isNaN(Date.parse(v)), { message: 'Expected an ISO 8601 date such as 2025-01-31 or 2025-01-31T09:00:00Z' }).describe(what);

/** An error as a tool result the model can act on: what went wrong and what to do instead. Never a protocol error. */
export function toolError(error: unknown): CallToolResult {
  let text: string;
  if (error instanceof InputError) text = `Invalid argument${error.loc.length > 1 ? ` ${error.loc.slice(1).join('.')}` : ''}: ${error.message}`;
  else if (error instanceof AppError && error.status === 404) text = `${error.message}. Check the id: find one with memory_search, thread_search or mem_fs first.`;
  else if (error instanceof AppError) text = `${error.message} (${error.code})`;
  else text = `The tool failed: ${error instanceof Error ? error.message : String(error)}`;
  return { content: [{ type: 'text', text }], isError: true };
}

export function answer(result: ToolAnswer): CallToolResult {
  return { content: [{ type: 'text', text: result.text }], structuredContent: result.data };
}

/** A tool, built once at start: its schema, both descriptions, and what it runs with a call's scope. */
export interface ToolDef {
  name: string;
  description: string;
  slim: string;
  input: z.ZodObject;
  readOnly: boolean;
  ids?: IdFields;
  run(args: unknown, ctx: ToolContext): Promise<ToolAnswer>;
}

/** A tool definition; its handler gets validated arguments and the call's context. */
export function defineTool<S extends z.ZodRawShape>(
  name: string,
  spec: ToolSpec<S>,
  run: (args: z.output<z.ZodObject<S>>, ctx: ToolContext) => Promise<ToolAnswer>,
): ToolDef {
  return { name, description: spec.description, slim: spec.slim, input: z.object(spec.input), readOnly: spec.readOnly, ids: spec.ids, run: run as ToolDef['run'] };
}

/** What was wrong with the arguments, one `field: problem` per issue, for the model to fix. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map(i => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`).join('; ');
}

/** Validates the arguments and runs the tool; any failure is a tool error (isError), never a broken session. */
export async function callTool(tool: ToolDef, rawArgs: unknown, ctx: ToolContext): Promise<CallToolResult> {
  const parsed = await tool.input.safeParseAsync(rawArgs ?? {});
  if (!parsed.success) return { content: [{ type: 'text', text: `Invalid arguments for ${tool.name}: ${describeIssues(parsed.error)}` }], isError: true };
  try {
    const args = parsed.data as Record<string, unknown>;
    // Spaces named as people name them (a key, a name, "Default") become their ids, as on the HTTP routes.
    if (typeof args.space_id === 'string') args.space_id = await resolveSpace(ctx.deps, args.space_id);
    const space = ctx.scope.space_id;
    const scoped = space ? { ...ctx, scope: { ...ctx.scope, space_id: await resolveSpace(ctx.deps, space) } } : ctx;
    if (tool.ids) await resolveIdFields(ctx.deps, args, tool.ids, spaceOf(scoped, typeof args.space_id === 'string' ? args.space_id : undefined));
    return answer(await tool.run(args, scoped));
  } catch (error) {
    if (!(error instanceof AppError || error instanceof InputError)) ctx.log?.(`MCP tool ${tool.name} failed: ${(error as Error)?.stack ?? error}`);
    return toolError(error);
  }
}

/** A long text cut to `max` characters, saying how much was left out. */
export function cut(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  return { text: `${text.slice(0, max)}… [cut: ${max} of ${text.length} characters]`, truncated: true };
}

export const oneLine = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
