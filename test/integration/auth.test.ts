import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import jwt from 'jsonwebtoken';
import { AuthService, CLOCK_SKEW_SECONDS, DEV_CLIENT, hashSecret, loadClients, withinLifetime } from '../../src/services/auth';
import { REPO, testConfig, testEnv } from '../support/env';
import { Harness, startHarness, writeNdjson } from '../support/harness';

const DOMAIN = testConfig().serviceDomain;
const read = (res: Response): Promise<any> => res.json();

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const tokenRequest = (body: unknown, raw?: string) =>
  fetch(`${h.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) });
const goodBody = () => ({ client_id: DEV_CLIENT.client_id, client_secret: DEV_CLIENT.secret, audience: DOMAIN, grant_type: 'client_credentials' });

describe('POST /oauth/token', () => {
  test('issues a 24 h HS256 bearer token for valid credentials', async () => {
    const res = await tokenRequest(goodBody());
    expect(res.status).toBe(200);
    const body = await read(res);
    expect(body).toEqual({ access_token: expect.any(String), expires_in: 86400, token_type: 'Bearer' });
    const decoded = jwt.decode(body.access_token, { complete: true }) as jwt.Jwt & { payload: jwt.JwtPayload };
    expect(decoded.header.alg).toBe('HS256');
    expect(decoded.payload).toMatchObject({ sub: DEV_CLIENT.user, org: DEV_CLIENT.org, aud: h.config.serviceDomain, iss: h.config.jwt.issuer });
    expect(decoded.payload.exp! - decoded.payload.iat!).toBe(86400);
  });

  test.each([
    ['missing client_secret', { ...goodBody(), client_secret: undefined }, 'client_secret'],
    ['wrong audience', { ...goodBody(), audience: 'other.example' }, 'audience'],
    ['wrong grant_type', { ...goodBody(), grant_type: 'password' }, 'grant_type'],
    ['unknown field', { ...goodBody(), scope: 'x' }, 'scope'],
    ['client_id not a string', { ...goodBody(), client_id: 42 }, 'client_id'],
  ])('400 naming the field for %s', async (_name, body, field) => {
    const res = await tokenRequest(body);
    expect(res.status).toBe(400);
    const json = await read(res);
    expect(json.success).toBe(false);
    expect(json.status).toBe(400);
    expect(json.messages.join(' ')).toContain(field);
  });

  test('400 for malformed JSON', async () => {
    const res = await tokenRequest(undefined, '{"client_id": ');
    expect(res.status).toBe(400);
    expect(await read(res)).toEqual({ status: 400, success: false, messages: [expect.stringContaining('JSON')] });
  });

  test.each([
    ['wrong secret', { ...goodBody(), client_secret: 'nope' }],
    ['unknown client', { ...goodBody(), client_id: 'nobody' }],
  ])('401 for %s', async (_name, body) => {
    const res = await tokenRequest(body);
    expect(res.status).toBe(401);
    expect(await read(res)).toEqual({ status: 401, success: false, messages: [expect.any(String)] });
  });

  test('405 for GET', async () => {
    const res = await fetch(`${h.baseUrl}/oauth/token`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
  });
});

describe('AUTH_CLIENTS is checked at start-up', () => {
  const good = () => ({ client_id: 'team', secret_hash: hashSecret('team-secret'), user: 'u@example.com', org: 'example' });
  const clientsFile = (clients: unknown) => {
    const file = writeNdjson('clients.json', []);
    fs.writeFileSync(file, typeof clients === 'string' ? clients : JSON.stringify(clients));
    return file;
  };
  const load = (clients: unknown) => loadClients(testConfig({ AUTH_CLIENTS: clientsFile(clients) }), () => undefined);
  const salt = Buffer.alloc(16, 1).toString('base64');
  const hash = Buffer.alloc(32, 2).toString('base64');

  test('well-formed clients load and can get tokens', async () => {
    const clients = load([good()]);
    const auth = new AuthService(testConfig(), clients);
    // Awaited: authenticateClient may answer asynchronously (a Promise is never the principal nor undefined).
    expect(await auth.authenticateClient('team', 'team-secret')).toEqual({ user: 'u@example.com', org: 'example', client_id: 'team' });
    expect(await auth.authenticateClient('team', 'wrong')).toBeUndefined();
    expect(await auth.authenticateClient('nobody', 'team-secret')).toBeUndefined();
  });

  test.each([
    ['N not a power of two', { secret_hash: `scrypt$16385$8$1$${salt}$${hash}` }, /client "team": secret_hash scrypt parameters N=16385, r=8, p=1 are not usable/],
    ['N beyond the memory limit', { secret_hash: `scrypt$1048576$8$1$${salt}$${hash}` }, /client "team": secret_hash scrypt parameters .* not usable/],
    ['r of zero', { secret_hash: `scrypt$16384$0$1$${salt}$${hash}` }, /client "team": secret_hash scrypt parameter r must be a positive integer/],
    ['a plain-text secret', { secret_hash: 'team-secret' }, /client "team": secret_hash must have the form scrypt\$N/],
    ['another scheme', { secret_hash: `bcrypt$16384$8$1$${salt}$${hash}` }, /client "team": secret_hash must have the form/],
    ['a salt that is not base64', { secret_hash: `scrypt$16384$8$1$not base64!$${hash}` }, /client "team": secret_hash salt must be base64/],
    ['a truncated hash', { secret_hash: `scrypt$16384$8$1$${salt}$` }, /client "team": secret_hash hash must be base64/],
    ['a numeric secret_hash', { secret_hash: 42 }, /client "team": secret_hash must be a string/],
    ['a missing org', { org: undefined }, /client "team": org must be a non-empty string/],
    ['an empty user', { user: ' ' }, /client "team": user must be a non-empty string/],
  ])('refuses %s, naming the client and the field', (_name, change, message) => {
    expect(() => load([{ client_id: 'other', secret_hash: hashSecret('x'), user: 'o', org: 'o' }, { ...good(), ...change }])).toThrow(message);
  });

  test('refuses a client without an id, a repeated id, and a file that is not a JSON array', () => {
    expect(() => load([{ ...good(), client_id: '' }])).toThrow(/client #1: client_id must be a non-empty string/);
    expect(() => load([good(), good()])).toThrow(/client "team": client_id appears more than once/);
    expect(() => load('[{"client_id": ')).toThrow(/cannot read a JSON file/);
    expect(() => load({ clients: [] })).toThrow(/expected a JSON array/);
  });

  test('the server refuses to start with a bad client', async () => {
    const file = clientsFile([good(), { ...good(), client_id: 'broken', secret_hash: `scrypt$16385$8$1$${salt}$${hash}` }]);
    const cli = path.join(REPO, 'dist', 'src', 'cli.js');
    const error = await promisify(execFile)('node', [cli, 'serve'], { env: { ...testEnv(), AUTH_CLIENTS: file } as NodeJS.ProcessEnv, timeout: 20_000 }).catch((e) => e);
    expect(error.code).toBe(1);
    expect(error.stderr).toMatch(/client "broken": secret_hash scrypt parameters/);
  });
});

describe('bearer tokens', () => {
  const secret = () => h.config.jwt.secret;
  const claims = () => ({ sub: 'u1', org: 'o1', client_id: 'c1' });
  const sign = (payload: object, options: jwt.SignOptions, key: jwt.Secret = secret()) => jwt.sign(payload, key, options);
  const valid = () => ({ algorithm: 'HS256' as const, audience: h.config.serviceDomain, issuer: h.config.jwt.issuer, expiresIn: 60 });

  const cases: [string, () => string | undefined][] = [
    ['no Authorization header', () => undefined],
    ['a garbage token', () => 'not-a-jwt'],
    ['an expired token', () => sign({ ...claims(), exp: Math.floor(Date.now() / 1000) - 10 }, { algorithm: 'HS256', audience: DOMAIN, issuer: 'graph-api' })],
    ['a token signed with another key', () => sign(claims(), valid(), 'another-secret-another-secret-another')],
    ['a token for another audience', () => sign(claims(), { ...valid(), audience: 'elsewhere' })],
    ['a token from another issuer', () => sign(claims(), { ...valid(), issuer: 'someone-else' })],
    ['an HS512 token', () => sign(claims(), { ...valid(), algorithm: 'HS512' })],
    [
      'an alg:none token',
      () => {
        const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        const now = Math.floor(Date.now() / 1000);
        return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...claims(), aud: h.config.serviceDomain, iss: h.config.jwt.issuer, iat: now, exp: now + 60 })}.`;
      },
    ],
  ];

  const at = (iatAhead: number, lifetime: number) => {
    const iat = Math.floor(Date.now() / 1000) + iatAhead;
    return sign({ ...claims(), iat, exp: iat + lifetime }, { algorithm: 'HS256', audience: DOMAIN, issuer: 'graph-api' });
  };
  cases.push(
    ['a token issued ten years ahead, its lifetime within a day', () => at(10 * 365 * 86400, 86340)],
    ['a token issued 2 minutes ahead', () => at(120, 60)],
  );

  test.each(cases)('legacy path: 401 envelope for %s', async (_name, make) => {
    const token = make();
    const res = await fetch(`${h.baseUrl}/sources`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.status).toBe(401);
    expect(await read(res)).toEqual({ status: 401, success: false, messages: [expect.any(String)] });
  });

  test.each(cases)('/v1 path: 401 envelope for %s', async (_name, make) => {
    const token = make();
    const res = await fetch(`${h.baseUrl}/v1/sources`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.status).toBe(401);
    expect(await read(res)).toEqual({ status: 401, success: false, message: [expect.any(String)] });
  });

  test('a valid token in the query string or the body is refused: the header only (spec)', async () => {
    const token = sign(claims(), valid());
    const inQuery = await fetch(`${h.baseUrl}/sources?access_token=${token}`);
    expect(inQuery.status).toBe(401);
    const v1 = await fetch(`${h.baseUrl}/v1/history?access_token=${token}`);
    expect(v1.status).toBe(401);
    expect(await read(v1)).toEqual({ status: 401, success: false, message: [expect.any(String)] });
    const inBody = await fetch(`${h.baseUrl}/v1/projects`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'x', access_token: token }),
    });
    expect(inBody.status).toBe(401);
  });

  test('a valid self-signed token with the right claims is accepted', async () => {
    const res = await fetch(`${h.baseUrl}/sources`, { headers: { authorization: `Bearer ${sign(claims(), valid())}` } });
    expect(res.status).toBe(200);
  });

  test('the clock skew allowed: a token issued up to 60 s ahead of this clock is accepted, later ones are not', async () => {
    const ahead = await fetch(`${h.baseUrl}/v1/sources`, { headers: { authorization: `Bearer ${at(30, 3600)}` } });
    expect(ahead.status).toBe(200);
    const iat = 1_800_000_000;
    const token = sign({ ...claims(), iat, exp: iat + 3600 }, { algorithm: 'HS256', audience: DOMAIN, issuer: 'graph-api' });
    // Refused first: a token once accepted is remembered until its expiry.
    expect(h.auth.verifyToken(token, (iat - 61) * 1000)).toBeUndefined();
    expect(h.auth.verifyToken(token, (iat - 60) * 1000)).toEqual({ user: 'u1', org: 'o1', client_id: 'c1' });
  });

  test('an exp more than the lifetime (plus the skew) after now is refused, whatever iat says', () => {
    const now = 1_800_000_000_000;
    const ttl = h.config.jwt.ttlSeconds;
    expect(withinLifetime(now / 1000, now / 1000 + ttl, now, ttl)).toBe(true);
    expect(withinLifetime(now / 1000 - 10, now / 1000 + ttl + CLOCK_SKEW_SECONDS, now, ttl)).toBe(true);
    expect(withinLifetime(now / 1000 - 10, now / 1000 + ttl + CLOCK_SKEW_SECONDS + 1, now, ttl)).toBe(false);
    expect(withinLifetime(now / 1000 + CLOCK_SKEW_SECONDS + 1, now / 1000 + 100, now, ttl)).toBe(false);
    // Over HTTP: a token whose exp is a year away is refused even when exp - iat looks right to a lax check.
    const iat = Math.floor(Date.now() / 1000) + 365 * 86400;
    const far = sign({ ...claims(), iat, exp: iat + 60 }, { algorithm: 'HS256', audience: DOMAIN, issuer: 'graph-api' });
    expect(h.auth.verifyToken(far)).toBeUndefined();
  });

  test('a token verified once is remembered only until it expires', () => {
    const { access_token } = h.auth.issueToken({ user: 'cache-user', org: 'cache-org', client_id: 'cache-client' });
    const now = Date.now();
    expect(h.auth.verifyToken(access_token, now)).toEqual({ user: 'cache-user', org: 'cache-org', client_id: 'cache-client' });
    expect(h.auth.verifyToken(access_token, now + 1000)).toEqual({ user: 'cache-user', org: 'cache-org', client_id: 'cache-client' });
    expect(h.auth.verifyToken(access_token, now + 86_401_000)).toBeUndefined();
    // A token differing in one signature character is not the remembered one.
    const forged = access_token.slice(0, -2) + (access_token.endsWith('AA') ? 'BB' : 'AA');
    expect(h.auth.verifyToken(forged, now)).toBeUndefined();
  });
});

