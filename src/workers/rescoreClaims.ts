/**
 * One scoring per entity per change: the re-scoring jobs of one change (one `enqueueEntities`
 * call, made after the change committed) claim the entities of their neighbourhoods in a Redis
 * hash of that change, and each job scores only the entities it claimed first. See
 * docs/risk-and-notifications.md ("One scoring per entity per change").
 *
 * Why this is enough: derived factors depend on the committed graph only (direct risk and current
 * facts, never other entities' derived factors), so any one scoring after the commit is right.
 * A claim names the job, so a retried or stalled job keeps its own claims; a lost hash (expiry,
 * a flushed Redis) only makes jobs score again, never skip an entity. A job that fails for good
 * gives its claims back, for the jobs of the change still to run; what the jobs run before it
 * skipped waits for the next change or the daily full re-score.
 */
import type Redis from 'ioredis';

/** How long a change's claims are kept: longer than a job waits and retries (queues.ts). */
export const CLAIM_TTL_SECONDS = 2 * 24 * 3600;
/** Ids per Redis call. */
const CLAIM_BATCH = 5000;

// KEYS[1]: the change's hash; ARGV[1]: the claiming job, ARGV[2]: ttl, ARGV[3..]: entity ids.
// Returns 1/0 per id: whether the job owns it (claimed now or by an earlier attempt of the job).
const CLAIM_SCRIPT = `
local owner = ARGV[1]
local out = {}
for i = 3, #ARGV do
  local id = ARGV[i]
  if redis.call('HSETNX', KEYS[1], id, owner) == 1 then
    out[#out + 1] = 1
  elseif redis.call('HGET', KEYS[1], id) == owner then
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return out
`;

export const claimKey = (change: string): string => `rescore:claims:${change}`;

// KEYS[1]: the change's hash; ARGV[1]: the job. Removes the job's claims; returns how many.
const RELEASE_SCRIPT = `
local fields = redis.call('HGETALL', KEYS[1])
local removed = 0
for i = 1, #fields, 2 do
  if fields[i + 1] == ARGV[1] then
    redis.call('HDEL', KEYS[1], fields[i])
    removed = removed + 1
  end
end
return removed
`;

export class RescoreClaims {
  constructor(private readonly redis: Redis) {}

  /** The ids of `ids` that job `owner` scores for `change`: those no other job of the change claimed. */
  async claim(change: string, owner: string, ids: readonly string[]): Promise<string[]> {
    const mine: string[] = [];
    for (let i = 0; i < ids.length; i += CLAIM_BATCH) {
      const batch = ids.slice(i, i + CLAIM_BATCH);
      const owned = (await this.redis.eval(CLAIM_SCRIPT, 1, claimKey(change), owner, CLAIM_TTL_SECONDS, ...batch)) as number[];
      batch.forEach((id, j) => {
        if (owned[j] === 1) mine.push(id);
      });
    }
    return mine;
  }

  /** Gives back what job `owner` claimed for `change` (it failed for good); answers how many. */
  async release(change: string, owner: string): Promise<number> {
    return (await this.redis.eval(RELEASE_SCRIPT, 1, claimKey(change), owner)) as number;
  }
}
