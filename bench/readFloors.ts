/**
 * GET /v1/entity/{id} and GET /v1/search/entity against their search+send floor, as traversal.ts
 * measures the traversals: a bare node:http server that runs the route's handler in-process
 * (the same statements and shaping, without HTTP, auth, feeds or serialisation) before it sends a
 * body of the mean answer's size. One API per entry of `apps` (e.g. each response serialiser).
 */
import type { Principal } from '../src/domain/principal';
import type { Graph } from '../src/graph/neo4j';
import { Latency, RunningApp, bareHttpServer, meanAnswerBytes, measureHttp, sample } from './common';
import { queries } from './search';

export interface FloorRow { name: string; answerBytes: number; apis: Latency[]; floor: Latency }

/** The principal of the bench token (its org reads its own user attributes and adverse media). */
function principalOf(token: string): Principal {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string; org: string; client_id: string };
  return { user: claims.sub, org: claims.org, client_id: claims.client_id };
}

export async function readFloorRows(graph: Graph, apps: RunningApp[], count: number): Promise<FloorRow[]> {
  const ids = sample((await graph.read('MATCH (e:Entity) RETURN e.id AS id LIMIT 200000')).map((r) => r.get('id') as string), count, 5);
  const qs = await queries(graph, count);
  const registry = apps[0].registry!;
  const principal = principalOf(apps[0].token);
  const reads = [
    { name: 'GET /v1/entity/{id}', paths: ids.map((id) => `/v1/entity/${encodeURIComponent(id)}`), run: (i: number) => registry.invoke('/v1/entity/:id', { id: ids[i] }, principal) },
    { name: 'GET /v1/search/entity', paths: qs.map((q) => `/v1/search/entity?q=${encodeURIComponent(q)}`), run: (i: number) => registry.invoke('/v1/search/entity', {}, principal, { query: { q: qs[i] } }) },
  ];
  const rows: FloorRow[] = [];
  for (const read of reads) {
    // Warm-up: every path once through each API (plans, page cache, JIT), as traversal.ts does.
    for (const app of apps) await measureHttp(app, read.paths, 2);
    const apis: Latency[] = [];
    for (const app of apps) apis.push(await measureHttp(app, read.paths, 2));
    const answerBytes = await meanAnswerBytes(apps[0].baseUrl, apps[0].token, read.paths.slice(0, 50));
    const searchAndSend = await bareHttpServer(answerBytes, (url) => read.run(Number(url.slice(1))));
    const floor = await measureHttp(searchAndSend, read.paths.map((_, i) => `/${i}`), 2);
    await searchAndSend.close();
    rows.push({ name: read.name, answerBytes, apis, floor });
  }
  return rows;
}
