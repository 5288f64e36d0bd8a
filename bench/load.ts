/**
 * The mixed read workload of `npm run soak` and `npm run faults`: a server process of its own
 * (`graph-api serve`, so its memory is its own), and a fixed number of clients in this process,
 * each sending one request after another, drawn from entity, search, resolve, traversal and
 * projects reads. Every answer is recorded by route: time, status, Retry-After.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Config } from '../src/config';
import type { Graph } from '../src/graph/neo4j';
import { REPO, sample } from './common';

export const ROUTES = ['entity', 'search', 'resolve', 'traversal', 'projects'] as const;
export type Route = (typeof ROUTES)[number];

export interface Answer { route: Route; at: number; ms: number; status: number; retryAfter: string | null }

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The environment a child process of the CLI needs to use the bench's services. */
export function childEnv(config: Config, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env, NODE_ENV: 'test', NEO4J_URI: config.neo4j.uri, REDIS_URL: config.redisUrl, GRAPH_API_DATA_DIR: config.dataDir,
    LOG_LEVEL: 'warn', RATE_LIMIT_REQUESTS: '0', EXPENSIVE_CONCURRENCY_PER_CLIENT: '64', ...extra,
  };
}

/** Runs `graph-api <command>` with the bench's services; its output goes to `log`. */
export function spawnCli(command: string, env: NodeJS.ProcessEnv, log: string): ChildProcess {
  const out = fs.openSync(log, 'a');
  return spawn(process.execPath, [path.join(REPO, 'dist', 'src', 'cli.js'), command], { env, stdio: ['ignore', out, out] });
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export interface ServerProcess { baseUrl: string; token: string; child: ChildProcess; stop(): Promise<void> }

/** Starts `graph-api serve` on a free port and signs in as the development client. */
export async function startServer(config: Config, log: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawnCli('serve', childEnv(config, { PORT: String(port), ...extra }), log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${log}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error(`the server did not answer in 60 s; see ${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'dev', client_secret: 'dev-secret', audience: config.serviceDomain, grant_type: 'client_credentials' }),
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { baseUrl, token, child, stop };
}

/** The paths each route draws from: companies for entity and traversal reads, names for search and resolve. */
export async function workloadPaths(graph: Graph, server: ServerProcess): Promise<Record<Route, string[]>> {
  const rows = await graph.read('MATCH (e:Entity) WHERE e.type = "company" AND e.label IS NOT NULL RETURN e.id AS id, e.label AS label LIMIT 20000');
  const picked = sample(rows, 500, 3);
  const ids = picked.map((r) => encodeURIComponent(r.get('id') as string));
  const names = picked.map((r) => encodeURIComponent(String(r.get('label')).split(' ').slice(0, 2).join(' ')));
  // One project with a few saved entities, so the project reads have something to list.
  const created = await fetch(`${server.baseUrl}/v1/projects`, {
    method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ label: 'soak' }),
  });
  const project = ((await created.json()) as { data: { id: string } }).data.id;
  for (const r of picked.slice(0, 10)) {
    await fetch(`${server.baseUrl}/v1/resource/entity`, {
      method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'entity', project, entity_id: r.get('id') }),
    });
  }
  return {
    entity: ids.map((id) => `/v1/entity/${id}`),
    search: names.map((q) => `/v1/search/entity?q=${q}&limit=10`),
    resolve: names.map((name) => `/v1/resolution?name=${name}&limit=5`),
    traversal: ids.map((id) => `/v1/traversal/${id}`),
    projects: [`/v1/projects`, `/v1/projects/${project}`, `/v1/projects/${project}/entities`],
  };
}

/** Sends the mixed workload with `concurrency` clients until `until()` is true; every answer goes to `record`. */
export async function runLoad(
  server: ServerProcess, paths: Record<Route, string[]>, concurrency: number, until: () => boolean, record: (a: Answer) => void,
): Promise<void> {
  let n = 0;
  await Promise.all(Array.from({ length: concurrency }, async (_, client) => {
    while (!until()) {
      const i = n++;
      const route = ROUTES[(i + client) % ROUTES.length];
      const list = paths[route];
      const url = server.baseUrl + list[i % list.length];
      const t0 = performance.now();
      let status = 0;
      let retryAfter: string | null = null;
      try {
        const res = await fetch(url, { headers: { authorization: `Bearer ${server.token}` }, signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
        status = res.status;
        retryAfter = res.headers.get('retry-after');
      } catch {
        status = 0; // no answer at all (connection refused or reset, or 60 s without one)
        await new Promise((r) => setTimeout(r, 100));
      }
      record({ route, at: Date.now(), ms: performance.now() - t0, status, retryAfter });
    }
  }));
}

/** p50 and p99 of a list of milliseconds. */
export function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}
