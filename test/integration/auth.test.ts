import jwt from 'jsonwebtoken';
import { DEV_CLIENT } from '../../src/services/auth';
import { testConfig } from '../support/env';
import { Harness, startHarness } from '../support/harness';

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
    expect((await read(res)).success).toBe(false);
  });

  test('405 for GET', async () => {
    const res = await fetch(`${h.baseUrl}/oauth/token`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
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

  test('a valid self-signed token with the right claims is accepted', async () => {
    const res = await fetch(`${h.baseUrl}/sources`, { headers: { authorization: `Bearer ${sign(claims(), valid())}` } });
    expect(res.status).toBe(200);
  });
});

describe('open endpoints', () => {
  test('/health and /ready need no token', async () => {
    expect((await fetch(`${h.baseUrl}/health`)).status).toBe(200);
    const ready = await fetch(`${h.baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect((await read(ready)).checks.neo4j).toBe(true);
  });

  test('/openapi.json documents every route with its parameters', async () => {
    const doc = await read((await fetch(`${h.baseUrl}/openapi.json`)));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/oauth/token', '/entity/{id}', '/v1/entity/{id}', '/record/{id}', '/sources']));
    const sources = doc.paths['/sources'].get.parameters.map((p: { name: string }) => p.name);
    expect(sources).toEqual(expect.arrayContaining(['offset', 'limit']));
    expect(doc.paths['/oauth/token'].post.requestBody.content['application/json'].schema.required).toContain('grant_type');
  });

  test('unknown paths are 404 in the surface envelope', async () => {
    const legacy = await h.json('/nope');
    expect(legacy.status).toBe(404);
    expect(legacy.body.messages).toBeDefined();
    const v1 = await h.json('/v1/nope');
    expect(v1.status).toBe(404);
    expect(v1.body).toEqual({ status: 404, success: false, message: [expect.any(String)] });
  });
});
