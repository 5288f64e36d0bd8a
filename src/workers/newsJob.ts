/**
 * Adverse media polling: the worker fetches the feeds of NEWS_FEEDS on the cron pattern
 * NEWS_CRON (UTC) with a BullMQ job scheduler on QUEUE_NAMES.news, one per deployment whatever
 * the number of workers (every worker upserts the same scheduler id). A run reads every feed;
 * one that cannot be fetched or read is logged with its reason and the others go on. Running a
 * feed twice adds nothing: articles are kept once by their link. Every run then moves the
 * monitoring alerts of new articles to the project feeds and webhooks (services/news/alerts.ts).
 */
import { createSearchIndex } from '../search';
import { NewsService } from '../services/news';
import { fetchFeed } from '../services/news/fetchFeed';
import { ResolveService } from '../services/resolve';
import { NotificationFeed } from '../feeds/notifications';
import { redisClient, type RedisClient } from '../feeds/redis';
import { NewsAlertOutbox } from '../services/news/alerts';
import type { Processor, WorkerDeps } from './jobs';
import { NewsAlertSink } from './newsAlertSink';
import { webhookDeps } from './webhookJob';
import { DEFAULT_JOB_OPTIONS, QUEUE_NAMES, schedule, type Queues } from './queues';

export const NEWS_SCHEDULER_ID = 'news-poll';

/** Creates or replaces the polling scheduler, or removes it when there is no pattern; resolves to the next run (ms). */
export function scheduleNews(queues: Queues, pattern: string | undefined): Promise<number | undefined> {
  const { removeOnComplete, removeOnFail } = DEFAULT_JOB_OPTIONS;
  // One attempt: the next run comes soon, and a feed that failed is read again then.
  return schedule(queues, QUEUE_NAMES.news, NEWS_SCHEDULER_ID, pattern, { name: 'poll', opts: { attempts: 1, removeOnComplete, removeOnFail } });
}

/** The job that only delivers queued monitoring alerts (after `graph-api news import`). */
export const ALERTS_JOB = 'alerts';

/** Asks a worker to deliver the monitoring alerts an import outside the worker queued. */
export async function queueNewsAlerts(queues: Queues): Promise<void> {
  const { removeOnComplete, removeOnFail } = DEFAULT_JOB_OPTIONS;
  await queues.queue(QUEUE_NAMES.news).add(ALERTS_JOB, {}, { attempts: 5, backoff: { type: 'capped' }, removeOnComplete, removeOnFail });
}

const outboxes = new Map<WorkerDeps, { outbox: NewsAlertOutbox; redis: RedisClient }>();

/** One alert outbox (and one Redis connection for the feed) per set of worker dependencies. */
function outboxFor(deps: WorkerDeps): NewsAlertOutbox {
  let entry = outboxes.get(deps);
  if (!entry) {
    const redis = redisClient(deps.config, { maxRetriesPerRequest: 3 });
    entry = { outbox: new NewsAlertOutbox(deps.graph, new NewsAlertSink(new NotificationFeed(redis), () => webhookDeps(deps).dispatcher)), redis };
    outboxes.set(deps, entry);
  }
  return entry.outbox;
}

/** Closes the feed connections of the alert outboxes (in-process workers: benches, tests). */
export function closeNewsOutboxes(): void {
  for (const { redis } of outboxes.values()) redis.disconnect();
  outboxes.clear();
}

/**
 * A poll reads every feed, then delivers the alerts queued (by it, or by an import elsewhere);
 * an `alerts` job only delivers. A delivery that fails fails the job, and the alerts wait in the
 * outbox for the next one.
 */
export const newsProcessor: Processor = async (job, deps) => {
  const reports = job.name === ALERTS_JOB ? [] : await poll(job.id, deps);
  const delivered = await outboxFor(deps).flush();
  if (delivered) deps.logger.info({ queue: QUEUE_NAMES.news, job: job.id, delivered }, 'adverse media alerts delivered');
  return { reports, delivered };
};

async function poll(jobId: string | undefined, deps: WorkerDeps) {
  const job = { id: jobId };
  const { feeds, timeoutMs, maxBytes, allowPrivate } = deps.config.news;
  const news = new NewsService(deps.graph, new ResolveService(createSearchIndex(deps.config, deps.graph)));
  const reports = [];
  for (const url of feeds) {
    try {
      const report = await news.importFeed(await fetchFeed(url, { timeoutMs, maxBytes, allowPrivate }), url);
      deps.logger.info({ queue: QUEUE_NAMES.news, job: job.id, feed: url, articles: report.articles, new_articles: report.new_articles, links: report.links, skipped: report.skipped }, 'news feed read');
      reports.push({ feed: url, ...report });
    } catch (err) {
      deps.logger.warn({ queue: QUEUE_NAMES.news, job: job.id, feed: url, err: (err as Error).message }, 'news feed not read');
      reports.push({ feed: url, error: (err as Error).message });
    }
  }
  return reports;
}
