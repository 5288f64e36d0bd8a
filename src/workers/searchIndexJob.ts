/**
 * BullMQ processor of QUEUE_NAMES.searchIndex: drains the search-index outbox (src/search/sync.ts)
 * into Meilisearch. A job is a signal, not a list: producers queue one after a commit, and a
 * scheduler queues one every SWEEP_EVERY_MS, so a change whose signal was never queued (Redis
 * away, a producer that died) is still taken. A Meilisearch outage fails the job, which is retried
 * (DEFAULT_JOB_OPTIONS); the markers stay in Neo4j meanwhile. On the neo4j search backend the job
 * only removes markers (Neo4j's full-text indexes follow the graph by themselves).
 */
import type { Job } from 'bullmq';
import { drainPending, meiliOptions } from '../search';
import { MeiliSearchIndex } from '../search/meilisearch';
import type { EntityJob, WorkerDeps } from './jobs';
import { QUEUE_NAMES, type Queues } from './queues';

/** The sweep's period: the longest a change waits when its own signal was lost. */
export const SWEEP_EVERY_MS = 5000;
export const SWEEP_SCHEDULER_ID = 'search-index-sweep';

let meili: MeiliSearchIndex | undefined;

export async function searchIndexJob(job: Job<EntityJob>, deps: WorkerDeps): Promise<unknown> {
  const options = meiliOptions(deps.config);
  if (options) meili ??= new MeiliSearchIndex(options);
  const result = await drainPending(deps.graph, options ? meili : undefined);
  // A long outbox is drained by a chain of bounded jobs, so a job's lock is never held for long.
  if (result.more) await deps.queues.queue(QUEUE_NAMES.searchIndex).add('drain', { entityIds: [], reason: 'drain' });
  if (result.cleared) deps.logger.debug({ job: job.id, ...result }, 'search index synced');
  return result;
}

/** Queues a drain of the outbox (after a commit); the sweep covers a signal that fails. */
export async function signalSearchIndex(queues: Queues, reason: string): Promise<void> {
  await queues.queue(QUEUE_NAMES.searchIndex).add(reason, { entityIds: [], reason }, { removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } });
}

/**
 * Sets the sweep (one scheduler per deployment: every worker upserts the same id) and makes the
 * queue run one job at a time across all workers: two drains at once could send an older copy of
 * an entity after a newer one.
 */
export async function scheduleSearchSweep(queues: Queues): Promise<void> {
  const queue = queues.queue(QUEUE_NAMES.searchIndex);
  await queue.setGlobalConcurrency(1);
  await queue.upsertJobScheduler(SWEEP_SCHEDULER_ID, { every: SWEEP_EVERY_MS }, {
    name: 'sweep', data: { entityIds: [], reason: 'sweep' },
    opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  });
}
