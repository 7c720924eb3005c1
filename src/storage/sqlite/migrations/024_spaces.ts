import { type Kysely, sql } from 'kysely';

/**
 * Space profiles (name, key, aliases, instructions, shared spaces, retrieval mode) and a settings table (spaces
 * enabled, …). Records keep naming their space by `space_id`; a space with no profile still exists while it holds
 * something. PostgreSQL 004 is the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spaces')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('key', 'text')
    .addColumn('name', 'text', c => c.notNull())
    .addColumn('aliases', 'text', c => c.notNull().defaultTo('[]'))
    .addColumn('description', 'text')
    .addColumn('icon', 'text')
    .addColumn('instructions', 'text')
    .addColumn('shared_space_ids', 'text', c => c.notNull().defaultTo('[]'))
    .addColumn('default_retrieval_mode', 'text', c => c.notNull().defaultTo('strict'))
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('spaces_by_key').unique().on('spaces').column('key').where(sql<boolean>`key is not null`).execute();
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', c => c.primaryKey())
    .addColumn('value', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();
}
