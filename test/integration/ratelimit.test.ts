/** Per-client rate limits on /v1 (GCRA in Redis), with small limits set for this harness. */
import jwt from 'jsonwebtoken';
import { ConfigError, loadConfig } from '../../src/config';
import { testEnv } from '../support/env';
import { Harness, startHarness } from '../support/harness';
import { onBackend } from '../support/redisCluster';

let h: Harness;
// A burst of 5, then one call every 2 s.
const LIMIT = 5;
const WINDOW = 10;

function as(client: string): (path: string) => Promise<{ status: number; body: any; headers: Headers }> {
  const token = jwt.sign({ org: 'org-r', client_id: client }, h.config.jwt.secret, {
    algorithm: 'HS256', subject: `user-${client}`, audience: h.config.serviceDomain, issuer: h.config.jwt.issuer, expiresIn: 3600,
  });
  return async (path) => {
    const res = await fetch(`${h.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
}

beforeAll(async () => {
  h = await startHarness({ env: { RATE_LIMIT_REQUESTS: String(LIMIT), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) } });
});
afterAll(() => h.close());

describe(onBackend('per-client rate limits on /v1'), () => {
  test('over the limit a /v1 call gets 429 in the /v1 error shape with Retry-After; the limit recovers', async () => {
    const call = as('client-a');
    for (let i = 0; i < LIMIT; i++) {
      const ok = await call('/v1/ontology/countries?id=USA');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(ok.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1 - i));
    }
    const over = await call('/v1/ontology/countries?id=USA');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ status: 429, success: false, message: [expect.stringContaining('rate limit')] });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW / LIMIT);
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    // Any /v1 route shares the client's budget.
    expect((await call('/v1/history')).status).toBe(429);

    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
    expect((await call('/v1/ontology/countries?id=USA')).status).toBe(200);
    expect((await call('/v1/ontology/countries?id=USA')).status).toBe(429);
  });

  test('limits are per client', async () => {
    const a = as('client-b');
    for (let i = 0; i < LIMIT; i++) await a('/v1/ontology/entity_types');
    expect((await a('/v1/ontology/entity_types')).status).toBe(429);
    expect((await as('client-c')('/v1/ontology/entity_types')).status).toBe(200);
  });

  test('concurrent calls: exactly the burst is let through (the check and the update are atomic)', async () => {
    const call = as('client-d');
    const results = await Promise.all(Array.from({ length: 25 }, () => call('/v1/ontology/countries?id=GBR')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - LIMIT);
  });

  test('legacy paths are not limited (the spec lists 429 for /v1 only); no token is a 401 first', async () => {
    const call = as('client-e');
    for (let i = 0; i < LIMIT * 3; i++) expect((await call('/usage')).status).toBe(200);
    const unauthenticated = await fetch(`${h.baseUrl}/v1/ontology/countries`);
    expect(unauthenticated.status).toBe(401);
  });

  test('a rejected call is in the history (status 429) but not in the usage counts', async () => {
    const call = as('client-f');
    for (let i = 0; i < LIMIT + 3; i++) await call('/v1/ontology/relationships');
    await h.flushFeeds();
    const stream = await h.redis.xrange(`history:org-r:user-client-f`, '-', '+');
    const statuses = stream.map(([, fields]) => JSON.parse(fields[fields.indexOf('data') + 1]).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);
    const usage = await as('client-g')('/usage');
    expect(usage.body.paths).toContainEqual({ path: '/v1/ontology/relationships', views: LIMIT, credits: 0 });
  });

  test('configuration: defaults, 0 turns limiting off, bad values stop start-up naming the variable', () => {
    const base = testEnv();
    delete base.RATE_LIMIT_REQUESTS;
    delete base.RATE_LIMIT_WINDOW_SECONDS;
    expect(loadConfig(base).rateLimit).toEqual({ requests: 600, windowSeconds: 60 });
    expect(loadConfig({ ...base, RATE_LIMIT_REQUESTS: '0' }).rateLimit.requests).toBe(0);
    expect(() => loadConfig({ ...base, RATE_LIMIT_REQUESTS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, RATE_LIMIT_WINDOW_SECONDS: 'soon' })).toThrow(/RATE_LIMIT_WINDOW_SECONDS/);
  });

  test('with limiting off, nothing is limited', async () => {
    const off = await startHarness({ wipe: false, env: { RATE_LIMIT_REQUESTS: '0' } });
    try {
      const token = jwt.sign({ org: 'org-r', client_id: 'client-off' }, off.config.jwt.secret, {
        algorithm: 'HS256', subject: 'u', audience: off.config.serviceDomain, issuer: off.config.jwt.issuer, expiresIn: 60,
      });
      for (let i = 0; i < LIMIT * 2; i++) {
        const res = await fetch(`${off.baseUrl}/v1/ontology/entity_types`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBeNull();
      }
    } finally {
      await off.close();
    }
  });
});
