/**
 * What a hostile or careless caller meets before any use case runs: token issuance limits and
 * headers, token lifetimes, bodies read only after the token check, oversized requests, and
 * CSV cells a spreadsheet would run.
 */
import http from 'node:http';
import net from 'node:net';
import jwt from 'jsonwebtoken';
import { Harness, SAMPLE, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE], env: { TOKEN_RATE_LIMIT_REQUESTS: '4' } });
}, 120_000);
afterAll(() => h.close());

const tokenRequest = (secret: string) => fetch(`${h.baseUrl}/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ client_id: 'dev', client_secret: secret, audience: h.config.serviceDomain, grant_type: 'client_credentials' }),
});

/** A raw HTTP exchange, for requests fetch would refuse to send. */
function rawRequest(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('token issuance', () => {
  test('a token response is not to be cached; every response says not to sniff its type', async () => {
    await h.redis.del(...await h.redis.keys('ratelimit:token*'));
    const res = await tokenRequest('dev-secret');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await h.get('/entity/nope')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('token requests are limited per client address before any secret is hashed, good and bad alike', async () => {
    const keys = await h.redis.keys('ratelimit:token*');
    if (keys.length) await h.redis.del(...keys);
    const statuses: number[] = [];
    for (const secret of ['wrong', 'dev-secret', 'wrong', 'wrong']) statuses.push((await tokenRequest(secret)).status);
    expect(statuses).toEqual([401, 200, 401, 401]);
    const limited = await tokenRequest('dev-secret');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-limit')).toBe('4');
    expect(await limited.json()).toEqual({
      status: 429, success: false,
      messages: [expect.stringMatching(/^rate limit exceeded: 4 requests per 60 s per client address; retry after \d+ s$/)],
    });
    // Other calls do not count against it, and are not limited by it.
    expect((await h.get('/entity/e-gb-northwind-logistics?attributes.name.limit=1')).status).toBe(200);
    await h.redis.del(...await h.redis.keys('ratelimit:token*'));
    expect((await tokenRequest('dev-secret')).status).toBe(200);
  });
});

describe('token lifetime', () => {
  const sign = (claims: object, options: jwt.SignOptions) => jwt.sign({ org: 'dev-org', client_id: 'dev', ...claims }, h.config.jwt.secret, {
    algorithm: 'HS256', subject: 'dev-user', audience: h.config.serviceDomain, issuer: h.config.jwt.issuer, ...options,
  });
  const status = async (token: string) => (await fetch(`${h.baseUrl}/sources?limit=1`, { headers: { authorization: `Bearer ${token}` } })).status;

  test('a token lives at most the issued lifetime: without an expiry, or with a later one, it is refused', async () => {
    expect(await status(sign({}, { expiresIn: h.config.jwt.ttlSeconds }))).toBe(200);
    expect(await status(sign({}, {}))).toBe(401);
    expect(await status(sign({}, { expiresIn: h.config.jwt.ttlSeconds + 60 }))).toBe(401);
    expect(await status(sign({}, { expiresIn: 10 * 365 * 86400 }))).toBe(401);
    expect(await status(sign({}, { expiresIn: 3600, noTimestamp: true }))).toBe(401);
    // Issued two days ago with a three-day expiry: older than the lifetime.
    expect(await status(sign({ iat: Math.floor(Date.now() / 1000) - 2 * 86400 }, { expiresIn: 3 * 86400 }))).toBe(401);
  });
});

describe('bodies are read only after the token check', () => {
  test('without a token a malformed, oversized or oddly encoded body is a 401, as on any path', async () => {
    for (const path of ['/v1/projects', '/no/such/path', '/search/entity']) {
      const malformed = await rawRequest('POST', path, { 'content-type': 'application/json' }, '{bad');
      expect([path, malformed.status]).toEqual([path, 401]);
      const big = await rawRequest('POST', path, { 'content-type': 'application/json' }, `{"label":"${'x'.repeat(2_000_000)}"}`);
      expect([path, big.status]).toEqual([path, 401]);
      const encoded = await rawRequest('POST', path, { 'content-type': 'application/json', 'content-encoding': 'foo' }, '{}');
      expect([path, encoded.status]).toEqual([path, 401]);
    }
  });

  test('with a token the same bodies get their 4xx in the surface\'s envelope', async () => {
    const auth = { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' };
    const malformed = await rawRequest('POST', '/v1/projects', auth, '{bad');
    expect([malformed.status, JSON.parse(malformed.text)]).toEqual([400, { status: 400, message: ['body: malformed JSON'], success: false }]);
    const big = await rawRequest('POST', '/v1/projects', auth, `{"label":"${'x'.repeat(2_000_000)}"}`);
    expect([big.status, JSON.parse(big.text)]).toEqual([413, { status: 413, message: ['body: too large'], success: false }]);
    const legacy = await rawRequest('POST', '/search/entity', auth, '{bad');
    expect([legacy.status, JSON.parse(legacy.text)]).toEqual([400, { status: 400, success: false, messages: ['body: malformed JSON'] }]);
  });
});

describe('a second token in the query string', () => {
  test('beside a valid header it is a 4xx naming access_token; alone it is no token at all (401)', async () => {
    const legacy = await h.json(`/sources?limit=1&access_token=${h.token}`);
    expect([legacy.status, legacy.body]).toEqual([406, { status: 406, success: false, messages: ['access_token: send the token in the Authorization header only (a token in a URL ends up in logs)'] }]);
    const v1 = await h.json(`/v1/ontology/countries?access_token=${h.token}`);
    expect([v1.status, v1.body.message]).toEqual([400, ['access_token: send the token in the Authorization header only (a token in a URL ends up in logs)']]);
    expect((await fetch(`${h.baseUrl}/sources?limit=1&access_token=${h.token}`)).status).toBe(401);
    // The header's token is checked first: a bad one is a 401 whatever the query holds.
    expect((await fetch(`${h.baseUrl}/sources?limit=1&access_token=${h.token}`, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
  });
});

describe('oversized and crowded requests', () => {
  test('more than 1,000 query parameters: every one is read, and the unknown ones are named', async () => {
    const crowd = Array.from({ length: 1200 }, (_, i) => `x${i}=1`).join('&');
    const { status, body } = await h.json(`/search/entity?${crowd}&q=northwind`);
    expect(status).toBe(406);
    expect(body.messages).not.toContain('q: is required');
    expect(body.messages).toContain('x1199: unknown parameter');
  });

  test('a request line and headers over the server\'s limit is a 431 in the surface\'s envelope', async () => {
    const long = 'x'.repeat(20_000);
    const v1 = await rawRequest('GET', `/v1/entity/e-gb-northwind-logistics?a=${long}`, { authorization: `Bearer ${h.token}` });
    expect(v1.status).toBe(431);
    expect(JSON.parse(v1.text)).toEqual({ status: 431, message: ['request line and headers: larger than 16 kB'], success: false });
    const legacy = await rawRequest('GET', `/entity/e-gb-northwind-logistics?a=${long}`, { authorization: `Bearer ${h.token}` });
    expect(legacy.status).toBe(431);
    expect(JSON.parse(legacy.text)).toEqual({ status: 431, success: false, messages: ['request line and headers: larger than 16 kB'] });
  });
});

/** Every byte the server sends for `request` on a fresh socket, until it closes the connection. */
function rawExchange(request: string): Promise<string> {
  const url = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => { text += chunk; });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('HEAD', () => {
  const cases: [string, (method: string) => string][] = [
    ['headers over 16 kB', (method) => `${method} /v1/entity/e-gb-northwind-logistics HTTP/1.1\r\nHost: x\r\nX-Long: ${'x'.repeat(20_000)}\r\n\r\n`],
    ['a malformed header line', (method) => `${method} /v1/sources HTTP/1.1\r\nHost: x\r\nnot a header line\r\n\r\n`],
    ['a malformed header line on a legacy path', (method) => `${method} /sources HTTP/1.1\r\nHost: x\r\nnot a header line\r\n\r\n`],
  ];

  test.each(cases)('a request Node refuses before Express (%s) gets headers only for HEAD, the envelope for GET', async (_name, request) => {
    const head = await rawExchange(request('HEAD'));
    expect(head).toMatch(/^HTTP\/1\.1 4\d\d /);
    // Nothing after the blank line that ends the headers.
    expect(head.endsWith('\r\n\r\n')).toBe(true);
    expect(head.indexOf('\r\n\r\n')).toBe(head.length - 4);
    const get = await rawExchange(request('GET'));
    expect(get.slice(0, 12)).toBe(head.slice(0, 12));
    expect(JSON.parse(get.slice(get.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false });
  });

  test('HEAD answered by Express has no body either, also for an error', async () => {
    for (const path of ['/v1/sources', '/v1/entity/no-such-entity', '/v1/nothing-here']) {
      const text = await rawExchange(`HEAD ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${h.token}\r\nConnection: close\r\n\r\n`);
      expect([path, text.indexOf('\r\n\r\n')]).toEqual([path, text.length - 4]);
    }
  });
});

describe('CSV', () => {
  test('a cell a spreadsheet would run as a formula is written with a leading apostrophe', async () => {
    const csv = await (await h.get('/entity/e-gb-northwind-logistics', { headers: { accept: 'text/csv' } })).text();
    const phones = csv.split('\n').filter((line) => line.startsWith('attribute,contact,'));
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.some((line) => line.includes(",'+44 "))).toBe(true);
    expect(csv).not.toMatch(/,[+=@]/);
  });
});

describe('careless search syntax', () => {
  test('the simple syntax reads past a stray parenthesis, quote or operator; the advanced one refuses it', async () => {
    const ids = async (q: string) => {
      const { status, body } = await h.json(`/search/entity?${new URLSearchParams({ q })}`);
      expect([q, status]).toEqual([q, 200]);
      return body.data.map((e: { id: string }) => e.id);
    };
    const plain = await ids('northwind logistics');
    expect(plain).toContain('e-gb-northwind-logistics');
    for (const q of ['northwind (logistics', 'northwind logistics)', '"northwind logistics', 'northwind + logistics -', '() northwind logistics |', '| northwind logistics']) {
      expect(await ids(q)).toEqual(plain);
    }
    const advanced = await h.json(`/search/entity?${new URLSearchParams({ q: 'northwind (logistics', advanced: 'true' })}`);
    expect(advanced.status).toBe(406);
    expect(advanced.body.messages).toEqual(['q: unbalanced "(" at character 11']);
  });
});
