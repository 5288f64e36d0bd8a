/**
 * /metrics in the Prometheus text format: behind METRICS_TOKEN on the API's port, or on a port
 * of its own; after real traffic the request, statement, queue and process series are there.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMetrics } from '../../src/observability/metrics';
import { startMetricsServer } from '../../src/observability/metricsServer';
import { QUEUE_NAMES } from '../../src/workers/queues';
import { Harness, SAMPLE, startHarness } from '../support/harness';

const TOKEN = 'metrics-token-for-tests-0123456789';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE], env: { METRICS_TOKEN: TOKEN } });
}, 120_000);
afterAll(() => h.close());

interface Sample { name: string; labels: Record<string, string>; value: number }

/** The samples of a text exposition (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('/metrics on the API port', () => {
  test('needs the metrics token; a client token or none is refused', async () => {
    expect((await fetch(`${h.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${h.baseUrl}/metrics`, { headers: { authorization: `Bearer ${h.token}` } })).status).toBe(401);
    expect((await fetch(`${h.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
  });

  test('after traffic: requests by route template and status, statement times by name, queues, process', async () => {
    expect((await h.json('/v1/entity/e-gb-northwind-logistics')).status).toBe(200);
    expect((await h.json('/v1/entity/e-gb-northwind-logistics')).status).toBe(200);
    expect((await h.json('/v1/entity/no-such-entity')).status).toBe(404);
    expect((await h.json('/v1/traversal/e-gb-northwind-logistics')).status).toBe(200);
    await h.queues.enqueueEntities([QUEUE_NAMES.rescore], ['e-gb-northwind-logistics'], 'metrics-test');
    await new Promise((resolve) => setTimeout(resolve, 20));

    const res = await fetch(`${h.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(await res.text());

    expect(find(samples, 'http_requests_total', { method: 'GET', route: '/v1/entity/:id', status: '200' })[0]?.value).toBe(2);
    expect(find(samples, 'http_requests_total', { method: 'GET', route: '/v1/entity/:id', status: '404' })[0]?.value).toBe(1);
    expect(find(samples, 'http_requests_total', { route: '/v1/traversal/:id', status: '200' })[0]?.value).toBe(1);
    expect(find(samples, 'http_request_duration_seconds_count', { route: '/v1/entity/:id', status: '200' })[0]?.value).toBe(2);
    expect(find(samples, 'http_request_duration_seconds_bucket', { route: '/v1/entity/:id', status: '200', le: '+Inf' })[0]?.value).toBe(2);

    const statements = find(samples, 'neo4j_statement_duration_seconds_count', { outcome: 'ok' });
    expect(statements.map((s) => s.labels.statement)).toEqual(expect.arrayContaining(['traversal#source-entity']));
    expect(statements.every((s) => /^[\w-]+#[\w.-]+$|^inline$/.test(s.labels.statement))).toBe(true);
    expect(statements.length).toBeGreaterThan(2);

    expect(find(samples, 'bullmq_queue_jobs', { queue: 'risk-rescore', state: 'waiting' })[0]?.value).toBe(1);
    expect(find(samples, 'bullmq_queue_jobs', { queue: 'search-index', state: 'failed' })[0]?.value).toBe(0);
    expect(find(samples, 'bullmq_queue_oldest_waiting_seconds', { queue: 'risk-rescore' })[0]?.value).toBeGreaterThan(0);
    expect(find(samples, 'risk_notification_outbox_size')[0]?.value).toBe(0);
    expect(find(samples, 'graph_api_scrape_backend_up', { backend: 'redis' })[0]?.value).toBe(1);
    expect(find(samples, 'process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  test('without METRICS_TOKEN the API port has no /metrics (401 like any unknown path)', async () => {
    const plain = await startHarness({ wipe: false });
    try {
      expect((await fetch(`${plain.baseUrl}/metrics`)).status).toBe(401);
      expect((await plain.json('/metrics')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('/metrics on a port of its own', () => {
  let server: Server | undefined;
  const metrics = () => createMetrics({ graph: h.graph, queues: h.queues });
  afterEach(async () => {
    if (server) await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  });

  test('open when no token is configured; only /metrics is served', async () => {
    const m = metrics();
    server = await startMetricsServer(m, { port: 0, host: '127.0.0.1', token: undefined });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await h.json('/v1/entity/e-gb-northwind-logistics');
    const samples = parse(await (await fetch(`${base}/metrics`)).text());
    expect(find(samples, 'neo4j_statement_duration_seconds_count').length).toBeGreaterThan(0);
    expect(find(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect((await fetch(`${base}/v1/entity/x`)).status).toBe(404);
    m.close();
  });

  test('with a token, only with that token', async () => {
    const m = metrics();
    server = await startMetricsServer(m, { port: 0, host: '127.0.0.1', token: TOKEN });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    m.close();
  });
});
