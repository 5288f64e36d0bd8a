/**
 * The published client's view of a project's entities (sort, filters, aggregations) against
 * the plain list, over HTTP, on projects of BENCH_PROJECT_SIZES project entities (default
 * 1,000 and 10,000, the client's largest page) saved from the shared generated graph
 * (BENCH_ENTITIES, default 100k). The view reads one light row per project entity and orders
 * them in the service; this shows what that costs as projects grow. Prints; asserts nothing.
 */
import neo4j from 'neo4j-driver';
import { DEV_CLIENT } from '../src/services/auth';
import { benchGraph, measureHttp, ms, say, startApp, table } from './common';
import { ensureGeneratedGraph } from './searchData';

const VIEWS = [
  ['plain list, oldest first', ''],
  ['sort=label', 'sort=label'],
  ['sort=-latest_status', 'sort=-latest_status'],
  ['filters=country=GBR', 'filters=country%3DGBR'],
  ['filters=label_fuzzy=holdings', 'filters=label_fuzzy%3Dholdings'],
  ['4 aggregations', 'aggregations=hit_count&aggregations=country&aggregations=risk&aggregations=source'],
  ['sort, filter and aggregations', 'sort=-label&filters=country%3DGBR&aggregations=country&aggregations=risk'],
];

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_ENTITIES ?? 100_000);
  const sizes = (process.env.BENCH_PROJECT_SIZES ?? '1000,10000').split(',').map(Number);
  say(`\n== projects: the client's entity-list view against the plain list, projects of ${sizes.join(' / ')} entities`);
  const { config, graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  await graph.deleteNodes("MATCH (n) WHERE (n:Project OR n:ProjectEntity) AND n.id STARTS WITH 'bench-view-'");
  const app = await startApp(config, graph);
  const rows: (string | number)[][] = [['project entities', 'view', 'p50, page of 100', 'p99', 'vs plain p50']];
  for (const size of sizes) {
    const project = `bench-view-${size}`;
    await graph.write(
      `CREATE (p:Project {id: $project, label: $project, type: 'network', archived: false, created: $now, updated: $now,
                          owner_user: $user, owner_org: $org})
       WITH p
       MATCH (e:Entity) WITH p, e ORDER BY e.id LIMIT $size
       WITH p, collect(e) AS matches
       UNWIND range(0, size(matches) - 1) AS i
       WITH p, i, matches[i] AS e
       CREATE (p)-[:HAS_ENTITY]->(pe:ProjectEntity {id: $project + '-' + toString(i), project_id: p.id, created: $now, updated: $now, updated_by: $user, version: 1})
       CREATE (pe)-[:MATCHES {ordinal: 0, created: $now}]->(e)
       MERGE (:MatchedEntity {entity_id: e.id})`,
      { project, size: neo4j.int(size), now: new Date().toISOString(), user: DEV_CLIENT.user, org: DEV_CLIENT.org },
    );
    let plain = 0;
    for (const [name, query] of VIEWS) {
      const path = `/v1/projects/${project}/contents/entity?limit=100${query ? `&${query}` : ''}`;
      await measureHttp(app, Array(5).fill(path), 1);
      const latency = await measureHttp(app, Array(30).fill(path), 1);
      if (!query) plain = latency.p50;
      rows.push([size, name, ms(latency.p50), ms(latency.p99), `${(latency.p50 / plain).toFixed(1)}x`]);
    }
  }
  await app.close();
  await graph.deleteNodes("MATCH (n) WHERE (n:Project OR n:ProjectEntity) AND n.id STARTS WITH 'bench-view-'");
  table(rows);
  await graph.close();
}

if (require.main === module) run().catch((err) => { console.error(err); process.exit(1); });
