/**
 * `graph-api worker`: runs a BullMQ Worker per queue with its processor. Processors are
 * registered in PROCESSORS; each receives `{entityIds, reason}` jobs.
 */
import fs from 'node:fs';
import { Worker } from 'bullmq';
import type pino from 'pino';
import { CONNECTION_ERROR_EVERY_MS, throttled } from '../feeds/redis';
import { jobTelemetryOption } from '../observability/jobTelemetry';
import type { EntityJob, Processor, WorkerDeps } from './jobs';
import { QUEUE_NAMES, QueueName, bullConnection, queuePrefix, retryDelayMs } from './queues';
import { monitorProcessor } from './monitorJob';
import { newsProcessor } from './newsJob';
import { rescoreProcessor } from './rescoreJob';
import { searchIndexJob } from './searchIndexJob';
import { uploadProcessor } from './uploadJob';
import { WEBHOOK_BACKOFF, webhookProcessor, webhookRetryDelayMs } from './webhookJob';

export type { EntityJob, Processor, WorkerDeps } from './jobs';

/** Queue -> processor. A queue without a processor here is not consumed. */
export const PROCESSORS: Partial<Record<QueueName, Processor>> = {
  [QUEUE_NAMES.rescore]: rescoreProcessor,
  [QUEUE_NAMES.searchIndex]: searchIndexJob,
  [QUEUE_NAMES.upload]: uploadProcessor,
  [QUEUE_NAMES.monitor]: monitorProcessor,
  [QUEUE_NAMES.webhook]: webhookProcessor,
  [QUEUE_NAMES.news]: newsProcessor,
};

/** Webhook attempts one worker process has under way at once. */
export const WEBHOOK_CONCURRENCY = 8;

export function startWorkers(deps: WorkerDeps, only?: QueueName[]): Worker[] {
  const workers: Worker[] = [];
  for (const name of Object.values(QUEUE_NAMES)) {
    const processor = PROCESSORS[name];
    if (!processor || (only && !only.includes(name))) continue;
    // BullMQ does not close a connection it is given (it may be shared): the worker's own is
    // closed here once the worker has, so a closed worker holds no socket open.
    const connection = bullConnection(deps.config, (message) => deps.logger.warn({ queue: name }, message));
    const worker = new Worker<EntityJob>(name, (job) => processor(job, deps), {
      connection,
      prefix: queuePrefix(deps.config, name),
      // Webhook attempts mostly wait on receivers (up to WEBHOOK_TIMEOUT_MS each): more at once.
      // The search-index outbox is drained by one job at a time (searchIndexJob.ts).
      concurrency: name === QUEUE_NAMES.webhook ? WEBHOOK_CONCURRENCY : name === QUEUE_NAMES.searchIndex ? 1 : 2,
      // A worker killed mid-job releases it after lockDuration; the stalled check re-queues it.
      lockDuration: deps.config.workerLockMs,
      stalledInterval: deps.config.workerLockMs / 2,
      maxStalledCount: 5,
      // With tracing on, a span per job (queue, job name and id, attempts, completed or failed).
      ...jobTelemetryOption(),
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string) => (type === WEBHOOK_BACKOFF
          ? webhookRetryDelayMs(attemptsMade, deps.config.webhooks.retryBaseMs) : retryDelayMs(attemptsMade)),
      },
    });
    worker.on('failed', (job, err) => deps.logger.warn({ queue: name, job: job?.id, err: err.message, attempts: job?.attemptsMade }, 'job failed'));
    // Redis being away makes the worker fail every few milliseconds: once in a while is enough to say so.
    worker.on('error', throttled(CONNECTION_ERROR_EVERY_MS, (err: Error) => deps.logger.error({ queue: name, err: err.message }, 'worker error (repeats are not logged for 30 s)')));
    worker.once('closed', () => connection.disconnect());
    workers.push(worker);
    deps.logger.info({ queue: name }, 'worker started');
  }
  return workers;
}

/** How often the worker checks its backends and touches the heartbeat file. */
export const HEARTBEAT_EVERY_MS = 10_000;

/**
 * Touches `file` every HEARTBEAT_EVERY_MS while Redis and Neo4j both answer, so a healthcheck
 * can tell a worker that can work from a process that is merely alive (its age past a minute:
 * unhealthy). Returns the stop function.
 */
export function startHeartbeat(file: string, checks: () => Promise<boolean>, logger: pino.Logger): () => void {
  const beat = async () => {
    if (!(await checks().catch(() => false))) return;
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      fs.writeFileSync(file, '');
    }
  };
  // One beat at a time: a backend that hangs must not pile checks up behind it.
  let beating = false;
  const run = () => {
    if (beating) return;
    beating = true;
    beat().catch((err: Error) => logger.warn({ err: err.message, file }, 'heartbeat file not written')).finally(() => {
      beating = false;
    });
  };
  run();
  const timer = setInterval(run, HEARTBEAT_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
