/**
 * BullMQ processor of QUEUE_NAMES.searchIndex: copies changed entities (and the records
 * that reference them) from the graph into Meilisearch. Jobs carry ids only and read the
 * graph, so a retried or repeated job converges on the current state. On the neo4j search
 * backend there is nothing to sync (Neo4j's full-text indexes follow the graph by themselves).
 */
import type { Job } from 'bullmq';
import { meiliOptions, syncEntities } from '../search';
import { MeiliSearchIndex } from '../search/meilisearch';
import type { EntityJob, WorkerDeps } from './jobs';

let meili: MeiliSearchIndex | undefined;

export async function searchIndexJob(job: Job<EntityJob>, deps: WorkerDeps): Promise<unknown> {
  const options = meiliOptions(deps.config);
  if (!options) return { skipped: 'the search backend is neo4j' };
  meili ??= new MeiliSearchIndex(options);
  const result = await syncEntities(deps.graph, meili, job.data.entityIds);
  deps.logger.debug({ job: job.id, ...result }, 'search index synced');
  return result;
}
