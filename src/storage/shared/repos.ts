import type { Kysely } from 'kysely';
import type { Repos } from '../ports.ts';
import type { Database } from './schema.ts';
import { memoryRepo } from './memories.ts';
import { labelRepo, memoryLabelRepo } from './labels.ts';
import { labelMergeRepo } from './labelMerges.ts';
import { evolvesRepo } from './evolves.ts';
import { memoryRelationRepo } from './memoryRelations.ts';
import { apiKeyRepo } from './apiKeys.ts';
import { entityRepo } from './entities.ts';
import { entityRelationRepo, extractionQueueRepo, mentionRepo } from './mentions.ts';
import { threadRepo } from './threads.ts';
import { threadTrashRepo } from './threadTrash.ts';
import { workingMemoryRepo } from './workingMemory.ts';
import { communityRepo } from './communities.ts';
import { crystalRepo } from './crystals.ts';
import { activityRepo } from './activity.ts';
import { trashRepo } from './trash.ts';
import { libraryReadRepo } from './libraryReads.ts';
import { agentProfileRepo } from './agentProfiles.ts';
import { communityGraphRepo } from './communityGraph.ts';
import { graphOverviewRepo } from './graphOverview.ts';
import { tableRowsRepo } from './tableRows.ts';
import { jobRepo } from './jobs.ts';
import { leaseRepo, lockRepo } from './coordination.ts';
import { idRepo } from './ids.ts';
import { settingsRepo, spaceRepo } from './spaces.ts';
import { sourceRepo } from './sources.ts';
import { syncRepo } from './syncLog.ts';

const factories: { [K in keyof Repos]: (db: Kysely<Database>) => Repos[K] } = {
  memories: memoryRepo,
  labels: labelRepo,
  memoryLabels: memoryLabelRepo,
  labelMerges: labelMergeRepo,
  evolves: evolvesRepo,
  relations: memoryRelationRepo,
  apiKeys: apiKeyRepo,
  entities: entityRepo,
  mentions: mentionRepo,
  entityRelations: entityRelationRepo,
  extractionQueue: extractionQueueRepo,
  threads: threadRepo,
  threadTrash: threadTrashRepo,
  workingMemory: workingMemoryRepo,
  communities: communityRepo,
  crystals: crystalRepo,
  activity: activityRepo,
  trash: trashRepo,
  libraryReads: libraryReadRepo,
  agentProfiles: agentProfileRepo,
  communityGraph: communityGraphRepo,
  graphOverview: graphOverviewRepo,
  rows: tableRowsRepo,
  jobs: jobRepo,
  locks: lockRepo,
  leases: leaseRepo,
  ids: idRepo,
  spaces: spaceRepo,
  settings: settingsRepo,
  sources: sourceRepo,
  sync: syncRepo,
};
const names = Object.keys(factories) as (keyof Repos)[];

/**
 * The repositories over one connection or transaction; every backend shares them. Each is made on first use: a
 * transaction (one per write, one per savepoint of a group commit) touches two or three of them, not all.
 */
export function buildRepos(db: Kysely<Database>): Repos {
  const repos = {} as Repos;
  for (const name of names) {
    Object.defineProperty(repos, name, {
      enumerable: true,
      configurable: true,
      get() {
        const repo = factories[name](db);
        Object.defineProperty(repos, name, { value: repo, enumerable: true, writable: true });
        return repo;
      },
    });
  }
  return repos;
}
