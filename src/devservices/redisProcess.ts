/** The Redis of `services up`: the configured server when it answers, else a redis-server started here. */
import fs from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import type { Config } from '../config';
import { endpoint, isLoopback, type Log, message, PROBE_TIMEOUT_MS, redact, tcpOpen } from './probes';
import { logFile, livePid, requireCommand, type ServiceDef, spawnDetached, waitFor } from './processes';

const REDIS_START_TIMEOUT_MS = 15_000;

export const REDIS: ServiceDef = { name: 'redis', marker: 'redis-server' };

export async function ensureRedis(config: Config, log: Log): Promise<void> {
  const shown = redact(config.redisUrl);
  const { host, port } = endpoint(config.redisUrl, 6379);
  const pid = livePid(config, REDIS);
  if (pid !== undefined) {
    log(`redis: running as pid ${pid} (started by services up)`);
    await waitForRedis(config, pid, log, false);
    return;
  }
  if (await tcpOpen(host, port)) {
    try {
      await pingRedis(config.redisUrl);
    } catch (err) {
      throw new Error(`something listens at ${shown} but does not answer Redis PING: ${message(err)}`);
    }
    log(`redis: using the server at ${shown}`);
    return;
  }
  if (!isLoopback(host)) {
    throw new Error(`Redis at ${shown} does not answer, and ${host} is not a loopback address; start it or set REDIS_URL`);
  }
  requireCommand('redis-server', ['--version'], `nothing answers at ${shown}: install redis-server or set REDIS_URL`);
  const dir = path.join(config.dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const bind = host === '::1' ? '::1' : '127.0.0.1';
  // No persistence: this Redis holds queues and feeds for development and tests only.
  const args = ['--port', String(port), '--bind', bind, '--daemonize', 'no', '--save', '', '--appendonly', 'no', '--dir', dir];
  const started = spawnDetached(config, REDIS, 'redis-server', args);
  log(`redis: started redis-server (pid ${started}) on ${bind}:${port}, log ${logFile(config, REDIS)}`);
  await waitForRedis(config, started, log, true);
}

async function waitForRedis(config: Config, pid: number, log: Log, startedNow: boolean): Promise<void> {
  await waitFor(config, REDIS, pid, REDIS_START_TIMEOUT_MS, () => redisReachable(config.redisUrl), log, startedNow);
  log(`redis: ready at ${redact(config.redisUrl)}`);
}

async function pingRedis(url: string): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null, // one attempt: this is a probe, not a long-lived client
    enableOfflineQueue: false,
    disconnectTimeout: 100, // the 2 s default timer would keep a short-lived CLI alive after a refused probe
  });
  client.on('error', () => undefined); // failures surface through connect()/ping() below
  try {
    await client.connect();
    const reply = await client.ping();
    if (reply !== 'PONG') throw new Error(`unexpected PING reply ${reply}`);
  } finally {
    client.disconnect();
  }
}

export function redisReachable(url: string): Promise<boolean> {
  return pingRedis(url).then(
    () => true,
    () => false,
  );
}
