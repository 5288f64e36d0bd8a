/**
 * Bench plumbing: a Neo4j of its own (bolt://127.0.0.1:7689, data under .data/bench, larger
 * memory), a Meilisearch of its own for SEARCH_BACKEND=meilisearch (port 7711, BENCH_MEILI_PORT), the app on an ephemeral port, and latency figures. Benches print; they assert nothing.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Redis from 'ioredis';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config';
import { servicesUp } from '../src/devservices/localServices';
import { Graph } from '../src/graph/neo4j';
import { migrate } from '../src/graph/migrate';
import { createApp } from '../src/http/app';
import type { RouteRegistry } from '../src/http/registry';
import { AuthService, DEV_CLIENT, loadClients } from '../src/services/auth';
import { Queues } from '../src/workers/queues';

export const REPO = path.resolve(__dirname, '..', '..');

export function benchConfig(): Config {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    NEO4J_URI: process.env.BENCH_NEO4J_URI ?? 'bolt://127.0.0.1:7689',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14',
    GRAPH_API_DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(REPO, '.data', 'bench'),
    MEILI_LOCAL_PORT: process.env.BENCH_MEILI_PORT ?? '7711',
    NEO4J_LOCAL_HEAP_MB: process.env.NEO4J_LOCAL_HEAP_MB ?? '6144',
    NEO4J_LOCAL_PAGECACHE_MB: process.env.NEO4J_LOCAL_PAGECACHE_MB ?? '6144',
    LOG_LEVEL: 'silent',
    TRAVERSAL_TIMEOUT_MS: process.env.TRAVERSAL_TIMEOUT_MS ?? '30000',
    // A bench sends hundreds of calls a minute from one client: a 429 would pass for a fast answer.
    RATE_LIMIT_REQUESTS: process.env.RATE_LIMIT_REQUESTS ?? '0',
  });
}

export const say = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

export async function benchGraph(): Promise<{ config: Config; graph: Graph }> {
  const config = benchConfig();
  await servicesUp(config, (msg) => say(`  [services] ${msg}`));
  const graph = new Graph(config);
  await migrate(graph);
  return { config, graph };
}

/** Empties the bench graph (in transactions of 2000 nodes: one big one overran memory at 1M). */
export async function wipe(graph: Graph): Promise<void> {
  await graph.deleteNodes();
}

/** `registry`: the app's routes, for running a handler in-process (an API's, not a bare server's). */
export interface RunningApp { baseUrl: string; token: string; close(): Promise<void>; registry?: RouteRegistry }

export async function startApp(config: Config, graph: Graph): Promise<RunningApp> {
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  const queues = new Queues(config);
  const auth = new AuthService(config, loadClients(config, () => undefined));
  const { app, registry, flushFeeds, close } = createApp({ config, graph, auth, redis, queues, logger: pino({ level: 'silent' }), readiness: async () => ({}) });
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: DEV_CLIENT.client_id, client_secret: DEV_CLIENT.secret, audience: config.serviceDomain, grant_type: 'client_credentials' }),
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  return {
    baseUrl, token, registry,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
      await flushFeeds();
      await queues.close();
      redis.disconnect();
    },
  };
}

/**
 * A bare node:http server (no Express, auth, database or JSON) answering every GET with the
 * same body of `bytes` bytes: what moving an answer of that size over HTTP costs on this
 * machine, measured with the same client as the API (the floor under any HTTP answer).
 * With `work`, each request first awaits `work(url)` (the same search the driver path runs),
 * so the exchange is measured while the search keeps Neo4j and the driver busy, as an API's is.
 */
export async function bareHttpServer(bytes: number, work?: (url: string) => Promise<unknown>): Promise<RunningApp> {
  const http = await import('node:http');
  const body = Buffer.from(JSON.stringify({ data: 'x'.repeat(Math.max(0, bytes - 12)) }));
  const send = (res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  };
  const server = http.createServer((req, res) => {
    if (!work) return send(res);
    work(req.url ?? '/').then(() => send(res), () => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mean length of the answers to `paths` (the size an HTTP floor is measured at). */
export async function meanAnswerBytes(baseUrl: string, token: string, paths: string[]): Promise<number> {
  let bytes = 0;
  for (const p of paths) bytes += (await (await fetch(baseUrl + p, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()).byteLength;
  return Math.round(bytes / paths.length);
}

export interface Latency { count: number; p50: number; p99: number; mean: number; throughput: number }

/** Runs `task(i)` `count` times with `concurrency` in flight; per-call milliseconds and calls/s. */
export async function measure(count: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<Latency> {
  const times: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < count; i = next++) {
      const t0 = process.hrtime.bigint();
      await task(i);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { count, p50: at(0.5), p99: at(0.99), mean: times.reduce((a, b) => a + b, 0) / times.length, throughput: count / seconds };
}

/** Latencies of GET `paths`, sent from a child process (see httpLoad.ts). */
export async function measureHttp(app: RunningApp, paths: string[], concurrency: number): Promise<Latency & { statuses: Record<number, number> }> {
  const { execFile } = await import('node:child_process');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-load-')), 'paths.txt');
  fs.writeFileSync(file, paths.join('\n'));
  const out = await new Promise<string>((resolve, reject) => {
    execFile('node', [path.join(__dirname, 'httpLoad.js'), app.baseUrl, app.token, file, String(concurrency)], { maxBuffer: 64 << 20 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout));
  });
  const { times, seconds, statuses } = JSON.parse(out) as { times: number[]; seconds: number; statuses: Record<number, number> };
  const failed = Object.entries(statuses).filter(([status]) => status !== '200');
  if (failed.length) say(`  WARNING: not every answer was 200 (${failed.map(([st, n]) => `${n} x ${st}`).join(', ')}): these latencies are not comparable`);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { count: times.length, p50: at(0.5), p99: at(0.99), mean: times.reduce((a, b) => a + b, 0) / times.length, throughput: times.length / seconds, statuses };
}

export const ms = (v: number): string => `${v.toFixed(2)} ms`;

export function table(rows: (string | number)[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  for (const r of rows) say('  ' + r.map((v, c) => String(v).padEnd(widths[c])).join('  '));
}

/** Deterministic sample of n ids from a list. */
export function sample<T>(items: T[], n: number, seed = 7): T[] {
  let a = seed;
  const rnd = () => ((a = (a * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  return Array.from({ length: n }, () => items[Math.floor(rnd() * items.length)]);
}
