import { type Kysely, sql } from 'kysely';
import type { SearchRepo, WorkClaim } from '../ports.ts';
import type { Database } from './schema.ts';
import { chunked } from './chunks.ts';

type EmbeddingMethods = Pick<
  SearchRepo,
  | 'pendingEmbeddings' | 'saveEmbeddings' | 'storedVectors' | 'countIndexable' | 'countNeedingReindex' | 'oldestNeedingReindex'
  | 'idsNeedingReindex' | 'markForReindex' | 'markMissingVectors' | 'dropVectorsNotOf'
>;

/** The embedding queue (`reindex_needed`) and stored vectors: portable Kysely, the same on every backend. */
export function embeddingRepo(db: Kysely<Database>): EmbeddingMethods {
  /** Claims these memories for the holder where nobody else holds a live claim; the ids now the holder's. */
  async function claimRows(ids: string[], claim: WorkClaim): Promise<Set<string>> {
    const claimed = await db
      .insertInto('embedding_claims')
      .values(ids.sort().map(memory_id => ({ memory_id, claimed_by: claim.holder, lease_until: claim.lease_until })))
      .onConflict(oc =>
        oc
          .column('memory_id')
          .doUpdateSet({ claimed_by: claim.holder, lease_until: claim.lease_until })
          .where(eb => eb.or([eb('embedding_claims.lease_until', '<', claim.now), eb('embedding_claims.claimed_by', '=', claim.holder)])),
      )
      .returning('memory_id')
      .execute();
    return new Set(claimed.map(c => c.memory_id));
  }

  return {
    async pendingEmbeddings(limit, claim) {
      let pending = db
        .selectFrom('memories')
        .select(['id', 'title', 'content', 'version'])
        .where('reindex_needed', '=', sql.lit(1))
        .where('lifecycle_state', '!=', 'forgotten')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit);
      if (!claim) return pending.execute();
      // Skip what another holder is embedding; then claim: one upsert per row decides, so each goes to one holder.
      pending = pending.where(eb =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('embedding_claims as c')
              .select('c.memory_id')
              .whereRef('c.memory_id', '=', 'memories.id')
              .where('c.lease_until', '>=', claim.now)
              .where('c.claimed_by', '!=', claim.holder),
          ),
        ),
      );
      // Another holder may claim the same candidates first: look again (its claims now excluded), a few times.
      for (let attempt = 0; attempt < 3; attempt++) {
        const candidates = await pending.execute();
        if (candidates.length === 0) return [];
        const ours = await claimRows(candidates.map(c => c.id), claim);
        if (ours.size > 0) return candidates.filter(c => ours.has(c.id));
      }
      return [];
    },

    async saveEmbeddings(items, model, at) {
      return db.transaction().execute(async trx => {
        let saved = 0;
        for (const item of items) {
          const bytes = Buffer.from(item.vector.buffer, item.vector.byteOffset, item.vector.byteLength);
          // Only where the content is still the embedded version: an edit meanwhile leaves the memory pending.
          const cleared = await trx
            .updateTable('memories')
            .set({ reindex_needed: 0 })
            .where('id', '=', item.memory_id)
            .where('version', '=', item.version)
            .executeTakeFirst();
          if (Number(cleared.numUpdatedRows) === 0) continue;
          const row = { model, dimensions: item.vector.length, vector: bytes, content_version: item.version, created_at: at };
          await trx
            .insertInto('memory_embeddings')
            .values({ memory_id: item.memory_id, ...row })
            .onConflict(oc => oc.column('memory_id').doUpdateSet(row))
            .execute();
          saved++;
        }
        await chunked(items.map(i => i.memory_id), part => trx.deleteFrom('embedding_claims').where('memory_id', 'in', part).execute());
        return saved;
      });
    },

    async storedVectors(model) {
      const rows = await db.selectFrom('memory_embeddings').select(['memory_id', 'vector']).where('model', '=', model).execute();
      return rows.map(r => {
        const bytes = r.vector as Uint8Array;
        const copy = new Float32Array(bytes.byteLength / 4);
        new Uint8Array(copy.buffer).set(bytes);
        return { memory_id: r.memory_id, vector: copy };
      });
    },

    async countIndexable() {
      const row = await db
        .selectFrom('memories')
        .select(eb => eb.fn.countAll<number>().as('n'))
        .where('lifecycle_state', '!=', 'forgotten')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countNeedingReindex() {
      const row = await db
        .selectFrom('memories')
        .select(eb => eb.fn.countAll<number>().as('n'))
        .where('reindex_needed', '=', sql.lit(1))
        .where('lifecycle_state', '!=', 'forgotten')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async oldestNeedingReindex() {
      const row = await db
        .selectFrom('memories')
        .select(eb => eb.fn.min<string>('updated_at').as('oldest'))
        .where('reindex_needed', '=', sql.lit(1))
        .where('lifecycle_state', '!=', 'forgotten')
        .executeTakeFirstOrThrow();
      return row.oldest ?? null;
    },

    async idsNeedingReindex(limit) {
      let query = db.selectFrom('memories').select('id').where('reindex_needed', '=', sql.lit(1)).where('lifecycle_state', '!=', 'forgotten').orderBy('created_at').orderBy('id');
      if (limit !== undefined) query = query.limit(limit);
      return (await query.execute()).map(r => r.id);
    },

    async markForReindex(ids) {
      if (ids === undefined) {
        const result = await db.updateTable('memories').set({ reindex_needed: 1 }).executeTakeFirst();
        return Number(result.numUpdatedRows);
      }
      const counts = await chunked(ids, async part => {
        const result = await db.updateTable('memories').set({ reindex_needed: 1 }).where('id', 'in', part).executeTakeFirst();
        return [Number(result.numUpdatedRows)];
      });
      return counts.reduce((a, b) => a + b, 0);
    },

    async markMissingVectors(model) {
      const result = await db
        .updateTable('memories')
        .set({ reindex_needed: 1 })
        .where('reindex_needed', '=', sql.lit(0))
        .where('lifecycle_state', '!=', 'forgotten')
        .where(eb =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('memory_embeddings as e')
                .select(sql.lit(1).as('one'))
                .whereRef('e.memory_id', '=', 'memories.id')
                .whereRef('e.content_version', '=', 'memories.version')
                .where('e.model', '=', model),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async dropVectorsNotOf(model) {
      const result = await db.deleteFrom('memory_embeddings').where('model', '!=', model).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
