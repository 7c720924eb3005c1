import type { Kysely } from 'kysely';
import type { ApiKeyRepo } from '../ports.ts';
import type { Database } from './schema.ts';

export function apiKeyRepo(db: Kysely<Database>): ApiKeyRepo {
  return {
    async insert(key) {
      await db.insertInto('api_keys').values(key).execute();
    },
    async listHashes() {
      const rows = await db.selectFrom('api_keys').select('key_hash').execute();
      return rows.map(r => r.key_hash);
    },
    async list() {
      return db.selectFrom('api_keys').select(['id', 'created_at']).orderBy('created_at').orderBy('id').execute();
    },
    async entries() {
      return db.selectFrom('api_keys').select(['id', 'key_hash', 'created_at']).orderBy('created_at').orderBy('id').execute();
    },
    async delete(id) {
      const result = await db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
