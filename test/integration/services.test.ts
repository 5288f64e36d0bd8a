/**
 * `services up|status` against the test Neo4j and Redis that jest's global setup starts.
 * These tests never call servicesDown on the shared config: other suites use those servers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { testConfig, testEnv } from '../support/env';
import { formatStatus, servicesStatus, servicesUp } from '../../src/devservices/localServices';

jest.setTimeout(60_000);
/** Elapsed-time limits here only catch a hang; they are far above the probes' 1-5 s timeouts. */
const HANG_GUARD_MS = 30_000;

const shared = testConfig();

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A config pointing elsewhere, with its own data dir so no shared pid file is seen. */
function configWith(overrides: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-services-'));
  tempDirs.push(dataDir);
  return loadConfig({ ...testEnv(), GRAPH_API_DATA_DIR: dataDir, ...overrides });
}

describe('servicesStatus', () => {
  it('reports the shared Redis and Neo4j reachable', async () => {
    const status = await servicesStatus(shared);
    expect(status.redis.reachable).toBe(true);
    expect(status.neo4j.reachable).toBe(true);
    expect(status.neo4j.url).toBe(shared.neo4j.uri);
    expect(formatStatus(status)).toMatch(/^neo4j .*reachable.*\nredis .*reachable/);
  });

  it('reports a closed port as unreachable, without waiting on a start timeout', async () => {
    const config = configWith({ NEO4J_URI: 'bolt://127.0.0.1:1', REDIS_URL: 'redis://127.0.0.1:1' });
    const started = Date.now();
    const status = await servicesStatus(config);
    expect(status.neo4j).toEqual({ url: 'bolt://127.0.0.1:1', reachable: false, managed: false });
    expect(status.redis).toMatchObject({ reachable: false, managed: false });
    expect(formatStatus(status)).toContain('UNREACHABLE');
    // A hang guard (a probe must not wait for a server to come up), not a speed target.
    expect(Date.now() - started).toBeLessThan(HANG_GUARD_MS);
  });
});

describe('servicesUp', () => {
  it('is idempotent: with both services up it starts nothing', async () => {
    const before = await servicesStatus(shared);
    // Guard: this test must reuse the shared servers, never start (and leak) its own.
    expect({ neo4j: before.neo4j.reachable, redis: before.redis.reachable }).toEqual({ neo4j: true, redis: true });

    for (let i = 0; i < 2; i++) {
      const messages: string[] = [];
      await servicesUp(shared, (msg) => messages.push(msg));
      expect(messages.join('\n')).not.toMatch(/: (started|building) /);
      expect(await servicesStatus(shared)).toEqual(before);
    }
  });

  it('refuses to start a local server for an unreachable remote NEO4J_URI', async () => {
    const config = configWith({ NEO4J_URI: 'bolt://192.0.2.1:7687' });
    const started = Date.now();
    await expect(servicesUp(config, () => undefined)).rejects.toThrow(
      /Neo4j at bolt:\/\/192\.0\.2\.1:7687 does not answer, and 192\.0\.2\.1 is not a loopback address/,
    );
    // A hang guard: it gives up after its probes instead of waiting out NEO4J_START_TIMEOUT_MS (120 s).
    expect(Date.now() - started).toBeLessThan(HANG_GUARD_MS);
    expect(fs.existsSync(path.join(config.dataDir, 'run', 'neo4j.pid'))).toBe(false);
  });
});
