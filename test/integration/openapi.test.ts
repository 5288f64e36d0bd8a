/**
 * /openapi.json as a client generator reads it: open, valid OpenAPI 3.1 (swagger-parser), an
 * operationId for every operation, servers, error and success schemas; real answers of the API
 * validate against the document; /docs renders it from local assets (headless Chromium).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { REPO } from '../support/env';
import { Harness, SAMPLE, callAs, startHarness } from '../support/harness';
import { browserExecutable } from '../support/browser';
import { testFull } from '../support/full';

let h: Harness;
let doc: any;
beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  doc = await (await fetch(`${h.baseUrl}/openapi.json`)).json();
}, 120_000);
afterAll(() => h.close());

const operations = () => Object.entries(doc.paths as Record<string, Record<string, any>>)
  .flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ path: p, method, op })));

describe('the document', () => {
  test('is valid OpenAPI 3.1', async () => {
    // swagger-parser is an ES module, which this CommonJS test cannot require: it runs in a child.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const script = `import SwaggerParser from '@apidevtools/swagger-parser';
      const api = await SwaggerParser.validate(process.argv[1]);
      console.log(JSON.stringify({ ok: true, paths: Object.keys(api.paths).length }));`;
    const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, file], {
      cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH }, timeout: 60_000,
    }).toString();
    expect(JSON.parse(stdout)).toEqual({ ok: true, paths: Object.keys(doc.paths).length });
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/', description: 'this server' }]);
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  test('every operation has a unique operationId, error answers in its envelope, and security', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v1/traversal/{id}'].get.operationId).toBe('getV1TraversalById');
    expect(doc.paths['/entity/{id}'].get.operationId).toBe('getLegacyEntityById');
    for (const { path: p, op } of operations()) {
      const envelope = p.startsWith('/v1/') ? 'V1Error' : 'LegacyError';
      expect([p, op.responses['500'].content['application/json'].schema]).toEqual([p, { $ref: `#/components/schemas/${envelope}` }]);
      if (p !== '/oauth/token') expect([p, op.security]).toEqual([p, [{ bearer: [] }]]);
    }
  });

  test('success answers carry schemas (all but the open ones listed)', () => {
    const success = operations().filter(({ op }) => Object.keys(op.responses).some((c) => c.startsWith('2') && c !== '204'));
    const described = success.filter(({ op }) => Object.entries(op.responses).some(([c, r]: [string, any]) => c.startsWith('2') && Object.values(r.content ?? {}).some((m: any) => m.schema)));
    const open = success.filter((s) => !described.includes(s)).map(({ method, path: p }) => `${method} ${p}`);
    expect(open).toEqual([]);
    // CSV answers are described as text.
    const csv = doc.paths['/v1/projects/{project_id}/resolutions/{upload_id}/results'].get.responses['200'].content;
    expect(csv).toEqual({ 'text/csv': { schema: { type: 'string' } } });
  });
});

describe('trade filters in the document', () => {
  test('the trade searches list every filter of the client with what it keeps, and the entity read its trade relationship filters', () => {
    for (const side of ['shipments', 'suppliers', 'buyers']) {
      const filter = doc.paths[`/v1/trade/search/${side}`].post.requestBody.content['application/json'].schema.properties.filter;
      for (const name of ['buyer_city', 'buyer_state', 'supplier_city', 'supplier_state', 'departure_city', 'departure_state', 'arrival_city', 'arrival_state',
        'supplier_purpose', 'buyer_purpose', 'sources']) {
        expect([side, name, typeof filter.properties[name]?.description]).toEqual([side, name, 'string']);
      }
    }
    const params = (doc.paths['/v1/entity/{id}'].get.parameters as { name: string; description?: string }[]);
    for (const name of ['arrivalCountry', 'departureCountry', 'arrivalState', 'arrivalCity', 'departureState', 'departureCity', 'hsCode', 'partnerName', 'partnerRisk']) {
      const param = params.find((p) => p.name === `relationships.${name}`);
      expect([name, typeof (param?.description ?? (param as any)?.schema?.description)]).toEqual([name, 'string']);
    }
  });
});

describe('real answers validate against the document', () => {
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  let added = false;
  // The document's components as a schema of their own; its `#/components/schemas/X` refs point there.
  const local = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/definitions/'));
  const validate = (method: string, template: string, status: number, body: unknown) => {
    if (!added) { ajv.addSchema({ $id: 'components', definitions: local(doc.components.schemas) }); added = true; }
    const schema = doc.paths[template]?.[method]?.responses?.[String(status)]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`no schema for ${method} ${template} ${status}`);
    const check = ajv.compile(local(schema));
    const ok = check(body);
    return ok ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };

  const as = () => callAs(h, 'schema-user', 'schema-org');
  const calls: [string, string, string, unknown?][] = [
    ['get', '/entity/{id}', '/entity/e-gb-northwind-logistics'],
    ['get', '/v1/entity/{id}', '/v1/entity/e-gb-northwind-logistics'],
    ['get', '/v1/entity_summary/{id}', '/v1/entity_summary/e-gb-northwind-logistics'],
    ['get', '/entity_summary/{id}', '/entity_summary/e-gb-northwind-logistics'],
    ['get', '/record/{id}', '/record/rec-ch-0004'],
    ['get', '/v1/record/{id}', '/v1/record/rec-ch-0004'],
    ['get', '/sources', '/sources'],
    ['get', '/v1/sources', '/v1/sources'],
    ['get', '/v1/source/{id}', '/v1/source/gbr_companies_house'],
    ['get', '/traversal/{id}', '/traversal/e-gb-northwind-logistics'],
    ['get', '/v1/traversal/{id}', '/v1/traversal/e-gb-northwind-logistics'],
    ['get', '/v1/ubo/{id}', '/v1/ubo/e-gb-northwind-logistics'],
    ['get', '/v1/watchlist/{id}', '/v1/watchlist/e-gb-northwind-logistics'],
    ['get', '/v1/shortest_path', '/v1/shortest_path?entities=e-gb-northwind-logistics&entities=e-cy-northwind-holdings'],
    ['get', '/search/entity', '/search/entity?q=northwind'],
    ['get', '/v1/search/entity', '/v1/search/entity?q=northwind'],
    ['get', '/v1/search/record', '/v1/search/record?q=northwind'],
    ['get', '/v1/ontology/countries', '/v1/ontology/countries'],
    ['get', '/v1/history', '/v1/history'],
    ['get', '/usage', '/usage'],
    ['get', '/v1/projects', '/v1/projects'],
    ['post', '/v1/projects', '/v1/projects', { label: 'schema check' }],
    ['get', '/v1/entity/{id}', '/v1/entity/no-such-entity'],
    ['get', '/v1/traversal/{id}', '/v1/traversal/x?limit=0'],
    ['get', '/traversal/{id}', '/traversal/x?limit=0'],
  ];

  test('the answers of the integration calls, success and error', async () => {
    const call = as();
    const problems: unknown[] = [];
    for (const [method, template, url, body] of calls) {
      const res = await call(method.toUpperCase(), url, body);
      const errors = res.status >= 500 ? ['5xx'] : validate(method, template, res.status, res.body);
      if (errors.length) problems.push([url, res.status, errors]);
    }
    expect(problems).toEqual([]);
  });

  test('the resolution answers, legacy, /v1 and persisted in a project, and /metadata', async () => {
    const call = as();
    const project = (await call('POST', '/v1/projects', { label: 'schema resolution' })).body.data.id;
    const resolutionCalls: [string, string, string, unknown?][] = [
      ['get', '/resolve/entity', '/resolve/entity?name=northwind%20holdings&country=CYP'],
      ['get', '/v1/resolution', '/v1/resolution?name=northwind%20holdings&country=CYP&identifier=HE123456'],
      ['post', '/v1/resolution', '/v1/resolution', { name: ['Northwind Logistics'], address: ['London'], date_of_birth: ['1970'] }],
      ['post', '/v1/resolution/persisted/{project_id}', `/v1/resolution/persisted/${project}`, { name: ['Northwind Holdings'], country: ['CYP'] }],
      ['get', '/v1/resolution', '/v1/resolution?name=zzqx%20nothing%20like%20it'],
      ['get', '/metadata', '/metadata'],
    ];
    const problems: unknown[] = [];
    let matches = 0;
    for (const [method, template, url, body] of resolutionCalls) {
      const res = await call(method.toUpperCase(), url, body);
      matches += res.body?.data?.length ?? res.body?.other_matches?.length ?? 0;
      const errors = res.status >= 500 ? ['5xx'] : res.status !== 200 ? [`status ${res.status}`] : validate(method, template, res.status, res.body);
      if (errors.length) problems.push([url, res.status, errors]);
    }
    expect(problems).toEqual([]);
    // The schemas were checked against real matches, not only empty lists.
    expect(matches).toBeGreaterThan(0);
  });

  test('a token answer and the 401 of a refused token', async () => {
    const token = await fetch(`${h.baseUrl}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'dev', client_secret: 'dev-secret', audience: h.config.serviceDomain, grant_type: 'client_credentials' }),
    });
    expect(validate('post', '/oauth/token', 200, await token.json())).toEqual([]);
    const refused = await fetch(`${h.baseUrl}/v1/sources`);
    expect(validate('get', '/v1/sources', 401, await refused.json())).toEqual([]);
  });
});

describe('/docs', () => {
  test('the page and its assets are served here, none from elsewhere', async () => {
    const page = await fetch(`${h.baseUrl}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((s) => s.startsWith('/docs/'))).toBe(true);
    for (const s of sources) expect([s, (await fetch(`${h.baseUrl}${s}`)).status]).toEqual([s, 200]);
    expect((await fetch(`${h.baseUrl}/docs/assets/package.json`)).status).toBe(404);
  });

  // A second Chromium run (explorer.test.ts is the first): only in `npm run test:all`.
  testFull('renders the operations in headless Chromium', async () => {
    const chromium = browserExecutable('chromium');
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-chromium-'));
    const { stdout } = await promisify(execFile)(chromium, [
      '--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`, '--virtual-time-budget=15000', '--dump-dom', `${h.baseUrl}/docs`,
    ], { timeout: 90_000, maxBuffer: 64 * 1024 * 1024 });
    fs.rmSync(profile, { recursive: true, force: true });
    expect(stdout).toContain('Entity graph screening API');
    expect(stdout).toMatch(/class="opblock[^"]*"/);
    expect(stdout).toContain('/v1/traversal/{id}');
  }, 120_000);
});
