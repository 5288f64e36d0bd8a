/**
 * Planning cost of traversal statements on a generated graph (BENCH_PLANNING_ENTITIES, default
 * 100k), through the driver (TraversalService, no HTTP):
 * - hot path: p50/p99 of /v1/ubo, /v1/traversal and /v1/downstream searches (max_depth 4, the
 *   /v1 defaults), each source once untimed first so that every plan is cached;
 * - new combinations of an unknown id: 32 searches, 8 at a time, each with a relationship-type
 *   subset and end filters no request before used, then 32 more. The service searches at once
 *   (the routes' existence check is not in this path), so this is what planning costs when a
 *   text is new;
 * - new combinations of a known id: 16 searches, one at a time, the same way, after Neo4j's
 *   query cache was cleared (cold plan) and again without clearing it;
 * - over HTTP, the issue's case, against a server process: 32 `/v1/traversal` requests of
 *   unknown ids with new combinations, 8 at a time, from one client whose concurrency limit is raised to 8 so that
 *   every request reaches the route (which answers 404 after one lookup), twice, after 8
 *   untimed requests at once with the default parameters (warm-up and open connections).
 * Run it on two builds to compare statement forms: the figures carry no form of their own.
 */
import { DOWNSTREAM_TYPES, RELATIONSHIP_TYPES, UBO_TYPES } from '../src/domain/relationships';
import { TraversalRequest, TraversalService } from '../src/services/traversal';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchGraph, measure, ms, sample, say, table } from './common';
import { startServer } from './load';
import { ensureGeneratedGraph } from './searchData';

const v1Request = (id: string, relationships: string[], extra: Partial<TraversalRequest> = {}): TraversalRequest => ({
  id, offset: 0, limit: 10, minDepth: 1, maxDepth: 4, relationships, psa: true, countries: [], types: [], sanctioned: false,
  pep: false, watchlist: false, minShares: 0, includeUnknownShares: true, excludeFormerRelationships: true,
  excludeClosedEntities: false, riskFactors: [], withStepFacts: true, ...extra,
});

/** The query string of `/v1/traversal` for a request (its relationship types and end filters). */
function queryString(r: TraversalRequest): string {
  const q = new URLSearchParams();
  for (const t of r.relationships) q.append('relationships', t);
  for (const c of r.countries) q.append('countries', c);
  for (const t of r.types) q.append('types', t);
  if (r.name) q.set('name', r.name);
  if (r.pep) q.set('pep', 'true');
  if (r.sanctioned) q.set('sanctioned', 'true');
  return q.toString();
}

