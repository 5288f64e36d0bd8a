/**
 * Per-client slots for concurrent expensive requests, shared by every API instance: one sorted
 * set per client in Redis (`{conc:<client>}`) holding a lease per request under way, scored by
 * when it expires. A lease lasts LEASE_MS and is renewed while its request runs, so a slot held
 * by an instance that died is free again within LEASE_MS; a finished request gives its back at
 * once. Taking is one Lua script on one key.
 */
import { randomUUID } from 'node:crypto';
import type { RedisClient } from './redis';
import { luaScript } from './luaScripts';

const TAKE = luaScript('concurrency-take');
const RENEW = luaScript('concurrency-renew');

export const LEASE_MS = 30_000;
const RENEW_EVERY_MS = LEASE_MS / 3;

export interface Lease { release(): void }

export class ConcurrencyLeases {
  constructor(private readonly redis: RedisClient, readonly perClient: number, private readonly leaseMs = LEASE_MS) {}

  /** A lease for one request of `client`, or undefined when the client already runs `perClient`. */
  async take(client: string): Promise<Lease | undefined> {
    const key = `{conc:${encodeURIComponent(client)}}`;
    const id = randomUUID();
    const taken = (await this.redis.eval(TAKE, 1, key, String(this.perClient), id, String(this.leaseMs))) as number;
    if (taken !== 1) return undefined;
    const renew = setInterval(() => {
      this.redis.eval(RENEW, 1, key, id, String(this.leaseMs)).catch(() => undefined);
    }, Math.min(RENEW_EVERY_MS, this.leaseMs / 3));
    renew.unref();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        clearInterval(renew);
        // Should Redis not answer, the lease expires by itself.
        this.redis.zrem(key, id).catch(() => undefined);
      },
    };
  }

  /** Requests of `client` under way on every instance (live leases). */
  async inUse(client: string): Promise<number> {
    return this.redis.zcount(`{conc:${encodeURIComponent(client)}}`, Date.now(), '+inf');
  }
}
