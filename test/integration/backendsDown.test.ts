/**
 * The API with a backend away: calls that need it answer 503 in their surface's envelope with
 * Retry-After, soon rather than after the clients' own retries run out; calls that do not need
 * it go on; /ready says which backend is missing. Real servers on closed ports, no stand-ins.
 */
import { Harness, closedPort, startHarness } from '../support/harness';

const UNAVAILABLE = ['a backend service is unavailable; try again shortly'];

/** Status, body and headers of a call, and whether it came back within `guardMs` (a hang guard, not a speed target). */
async function timed(h: Harness, path: string, guardMs = 10_000) {
  const started = Date.now();
  const res = await h.json(path);
  return { ...res, inTime: Date.now() - started < guardMs };
}

describe('Redis away', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ wipe: false, env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}/0` } });
  }, 60_000);
  afterAll(() => h.close());

  test('the feeds that live in Redis answer 503 with Retry-After, at once', async () => {
    for (const path of ['/v1/history', '/v1/usage']) {
      const res = await timed(h, path);
      expect([path, res.status, res.body, res.inTime]).toEqual([path, 503, { status: 503, message: UNAVAILABLE, success: false }, true]);
      expect(res.headers.get('retry-after')).toBe('5');
    }
  });

  test('graph reads go on without usage, history or rate limits; /ready names Redis', async () => {
    const sources = await timed(h, '/sources?limit=1');
    expect([sources.status, sources.inTime]).toEqual([200, true]);
    const v1 = await timed(h, '/v1/ontology/countries?id=GBR');
    expect([v1.status, v1.inTime]).toEqual([200, true]);
    expect(v1.headers.get('ratelimit-limit')).toBeNull();
    const ready = await fetch(`${h.baseUrl}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { neo4j: true, redis: false } });
  });
});

describe('Neo4j away', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ wipe: false, env: { NEO4J_URI: `bolt://127.0.0.1:${await closedPort()}` } });
  }, 60_000);
  afterAll(() => h.close());

  test('graph reads answer 503 in each surface\'s envelope with Retry-After; /ready names Neo4j', async () => {
    const legacy = await timed(h, '/entity/e-gb-northwind-logistics');
    expect([legacy.status, legacy.body, legacy.inTime]).toEqual([503, { status: 503, success: false, messages: UNAVAILABLE }, true]);
    expect(legacy.headers.get('retry-after')).toBe('5');
    const v1 = await timed(h, '/v1/entity/e-gb-northwind-logistics');
    expect([v1.status, v1.body, v1.inTime]).toEqual([503, { status: 503, message: UNAVAILABLE, success: false }, true]);
    const ready = await fetch(`${h.baseUrl}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { neo4j: false, redis: true } });
  });
});
