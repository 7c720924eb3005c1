/**
 * Short ids in tables. UUIDv7 ids written the same day share their first 13 characters, so a column of full ids looks
 * the same on every row. People read the shortest prefix that names each record alone in the store (the server's
 * `POST /ids/short`, at least 8 hex digits), and every command takes it back in place of the id. `--json` keeps full ids.
 */
import { ApiError } from './api.ts';
import type { Ctx } from './output.ts';

export type IdKind = 'memory' | 'label' | 'relation' | 'entity' | 'crystal' | 'thread';

/** How to show each of `ids` in human output: its short form, or the id itself (with --json, or a server without short ids). */
export async function shortener(ctx: Ctx, kind: IdKind, ids: string[]): Promise<(id: string) => string> {
  if (ctx.json || ids.length === 0) return id => id;
  try {
    const { short_ids } = await ctx.api.send<{ short_ids: Record<string, string> }>('POST', '/ids/short', { kind, ids, space_id: ctx.space });
    return id => short_ids[id] ?? id;
  } catch (error) {
    if (error instanceof ApiError) return id => id;
    throw error;
  }
}
