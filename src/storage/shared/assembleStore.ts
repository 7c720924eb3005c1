import type { BackendAdapter, BackendConnection } from '../backendAdapter.ts';
import type { Store } from '../ports.ts';
import { buildRepos } from './repos.ts';
import { createGroupCommit } from './groupCommit.ts';
import { withRetries } from './retry.ts';

/**
 * The `Store` of an open, migrated backend: the shared repositories over its connection, and what the adapter does
 * its own way (search projections, snapshots, retries, closing). Every backend's store is made here, so they differ
 * only where their adapters do.
 */
export function assembleStore<C extends BackendConnection>(adapter: BackendAdapter<C>, connection: C): Store {
  const { db } = connection;
  const { retry } = adapter;
  return {
    backend: adapter.name,
    ...buildRepos(db),
    search: adapter.search(connection),
    threadSearch: adapter.threadSearch(connection),
    vectors: adapter.vectors(connection),
    transaction: work => {
      const run = () => db.transaction().execute(trx => work(buildRepos(trx)));
      return retry ? withRetries(run, retry) : run();
    },
    groupTransaction: createGroupCommit(db, retry ?? {}),
    readSnapshot: work => adapter.readSnapshot(connection, work),
    ping: () => adapter.ping(connection),
    checkpoint: () => adapter.checkpoint(connection),
    describeTables: () => adapter.describeTables(db),
    close: () => adapter.close(connection),
  };
}
