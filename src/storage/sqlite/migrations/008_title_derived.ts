import { type Kysely, sql } from 'kysely';
import { deriveTitle } from '../../../domain/memory.ts';

/**
 * Whether a memory's title was given by the caller or derived from its content, so that an automatic title follows
 * the content when it changes. Existing memories whose title equals the title their content would derive are marked
 * derived; a caller who gave exactly that title loses nothing (it is derived again from the same content).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memories').addColumn('title_derived', 'integer', c => c.notNull().defaultTo(0)).execute();
  const rows = await sql<{ id: string; title: string; content: string }>`select id, title, content from memories`.execute(db);
  const derived = rows.rows.filter(row => row.title === deriveTitle(row.content)).map(row => row.id);
  for (let i = 0; i < derived.length; i += 500) {
    const part = derived.slice(i, i + 500);
    await sql`update memories set title_derived = 1 where id in (${sql.join(part)})`.execute(db);
  }
}
