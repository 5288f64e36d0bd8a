/**
 * Upstream supply chain of an entity (GET /v1/supply_chain/upstream/{id}): the chains of
 * suppliers reaching it over trade edges, tier 2 first, found by cypher/supplyChain.cypher
 * upstream one depth at a time (1 to max_depth), so that when the request's deadline
 * (TRAVERSAL_TIMEOUT_MS) runs out the chains of the depths already searched are answered with
 * partial_results. Results are ordered by length, then by the ids along the chain; `limit`
 * keeps the first ones. A project entity's supply chain walks from each of its matches in turn.
 */
import { notFound } from '../../domain/errors';
import { productPrefixes } from '../../domain/blueprints';
import { cypher, statement } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import { Deadline, attemptTimeoutMs } from '../traversal/plan';
import { StatementReader, TIMED_OUT } from '../traversal/reader';

export interface UpstreamRequest {
  id: string;
  product: string[]; notProduct: string[];
  risk: string[]; notRisk: string[];
  countries: string[]; notCountries: string[];
  shipmentCountry: string[]; notShipmentCountry: string[];
  /** Per tier 1..5, the shipment countries of the edges that tier receives; undefined for none. */
  tierShipmentCountry: (string[] | undefined)[];
  component: string[]; notComponent: string[];
  minDate?: string; maxDate?: string;
  maxDepth: number; limit: number;
}

export interface Component { hs_code: string; arrival_countries: string[]; departure_countries: string[]; min_date?: string; max_date?: string }
export interface UpstreamPath { source_entity_id: string; path: { tier: number; entity_id: string; components: Component[] }[] }
export interface TradeEntity { id: string; type: string; label: string; risk_factors: string[]; countries: string[] }
export interface UpstreamResult {
  paths: UpstreamPath[]; entities: Record<string, TradeEntity>; explored_count: number; partial_results: boolean;
}

/** Most results one answer carries (the default limit). */
export const MAX_UPSTREAM_RESULTS = 10_000;

export class SupplyChainService {
  private readonly reader: StatementReader;

  constructor(
    private readonly graph: Graph,
    private readonly timeoutMs: number,
    warn: (message: string, details: Record<string, unknown>) => void = () => undefined,
  ) {
    this.reader = new StatementReader(graph, warn);
  }

  async upstream(request: UpstreamRequest): Promise<UpstreamResult> {
    const exists = await this.graph.read(cypher('ingest', 'existing-entities'), { ids: [request.id] });
    if (exists.length === 0) throw notFound(`entity ${JSON.stringify(request.id)}`);
    return this.walk([request.id], request);
  }

  /**
   * The chains reaching each of `sources` in turn (a project entity's matches), under one
   * deadline and one `limit` for all: the answer of one request however many sources it has.
   */
  async walk(sources: string[], request: Omit<UpstreamRequest, 'id'>): Promise<UpstreamResult> {
    const deadline = new Deadline(this.timeoutMs);
    const tiers = request.tierShipmentCountry.map((t) => t ?? null);
    while (tiers.length > 0 && tiers[tiers.length - 1] === null) tiers.pop();
    const params = {
      product: request.product.length ? productPrefixes(request.product) : [], notProduct: request.notProduct.length ? productPrefixes(request.notProduct) : [],
      risk: request.risk, notRisk: request.notRisk, countries: request.countries, notCountries: request.notCountries,
      shipmentCountry: request.shipmentCountry, notShipmentCountry: request.notShipmentCountry, tierCountries: tiers,
      component: request.component, notComponent: request.notComponent,
      minDate: request.minDate ?? null, maxDate: request.maxDate ?? null,
    };
    const paths: UpstreamPath[] = [];
    let explored = 0;
    let partial = false;
    for (const id of sources) {
      for (let depth = 1; depth <= request.maxDepth && paths.length < request.limit && !partial; depth++) {
        const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
        const rows = timeoutMs === 0 ? TIMED_OUT
          : await this.reader.readWithin(statement('supplyChain', 'upstream', { DEPTH: depth }), { ...params, id, limit: request.limit - paths.length }, timeoutMs);
        if (rows === TIMED_OUT) {
          partial = true;
          break;
        }
        const row = rows[0];
        explored += Number(row.get('explored'));
        for (const chain of row.get('chains') as { ids: string[]; hops: Component[][] }[]) {
          paths.push({
            source_entity_id: id,
            path: chain.ids.map((entityId, i) => ({ tier: i + 2, entity_id: entityId, components: chain.hops[i].map(component).sort((a, b) => (a.hs_code < b.hs_code ? -1 : 1)) })),
          });
        }
      }
    }
    const ids = [...new Set([...sources, ...paths.flatMap((p) => p.path.map((s) => s.entity_id))])];
    const entities: Record<string, TradeEntity> = {};
    for (let i = 0; i < ids.length; i += 5000) {
      for (const r of await this.graph.read(cypher('supplyChain', 'trade-entities'), { ids: ids.slice(i, i + 5000) })) {
        entities[r.get('id')] = { id: r.get('id'), type: r.get('type'), label: r.get('label'), risk_factors: r.get('risk_factors'), countries: r.get('countries') };
      }
    }
    return { paths, entities, explored_count: explored, partial_results: partial };
  }
}

/** A component in the client's shape: codes and countries sorted, dates only when known. */
function component(e: Component): Component {
  const out: Component = { hs_code: e.hs_code, arrival_countries: [...e.arrival_countries].sort(), departure_countries: [...e.departure_countries].sort() };
  if (e.min_date) out.min_date = e.min_date;
  if (e.max_date) out.max_date = e.max_date;
  return out;
}
