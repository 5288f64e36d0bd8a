/**
 * The start-up warm-up. Neo4j plans each statement text the first time it sees it and runs a
 * new plan slowly at first, so without it the first requests after a restart take many times
 * as long as later ones (figures: docs/traversal.md, "After a restart").
 * `serve` runs the entity, entity summary and traversal routes once each, in-process with
 * their default parameters (the texts clients send most), from one entity of the graph with
 * 1 to 50 related entities, before clients reach those statements cold. Requests are
 * answered meanwhile as usual.
 */
import type { Graph } from '../graph/neo4j';
import { cypher } from '../graph/cypherFiles';
import type { Principal } from '../services/auth';
import type { RouteRegistry } from './registry';

/** The routes warmed, in order: entity reads and the summary first (the commonest calls), then every traversal. */
export const WARM_UP_ROUTES = [
  '/v1/entity/:id', '/entity/:id', '/v1/entity_summary/:id',
  '/v1/traversal/:id', '/v1/ubo/:id', '/v1/downstream/:id', '/v1/watchlist/:id',
  '/traversal/:id', '/ubo/:id', '/downstream/:id', '/watchlist/:id',
];

const WARM_UP_PRINCIPAL: Principal = { user: 'warm-up', org: 'warm-up', client_id: 'warm-up' };

export interface WarmUpReport {
  /** The entity the routes ran for; none when no entity has 1 to 50 related entities (an empty graph). */
  entity?: string;
  routes: { path: string; ms: number; error?: string }[];
  ms: number;
}

/** Runs WARM_UP_ROUTES one after another; a route that fails is reported, and the rest still run. */
export async function warmUp(registry: RouteRegistry, graph: Graph): Promise<WarmUpReport> {
  const started = Date.now();
  const [row] = await graph.read(cypher('entity', 'warm-up-entity'));
  if (!row) return { routes: [], ms: Date.now() - started };
  const entity = row.get('id') as string;
  const routes: WarmUpReport['routes'] = [];
  for (const path of WARM_UP_ROUTES) {
    const t0 = Date.now();
    try {
      await registry.invoke(path, { id: entity }, WARM_UP_PRINCIPAL);
      routes.push({ path, ms: Date.now() - t0 });
    } catch (err) {
      routes.push({ path, ms: Date.now() - t0, error: (err as Error).message });
    }
  }
  return { entity, routes, ms: Date.now() - started };
}
