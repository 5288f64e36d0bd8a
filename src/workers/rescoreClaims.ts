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

/** The change's ownership searches in one direction: field entity id, value `<hops left>:<job>`. */
export const expandKey = (change: string, direction: string): string => `rescore:expanded:${change}:${direction}`;

// KEYS[1]: the change's searches in one direction; ARGV[1]: the job, ARGV[2]: ttl, ARGV[3]: hops
// left, ARGV[4..]: entity ids. Returns 1/0 per id: whether the job searches on from it. It does
// unless another job did with as many hops left or more (that job's neighbourhood holds all that
// lies past); when it does with more hops left than any job before, the entity becomes its own.
const EXPAND_SCRIPT = `
local owner = ARGV[1]
local hops = tonumber(ARGV[3])
local out = {}
for i = 4, #ARGV do
  local id = ARGV[i]
  local held = redis.call('HGET', KEYS[1], id)
  local heldHops, heldBy = -1, owner
  if held then
    local sep = string.find(held, ':', 1, true)
    heldHops, heldBy = tonumber(string.sub(held, 1, sep - 1)), string.sub(held, sep + 1)
  end
  if heldBy ~= owner and heldHops >= hops then
    out[#out + 1] = 0
  else
    if hops > heldHops then redis.call('HSET', KEYS[1], id, hops .. ':' .. owner) end
    out[#out + 1] = 1
  end
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return out
`;

// KEYS[1]: the change's searches in one direction; ARGV[1]: the job. Removes the job's entries.
const RELEASE_EXPANDED_SCRIPT = `
local fields = redis.call('HGETALL', KEYS[1])
local suffix = ':' .. ARGV[1]
for i = 1, #fields, 2 do
  local v = fields[i + 1]
  if string.sub(v, -#suffix) == suffix then redis.call('HDEL', KEYS[1], fields[i]) end
end
return 0
`;

/** The directions of the neighbourhood's ownership searches. */
const DIRECTIONS = ['up', 'down'] as const;

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
    return this.kept(ids, (batch) => this.redis.eval(CLAIM_SCRIPT, 1, claimKey(change), owner, CLAIM_TTL_SECONDS, ...batch));
  }

  /**
   * The ids of a search's frontier that job `owner` searches on from, `hopsLeft` hops, for
   * `change`: those no other job of the change searched on from with as many hops left or more.
   */
  async expand(change: string, owner: string, direction: (typeof DIRECTIONS)[number], ids: readonly string[], hopsLeft: number): Promise<string[]> {
    return this.kept(ids, (batch) => this.redis.eval(EXPAND_SCRIPT, 1, expandKey(change, direction), owner, CLAIM_TTL_SECONDS, hopsLeft, ...batch));
  }

  /** The ids a script answers 1 for, asked CLAIM_BATCH ids a call. */
  private async kept(ids: readonly string[], script: (batch: readonly string[]) => Promise<unknown>): Promise<string[]> {
    const mine: string[] = [];
    for (let i = 0; i < ids.length; i += CLAIM_BATCH) {
      const batch = ids.slice(i, i + CLAIM_BATCH);
      const answers = (await script(batch)) as number[];
      batch.forEach((id, j) => {
        if (answers[j] === 1) mine.push(id);
      });
    }
    return mine;
  }

  /**
   * Gives back what job `owner` claimed for `change` (it failed for good), and the searches it
   * took on, so the jobs still to run search past those entities themselves; answers how many claims.
   */
  async release(change: string, owner: string): Promise<number> {
    for (const direction of DIRECTIONS) await this.redis.eval(RELEASE_EXPANDED_SCRIPT, 1, expandKey(change, direction), owner);
    return (await this.redis.eval(RELEASE_SCRIPT, 1, claimKey(change), owner)) as number;
  }
}
