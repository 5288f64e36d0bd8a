/**
 * Redis connections: the API's client for plain commands (feeds, usage, rate limits) and how
 * every client reports a connection that keeps failing.
 */
import Redis from 'ioredis';

/** How often a Redis client that keeps failing to connect says so (it retries meanwhile). */
export const CONNECTION_ERROR_EVERY_MS = 30_000;

/** `report`, at most once every `everyMs`: a connection that keeps failing says so without flooding the log. */
export function throttled<A extends unknown[]>(everyMs: number, report: (...args: A) => void): (...args: A) => void {
  let last = 0;
  return (...args: A) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    report(...args);
  };
}

/**
 * Reports a Redis client's connection errors, at most one every 30 s: ioredis retries by itself,
 * and without a listener it prints a stack trace for every attempt, several a second.
 */
export function reportConnectionErrors(client: Redis, warn: (message: string) => void): Redis {
  client.on('error', throttled(CONNECTION_ERROR_EVERY_MS, (err: Error) => warn(`Redis: ${err.message} (retrying)`)));
  return client;
}

/**
 * The API's client for plain commands. With Redis away a command fails at once instead of
 * waiting in ioredis's offline queue through reconnections, and no command waits more than
 * 2 s: callers answer 503, or carry on without the feed where it is optional (usage, history
 * writes, rate limits).
 */
export function feedsRedis(url: string, warn: (message: string) => void): Redis {
  return reportConnectionErrors(new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2000 }), warn);
}
