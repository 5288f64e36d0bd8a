/**
 * Traces: `graph-api serve` with OTEL_EXPORTER_OTLP_ENDPOINT sends OTLP/HTTP spans to a real
 * receiver (an HTTP server in this test) for HTTP requests, Neo4j statements and Redis commands,
 * one trace per request, and `graph-api worker` a span per BullMQ job; without it no
 * OpenTelemetry SDK, instrumentation or BullMQ add-on is loaded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DEV_CLIENT } from '../../src/services/auth';
import { QUEUE_NAMES, Queues } from '../../src/workers/queues';
import { REPO, testConfig, testEnv } from '../support/env';
import { SAMPLE, startHarness } from '../support/harness';
import { sleep, startWorker } from '../support/worker';

const CLI = path.join(REPO, 'dist', 'src', 'cli.js');

type Attributes = { key: string; value: Record<string, unknown> }[];
interface Span { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: Attributes; events?: { name: string; attributes?: Attributes }[] }

/** An OTLP/HTTP JSON receiver: every span POSTed to /v1/traces, with its resource's service.name. */
async function receiver() {
  const spans: (Span & { service: string })[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const payload = JSON.parse(body) as { resourceSpans: { resource: { attributes: Span['attributes'] }; scopeSpans: { spans: Span[] }[] }[] };
      for (const rs of payload.resourceSpans) {
        const service = String(rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue);
        for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, paths, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Starts `graph-api serve` with `env`; resolves with its base URL once it listens. */
async function serve(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string; log: () => string }> {
  const child = spawn('node', [CLI, 'serve'], { env: { ...testEnv(), LOG_LEVEL: 'info', WARM_UP: 'false', ...env } as NodeJS.ProcessEnv });
  let log = '';
  child.stdout!.on('data', (c) => { log += c; });
  child.stderr!.on('data', (c) => { log += c; });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(log);
    if (m) return { child, baseUrl: m[1], log: () => log };
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`serve did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

async function tokenOf(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: DEV_CLIENT.client_id, client_secret: DEV_CLIENT.secret, audience: testConfig().serviceDomain, grant_type: 'client_credentials' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const attr = (span: { attributes?: Attributes }, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

beforeAll(async () => {
  const h = await startHarness({ files: [SAMPLE] });
  await h.close();
}, 120_000);

test('with an OTLP endpoint: a trace per request with its HTTP, Neo4j and Redis spans, sent to the receiver', async () => {
  const otlp = await receiver();
  // Spans go out in batches every 200 ms rather than the SDK's 5 s, and the rest at shutdown.
  const api = await serve({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '200' });
  try {
    const token = await tokenOf(api.baseUrl);
    const res = await fetch(`${api.baseUrl}/v1/entity/e-gb-northwind-logistics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  } finally {
    expect(await stop(api.child)).toBe(0);
    otlp.server.close();
  }
  expect(otlp.paths.length).toBeGreaterThan(0);
  expect(otlp.paths.every((p) => p === 'POST /v1/traces application/json')).toBe(true);

  const request = otlp.spans.find((s) => s.kind === 2 && attr(s, 'http.route') === '/v1/entity/:id');
  expect(request).toBeDefined();
  expect(request!.service).toBe('graph-api');
  const trace = otlp.spans.filter((s) => s.traceId === request!.traceId);
  const statements = trace.filter((s) => s.name.startsWith('neo4j '));
  expect(statements.length).toBeGreaterThan(0);
  expect(statements.every((s) => s.kind === 3 && attr(s, 'db.system') === 'neo4j')).toBe(true);
  expect(statements.map((s) => s.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^neo4j entity#/)]));
  // Every span of the trace hangs off the request's span.
  const ids = new Set(trace.map((s) => s.spanId));
  expect(trace.filter((s) => s !== request).every((s) => s.parentSpanId && ids.has(s.parentSpanId))).toBe(true);
  // The usage and history feeds write to Redis for the request (ioredis spans, in this trace or the feed's write-behind).
  expect(otlp.spans.some((s) => attr(s, 'db.system') === 'redis' || attr(s, 'db.system.name') === 'redis')).toBe(true);
  // Probes are not traced.
  expect(otlp.spans.some((s) => attr(s, 'url.path') === '/health' || attr(s, 'http.target') === '/health')).toBe(false);
}, 90_000);

test('with an OTLP endpoint: the worker sends a span per job with its queue, job name and id, attempts and outcome', async () => {
  const otlp = await receiver();
  const worker = startWorker({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '200' });
  const queues = new Queues(testConfig(), () => undefined);
  let completed: string | undefined;
  let failed: string | undefined;
  try {
    const queue = queues.queue(QUEUE_NAMES.rescore);
    completed = (await queue.add('tracing', { entityIds: ['e-gb-northwind-logistics'], reason: 'tracing' })).id;
    // No entity ids: the processor throws; one attempt, so it fails for good.
    failed = (await queue.add('tracing-bad', { reason: 'tracing' }, { attempts: 1 })).id;
    const state = async (id: string | undefined) => (await queue.getJob(id!))?.getState();
    for (let i = 0; i < 1200 && ((await state(completed)) !== 'completed' || (await state(failed)) !== 'failed'); i++) await sleep(100);
    expect([await state(completed), await state(failed)]).toEqual(['completed', 'failed']);
  } finally {
    await worker.kill('SIGTERM');
    await queues.close();
    otlp.server.close();
  }
  expect(worker.child.exitCode).toBe(0);
  const jobSpan = (id: string | undefined) => otlp.spans.find((s) => s.name === `process ${QUEUE_NAMES.rescore}` && attr(s, 'bullmq.job.id') === id);
  const ok = jobSpan(completed);
  expect(ok).toBeDefined();
  expect(ok!.service).toBe('graph-api-worker');
  expect(ok!.kind).toBe(5); // OTLP SPAN_KIND_CONSUMER
  expect(Object.fromEntries(['bullmq.queue.name', 'bullmq.job.name', 'bullmq.job.id', 'bullmq.job.attempts.made'].map((k) => [k, String(attr(ok!, k))])))
    .toEqual({ 'bullmq.queue.name': QUEUE_NAMES.rescore, 'bullmq.job.name': 'tracing', 'bullmq.job.id': completed, 'bullmq.job.attempts.made': '1' });
  expect(ok!.events?.map((e) => e.name)).toContain('job completed');
  // The job's Neo4j statements are spans of its trace, under the job's span.
  const statements = otlp.spans.filter((s) => s.traceId === ok!.traceId && s.name.startsWith('neo4j risk#'));
  expect(statements.length).toBeGreaterThan(0);
  expect(statements.every((s) => s.parentSpanId === ok!.spanId)).toBe(true);

  const bad = jobSpan(failed);
  expect(bad).toBeDefined();
  expect(attr(bad!, 'bullmq.job.name')).toBe('tracing-bad');
  const failure = bad!.events?.find((e) => e.name === 'job failed');
  expect(failure).toBeDefined();
  expect(String(attr(failure!, 'bullmq.job.failed.reason'))).not.toBe('');
}, 120_000);

test('without an endpoint no OpenTelemetry SDK or instrumentation is loaded', async () => {
  const api = await serve({ NODE_OPTIONS: '--require=' + path.join(REPO, 'test', 'support', 'listModules.cjs') });
  try {
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  } finally {
    await stop(api.child);
  }
  const loaded = /modules loaded: (.*)/.exec(api.log())![1].split(' ');
  expect(loaded.some((m) => m.includes('/dist/src/http/app.js'))).toBe(true);
  // The API package alone (no-op unless an SDK registers; prom-client reads it for exemplars) is no tracing.
  expect(loaded.filter((m) => m.includes('@opentelemetry/') && !m.includes('@opentelemetry/api/'))).toEqual([]);
  expect(loaded.some((m) => m.includes('/observability/tracing.js'))).toBe(false);
  expect(loaded.some((m) => m.includes('/bullmq-otel/'))).toBe(false);
}, 60_000);
