/**
 * Ongoing monitoring: the worker schedules the re-scoring of every entity itself, on the cron
 * pattern MONITOR_CRON (UTC), with a BullMQ job scheduler on QUEUE_NAMES.monitor. Derived
 * factors depend on today's date (former facts), so scores go stale without a periodic pass.
 *
 * There is one scheduler per deployment whatever the number of workers: every worker upserts
 * the same scheduler id at start-up, which replaces it rather than adding one (the last worker
 * started sets the pattern, so all workers should share MONITOR_CRON). `off` removes it.
 * Each scheduled job queues `rescore` jobs for every entity under job ids derived from its own
 * id, so a retried scheduled job adds nothing that is still queued.
 */
import { FULL_RESCORE_REASON } from '../services/risk';
import type { Processor } from './jobs';
import { DEFAULT_JOB_OPTIONS, QUEUE_NAMES, schedule, type Queues } from './queues';
import { enqueueFullRescore } from './rescoreJob';

/** The one scheduler of the monitor queue. */
export const MONITOR_SCHEDULER_ID = 'rescore-all';

/**
 * Creates or replaces the scheduler with `pattern`, or removes it when `pattern` is undefined
 * (MONITOR_CRON=off). Resolves to the time of the next run (ms), or undefined when none.
 */
export function scheduleMonitoring(queues: Queues, pattern: string | undefined): Promise<number | undefined> {
  const { attempts, backoff, removeOnComplete, removeOnFail } = DEFAULT_JOB_OPTIONS;
  return schedule(queues, QUEUE_NAMES.monitor, MONITOR_SCHEDULER_ID, pattern, { name: FULL_RESCORE_REASON, opts: { attempts, backoff, removeOnComplete, removeOnFail } });
}

/** Queues the re-scoring of every entity; safe to run twice (see enqueueFullRescore). */
export const monitorProcessor: Processor = async (job, deps) => {
  const started = Date.now();
  const prefix = `monitor-${String(job.id).replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const queued = await enqueueFullRescore(deps.graph, deps.queues, prefix);
  deps.logger.info({ queue: QUEUE_NAMES.monitor, job: job.id, ...queued, ms: Date.now() - started }, 'scheduled re-scoring queued');
  return queued;
};
