/**
 * Usage counters (GET /usage, GET /v1/usage): per organisation, per UTC day, per route pattern
 * (`/v1/traversal/{id}`, not the raw URL), the number of successful calls (`views`) and the
 * credits they cost. Layout:
 * - `usage:<org>:day:<YYYY-MM-DD>`: hash, fields `v:<path>` and `c:<path>`
 * - `usage:<org>:days`: sorted set of the days that have counters (score = days since epoch),
 *   which answers "the next closest aggregated date" for a `since` without counters.
 * Counters are kept indefinitely (a few fields per path per day).
 */
import { slotTag, type RedisClient } from './redis';
import type { WriteBehind } from './writeBehind';

const DAY_MS = 86_400_000;
/** An organisation's keys share its hash tag on a cluster (a report reads them in one pipeline). */
const orgKey = (r: RedisClient, org: string) => `usage:${slotTag(r, encodeURIComponent(org))}`;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface PathUsage { path: string; views: number; credits: number }

export interface UsageReport {
  paths: PathUsage[];
  credits: number;
  /** First aggregated day counted (YYYY-MM-DD), or undefined when nothing was counted. */
  firstDay: string | undefined;
  /** Last aggregated day counted. */
  lastDay: string | undefined;
}

export class UsageFeed {
  constructor(private readonly redis: RedisClient, private readonly writes: WriteBehind) {}

  /** Counts one successful call of `path` for `org` now (written behind, see WriteBehind). */
  async count(org: string, path: string, credits: number, now = Date.now()): Promise<void> {
    const day = dateOf(now);
    const base = orgKey(this.redis, org);
    await this.writes.enqueue((pipeline) => {
      pipeline
        .hincrby(`${base}:day:${day}`, `v:${path}`, 1)
        .hincrby(`${base}:day:${day}`, `c:${path}`, credits)
        .zadd(`${base}:days`, Math.floor(now / DAY_MS), day);
      return 3;
    });
  }

  /**
   * Totals over the aggregated days from `from` (or the first one when undefined) to `to`
   * (inclusive; open when undefined). A `from` without counters starts at the next day that has some.
   */
  async report(org: string, from?: string, to?: string): Promise<UsageReport> {
    await this.writes.flush();
    const base = orgKey(this.redis, org);
    const min = from ? String(dayNumber(from)) : '-inf';
    const max = to ? String(dayNumber(to)) : '+inf';
    const days = await this.redis.zrangebyscore(`${base}:days`, min, max);
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.hgetall(`${base}:day:${day}`);
    const results = days.length ? ((await pipeline.exec()) ?? []) : [];
    const byPath = new Map<string, PathUsage>();
    for (const [err, hash] of results) {
      if (err) throw err;
      for (const [field, value] of Object.entries(hash as Record<string, string>)) {
        const kind = field.slice(0, 2);
        const path = field.slice(2);
        const entry = byPath.get(path) ?? { path, views: 0, credits: 0 };
        if (kind === 'v:') entry.views += Number(value);
        else if (kind === 'c:') entry.credits += Number(value);
        byPath.set(path, entry);
      }
    }
    const paths = [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
    return { paths, credits: paths.reduce((sum, p) => sum + p.credits, 0), firstDay: days[0], lastDay: days[days.length - 1] };
  }
}