describe('open endpoints and the API description', () => {
  test('/health and /ready need no token', async () => {
    expect((await fetch(`${h.baseUrl}/health`)).status).toBe(200);
    const ready = await fetch(`${h.baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect((await read(ready)).checks).toEqual({ neo4j: true, redis: true });
  });

  test('/openapi.json is readable without a token, like /health (generators read it first)', async () => {
    const anonymous = await fetch(`${h.baseUrl}/openapi.json`);
    expect(anonymous.status).toBe(200);
    expect((await read(anonymous)).openapi).toBe('3.1.0');
  });

  test('/openapi.json documents every route with its parameters', async () => {
    const res = await h.get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await read(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/oauth/token', '/entity/{id}', '/v1/entity/{id}', '/record/{id}', '/sources']));
    const sources = doc.paths['/sources'].get.parameters.map((p: { name: string }) => p.name);
    expect(sources).toEqual(expect.arrayContaining(['offset', 'limit']));
    expect(doc.paths['/oauth/token'].post.requestBody.content['application/json'].schema.required).toContain('grant_type');
  });

  test('without a valid token, another method on a protected path and an unknown path are 401, not 405 / 404', async () => {
    for (const [method, path] of [['POST', '/entity/e-acme'], ['DELETE', '/v1/sources'], ['GET', '/nope'], ['GET', '/v1/nope']]) {
      for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }] as Record<string, string>[]) {
        const res = await fetch(`${h.baseUrl}${path}`, { method, headers });
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
        expect(res.headers.get('allow')).toBeNull();
        const body = await read(res);
        // The envelope of the surface the path belongs to: `messages` on legacy paths, `message` on /v1.
        const messages = [expect.any(String)];
        expect({ path, body }).toEqual({ path, body: path.startsWith('/v1/') ? { status: 401, success: false, message: messages } : { status: 401, success: false, messages } });
      }
    }
    // Token issuance is open, so its other methods still answer 405 to anyone.
    expect((await fetch(`${h.baseUrl}/oauth/token`)).status).toBe(405);
    // With a token the same calls are 405 and 404 (below and in entity.test.ts).
    expect((await h.get('/entity/e-acme', { method: 'POST' })).status).toBe(405);
  });

  test('unknown paths are 404 in the surface envelope', async () => {
    const legacy = await h.json('/nope');
    expect(legacy.status).toBe(404);
    expect(legacy.body).toEqual({ status: 404, success: false, messages: [expect.stringContaining('/nope')] });
    const v1 = await h.json('/v1/nope');
    expect(v1.status).toBe(404);
    expect(v1.body).toEqual({ status: 404, success: false, message: [expect.stringContaining('/v1/nope')] });
  });
});
