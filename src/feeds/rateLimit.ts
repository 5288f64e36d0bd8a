/**
 * Per-client rate limit in Redis: GCRA (generic cell rate algorithm), one key per client
 * holding its "theoretical arrival time". A client may burst `requests` calls, then one call
 * every `windowSeconds / requests` seconds; the decision and the update are one Lua script
 * (atomic across API replicas), timed by the Redis clock, so replicas' clocks do not matter.
 * A rejected call does not consume anything; Retry-After is exact (when the next call fits).
 */
import type { RedisClient } from './redis';
import { luaScript } from './luaScripts';

const GCRA = luaScript('rate-limit-gcra');

export interface RateDecision {
  allowed: boolean;
  limit: number;
  windowSeconds: number;
  /** Calls that would still be accepted right now. */
  remaining: number;
  /** When rejected: seconds until a call is accepted (at least 1). */
  retryAfterSeconds: number;
  /** Seconds until the full burst is available again. */
  resetSeconds: number;
}

export class RateLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly limits: { requests: number; windowSeconds: number },
  ) {}

  get enabled(): boolean {
    return this.limits.requests > 0;
  }

  async take(client: string): Promise<RateDecision> {
    const periodMs = this.limits.windowSeconds * 1000;
    const intervalMs = periodMs / this.limits.requests;
    const [allowed, waitMs, remaining, resetMs] = (await this.redis.eval(
      GCRA, 1, `ratelimit:${encodeURIComponent(client)}`, String(intervalMs), String(periodMs),
    )) as number[];
    return {
      allowed: allowed === 1,
      limit: this.limits.requests,
      windowSeconds: this.limits.windowSeconds,
      remaining: Math.max(0, remaining),
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)),
    };
  }
}
