/**
 * `graph-api serve` as an operator starts it: the interface it listens on, and the failures that
 * must stop it with a message naming the setting rather than leave it running without an API.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig, ConfigError } from '../../src/config';
import { REPO, testEnv } from '../support/env';
import { closedPort } from '../support/harness';

const CLI = path.join(REPO, 'dist', 'src', 'cli.js');

/** Polls `condition` every 100 ms until it holds; fails with `what()` after `timeoutMs` (a hang guard, not a speed target). */
async function waitUntil(condition: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('configuration', () => {
  test('HOST defaults to loopback outside production and to every interface in production', () => {
    expect(loadConfig({ ...testEnv(), NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...testEnv(), NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    const production = { ...testEnv(), NODE_ENV: 'production', AUTH_CLIENTS: '/dev/null' };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  test('a misspelt NODE_ENV stops the process instead of running as development', () => {
    expect(() => loadConfig({ ...testEnv(), NODE_ENV: 'prod' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...testEnv(), NODE_ENV: 'prod' })).toThrow(/NODE_ENV must be one of development, test, production; got "prod"/);
  });
});

describe('the command line', () => {
  const run = (args: string[], env: Record<string, string>) => promisify(execFile)('node', [CLI, ...args], { env: { ...testEnv(), ...env } as NodeJS.ProcessEnv, timeout: 30_000 })
    .then((r) => ({ code: 0, out: r.stdout + r.stderr }), (e: { code?: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }));

  test('--help works whatever the environment holds; a command then names the bad setting', async () => {
    const help = await run(['--help'], { PORT: 'x' });
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: graph-api');
    const migrate = await run(['migrate'], { PORT: 'x' });
    expect(migrate).toEqual({ code: 1, out: 'configuration error: PORT must be an integer from 0 to 65535, got "x"\n' });
  });

  test('services status exits 1 when a service does not answer, 0 when both do', async () => {
    const port = await closedPort();
    const down = await run(['services', 'status'], { NEO4J_URI: `bolt://127.0.0.1:${port}` });
    expect(down.code).toBe(1);
    expect(down.out).toMatch(new RegExp(`neo4j +bolt://127\\.0\\.0\\.1:${port} +UNREACHABLE`));
    const up = await run(['services', 'status'], {});
    expect(up.code).toBe(0);
    expect(up.out).not.toContain('UNREACHABLE');
  });
});

describe('graph-api serve', () => {
  test('exits 1 naming HOST and PORT when the port is taken, rather than running without an API', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = String((blocker.address() as net.AddressInfo).port);
    try {
      const error = await promisify(execFile)('node', [CLI, 'serve'], { env: { ...testEnv(), PORT: port, LOG_LEVEL: 'info' } as NodeJS.ProcessEnv, timeout: 30_000 })
        .then(() => undefined, (e) => e);
      expect(error?.code).toBe(1);
      expect(error.stdout + error.stderr).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port} \\(HOST, PORT\\)`));
    } finally {
      blocker.close();
    }
  }, 40_000);

  test('listens on loopback by default outside production', async () => {
    const child = spawn('node', [CLI, 'serve'], { env: { ...testEnv(), PORT: '0', LOG_LEVEL: 'info' } as NodeJS.ProcessEnv });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 30_000);
        const read = (chunk: Buffer) => {
          out += chunk.toString();
          const found = out.split('\n').find((l) => l.includes('listening on'));
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
      });
      expect(JSON.parse(line)).toMatchObject({ host: '127.0.0.1' });
    } finally {
      child.kill('SIGTERM');
    }
  }, 40_000);
});

describe('graph-api serve on SIGTERM', () => {
  test('stops taking connections, answers the request under way, then exits 0', async () => {
    const child = spawn('node', [CLI, 'serve'], { env: { ...testEnv(), PORT: '0', LOG_LEVEL: 'info' } as NodeJS.ProcessEnv });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const socket = new net.Socket();
    try {
      await waitUntil(() => out.includes('listening on'), 30_000, () => `no listening line: ${out}`);
      const { port } = JSON.parse(out.split('\n').find((l) => l.includes('listening on'))!) as { port: number };
      const base = `http://127.0.0.1:${port}`;
      const env = testEnv();
      const token = ((await (await fetch(`${base}/oauth/token`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'dev', client_secret: 'dev-secret', audience: env.SERVICE_DOMAIN, grant_type: 'client_credentials' }),
      })).json()) as { access_token: string }).access_token;

      // A kept-alive connection that has served a request, then a request under way on it:
      // its headers sent, half of its body still to come.
      const body = JSON.stringify({ label: 'sent across a shutdown' });
      await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
      let response = '';
      let socketClosed = false;
      socket.on('data', (c: Buffer) => { response += c.toString(); });
      socket.on('close', () => { socketClosed = true; });
      socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await waitUntil(() => response.includes('{"status":"ok"}'), 10_000, () => `no health answer: ${response}`);
      expect(response).toMatch(/Connection: keep-alive/i);
      response = '';
      socket.write(`POST /v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));

      child.kill('SIGTERM');
      await waitUntil(() => out.includes('shutting down'), 10_000, () => `no shutdown line: ${out}`);
      // No new connections once it is shutting down.
      await expect(fetch(`${base}/health`)).rejects.toThrow();
      expect(child.exitCode).toBeNull();

      socket.write(body.slice(10));
      await waitUntil(() => response.includes('\r\n\r\n{'), 10_000, () => `no answer: ${response}`);
      expect(response.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toMatchObject({ data: { label: 'sent across a shutdown' } });
      // The answer closes the kept-alive connection, so nothing more can arrive on it and the
      // shutdown need not wait for it to go idle.
      expect(response).toMatch(/\r\nConnection: close\r\n/i);
      await waitUntil(() => socketClosed, 10_000, () => 'the connection stayed open');
      expect(await exited).toBe(0);
      expect(out).toContain('"msg":"stopped"');
    } finally {
      socket.destroy();
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});

/** The worker's healthcheck command from docker-compose.yml, run as the container would run it. */
async function workerHealthcheck(heartbeatFile: string): Promise<number> {
  const compose = fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8');
  const script = /"(const fs = require\('fs'\);[^"]*)"/.exec(compose)?.[1];
  if (!script) throw new Error('no worker healthcheck script in docker-compose.yml');
  return promisify(execFile)('node', ['-e', script], { env: { ...process.env, WORKER_HEARTBEAT_FILE: heartbeatFile } })
    .then(() => 0, (e: { code?: number }) => e.code ?? -1);
}

describe('graph-api worker heartbeat', () => {
  test('touched while Neo4j and Redis answer, so the compose healthcheck passes; missing, it fails', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-heartbeat-')), 'alive');
    expect(await workerHealthcheck(file)).toBe(1);
    const child = spawn('node', [CLI, 'worker'], { env: { ...testEnv(), WORKER_HEARTBEAT_FILE: file } as NodeJS.ProcessEnv });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await waitUntil(() => fs.existsSync(file), 30_000, () => 'no heartbeat file');
      expect(Date.now() - fs.statSync(file).mtimeMs).toBeLessThan(60_000);
      expect(await workerHealthcheck(file)).toBe(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});

describe('graph-api worker with Redis down', () => {
  test('says so now and then instead of a stack trace per attempt, and SIGTERM still ends it', async () => {
    const heartbeat = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-heartbeat-')), 'alive');
    const child = spawn('node', [CLI, 'worker'], { env: { ...testEnv(), REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'info', WORKER_HEARTBEAT_FILE: heartbeat } as NodeJS.ProcessEnv });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const retrying = /Redis: .*ECONNREFUSED.*\(retrying\)/;
    try {
      // The worker says it is retrying: wait for that line rather than for a fixed time.
      await waitUntil(() => retrying.test(out) || child.exitCode !== null, 30_000, () => `no retrying line in: ${out}`);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
    expect(child.exitCode).toBeNull(); // still running, not crashed on the refused connection
    const started = Date.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    await exited;
    clearTimeout(timer);
    // A hang guard (SIGKILL follows at 25 s), not a speed target.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(out).not.toContain('Unhandled error event');
    expect(out).toMatch(retrying);
    // A worker that cannot reach Redis cannot work: no heartbeat, so its healthcheck fails.
    expect(fs.existsSync(heartbeat)).toBe(false);
  }, 90_000);
});
