/**
 * A real server for integration tests: the Express app on an ephemeral port, talking to the
 * test Neo4j and Redis, exercised over HTTP with fetch.
 */
import net, { type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import { Queues } from '../../src/workers/queues';
import type { Config } from '../../src/config';
import { Graph } from '../../src/graph/neo4j';
import { feedsRedis, type RedisClient } from '../../src/feeds/redis';
import { backendReadiness, createApp } from '../../src/http/app';
import { answerClientErrors } from '../../src/http/errors';
import type { RouteRegistry } from '../../src/http/registry';
import { ingestFile, type IngestOptions, type IngestReport } from '../../src/ingest/ingest';
import { AuthService, DEV_CLIENT, loadClients } from '../../src/services/auth';
import { meiliOptions, syncEntities } from '../../src/search';
import { MeiliSearchIndex } from '../../src/search/meilisearch';
import { REPO, testConfig } from './env';
import { flushRedis } from './redisCluster';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SAMPLE = path.join(REPO, 'seed', 'sample.ndjson');

export interface Harness {
  config: Config;
  graph: Graph;
  redis: RedisClient;
  queues: Queues;
  auth: AuthService;
  /** The app's routes, for in-process calls (the start-up warm-up). */
  registry: RouteRegistry;
  baseUrl: string;
  token: string;
  get(path: string, init?: RequestInit): Promise<Response>;
  json<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }>;
  ingest(file: string, options?: Partial<IngestOptions>): Promise<IngestReport>;
  /** Writes the usage and history events the app holds back (FEED_WRITE_DELAY_MS). */
  flushFeeds(): Promise<void>;
  close(): Promise<void>;
}

/** Removes every node, in batches so a large graph does not need one huge transaction. */
export async function wipeGraph(graph: Graph): Promise<void> {
  await graph.deleteNodes();
}

export type SearchBackend = 'neo4j' | 'meilisearch';
/** The search backends a suite runs on; describeOnSearchBackends (test/support/full.ts) for a long Meilisearch pass. */
export const SEARCH_BACKENDS: SearchBackend[] = ['neo4j', 'meilisearch'];

/**
 * A running app on the test services. `wipe` (default true) empties the graph and the test
 * Redis database first (and, on Meilisearch, its indexes); `env` overrides configuration (e.g.
 * budgets) for this harness; `backend` is the search backend (default neo4j). On Meilisearch,
 * `ingest` copies what it loaded into the index as the worker's search-index job does.
 */
export async function startHarness(opts: { wipe?: boolean; files?: string[]; env?: Record<string, string>; backend?: SearchBackend } = {}): Promise<Harness> {
  const config = testConfig({ ...(opts.backend ? { SEARCH_BACKEND: opts.backend } : {}), ...opts.env });
  const meiliConnection = meiliOptions(config);
  const meili = meiliConnection && new MeiliSearchIndex(meiliConnection);
  const graph = new Graph(config);
  const redis = feedsRedis(config, () => undefined);
  // The client refuses commands until connected (no offline queue); on a Redis that does not
  // answer (a test of that case) the harness goes on after 2 s.
  await Promise.race([new Promise((resolve) => redis.once('ready', resolve)), new Promise((resolve) => { setTimeout(resolve, 2000).unref(); })]);
  const queues = new Queues(config, () => undefined);
  if (opts.wipe !== false) {
    await wipeGraph(graph);
    await flushRedis(redis);
    await meili?.clear();
  }
  const auth = new AuthService(config, loadClients(config, () => undefined));
  const { app, registry, flushFeeds, close } = createApp({
    config, graph, auth, redis, queues, logger: pino({ level: 'silent' }),
    readiness: backendReadiness(graph, redis),
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  answerClientErrors(server);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ingest = (file: string, options: Partial<IngestOptions> = {}) => ingestFile(graph, file, {
    batchSize: 500,
    ...options,
    onCommitted: async (ids) => {
      await options.onCommitted?.(ids);
      if (meili) await syncEntities(graph, meili, ids);
    },
  });
  for (const file of opts.files ?? []) await ingest(file);

  const tokenResponse = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: DEV_CLIENT.client_id, client_secret: DEV_CLIENT.secret, audience: config.serviceDomain, grant_type: 'client_credentials' }),
  });
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token;

  const get = (p: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${p}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
  return {
    config, graph, redis, queues, auth, registry, baseUrl, token, get, ingest, flushFeeds,
    json: async (p, init) => {
      const res = await get(p, init);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
      await flushFeeds();
      await graph.close();
      await queues.close();
      redis.disconnect();
    },
  };
}

/** Writes NDJSON lines to a temporary file, as any other tool producing the format would. */
/** Every result of a traversal answer, page by page (50 a page); each page must be whole. */
export async function allResults(h: Harness, path: string): Promise<any[]> {
  const out: any[] = [];
  for (let offset = 0; ; offset += 50) {
    const res = await h.json(`${path}${path.includes('?') ? '&' : '?'}limit=50&offset=${offset}`);
    expect(res.status).toBe(200);
    expect(res.body.partial_results).toBe(false);
    out.push(...res.body.data);
    if (!res.body.next) return out;
  }
}

export function writeNdjson(name: string, lines: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-test-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

export type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any; text: string; headers: Headers }>;

/** Calls the API of `h` as `user` of `org`, with a token signed like the service's own. */
export function callAs(h: Harness, user: string, org: string): Call {
  const token = jwt.sign({ org, client_id: `${org}/${user}` }, h.config.jwt.secret, {
    algorithm: 'HS256', subject: user, audience: h.config.serviceDomain, issuer: h.config.jwt.issuer, expiresIn: 3600,
  });
  return async (method, path, body) => {
    const res = await fetch(`${h.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text, headers: res.headers };
  };
}

/** A local port nothing listens on (bound, then released): a backend that is away. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
