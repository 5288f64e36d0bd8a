/**
 * Idempotency keys in Redis: one hash per (organisation, client, key) holding the fingerprint of
 * the request that first used the key and, once it is answered, its reply. Claiming and ending
 * are one Lua script each on that one key; the key's hash tag is the organisation
 * (`{idem:<org>}:...`), so every key of an organisation shares a Redis Cluster slot.
 */
import { randomUUID } from 'node:crypto';
import type { RedisClient } from './redis';
import { luaScript } from './luaScripts';

const BEGIN = luaScript('idempotency-begin');
const END = luaScript('idempotency-end');

/** How long a reply is kept for a retry with the same key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export interface StoredReply { status: number; body: unknown; headers?: Record<string, string> }

export type Claim =
  | { outcome: 'new'; end: (reply: StoredReply | undefined) => Promise<void> }
  | { outcome: 'mismatch' }
  | { outcome: 'pending' }
  | { outcome: 'done'; reply: StoredReply };

export class IdempotencyStore {
  constructor(private readonly redis: RedisClient, private readonly ttlMs = IDEMPOTENCY_TTL_MS) {}

  /**
   * Claims `key` of `scope` (organisation and client) for a request with `fingerprint`, pending
   * for `leaseMs`; `end` then keeps the reply (or, given none, releases the key).
   */
  async claim(scope: { org: string; client: string }, key: string, fingerprint: string, leaseMs: number): Promise<Claim> {
    const redisKey = `{idem:${encodeURIComponent(scope.org)}}:${encodeURIComponent(scope.client)}:${key}`;
    const token = randomUUID();
    const [outcome, reply] = (await this.redis.eval(BEGIN, 1, redisKey, fingerprint, token, String(leaseMs))) as [string, string?];
    if (outcome === 'done') return { outcome, reply: JSON.parse(reply!) as StoredReply };
    if (outcome === 'mismatch' || outcome === 'pending') return { outcome };
    return {
      outcome: 'new',
      end: async (kept) => {
        await this.redis.eval(END, 1, redisKey, token, kept ? JSON.stringify(kept) : '', String(this.ttlMs));
      },
    };
  }
}
