/**
 * Issue-3 figures on a generated graph (BENCH_TRAVERSAL_ENTITIES, default 1M entities and
 * about 4M facts; the graph the other benches share, loaded once and reused while the size matches):
 * p50/p99 of /v1/ubo, /v1/traversal (max_depth 4) and /v1/watchlist over HTTP, side by side
 * with (a) the same search run straight through the driver (TraversalService, no HTTP) and
 * (b) a naive `[*1..max_depth]` path enumeration with the same end filter; and the largest
 * explored_count answered without partial_results. explored_count is the number of distinct
 * targets the search reached over qualifying paths, before end filters (docs/traversal.md),
 * not the entities it expanded. Two floors under the API / driver ratio: a bare HTTP server
 * sending an answer of the same size on an idle machine (floor ratio), and the same server
 * running the same search before it sends (search+send), measured as the API is. A last table
 * puts each API p50 against that search+send floor, for the entity read and search too
 * (readFloors.ts), with JSON.stringify and with the compiled serialisers (RESPONSE_SERIALISER).
 */
import neo4j from 'neo4j-driver';
import { POSSIBLY_SAME_AS, RELATIONSHIP_TYPES, UBO_TYPES, neo4jRelType } from '../src/domain/relationships';
import { ensureGeneratedGraph } from './searchData';
import { TraversalRequest, TraversalService } from '../src/services/traversal';
import { bareHttpServer, benchGraph, meanAnswerBytes, measure, measureHttp, ms, sample, say, startApp, table } from './common';
import { FloorRow, readFloorRows } from './readFloors';

const v1Request = (id: string, relationships: string[], extra: Partial<TraversalRequest> = {}): TraversalRequest => ({
  id, offset: 0, limit: 10, minDepth: 1, maxDepth: 4, relationships, psa: true, countries: [], types: [], sanctioned: false,
  pep: false, watchlist: false, minShares: 0, includeUnknownShares: true, excludeFormerRelationships: true,
  excludeClosedEntities: false, riskFactors: [], withStepFacts: true, ...extra,
});

