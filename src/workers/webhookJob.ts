/**
 * The processor of QUEUE_NAMES.webhook: one attempt at one webhook delivery, recorded in the
 * delivery log. A failed attempt throws, so BullMQ retries it after `webhookRetryDelayMs`
 * (backoff type 'webhook') until WEBHOOK_ATTEMPTS are spent; a refused target fails at once.
 * A retried job sends the same `webhook-id`, so a receiver that got an attempt whose answer
 * was lost can drop the double.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { redisClient, type RedisClient } from '../feeds/redis';
import type { Config } from '../config';
import { WebhookStore, signingSecrets } from '../feeds/webhooks';
import { EnqueueDelivery, ProjectStateOf, WebhookDispatcher, WebhookJob } from '../services/webhooks/dispatch';
import { projectStateReader } from '../services/webhooks/projectState';
import { sendWebhook } from '../services/webhooks/send';
import type { WorkerDeps } from './jobs';
import { QUEUE_NAMES, type Queues } from './queues';

/** Backoff type of delivery jobs (see the workers' backoffStrategy). */
export const WEBHOOK_BACKOFF = 'webhook';
/** The longest wait between two attempts, in multiples of the first. */
const LONGEST_WAIT = 360;

/** The wait before retry `attemptsMade` + 1: base, 3 x base, 9 x base ..., at most 360 x base (1 min ... 6 h by default). */
export function webhookRetryDelayMs(attemptsMade: number, baseMs: number): number {
  return baseMs * Math.min(3 ** Math.max(0, attemptsMade - 1), LONGEST_WAIT);
}

/** Queues delivery jobs on `queues` with the configured attempts and backoff. */
export function webhookEnqueuer(queues: Queues, config: Config): EnqueueDelivery {
  return async (job, jobId) => {
    await queues.queue(QUEUE_NAMES.webhook).add('deliver', job, { jobId, attempts: config.webhooks.attempts, backoff: { type: WEBHOOK_BACKOFF } });
  };
}

interface WebhookDeps { store: WebhookStore; dispatcher: WebhookDispatcher; redis: RedisClient; projectState: ProjectStateOf }
const made = new Map<WorkerDeps, WebhookDeps>();

/** The store and dispatcher of a worker (one Redis connection per set of worker dependencies). */
export function webhookDeps(deps: WorkerDeps): WebhookDeps {
  let d = made.get(deps);
  if (!d) {
    const redis = redisClient(deps.config, { maxRetriesPerRequest: 3 });
    const store = new WebhookStore(redis, deps.config.webhooks.retentionDays * 86_400);
    const projectState = projectStateReader(deps.graph, (projectId, err) => deps.logger.warn({ project: projectId, err: err.message }, 'project state unreadable; webhooks delivered as for an active project'));
    d = { store, dispatcher: new WebhookDispatcher(store, webhookEnqueuer(deps.queues, deps.config), projectState), redis, projectState };
    made.set(deps, d);
  }
  return d;
}

/** Closes the connections of the webhook processors (in-process workers). */
export async function closeWebhookDeps(): Promise<void> {
  for (const d of made.values()) d.redis.disconnect();
  made.clear();
}

export async function webhookProcessor(job: Job<WebhookJob>, deps: WorkerDeps): Promise<unknown> {
  const { store, projectState } = webhookDeps(deps);
  const { deliveryId, projectId, subscriptionId } = job.data;
  const found = await store.delivery(deliveryId);
  if (!found) return { skipped: 'delivery expired' };
  const sub = await store.subscription(projectId, subscriptionId);
  if (!sub) return { skipped: 'subscription deleted' };
  if (!sub.enabled) {
    await store.setStatus(deliveryId, 'cancelled');
    return { skipped: 'subscription disabled' };
  }
  // Archived or not in the graph: the delivery is dropped unsent. Nothing is removed for a
  // project the graph lacks: a graph being restored, or the wrong database, must not cost a
  // project its subscriptions.
  const state = await projectState(projectId);
  if (state !== 'active') {
    await store.setStatus(deliveryId, 'cancelled');
    return { skipped: state === 'archived' ? 'project archived' : 'project not in the graph' };
  }
  const at = new Date().toISOString();
  // The current secret and any rotated one still in its grace period each sign the attempt.
  const result = await sendWebhook({ url: sub.url, secret: signingSecrets(sub) }, { id: deliveryId, body: found.delivery.body }, { timeoutMs: deps.config.webhooks.timeoutMs, allowPrivate: deps.config.webhooks.allowPrivate });
  const attempt = {
    attempt: found.attempts.length + 1, trigger: job.attemptsMade > 0 ? 'retry' as const : job.data.trigger, at,
    duration_ms: result.duration_ms, outcome: result.outcome, ...(result.status !== undefined ? { status: result.status } : {}), ...(result.error ? { error: result.error } : {}),
  };
  if (result.outcome === 'success') {
    await store.recordAttempt(deliveryId, attempt, 'succeeded', 'delivered');
    return { delivered: deliveryId, status: result.status };
  }
  const last = result.outcome === 'refused' || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  await store.recordAttempt(deliveryId, attempt, last ? 'failed' : 'retrying', last ? 'failed' : undefined);
  if (result.outcome === 'refused') throw new UnrecoverableError(result.error);
  throw new Error(result.error ?? result.outcome);
}
