/**
 * `nmem stats`: how much the store holds — `{"memories", "threads", "entities", "labels", "communities"}`, the counts
 * the original's benchmark harness reads — from the list endpoints' totals, in the configured space; and `pending`, the
 * memories the background still owes their graph or embedding (/health), which a harness can wait on to reach 0.
 */
import type { Command } from 'commander';
import { type Ctx, table, withCtx } from './output.ts';

const ENTITY_PAGE = 200;

/** Entities are listed without a total: counted a page at a time. */
async function countEntities(ctx: Ctx): Promise<number> {
  let count = 0;
  for (let offset = 0; ; offset += ENTITY_PAGE) {
    const page = await ctx.api.get<unknown[]>('/entities', { limit: ENTITY_PAGE, offset, space_id: ctx.space });
    count += page.length;
    if (page.length < ENTITY_PAGE) return count;
  }
}

async function stats(ctx: Ctx) {
  type Page = { pagination: { total: number } };
  const [memories, threads, entities, labels, communities, pending] = await Promise.all([
    ctx.api.get<Page>('/memories', { limit: 1, space_id: ctx.space }).then(p => p.pagination.total),
    ctx.api.get<Page>('/threads', { limit: 1, space_id: ctx.space }).then(p => p.pagination.total),
    countEntities(ctx),
    ctx.api.get<unknown[]>('/labels', { space_id: ctx.space }).then(l => l.length),
    ctx.api.get<{ total: number }>('/communities', { space_id: ctx.space }).then(c => c.total),
    ctx.api.get<{ background_queue: { pending: number } | null }>('/health').then(h => h.background_queue?.pending ?? 0),
  ]);
  const counts = { memories, threads, entities, labels, communities, pending };
  ctx.print({ ...counts, memory_count: memories, thread_count: threads, entity_count: entities, label_count: labels, community_count: communities, space: ctx.space ?? 'default' }, () =>
    table(Object.entries(counts).map(([name, n]) => [name, String(n)])),
  );
}

export function registerStatsCommand(program: Command): void {
  program.command('stats').description('how many memories, threads, entities, labels and communities the store holds, and how many memories wait for background work').action(withCtx(stats));
}