const NAIVE_TIMEOUT_MS = Number(process.env.BENCH_NAIVE_TIMEOUT_MS ?? 10_000);

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_TRAVERSAL_ENTITIES ?? 1_000_000);
  const queries = Number(process.env.BENCH_TRAVERSAL_QUERIES ?? 200);
  say(`\n== traversal: ${queries} queries per endpoint on a generated graph of ${entities} entities`);
  const { config, graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  // Counts from Neo4j's count store, one statement per type (constant time each): counting every
  // relationship in one statement outran the read timeout on a cold 1M graph.
  const [entityCount] = await graph.read('MATCH (e:Entity) RETURN count(e) AS n');
  let stored = 0;
  for (const type of RELATIONSHIP_TYPES) {
    const [row] = await graph.read(`MATCH ()-[r:${neo4jRelType(type)}]->() RETURN count(r) AS n`);
    stored += Number(row.get('n'));
  }
  say(`  graph: ${entityCount.get('n')} entities, ${stored / 2} facts (each stored once per direction)`);

  const ids = (await graph.read('MATCH (e:Entity) WHERE e.type = "company" RETURN e.id AS id LIMIT 200000')).map((r) => r.get('id') as string);
  const sources = sample(ids, queries, 11);
  const service = new TraversalService(graph, config.traversal);
  const app = await startApp(config, graph);
  // The same API writing its large answers with the compiled serialisers (RESPONSE_SERIALISER).
  const compiledApp = await startApp({ ...config, responseSerialiser: 'compiled' }, graph);
  const floorRows: FloorRow[] = [];

  // naiveEnd: the endpoint's end filter in the naive query, so both answer the same question
  // (the listed entities within four steps, for /v1/watchlist). Without it the naive query
  // would stream every target to the client, and that transfer, not the search, would set the ratio.
  // extra: each endpoint's /v1 defaults where they differ from v1Request's (watchlist follows former facts).
  const endpoints = [
    { name: '/v1/ubo', path: 'ubo', types: UBO_TYPES, extra: {}, naiveEnd: '' },
    { name: '/v1/traversal', path: 'traversal', types: RELATIONSHIP_TYPES as string[], extra: {}, naiveEnd: '' },
    { name: '/v1/watchlist', path: 'watchlist', types: RELATIONSHIP_TYPES as string[], extra: { watchlist: true, excludeFormerRelationships: false }, naiveEnd: ' AND (t:Sanctioned OR t:Pep)' },
  ];
  // The naive enumeration is compared on the same sources as the driver: typical ones (the first
  // of the sample) and the densest companies, where path enumeration explodes.
  const naiveCount = Number(process.env.BENCH_NAIVE_QUERIES ?? 10);
  const dense = (await graph.read("MATCH (e:Entity) WHERE e.type = 'company' RETURN e.id AS id ORDER BY e.degree DESC LIMIT $n", { n: neo4j.int(Math.max(1, Math.floor(naiveCount / 2))) }))
    .map((r) => r.get('id') as string);
  const naiveSamples = [{ label: 'typical', ids: sources.slice(0, naiveCount) }, { label: 'densest', ids: dense }];
  const rows: (string | number)[][] = [['endpoint', 'API p50', 'API p99', 'driver p50', 'driver p99', 'API/driver p50', 'API/driver p99', 'partial', 'answer', 'HTTP floor p50', 'floor ratio', 'search+send p50', 'search+send/driver']];
  const naiveRows: (string | number)[][] = [['endpoint', 'sources', 'driver total', 'naive total', 'naive/driver', 'naive timed out', 'one-node reads', 'naive/one-node']];
  // The one-node read floor: the simplest statement on the same sources, one at a time. No
  // search that runs at least one statement can be faster than it, so naive / floor bounds
  // how much faster than the naive enumeration any search could be on these sources.
  const oneNode = async (list: string[]) => measure(list.length, 1, (i) => graph.read('MATCH (s:Entity {id: $id}) RETURN s.id AS id', { id: list[i] }));
  let largestComplete = 0;
  for (const e of endpoints) {
    // Warm-up: every source once through the driver, so neither side reads a neighbourhood from
    // disk first (on the 1M graph the side measured first paid for it), and every source once
    // over HTTP too, so both sides are measured after the same warm-up.
    // Then the service through the driver and the API over HTTP on the same sources.
    await measure(sources.length, 2, (i) => service.traverse(v1Request(sources[i], e.types, e.extra)));
    await measureHttp(app, sources.map((id) => `/v1/${e.path}/${encodeURIComponent(id)}`), 2);
    await measureHttp(compiledApp, sources.map((id) => `/v1/${e.path}/${encodeURIComponent(id)}`), 2);
    let partial = 0;
    const driver = await measure(sources.length, 2, async (i) => {
      // The statements the /v1 route runs: the traversal, with the facts of the steps shown.
      const result = await service.traverse(v1Request(sources[i], e.types, e.extra));
      if (result.partial) partial += 1;
      else largestComplete = Math.max(largestComplete, result.explored);
    });
    const api = await measureHttp(app, sources.map((id) => `/v1/${e.path}/${encodeURIComponent(id)}`), 2);
    const apiCompiled = await measureHttp(compiledApp, sources.map((id) => `/v1/${e.path}/${encodeURIComponent(id)}`), 2);

    // The HTTP floor for answers of this size: a bare server sending a body of the mean answer's
    // length, same client, same concurrency. (driver + floor) / driver is the ratio an API with
    // no routing, auth, validation or serialisation at all would reach.
    const answerBytes = await meanAnswerBytes(app.baseUrl, app.token, sources.slice(0, 50).map((id) => `/v1/${e.path}/${encodeURIComponent(id)}`));
    const bare = await bareHttpServer(answerBytes);
    const floor = await measureHttp(bare, sources.map(() => '/'), 2);
    await bare.close();
    // The same bare server running the driver path's search before it sends: the exchange
    // measured while the search shares the two cores with it, as the API's is. The floor
    // above adds an exchange timed on an idle machine, which this one is not under load.
    const searchAndSend = await bareHttpServer(answerBytes, (url) => service.traverse(v1Request(sources[Number(url.slice(1))], e.types, e.extra)));
    const searchFloor = await measureHttp(searchAndSend, sources.map((_, i) => `/${i}`), 2);
    await searchAndSend.close();
    floorRows.push({ name: e.name, answerBytes, apis: [api, apiCompiled], floor: searchFloor });

    rows.push([
      e.name, ms(api.p50), ms(api.p99), ms(driver.p50), ms(driver.p99), (api.p50 / driver.p50).toFixed(2), (api.p99 / driver.p99).toFixed(2), `${partial}/${sources.length}`,
      `${(answerBytes / 1024).toFixed(1)} KB`, ms(floor.p50), ((driver.p50 + floor.p50) / driver.p50).toFixed(2),
      ms(searchFloor.p50), (searchFloor.p50 / driver.p50).toFixed(2),
    ]);

    // Naive: enumerate every path up to depth 4 and pick the shortest per target in the client.
    // Aggregating in Cypher (min(length(p)) or DISTINCT t) would let the planner prune the
    // expansion into a breadth-first search, which is no longer the naive enumeration.
    // The same types the /v1 request follows, possibly-same-as included (psa defaults to true).
    const naiveTypes = [...new Set([...e.types, POSSIBLY_SAME_AS].map(neo4jRelType))].join('|');
    const naiveQuery = `MATCH p = (s:Entity {id: $id})-[:${naiveTypes}*1..4]->(t:Entity) WHERE t <> s${e.naiveEnd} RETURN t.id AS id, length(p) AS len`;
    /** The naive answer's first page, or undefined when the query ran out of time. */
    const naiveShortest = async (id: string) => {
      const session = graph.session('READ');
      try {
        const found = await session.executeRead((tx) => tx.run(naiveQuery, { id }), { timeout: NAIVE_TIMEOUT_MS });
        const shortest = new Map<string, number>();
        for (const r of found.records) {
          const [target, len] = [r.get('id') as string, r.get('len') as number];
          if (!(shortest.get(target)! <= len)) shortest.set(target, len);
        }
        return [...shortest].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
      } catch {
        return undefined;
      } finally {
        await session.close();
      }
    };
    // Untimed first, like ours: planning a new statement takes tens of milliseconds, which the
    // first timed source paid and which made typical naive totals up to five times larger.
    await naiveShortest(naiveSamples[0].ids[0]);
    for (const { label, ids } of naiveSamples) {
      let timeouts = 0;
      // Sums over the same sources; a timed-out naive query counts its cap, so the ratio is a lower bound.
      // Our search runs once untimed first: the densest sources are not in the sample above.
      await measure(ids.length, 1, (i) => service.traverse(v1Request(ids[i], e.types, e.extra)));
      const ours = await measure(ids.length, 1, async (i) => {
        await service.traverse(v1Request(ids[i], e.types, e.extra));
      });
      const naive = await measure(ids.length, 1, async (i) => {
        if (!(await naiveShortest(ids[i]))) timeouts += 1;
      });
      await oneNode(ids); // untimed first: the statement's plan, and the nodes in the page cache
      const reads = await oneNode(ids);
      const total = (l: { mean: number; count: number }) => l.mean * l.count;
      const atLeast = timeouts ? '>= ' : '';
      naiveRows.push([e.name, `${ids.length} ${label}`, ms(total(ours)), ms(total(naive)),
        `${atLeast}${(total(naive) / total(ours)).toFixed(1)}`, `${timeouts} (cap ${NAIVE_TIMEOUT_MS / 1000} s)`,
        ms(total(reads)), `${atLeast}${(total(naive) / total(reads)).toFixed(1)}`]);
    }
  }
  // Sanctioned / PEP searches reach only listed entities (steps-to-watchlist), and most pages are
  // decided early, so the figure above stays small; an end filter that matches nothing makes
  // the search reach every target within four steps (typical sources: the densest exceed the budget).
  for (const id of sources.slice(0, 50)) {
    const result = await service.traverse(v1Request(id, RELATIONSHIP_TYPES as string[], { name: 'no entity is called this' }));
    if (!result.partial) largestComplete = Math.max(largestComplete, result.explored);
  }
  floorRows.unshift(...await readFloorRows(graph, [app, compiledApp], queries));
  await app.close();
  await compiledApp.close();
  say('  floor ratio: (driver p50 + HTTP floor p50) / driver p50, where the HTTP floor is a bare node:http server sending a body of the mean answer size; above 1.10 no HTTP API can meet the 1.10x goal on this machine');
  say('  search+send: the same bare server running the driver path\'s search before it sends, so the exchange shares the cores with the search as the API\'s does; search+send/driver above 1.10 says the same under load');
  table(rows);
  say('  API p50 against its search+send floor (the same search, or for entity and search the route\'s handler in-process, then a bare exchange of an answer of the same size), with JSON.stringify and with the compiled serialisers (goal: within 1.15x):');
  table([
    ['endpoint', 'answer', 'API p50', 'floor p50', 'API/floor', 'API p50 compiled', 'compiled/floor'],
    ...floorRows.map((r) => [r.name, `${(r.answerBytes / 1024).toFixed(1)} KB`, ms(r.apis[0].p50), ms(r.floor.p50), (r.apis[0].p50 / r.floor.p50).toFixed(2),
      ms(r.apis[1].p50), (r.apis[1].p50 / r.floor.p50).toFixed(2)]),
  ]);
  say('  naive [*1..4] path enumeration against the same search through the driver (goal: naive at least 10x slower):');
  table(naiveRows);
  say('  naive/one-node: the naive total over the same sources one-node reads take; below 10 no search of at least one statement can be 10x faster than the naive enumeration there');
  say(`  largest explored_count answered without partial_results: ${largestComplete} targets reached over qualifying paths, before end filters (visit budget ${config.traversal.visitBudget}, one deadline of ${config.traversal.timeoutMs} ms per request)`);
  await graph.close();
}

if (require.main === module) run().catch((err) => { console.error(err); process.exit(1); });
