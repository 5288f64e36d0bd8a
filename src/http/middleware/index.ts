/**
 * The Redis feeds of the API (history, usage, rate limits) and the middleware that feeds them,
 * in the order they run after authentication: history and usage observe every answer
 * (including a 429), then the rate limit may reject the call, then the calls on project state
 * pick up the client's Neo4j bookmarks.
 */
import type { RedisClient } from '../../feeds/redis';
import type { Config } from '../../config';
import { BookmarkStore } from '../../feeds/bookmarks';
import { HistoryFeed } from '../../feeds/history';
import { RateLimiter } from '../../feeds/rateLimit';
import { UsageFeed } from '../../feeds/usage';
import { WriteBehind } from '../../feeds/writeBehind';
import type { AfterAuth } from '../registry';
import { bookmarkMiddleware } from './bookmarks';
import { historyMiddleware } from './history';
import { rateLimitMiddleware } from './rateLimit';
import { usageMiddleware } from './usage';

export interface Feeds {
  history: HistoryFeed; usage: UsageFeed; rateLimiter: RateLimiter; afterAuth: AfterAuth[];
  /** Writes what the feeds hold back (graceful shutdown). */
  flush(): Promise<void>;
}

export function createFeeds(deps: { config: Config; redis: RedisClient }): Feeds {
  const writes = new WriteBehind(deps.redis, deps.config.feedWriteDelayMs);
  const history = new HistoryFeed(deps.redis, deps.config.env, deps.config.history, writes);
  const usage = new UsageFeed(deps.redis, writes);
  const rateLimiter = new RateLimiter(deps.redis, deps.config.rateLimit);
  return {
    history, usage, rateLimiter, flush: () => writes.close(),
    afterAuth: [historyMiddleware(history), usageMiddleware(usage), rateLimitMiddleware(rateLimiter), bookmarkMiddleware(new BookmarkStore(deps.redis))],
  };
}
