import type { Kysely, Selectable } from 'kysely';
import type { AgentProfileRecord, AgentProfileRepo } from '../ports.ts';
import type { Database } from './schema.ts';
import type { AgentProfilesTable } from './schema.profiles.ts';

const toRecord = (row: Selectable<AgentProfilesTable>): AgentProfileRecord => ({
  ...row,
  profile: JSON.parse(row.profile) as Record<string, unknown>,
});

const toRow = (record: AgentProfileRecord): AgentProfilesTable => ({ ...record, profile: JSON.stringify(record.profile) });

export function agentProfileRepo(db: Kysely<Database>): AgentProfileRepo {
  return {
    async insert(record) {
      const result = await db
        .insertInto('agent_profiles')
        .values(toRow(record))
        .onConflict(oc => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async replace(record) {
      const row = toRow(record);
      await db
        .insertInto('agent_profiles')
        .values(row)
        .onConflict(oc => oc.column('id').doUpdateSet({ profile: row.profile, service_identity_card: row.service_identity_card, updated_at: row.updated_at }))
        .execute();
    },
    async getById(id) {
      const row = await db.selectFrom('agent_profiles').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async list() {
      return (await db.selectFrom('agent_profiles').selectAll().orderBy('id').execute()).map(toRecord);
    },
    async delete(id) {
      const result = await db.deleteFrom('agent_profiles').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
