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
import type { RedisClient } from './redis';
import { luaScript } from './luaScripts';

/** How long a change's claims are kept: longer than a job waits and retries (queues.ts). */
export const CLAIM_TTL_SECONDS = 2 * 24 * 3600;
/** Ids per Redis call. */
const CLAIM_BATCH = 5000;

// KEYS and ARGV of each script: the header of its file in redis/.
const CLAIM_SCRIPT = luaScript('rescore-claim');
const EXPAND_SCRIPT = luaScript('rescore-expand');
const RELEASE_EXPANDED_SCRIPT = luaScript('rescore-release-expanded');
const RELEASE_SCRIPT = luaScript('rescore-release');

export const claimKey = (change: string): string => `rescore:claims:${change}`;

/** The change's ownership searches in one direction: field entity id, value `<hops left>:<job>`. */
export const expandKey = (change: string, direction: string): string => `rescore:expanded:${change}:${direction}`;

/** The directions of the neighbourhood's ownership searches. */
const DIRECTIONS = ['up', 'down'] as const;

export class RescoreClaims {
  constructor(private readonly redis: RedisClient) {}

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
