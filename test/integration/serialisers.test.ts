/**
 * The compiled serialisers of the large answers (src/http/serialisers.ts) against JSON.stringify
 * on real answers of the sample graph: the /v1 entity (attributes, risk, trade counts, a user
 * attribute, adverse media), traversal, ubo and watchlist of a spread of its entities, and
 * entity searches. The answers are the bodies the handlers build, before any serialisation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { COMPONENT_SCHEMAS, successSchema } from '../../src/http/openapiSchemas';
import type { RouteSpec } from '../../src/http/registry';
import { largeAnswerSerialisers, type Serialise } from '../../src/http/serialisers';
import { createSearchIndex } from '../../src/search';
import { NewsService } from '../../src/services/news';
import { ResolveService } from '../../src/services/resolve';
import { REPO } from '../support/env';
import { Harness, SAMPLE, callAs, startHarness } from '../support/harness';

let h: Harness;
const principal = { user: 'alice', org: 'org-serial', client_id: 'org-serial/alice' };
const serialiserOf = largeAnswerSerialisers(COMPONENT_SCHEMAS, successSchema);
const ROUTES = ['/v1/entity/:id', '/v1/traversal/:id', '/v1/ubo/:id', '/v1/watchlist/:id'];

/** Every fourth entity of the sample, and the ones with a user attribute, adverse media, sanctions, trade. */
const sampleIds = (): string[] => {
  const ids = [...fs.readFileSync(SAMPLE, 'utf8').matchAll(/"kind":"entity","id":"([^"]+)"/g)].map((m) => m[1]);
  const named = ['e-gb-northwind-logistics', 'e-vg-corvus-trading', 'p-viktor-antonov', 'e-ru-severstroy', 'e-gb-steppe-grain-exports', 'e-us-gulfport-commodities'];
  return [...new Set([...named, ...ids.filter((_, i) => i % 4 === 0)])];
};

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  const news = new NewsService(h.graph, new ResolveService(createSearchIndex(h.config, h.graph)));
  for (const [file, format] of [['sample-rss.xml', 'rss'], ['sample-atom.xml', 'atom']] as const) {
    await news.importFeed(fs.readFileSync(path.join(REPO, 'seed', 'news', file), 'utf8'), format);
  }
  const alice = callAs(h, principal.user, principal.org);
  const added = await alice('POST', '/v1/attribute', { entity: 'e-gb-northwind-logistics', type: 'name', value: 'Northwind Logistics (Felixstowe)', from_date: '2024-01-01' });
  expect(added.status).toBe(200);
}, 180_000);
afterAll(() => h.close());

function serialiser(path: string, method = 'get'): Serialise {
  const serialise = serialiserOf({ method, path } as RouteSpec);
  // A schema the compiler cannot take would leave the route on JSON.stringify: these compile.
  expect([path, typeof serialise]).toEqual([path, 'function']);
  return serialise!;
}

/** Both checks on one body: the same value once parsed, and the same text. */
function expectSame(serialise: Serialise, body: unknown, where: string): void {
  const compiled = serialise(body);
  const plain = JSON.stringify(body);
  expect([where, JSON.parse(compiled)]).toEqual([where, JSON.parse(plain)]);
  expect([where, compiled]).toEqual([where, plain]);
}

test('entity, traversal, ubo and watchlist answers are written as JSON.stringify writes them', async () => {
  const ids = sampleIds();
  let withRisk = 0;
  let withAdverseMedia = 0;
  let withUserAttribute = 0;
  let withOwners = 0;
  for (const route of ROUTES) {
    const serialise = serialiser(route);
    for (const id of ids) {
      const { body } = await h.registry.invoke(route, { id }, principal);
      const text = JSON.stringify(body);
      if (route === '/v1/entity/:id') {
        if (text.includes('"risk":{"')) withRisk += 1;
        if (text.includes('"adverse_media":')) withAdverseMedia += 1;
        if (text.includes('Northwind Logistics (Felixstowe)')) withUserAttribute += 1;
      }
      if (route === '/v1/ubo/:id' && text.includes('"effective_shares":')) withOwners += 1;
      expectSame(serialise, body, `${route} ${id}`);
    }
  }
  // The spread covers what the fields are about.
  expect(withRisk).toBeGreaterThan(3);
  expect(withAdverseMedia).toBeGreaterThan(0);
  expect(withUserAttribute).toBe(1);
  expect(withOwners).toBeGreaterThan(3);
}, 300_000);

test('traversals with the optional parameters echoed are written as JSON.stringify writes them', async () => {
  const query = { risk_categories: ['sanctions'], state_owned: false, formerly_sanctioned: true, as_of: '2022-06-30', name: 'a' };
  for (const route of ['/v1/traversal/:id', '/v1/ubo/:id']) {
    const serialise = serialiser(route);
    for (const id of ['e-gb-northwind-logistics', 'e-ru-severstroy', 'e-vg-corvus-trading']) {
      const { body } = await h.registry.invoke(route, { id }, principal, { query: route === '/v1/ubo/:id' ? { as_of: query.as_of, min_effective_shares: 10 } : query });
      expectSame(serialise, body, `${route} ${id} with parameters`);
    }
  }
});

test('entity searches are written as JSON.stringify writes them', async () => {
  const serialise = serialiser('/v1/search/entity');
  expect(serialiser('/v1/search/entity', 'post')).toBeDefined();
  for (const q of ['northwind', 'albion', 'corvus', 'antonov', 'trading', 'holdings | finance', 'severstroy', 'zzqx']) {
    const { body } = await h.registry.invoke('/v1/search/entity', {}, principal, { query: { q } });
    expectSame(serialise, body, q);
  }
});

test('the other routes keep JSON.stringify', () => {
  for (const path of ['/v1/entity_summary/:id', '/entity/:id', '/v1/projects', '/v1/shortest_path']) {
    expect([path, serialiserOf({ method: 'get', path } as RouteSpec)]).toEqual([path, undefined]);
  }
});
