/**
 * Adverse media polling: the worker fetches the feeds of NEWS_FEEDS on the cron pattern
 * NEWS_CRON (UTC) with a BullMQ job scheduler on QUEUE_NAMES.news, one per deployment whatever
 * the number of workers (every worker upserts the same scheduler id). A run reads every feed;
 * one that cannot be fetched or read is logged with its reason and the others go on. Running a
 * feed twice adds nothing: articles are kept once by their link.
 */
import { createSearchIndex } from '../search';
import { NewsService } from '../services/news';
import { fetchFeed } from '../services/news/fetchFeed';
import { ResolveService } from '../services/resolve';
import type { Processor } from './jobs';
import { DEFAULT_JOB_OPTIONS, QUEUE_NAMES, schedule, type Queues } from './queues';

export const NEWS_SCHEDULER_ID = 'news-poll';

/** Creates or replaces the polling scheduler, or removes it when there is no pattern; resolves to the next run (ms). */
export function scheduleNews(queues: Queues, pattern: string | undefined): Promise<number | undefined> {
  const { removeOnComplete, removeOnFail } = DEFAULT_JOB_OPTIONS;
  // One attempt: the next run comes soon, and a feed that failed is read again then.
  return schedule(queues, QUEUE_NAMES.news, NEWS_SCHEDULER_ID, pattern, { name: 'poll', opts: { attempts: 1, removeOnComplete, removeOnFail } });
}

export const newsProcessor: Processor = async (job, deps) => {
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
};
