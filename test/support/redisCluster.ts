/**
 * A local Redis Cluster of three primaries (no replicas) for the suites that also run on a
 * cluster: `redis-server --cluster-enabled yes` on ports 7851-7853 (TEST_REDIS_CLUSTER_PORTS),
 * data in a temporary directory, joined by `redis-cli --cluster create`, stopped after.
 *
 * A suite file runs on it by calling `runOnRedisCluster()` before it requires the shared suite:
 * the suite's harness and worker processes then get REDIS_CLUSTER_NODES (testEnv), and its
 * titles say "(Redis Cluster)" (`onRedisCluster`). A cluster has only database 0, so the
 * harness flushes every primary instead of one database (`flushRedis`).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import type { RedisClient } from '../../src/feeds/redis';

const run = promisify(execFile);
export const CLUSTER_PORTS = (process.env.TEST_REDIS_CLUSTER_PORTS ?? '7851,7852,7853').split(',').map(Number);

/** Whether this suite file runs on the Redis Cluster. */
export const onRedisCluster = (): boolean => process.env.TEST_REDIS_BACKEND === 'cluster';

/** `title`, marked for the cluster run, so the titles of both runs stay unique. */
export const onBackend = (title: string): string => (onRedisCluster() ? `${title} (Redis Cluster)` : title);

/** A hash tag as the feeds write it: `{part}` on the cluster, `part` on one Redis. */
export const tagged = (part: string): string => (onRedisCluster() ? `{${part}}` : part);

/** Empties the test Redis: its database on one Redis, every primary on a cluster. */
export async function flushRedis(redis: RedisClient): Promise<void> {
  if (!redis.isCluster) {
    await redis.flushdb();
    return;
  }
  await Promise.all((redis as import('ioredis').Cluster).nodes('master').map((node) => node.flushall()));
}

async function clusterState(port: number): Promise<string | undefined> {
  const client = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return /cluster_state:(\w+)/.exec(await client.cluster('INFO'))?.[1];
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}

async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`Redis Cluster: ${what} not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface LocalCluster {
  /** REDIS_CLUSTER_NODES for it. */
  nodes: string;
  stop(): Promise<void>;
}

/** Starts the cluster (or uses one already answering on the ports, which it then leaves running). */
export async function startRedisCluster(): Promise<LocalCluster> {
  const nodes = CLUSTER_PORTS.map((port) => `127.0.0.1:${port}`).join(',');
  const states = await Promise.all(CLUSTER_PORTS.map(clusterState));
  if (states.every((s) => s === 'ok')) return { nodes, stop: async () => undefined };
  if (states.some((s) => s !== undefined)) throw new Error(`Redis Cluster: ports ${CLUSTER_PORTS.join(', ')} answer, but not as one cluster; stop what runs there`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-redis-cluster-'));
  const children: ChildProcess[] = CLUSTER_PORTS.map((port) => spawn('redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--cluster-enabled', 'yes',
    '--cluster-config-file', `nodes-${port}.conf`, '--save', '', '--appendonly', 'no',
  ], { stdio: 'ignore' }));
  const stop = async () => {
    await Promise.all(children.map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    })));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor('nodes answering', async () => (await Promise.all(CLUSTER_PORTS.map(clusterState))).every((s) => s !== undefined));
    await run('redis-cli', ['--cluster', 'create', ...nodes.split(','), '--cluster-replicas', '0', '--cluster-yes']);
    await waitFor('cluster_state ok', async () => (await Promise.all(CLUSTER_PORTS.map(clusterState))).every((s) => s === 'ok'));
  } catch (err) {
    await stop();
    throw err;
  }
  return { nodes, stop };
}

/**
 * Makes this suite file run on a local Redis Cluster: call it before requiring the shared
 * suite (so its titles are marked and its beforeAll comes after the cluster's start), and
 * call the returned function after it (the cluster stops after the suite's own afterAll).
 */
export function runOnRedisCluster(): () => void {
  process.env.TEST_REDIS_BACKEND = 'cluster';
  let cluster: LocalCluster | undefined;
  beforeAll(async () => {
    cluster = await startRedisCluster();
    process.env.TEST_REDIS_CLUSTER_NODES = cluster.nodes;
  }, 60_000);
  return () => afterAll(async () => {
    await cluster?.stop();
  });
}
