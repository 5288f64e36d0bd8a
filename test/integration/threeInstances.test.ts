/**
 * Three `graph-api serve` processes and two `graph-api worker` processes behind a real HAProxy
 * (Debian's `haproxy`, started here with a generated round-robin configuration): the limits hold
 * across instances, a write through one instance is read through the next, and a creating call
 * retried with its Idempotency-Key on every instance at once creates one project.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { REPO, testEnv } from '../support/env';
import { Harness, SAMPLE, startHarness } from '../support/harness';
import { sleep, startWorker, type WorkerProcess } from '../support/worker';

const CLI = path.join(REPO, 'dist', 'src', 'cli.js');
const API_PORTS = [7733, 7734, 7735];
const PROXY_PORT = 7736;
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
const RATE = 40;

let h: Harness;
const apis: ChildProcess[] = [];
const workers: WorkerProcess[] = [];
let proxy: ChildProcess | undefined;

function haproxyPath(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('haproxy is missing: the three-instance suite runs the API behind it (apt-get install haproxy)');
  return found;
}

async function answers(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(300);
  }
}

beforeAll(async () => {
  const haproxy = haproxyPath();
  h = await startHarness({ files: [SAMPLE] });
  const env = { ...testEnv(), RATE_LIMIT_REQUESTS: String(RATE), EXPENSIVE_CONCURRENCY_PER_CLIENT: '1', WARM_UP: 'false' };
  for (const port of API_PORTS) {
    apis.push(spawn(process.execPath, [CLI, 'serve'], { env: { ...env, PORT: String(port) } as NodeJS.ProcessEnv, stdio: 'ignore' }));
  }
  workers.push(startWorker(), startWorker());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(config, [
    'defaults', '  mode http', '  timeout connect 5s', '  timeout client 65s', '  timeout server 60s',
    'frontend api', `  bind 127.0.0.1:${PROXY_PORT}`, '  default_backend api',
    'backend api', '  balance roundrobin',
    ...API_PORTS.map((port, i) => `  server api${i} 127.0.0.1:${port}`), '',
  ].join('\n'));
  proxy = spawn(haproxy, ['-db', '-f', config], { stdio: 'ignore' });
  for (const port of API_PORTS) await answers(`http://127.0.0.1:${port}/health`, 60_000);
  await answers(`${PROXY}/health`, 10_000);
}, 180_000);

afterAll(async () => {
  proxy?.kill('SIGTERM');
  for (const api of apis) api.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.kill()));
  await h?.close();
}, 60_000);

/** Calls through the proxy as a client of its own (own rate limit and slots). */
function client(name = `client-${randomUUID()}`) {
  const token = jwt.sign({ org: 'three-org', client_id: name }, h.config.jwt.secret, {
    algorithm: 'HS256', subject: 'three-user', audience: h.config.serviceDomain, issuer: h.config.jwt.issuer, expiresIn: 3600,
  });
  const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${PROXY}${p}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return { name, call };
}

describe('three API instances behind HAProxy', () => {
  test('the per-client rate limit holds across the instances, not per instance', async () => {
    const { call } = client();
    const statuses: number[] = [];
    for (let i = 0; i < RATE + 20; i++) statuses.push((await call('GET', '/v1/ontology/countries?id=GBR')).status);
    const ok = statuses.filter((s) => s === 200).length;
    // RATE in a burst, and perhaps one or two more refilled while the calls ran; per instance it would be 3 x RATE.
    expect(ok).toBeGreaterThanOrEqual(RATE);
    expect(ok).toBeLessThanOrEqual(RATE + 3);
    expect(statuses.filter((s) => s === 429).length).toBe(RATE + 20 - ok);
  });

  test('a project written through one instance is read on the next requests through the others', async () => {
    const { call } = client();
    const created = await call('POST', '/v1/projects', { label: 'Three instances' });
    expect(created.status).toBe(200);
    for (let i = 0; i < API_PORTS.length; i++) {
      const read = await call('GET', `/v1/projects/${created.body.data.id}`);
      expect([read.status, read.body.data?.label]).toEqual([200, 'Three instances']);
    }
  });

  test('an expensive-request slot held anywhere counts on every instance', async () => {
    const { name, call } = client();
    await h.redis.zadd(`{conc:${name}}`, Date.now() + 60_000, 'held-elsewhere');
    for (let i = 0; i < API_PORTS.length; i++) {
      expect((await call('GET', '/v1/ubo/e-gb-northwind-logistics')).status).toBe(429);
    }
    await h.redis.zrem(`{conc:${name}}`, 'held-elsewhere');
    expect((await call('GET', '/v1/ubo/e-gb-northwind-logistics')).status).toBe(200);
  });

  test('one Idempotency-Key sent to every instance at once creates one project', async () => {
    const { call } = client();
    const key = randomUUID();
    const sent = await Promise.all(Array.from({ length: 9 }, () => call('POST', '/v1/projects', { label: 'Three once' }, { 'idempotency-key': key })));
    expect(sent.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    let retried = await call('POST', '/v1/projects', { label: 'Three once' }, { 'idempotency-key': key });
    for (let i = 0; retried.status === 409 && i < 10; i++) {
      await sleep(500);
      retried = await call('POST', '/v1/projects', { label: 'Three once' }, { 'idempotency-key': key });
    }
    const ids = new Set([...sent, retried].filter((r) => r.status === 200).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    const listed = await call('GET', '/v1/projects?limit=100');
    expect(listed.body.data.filter((p: { label: string }) => p.label === 'Three once')).toHaveLength(1);
  });
});
