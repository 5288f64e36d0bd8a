/**
 * The risk re-scoring processor (queue QUEUE_NAMES.rescore) and the queueing behind
 * `graph-api rescore`.
 *
 * A job `{entityIds, reason}` is expanded to the neighbourhood whose derived factors may
 * change and scored from the graph (src/services/risk/). Safe to run twice and to kill at
 * any point: each chunk's risk, state and notification outbox are one Neo4j transaction
 * (compare-and-set on the entity's risk state version), and the outbox is moved to Redis
 * idempotently by notification id at the start and along every job. BullMQ retries a failed
 * job with backoff (DEFAULT_JOB_OPTIONS) and re-queues the job of a killed worker once its
 * lock expires.
 */
import { redisClient, type RedisClient } from '../feeds/redis';
import type { Config } from '../config';
import { NotificationFeed } from '../feeds/notifications';
import { RiskChangeStore } from '../feeds/riskChanges';
import { RiskChangeRecordingSink } from './riskChangeSink';
import { WebhookEventSink } from './webhookSink';
import { webhookDeps } from './webhookJob';
import { Graph } from '../graph/neo4j';
import { FULL_RESCORE_REASON, FalsePositiveFilter, RiskScorer, type RescoreStats } from '../services/risk';
import { IDS_PER_JOB, QUEUE_NAMES, Queues } from './queues';
import { RescoreClaims } from '../feeds/rescoreClaims';
import type { EntityJob, Processor, WorkerDeps } from './jobs';

const scorers = new Map<WorkerDeps, { scorer: RiskScorer; redis: RedisClient; claims: RescoreClaims }>();

/** One scorer (and one Redis connection for the feed) per set of worker dependencies. */
export function scorerFor(deps: WorkerDeps): RiskScorer {
  return entryFor(deps).scorer;
}

function entryFor(deps: WorkerDeps): { scorer: RiskScorer; redis: RedisClient; claims: RescoreClaims } {
  let entry = scorers.get(deps);
  if (!entry) {
    const redis = redisClient(deps.config, { maxRetriesPerRequest: 3 });
    const recording = new RiskChangeRecordingSink(new NotificationFeed(redis), new RiskChangeStore(redis));
    // Silencing first: what it drops reaches no feed, no risk change and no webhook; webhooks
    // (risk.changed) see what was delivered and recorded.
    const sink = new FalsePositiveFilter(deps.graph, new WebhookEventSink(recording, () => webhookDeps(deps).dispatcher));
    const scorer = new RiskScorer(deps.graph, sink, {
      chunkSize: deps.config.rescoreChunkSize,
      groupSize: deps.config.rescoreGroupSize,
      parallel: deps.config.rescoreParallel,
      log: (msg, details) => deps.logger.warn({ ...details }, msg),
    });
    scorers.set(deps, (entry = { scorer, redis, claims: new RescoreClaims(redis) }));
  }
  return entry;
}

/** Closes the feed connections of the scorers (in-process workers: benches, tests). */
export async function closeScorers(): Promise<void> {
  for (const { redis } of scorers.values()) redis.disconnect();
  scorers.clear();
}

export const rescoreProcessor: Processor<EntityJob> = async (job, deps) => {
  const started = Date.now();
  const { scorer, claims } = entryFor(deps);
  let stats: RescoreStats;
  try {
    stats = await runRescoreJob(scorer, claims, job.id!, job.data, async (done, total) => {
      await job.updateProgress({ done, total });
    });
  } catch (err) {
    // The last attempt failed: its claims go back to the change's jobs still to run.
    if (job.data.change && job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
      const released = await claims.release(job.data.change, job.id!).catch(() => 0);
      deps.logger.warn({ queue: QUEUE_NAMES.rescore, job: job.id, released }, 'rescore failed for good; its claims were released');
    }
    throw err;
  }
  deps.logger.info({ queue: QUEUE_NAMES.rescore, job: job.id, ...stats, ms: Date.now() - started }, 'rescored');
  return stats;
};

/**
 * One re-scoring job: its ids' neighbourhood, less what other jobs of the same change claimed
 * (each entity is scored once per change; rescoreClaims.ts), its ownership searches stopped
 * where another job of the change searched on. Jobs without a change (queued before changes
 * were named) search and score their whole neighbourhood.
 */
export async function runRescoreJob(
  scorer: RiskScorer, claims: RescoreClaims, jobId: string, data: EntityJob,
  progress?: (done: number, total: number) => Promise<void> | void,
): Promise<RescoreStats> {
  const { change } = data;
  const share = change ? {
    claim: (ids: string[]) => claims.claim(change, jobId, ids),
    expand: (direction: 'up' | 'down', ids: string[], hopsLeft: number) => claims.expand(change, jobId, direction, ids, hopsLeft),
  } : undefined;
  return scorer.process(data.entityIds, data.reason, progress, share);
}

/**
 * Queues re-scoring of every entity, 1,000 ids a job, with reason FULL_RESCORE_REASON (no
 * neighbourhood expansion: every entity is scored anyway). With `jobIdPrefix` the job ids are
 * fixed by it and the position in id order, so a producer that runs again (a retried
 * scheduled job) does not queue the same chunks twice.
 */
export async function enqueueFullRescore(graph: Graph, queues: Queues, jobIdPrefix?: string): Promise<{ entities: number; jobs: number }> {
  const scorer = new RiskScorer(graph, { deliver: async () => undefined });
  let entities = 0;
  let jobs = 0;
  let page = 0;
  for await (const ids of scorer.allEntityIds(IDS_PER_JOB * 10)) {
    jobs += await queues.enqueueEntities([QUEUE_NAMES.rescore], ids, FULL_RESCORE_REASON, jobIdPrefix === undefined ? undefined : `${jobIdPrefix}-${page}`);
    entities += ids.length;
    page += 1;
  }
  return { entities, jobs };
}

/**
 * Queues re-scoring of `ids` (with their neighbourhood), or of every entity when `all` is set
 * (`graph-api rescore`; a running `graph-api worker` does it).
 */
export async function queueRescore(config: Config, ids: string[], all: boolean): Promise<{ entities: number; jobs: number }> {
  const graph = new Graph(config);
  const queues = new Queues(config);
  try {
    if (all) return await enqueueFullRescore(graph, queues);
    return { entities: ids.length, jobs: await queues.enqueueEntities([QUEUE_NAMES.rescore], ids, 'rescore') };
  } finally {
    await queues.close();
    await graph.close();
  }
}
