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

type LeaseRedis = RedisClient & {
  takeConcurrencyLease(key: string, ...args: string[]): Promise<number>;
  renewConcurrencyLease(key: string, ...args: string[]): Promise<number>;
};

export class ConcurrencyLeases {
  private readonly redis: LeaseRedis;

  /** The scripts are sent by their digest (EVALSHA, the text once): a lease is taken on every traversal. */
  constructor(redis: RedisClient, readonly perClient: number, private readonly leaseMs = LEASE_MS) {
    const withCommands = redis as unknown as LeaseRedis;
    if (typeof withCommands.takeConcurrencyLease !== 'function') redis.defineCommand('takeConcurrencyLease', { numberOfKeys: 1, lua: TAKE });
    if (typeof withCommands.renewConcurrencyLease !== 'function') redis.defineCommand('renewConcurrencyLease', { numberOfKeys: 1, lua: RENEW });
    this.redis = withCommands;
  }

  /** A lease for one request of `client`, or undefined when the client already runs `perClient`. */
  async take(client: string): Promise<Lease | undefined> {
    const key = `{conc:${encodeURIComponent(client)}}`;
    const id = randomUUID();
    const taken = await this.redis.takeConcurrencyLease(key, String(this.perClient), id, String(this.leaseMs));
    if (taken !== 1) return undefined;
    const renew = setInterval(() => {
      this.redis.renewConcurrencyLease(key, id, String(this.leaseMs)).catch(() => undefined);
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
