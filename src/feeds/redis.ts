/**
 * Redis connections: one Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES), the API's
 * client for plain commands (feeds, usage, rate limits), and how every client reports a
 * connection that keeps failing.
 *
 * On a cluster, keys that one script, MULTI or pipeline touches together carry a hash tag
 * (`slotTag`), so they share a slot; on one Redis the key names stay as they always were.
 */
import Redis, { Cluster, type RedisOptions } from 'ioredis';
import type { Config } from '../config';

/** A client of one Redis or of a Redis Cluster: the feeds work on either. */
export type RedisClient = Redis | Cluster;

/** Where Redis is: the two settings of Config that say it. */
export type RedisTarget = Pick<Config, 'redisUrl' | 'redisClusterNodes'>;

/**
 * A client of the target with `options`: a Cluster client when REDIS_CLUSTER_NODES is set (the
 * options then hold for each node's connection, REDIS_URL giving its credentials and TLS).
 */
export function redisClient(target: RedisTarget, options: RedisOptions = {}): RedisClient {
  if (!target.redisClusterNodes) return new Redis(target.redisUrl, options);
  const url = new URL(target.redisUrl);
  return new Cluster(target.redisClusterNodes, {
    enableOfflineQueue: options.enableOfflineQueue ?? true,
    redisOptions: {
      ...options,
      username: decodeURIComponent(url.username) || undefined,
      password: decodeURIComponent(url.password) || undefined,
      tls: url.protocol === 'rediss:' ? {} : undefined,
    },
  });
}

/** `part` as a hash tag on a cluster (every key with the same tag shares a slot), as it is on one Redis. */
export function slotTag(redis: RedisClient, part: string): string {
  return redis.isCluster ? `{${part}}` : part;
}

/** Deletes `keys`: one DEL on one Redis; on a cluster one per key, since they may live on other nodes. */
export async function deleteKeys(redis: RedisClient, keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  if (!redis.isCluster) return redis.del(...keys);
  return (await Promise.all(keys.map((key) => redis.del(key)))).reduce((a, b) => a + b, 0);
}

/** How often a Redis client that keeps failing to connect says so (it retries meanwhile). */
export const CONNECTION_ERROR_EVERY_MS = 30_000;

/** `report`, at most once every `everyMs`: a connection that keeps failing says so without flooding the log. */
export function throttled<A extends unknown[]>(everyMs: number, report: (...args: A) => void): (...args: A) => void {
  let last = 0;
  return (...args: A) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    report(...args);
  };
}

/**
 * Reports a Redis client's connection errors, at most one every 30 s: ioredis retries by itself,
 * and without a listener it prints a stack trace for every attempt, several a second.
 */
export function reportConnectionErrors<C extends RedisClient>(client: C, warn: (message: string) => void): C {
  client.on('error', throttled(CONNECTION_ERROR_EVERY_MS, (err: Error) => warn(`Redis: ${err.message} (retrying)`)));
  return client;
}

/**
 * The API's client for plain commands. With Redis away a command fails at once instead of
 * waiting in ioredis's offline queue through reconnections, and no command waits more than
 * 2 s: callers answer 503, or carry on without the feed where it is optional (usage, history
 * writes, rate limits).
 */
export function feedsRedis(target: RedisTarget, warn: (message: string) => void): RedisClient {
  return reportConnectionErrors(redisClient(target, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2000 }), warn);
}
