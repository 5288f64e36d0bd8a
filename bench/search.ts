/**
 * Search latency on a generated graph of BENCH_ENTITIES entities (default 100k; the issue's
 * figure is for 1M): the search use case (parse, normalise, Lucene query with the exact count
 * up to 10001, page of 100 with attributes, highlights, shaping) against the raw full-text
 * index query through the driver (the same Lucene string, top 100 nodes). Goal: within 2x.
 * Also the HTTP figure for reference. Prints; asserts nothing.
 */
import neo4j from 'neo4j-driver';
import { entityLucene } from '../src/search/neo4jFulltext';
import { compileQuery } from '../src/search/query';
import { SearchService } from '../src/services/search';
import { benchSearchIndex } from './searchBackend';
import { benchGraph, measure, measureHttp, ms, say, startApp, table } from './common';
import { ensureGeneratedGraph } from './searchData';

/** Query mix: single names, two-word names, prefixes, OR, phrase, negation, fuzzy, filter. */
export async function queries(graph: import('../src/graph/neo4j').Graph, count: number): Promise<string[]> {
  const rows = await graph.read('MATCH (e:Entity) WHERE e.type IN ["person", "company"] WITH e LIMIT 5000 RETURN e.label AS label');
  const labels = rows.map((r) => r.get('label') as string);
  const words = (s: string) => s.split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w));
  const out: string[] = [];
  let a = 17;
  const rnd = (n: number) => ((a = (a * 1103515245 + 12345) & 0x7fffffff) % n);
  while (out.length < count) {
    const ws = words(labels[rnd(labels.length)]);
    if (ws.length < 2) continue;
    switch (out.length % 8) {
      case 0: out.push(ws[0]); break;
      case 1: out.push(`${ws[0]} ${ws[1]}`); break;
      case 2: out.push(`${ws[0].slice(0, 5).toLowerCase()}*`); break;
      case 3: out.push(`${ws[0]} | ${ws[1]}`); break;
      case 4: out.push(`"${ws[0]} ${ws[1]}"`); break;
      case 5: out.push(`${ws[0]} -${ws[1]}`); break;
      case 6: out.push(`${ws[ws.length - 1]}~1`); break;
      default: out.push(`(${ws[0]} | ${ws[1]}) ${ws[1]}`); break;
    }
  }
  return out;
}

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_ENTITIES ?? 100_000);
  const { config, graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  say('  building the query mix');
  const qs = await queries(graph, 400);
  const c = Number(process.env.BENCH_SEARCH_CONCURRENCY ?? 2);
  const service = new SearchService(await benchSearchIndex(graph));
  const params = (q: string) => ({ q, filters: {}, facets: false, advanced: false, offset: 0, limit: 100 });
  const lucene = qs.map((q) => entityLucene({ query: compileQuery(q, { target: 'entity', advanced: false }), filters: {} }));
  const RAW = "CALL db.index.fulltext.queryNodes('entity_search', $lucene, {limit: $limit}) YIELD node, score RETURN node, score";
  const raw = (i: number) => graph.read(RAW, { lucene: lucene[i], limit: neo4j.int(100) });
  say('  warming up');
  // Warm plans and caches on both paths.
  await measure(qs.length, c, (i) => service.search('entity', params(qs[i]), 'legacy'));
  await measure(qs.length, c, raw);
  const svc = await measure(qs.length, c, (i) => service.search('entity', params(qs[i]), 'legacy'));
  const drv = await measure(qs.length, c, raw);
  const facets = await measure(qs.length, c, (i) => service.search('entity', { ...params(qs[i]), facets: true }, 'legacy'));
  const app = await startApp(config, graph);
  const http = await measureHttp(app, qs.map((q) => `/search/entity?q=${encodeURIComponent(q)}`), c);
  await app.close();
  const totals = await Promise.all(qs.slice(0, 40).map((q) => service.search('entity', { ...params(q), limit: 1 }, 'legacy')));
  const gte = totals.filter((t) => t.size.qualifier === 'gte').length;
  say(`entity search on ${entities} generated entities, ${qs.length} queries (limit 100), concurrency ${c}:`);
  table([
    ['path', 'p50', 'p99', 'req/s', 'p50 vs raw', 'p99 vs raw'],
    ['search use case (count to 10001, highlights)', ms(svc.p50), ms(svc.p99), Math.round(svc.throughput), (svc.p50 / drv.p50).toFixed(2), (svc.p99 / drv.p99).toFixed(2)],
    ['  with facets', ms(facets.p50), ms(facets.p99), Math.round(facets.throughput), (facets.p50 / drv.p50).toFixed(2), (facets.p99 / drv.p99).toFixed(2)],
    ['raw full-text query through the driver (top 100)', ms(drv.p50), ms(drv.p99), Math.round(drv.throughput), '1.00', '1.00'],
    ['GET /search/entity over HTTP', ms(http.p50), ms(http.p99), Math.round(http.throughput), (http.p50 / drv.p50).toFixed(2), (http.p99 / drv.p99).toFixed(2)],
  ]);
  say(`  (${gte} of the first 40 queries match more than 10000 entities)`);
  await graph.close();
}

if (require.main === module) run().catch((err) => { console.error(err); process.exit(1); });