/** Seeded random numbers in [0, 1). */
function random(seed: number): () => number {
  let a = seed;
  return () => ((a = (a * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
}

const END_FILTERS: Partial<TraversalRequest>[] = [
  {}, { countries: ['GBR'] }, { types: ['company'] }, { name: 'ltd' }, { countries: ['RUS', 'CYP'], types: ['person'] }, { pep: true }, { sanctioned: true },
];

/**
 * `n` requests whose relationship-type sets no earlier call of this run produced (a random
 * subset of 3 to 40 types, per seed), each with one of the end-filter sets.
 */
function newCombinations(ids: string[], n: number, seed: number): TraversalRequest[] {
  const rnd = random(seed);
  return Array.from({ length: n }, (_, i) => {
    const types = RELATIONSHIP_TYPES.filter(() => rnd() < 0.3).slice(0, 40);
    while (types.length < 3) types.push(RELATIONSHIP_TYPES[Math.floor(rnd() * RELATIONSHIP_TYPES.length)]);
    return v1Request(ids[i % ids.length], [...new Set(types)], END_FILTERS[Math.floor(rnd() * END_FILTERS.length)]);
  });
}

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_PLANNING_ENTITIES ?? 100_000);
  const queries = Number(process.env.BENCH_PLANNING_QUERIES ?? 200);
  say(`\n== planning: traversal statements on a generated graph of ${entities} entities`);
  const { config, graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  const ids = (await graph.read('MATCH (e:Entity) WHERE e.type = "company" RETURN e.id AS id LIMIT 200000')).map((r) => r.get('id') as string);
  const sources = sample(ids, queries, 11);
  const service = new TraversalService(graph, config.traversal);

  const rows: (string | number)[][] = [['case', 'calls', 'concurrency', 'p50', 'p99', 'mean']];
  const row = (name: string, concurrency: number, l: { count: number; p50: number; p99: number; mean: number }) =>
    rows.push([name, l.count, concurrency, ms(l.p50), ms(l.p99), ms(l.mean)]);

  const endpoints = [
    { name: 'ubo', types: UBO_TYPES },
    { name: 'traversal', types: [...RELATIONSHIP_TYPES] },
    { name: 'downstream', types: DOWNSTREAM_TYPES },
  ];
  for (const e of endpoints) {
    await measure(sources.length, 2, (i) => service.traverse(v1Request(sources[i], e.types)));
    row(`hot ${e.name}`, 2, await measure(sources.length, 2, (i) => service.traverse(v1Request(sources[i], e.types))));
  }

  // Unknown ids: nothing to search, so the time is the planning (and one index lookup).
  const seed = Date.now() % 100_000;
  const unknown = newCombinations(Array.from({ length: 32 }, (_, i) => `no-such-entity-${seed}-${i}`), 32, seed);
  row('new combination, unknown id', 8, await measure(unknown.length, 8, (i) => service.traverse(unknown[i]).catch(() => undefined)));
  // The same again with other combinations: where a text depends on the combination, every one is new again.
  const again = newCombinations(Array.from({ length: 32 }, (_, i) => `no-such-entity-${seed}-again-${i}`), 32, seed + 3);
  row('new combination, unknown id, second round', 8, await measure(again.length, 8, (i) => service.traverse(again[i]).catch(() => undefined)));

  await graph.read('CALL db.clearQueryCaches()');
  const cold = newCombinations(sources.slice(0, 16), 16, seed + 1);
  row('new combination, known id, cold cache', 1, await measure(cold.length, 1, (i) => service.traverse(cold[i])));
  const warm = newCombinations(sources.slice(16, 32), 16, seed + 2);
  row('new combination, known id', 1, await measure(warm.length, 1, (i) => service.traverse(warm[i])));

  // Over HTTP, against a server process of its own (as deployed: its start-up warm-up runs, and
  // the bench's own garbage is not collected in the server's pauses): the route looks the source
  // up first and answers 404 without any search statement.
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-planning-')), 'server.log');
  const app = await startServer(config, log, { EXPENSIVE_CONCURRENCY_PER_CLIENT: '8' });
  const statuses = new Map<number, number>();
  const get = async (r: TraversalRequest) => {
    const res = await fetch(`${app.baseUrl}/v1/traversal/${r.id}?${queryString(r)}`, { headers: { authorization: `Bearer ${app.token}` } });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  };
  // Untimed: 8 default requests at once first (the lookup planned, as the service's start-up
  // warm-up does, and 8 Bolt connections open, as on a server in use), so the rounds time new
  // combinations, not the app's first requests.
  await Promise.all(Array.from({ length: 8 }, (_, i) => get(v1Request(`no-such-entity-${seed}-first-${i}`, []))));
  statuses.clear();
  for (const round of ['', ', second round']) {
    const http = newCombinations(Array.from({ length: 32 }, (_, i) => `no-such-entity-${seed}-http${round.length}-${i}`), 32, seed + 4 + round.length);
    row(`HTTP /v1/traversal, new combination, unknown id${round}`, 8, await measure(http.length, 8, (i) => get(http[i])));
  }
  await app.stop();
  table(rows);
  say(`  HTTP statuses: ${[...statuses].map(([status, n]) => `${status} x${n}`).join(', ')}`);
  await graph.close();
}

if (require.main === module) run().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
