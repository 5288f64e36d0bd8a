/**
 * `graph-api worker`: runs a BullMQ Worker per queue with its processor. Processors are
 * registered in PROCESSORS; each receives `{entityIds, reason}` jobs.
 */
import { Worker, type Job } from 'bullmq';
import type pino from 'pino';
import type { Config } from '../config';
import type { Graph } from '../graph/neo4j';
import { CONNECTION_ERROR_EVERY_MS, throttled } from '../feeds/redis';
import { QUEUE_NAMES, QueueName, Queues, bullConnection, retryDelayMs } from './queues';
import { rescoreProcessor } from './rescoreJob';
import { searchIndexJob } from './searchIndexJob';

export interface EntityJob { entityIds: string[]; reason: string }

export interface WorkerDeps { config: Config; graph: Graph; logger: pino.Logger; queues: Queues }

export type Processor = (job: Job<EntityJob>, deps: WorkerDeps) => Promise<unknown>;

/** Queue -> processor. A queue without a processor here is not consumed. */
export const PROCESSORS: Partial<Record<QueueName, Processor>> = {
  [QUEUE_NAMES.rescore]: rescoreProcessor,
  [QUEUE_NAMES.searchIndex]: searchIndexJob,
};

export function startWorkers(deps: WorkerDeps, only?: QueueName[]): Worker[] {
  const workers: Worker[] = [];
  for (const name of Object.values(QUEUE_NAMES)) {
    const processor = PROCESSORS[name];
    if (!processor || (only && !only.includes(name))) continue;
    const worker = new Worker<EntityJob>(name, (job) => processor(job, deps), {
      connection: bullConnection(deps.config, (message) => deps.logger.warn({ queue: name }, message)),
      concurrency: 2,
      // A worker killed mid-job releases it after lockDuration; the stalled check re-queues it.
      lockDuration: 30_000,
      stalledInterval: 15_000,
      maxStalledCount: 5,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade) },
    });
    worker.on('failed', (job, err) => deps.logger.warn({ queue: name, job: job?.id, err: err.message, attempts: job?.attemptsMade }, 'job failed'));
    // Redis being away makes the worker fail every few milliseconds: once in a while is enough to say so.
    worker.on('error', throttled(CONNECTION_ERROR_EVERY_MS, (err: Error) => deps.logger.error({ queue: name, err: err.message }, 'worker error (repeats are not logged for 30 s)')));
    workers.push(worker);
    deps.logger.info({ queue: name }, 'worker started');
  }
  return workers;
}
