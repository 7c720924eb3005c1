import { getMemory } from '../../../services/readModel/memories.ts';
import { spaceOf, type ToolContext } from './common.ts';

/** The memory when it is readable in the call's space; a 404 otherwise (a connection never reaches another space). */
export const requireMemoryInSpace = (ctx: ToolContext, id: string, given?: string | null) => getMemory(ctx.deps, id, { space_id: spaceOf(ctx, given) });
