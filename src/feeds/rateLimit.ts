/**
 * Per-client rate limit in Redis: GCRA (generic cell rate algorithm), one key per client
 * holding its "theoretical arrival time". A client may burst `requests` calls, then one call
 * every `windowSeconds / requests` seconds; the decision and the update are one Lua script
 * (atomic across API replicas), timed by the Redis clock, so replicas' clocks do not matter.
 * A rejected call does not consume anything; Retry-After is exact (when the next call fits).
 */
import type Redis from 'ioredis';

const GCRA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local newTat = tat + interval
local allowAt = newTat - period
if allowAt > now then
  return {0, math.ceil(allowAt - now), 0, math.ceil(tat - now)}
end
redis.call('SET', KEYS[1], tostring(newTat), 'PX', math.max(1, math.ceil(newTat - now)))
return {1, 0, math.floor((now - allowAt) / interval), math.ceil(newTat - now)}
`;

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
    private readonly redis: Redis,
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
