/**
 * The Redis feeds of the API (history, usage, rate limits) and the middleware that feeds them,
 * in the order they run after authentication: history and usage observe every answer
 * (including a 429), then the rate limit may reject the call.
 */
import type Redis from 'ioredis';
import type { Config } from '../../config';
import { HistoryFeed } from '../../feeds/history';
import { RateLimiter } from '../../feeds/rateLimit';
import { UsageFeed } from '../../feeds/usage';
import type { AfterAuth } from '../registry';
import { historyMiddleware } from './history';
import { rateLimitMiddleware } from './rateLimit';
import { usageMiddleware } from './usage';

export interface Feeds { history: HistoryFeed; usage: UsageFeed; rateLimiter: RateLimiter; afterAuth: AfterAuth[] }

export function createFeeds(deps: { config: Config; redis: Redis }): Feeds {
  const history = new HistoryFeed(deps.redis, deps.config.env, deps.config.history.maxEvents);
  const usage = new UsageFeed(deps.redis);
  const rateLimiter = new RateLimiter(deps.redis, deps.config.rateLimit);
  return {
    history, usage, rateLimiter,
    afterAuth: [historyMiddleware(history), usageMiddleware(usage), rateLimitMiddleware(rateLimiter)],
  };
}
