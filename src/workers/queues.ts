/**
 * BullMQ queues. Producers (ingest, the API) add jobs here; `graph-api worker` runs the
 * processors registered in src/workers/worker.ts. Jobs carry ids only and processors
 * read the graph, so a retried job sees the current state and is safe to run twice.
 */
import { randomUUID } from 'node:crypto';
import { Queue, type JobsOptions } from 'bullmq';
import type { Config } from '../config';
import { redisClient, reportConnectionErrors, type RedisClient, type RedisTarget } from '../feeds/redis';
import { jobTelemetryOption } from '../observability/jobTelemetry';
import { withTimeout } from '../timeout';

export const QUEUE_NAMES = {
  /** Re-score the risk of entities and their neighbourhood after a change. */
  rescore: 'risk-rescore',
  /** Copy changed entities and records into the external search index (Meilisearch). */
  searchIndex: 'search-index',
  /** Resolve the rows of a resolution upload into project entities (job id: the upload id). */
  upload: 'resolution-upload',
  /** The scheduled re-scoring of every entity (MONITOR_CRON): each job queues `rescore` jobs for all. */
  monitor: 'risk-monitor',
  /** Send one webhook delivery (job id: the delivery id, or the delivery id and `-resend-<n>`). */
  webhook: 'webhook-delivery',
  /** Poll the adverse-media feeds of NEWS_FEEDS (NEWS_CRON). */
  news: 'news-poll',
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** Ids per job: small enough to retry cheaply, large enough to batch graph reads. */
export const IDS_PER_JOB = 1000;

/**
 * Retries wait 1, 2, 4 ... s, then a minute each (`retryDelayMs`, the workers' 'capped'
 * strategy): about 40 minutes in all, so a Neo4j restart or a short outage delays queued
 * work instead of failing it (plain exponential backoff gave up after about two minutes).
 */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 45,
  backoff: { type: 'capped' },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** The wait before retry `attemptsMade` + 1 of a failed job. */
export function retryDelayMs(attemptsMade: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attemptsMade - 1), 60_000);
}

/** BullMQ needs its own connections with maxRetriesPerRequest null (blocking commands). */
export function bullConnection(config: Config, warn: (message: string) => void = (m) => console.warn(m)): RedisClient {
  return reportConnectionErrors(redisClient(config, { maxRetriesPerRequest: null }), warn);
}

/**
 * The key prefix of a queue. BullMQ's scripts touch several keys of a queue at once, so on a
 * Redis Cluster each queue's keys carry a hash tag of their own (`{bull:<queue>}`: the queues
 * spread over the nodes); on one Redis the prefix stays BullMQ's default, `bull`, so the jobs
 * and schedules queued before are kept.
 */
export function queuePrefix(target: RedisTarget, name: QueueName): string {
  return target.redisClusterNodes ? `{bull:${name}}` : 'bull';
}

/**
 * Creates or replaces the scheduler `id` of queue `name` on the cron `pattern` (UTC), or removes
 * it when there is no pattern; resolves to the time of the next run (ms), or undefined. Every
 * worker upserts the same id, so a deployment has one scheduler however many workers it runs.
 */
export async function schedule(queues: Queues, name: QueueName, id: string, pattern: string | undefined, job: { name: string; opts: JobsOptions }): Promise<number | undefined> {
  const queue = queues.queue(name);
  if (pattern === undefined) {
    await queue.removeJobScheduler(id);
    return undefined;
  }
  await queue.upsertJobScheduler(id, { pattern, tz: 'UTC' }, { name: job.name, data: {}, opts: job.opts });
  return (await queue.getJobScheduler(id))?.next;
}

export class Queues {
  /** Every queue the workers serve (what the metrics scrape counts). */
  readonly names: readonly QueueName[] = Object.values(QUEUE_NAMES);
  private readonly connection: RedisClient;
  private readonly queues = new Map<QueueName, Queue>();

  constructor(private readonly config: Config, warn?: (message: string) => void) {
    this.connection = bullConnection(config, warn);
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: queuePrefix(this.config, name), defaultJobOptions: DEFAULT_JOB_OPTIONS, ...jobTelemetryOption() });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Enqueues `ids` in chunks of `idsPerJob` (IDS_PER_JOB) on each named queue. With
   * `jobIdPrefix`, chunk n gets the job id `<prefix>-<n>`, so enqueueing the same ids again
   * while those jobs are kept (DEFAULT_JOB_OPTIONS) adds nothing: a retried producer does not
   * queue work twice. The jobs of one call share a `change` id: they follow one committed
   * change, and re-scoring scores each entity once per change (rescoreClaims.ts).
   */
  async enqueueEntities(names: QueueName[], ids: Iterable<string>, reason: string, jobIdPrefix?: string, idsPerJob = IDS_PER_JOB): Promise<number> {
    await this.reachable();
    const all = [...ids];
    const change = randomUUID();
    let jobs = 0;
    for (const name of names) {
      const bulk = [];
      for (let i = 0; i < all.length; i += idsPerJob) {
        const opts = jobIdPrefix === undefined ? undefined : { jobId: `${jobIdPrefix}-${i / idsPerJob}` };
        bulk.push({ name: reason, data: { entityIds: all.slice(i, i + idsPerJob), reason, change }, opts });
      }
      if (bulk.length) await this.queue(name).addBulk(bulk);
      jobs += bulk.length;
    }
    return jobs;
  }

  /** BullMQ connections wait for Redis forever; fail fast instead when it does not answer. */
  private async reachable(timeoutMs = 5000): Promise<void> {
    await withTimeout(this.connection.ping(), timeoutMs, 'Redis');
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.connection.disconnect();
  }
}
