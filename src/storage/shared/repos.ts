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
import { workingMemoryRepo } from './workingMemory.ts';
import { communityRepo } from './communities.ts';
import { crystalRepo } from './crystals.ts';
import { activityRepo } from './activity.ts';
import { trashRepo } from './trash.ts';
import { libraryReadRepo } from './libraryReads.ts';
import { agentProfileRepo } from './agentProfiles.ts';
import { communityGraphRepo } from './communityGraph.ts';
import { tableRowsRepo } from './tableRows.ts';
import { jobRepo } from './jobs.ts';

/** The repositories over one connection or transaction; every backend shares them. */
export function buildRepos(db: Kysely<Database>): Repos {
  return {
    memories: memoryRepo(db),
    labels: labelRepo(db),
    memoryLabels: memoryLabelRepo(db),
    labelMerges: labelMergeRepo(db),
    evolves: evolvesRepo(db),
    relations: memoryRelationRepo(db),
    apiKeys: apiKeyRepo(db),
    entities: entityRepo(db),
    mentions: mentionRepo(db),
    entityRelations: entityRelationRepo(db),
    extractionQueue: extractionQueueRepo(db),
    threads: threadRepo(db),
    workingMemory: workingMemoryRepo(db),
    communities: communityRepo(db),
    crystals: crystalRepo(db),
    activity: activityRepo(db),
    trash: trashRepo(db),
    libraryReads: libraryReadRepo(db),
    agentProfiles: agentProfileRepo(db),
    communityGraph: communityGraphRepo(db),
    rows: tableRowsRepo(db),
    jobs: jobRepo(db),
  };
}
