/**
 * Upstream supply chain of an entity (GET /v1/supply_chain/upstream/{id}): the chains of
 * suppliers reaching it over trade edges, tier 2 first. One statement (cypher/supplyChain.cypher
 * upstream-walk) finds the whole walk and its entities within half of the request's deadline
 * (TRAVERSAL_TIMEOUT_MS); if that runs out, upstream walks one depth at a time (1 to max_depth)
 * with the rest, so that the chains of the depths searched in time are answered with
 * partial_results. Results are ordered by length, then by the ids along the chain; `limit`
 * keeps the first ones. A project entity's supply chain walks from each of its matches in turn.
 */
import { notFound } from '../../domain/errors';
import { productPrefixes } from '../../domain/blueprints';
import { cypher, statement } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import { Deadline, attemptTimeoutMs } from '../traversal/plan';
import { StatementReader, TIMED_OUT, type TimedOut } from '../traversal/reader';

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
    const result = await this.walkAll([request.id], request);
    if (!result.found.has(request.id)) throw notFound(`entity ${JSON.stringify(request.id)}`);
    return result.answer;
  }

  /**
   * The chains reaching each of `sources` in turn (a project entity's matches), under one
   * deadline and one `limit` for all: the answer of one request however many sources it has.
   */
  async walk(sources: string[], request: Omit<UpstreamRequest, 'id'>): Promise<UpstreamResult> {
    return (await this.walkAll(sources, request)).answer;
  }

  private async walkAll(sources: string[], request: Omit<UpstreamRequest, 'id'>): Promise<{ answer: UpstreamResult; found: Set<string> }> {
    const deadline = new Deadline(this.timeoutMs);
    const params = walkParams(request);
    const answer: UpstreamResult = { paths: [], entities: {}, explored_count: 0, partial_results: false };
    const found = new Set<string>();
    for (const id of sources) {
      if (answer.paths.length >= request.limit || answer.partial_results) break;
      const whole = await this.wholeWalk(id, params, { ...request, limit: request.limit - answer.paths.length }, deadline);
      const one = whole === TIMED_OUT ? await this.walkByDepth(id, params, request, deadline, answer.paths.length) : whole;
      if (!one) continue;
      found.add(id);
      answer.paths.push(...one.paths);
      Object.assign(answer.entities, one.entities);
      answer.explored_count += one.explored_count;
      answer.partial_results = one.partial_results;
    }
    return { answer, found };
  }

  /**
   * The walk from `id` in one statement (cypher/supplyChain.cypher upstream-walk) within half of
   * what is left of the deadline; TIMED_OUT when that ran out, so that walkByDepth can still
   * answer the shallower chains; undefined when `id` is no entity.
   */
  private async wholeWalk(id: string, params: WalkParams, request: Omit<UpstreamRequest, 'id'>, deadline: Deadline): Promise<UpstreamResult | TimedOut | undefined> {
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), false);
    if (timeoutMs === 0) return TIMED_OUT;
    const rows = await this.reader.readWithin(statement('supplyChain', 'upstream-walk', { DEPTH: request.maxDepth }), { ...params, id, limit: request.limit }, timeoutMs);
    if (rows === TIMED_OUT) return TIMED_OUT;
    if (rows.length === 0) return undefined;
    const row = rows[0];
    const entities: Record<string, TradeEntity> = {};
    for (const e of row.get('entities') as TradeEntity[]) entities[e.id] = e;
    return { paths: (row.get('chains') as Chain[]).map((c) => upstreamPath(id, c)), entities, explored_count: Number(row.get('explored')), partial_results: false };
  }

  /**
   * The walk from `id` one depth at a time (cypher/supplyChain.cypher upstream), with what is
   * left of the deadline, after the whole walk ran out of time: the chains of the depths
   * searched before this one runs out too, with partial_results. `taken` results are already
   * in the answer. Undefined when `id` is no entity.
   */
  private async walkByDepth(id: string, params: WalkParams, request: Omit<UpstreamRequest, 'id'>, deadline: Deadline, taken: number): Promise<UpstreamResult | undefined> {
    const paths: UpstreamPath[] = [];
    let explored = 0;
    let partial = false;
    for (let depth = 1; depth <= request.maxDepth && taken + paths.length < request.limit; depth++) {
      const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
      const rows = timeoutMs === 0 ? TIMED_OUT
        : await this.reader.readWithin(statement('supplyChain', 'upstream', { DEPTH: depth }), { ...params, id, limit: request.limit - taken - paths.length }, timeoutMs);
      if (rows === TIMED_OUT) {
        partial = true;
        break;
      }
      if (rows.length === 0) return undefined;
      explored += Number(rows[0].get('explored'));
      paths.push(...(rows[0].get('chains') as Chain[]).map((c) => upstreamPath(id, c)));
    }
    const ids = [...new Set([id, ...paths.flatMap((p) => p.path.map((s) => s.entity_id))])];
    const entities: Record<string, TradeEntity> = {};
    for (let i = 0; i < ids.length; i += 5000) {
      for (const r of await this.graph.read(cypher('supplyChain', 'trade-entities'), { ids: ids.slice(i, i + 5000) })) {
        entities[r.get('id')] = { id: r.get('id'), type: r.get('type'), label: r.get('label'), risk_factors: r.get('risk_factors'), countries: r.get('countries') };
      }
    }
    return entities[id] ? { paths, entities, explored_count: explored, partial_results: partial } : undefined;
  }
}

type WalkParams = ReturnType<typeof walkParams>;
interface Chain { ids: string[]; hops: Component[][] }

/** The statements' parameters of a request: product filters as HS prefixes, the tier list without its trailing unset tiers. */
function walkParams(request: Omit<UpstreamRequest, 'id'>) {
  const tiers = request.tierShipmentCountry.map((t) => t ?? null);
  while (tiers.length > 0 && tiers[tiers.length - 1] === null) tiers.pop();
  return {
    product: request.product.length ? productPrefixes(request.product) : [], notProduct: request.notProduct.length ? productPrefixes(request.notProduct) : [],
    risk: request.risk, notRisk: request.notRisk, countries: request.countries, notCountries: request.notCountries,
    shipmentCountry: request.shipmentCountry, notShipmentCountry: request.notShipmentCountry, tierCountries: tiers,
    component: request.component, notComponent: request.notComponent,
    minDate: request.minDate ?? null, maxDate: request.maxDate ?? null,
  };
}

/** A chain of the statements as the client's path from `source`: tiers from 2, components sorted by HS code. */
function upstreamPath(source: string, chain: Chain): UpstreamPath {
  return {
    source_entity_id: source,
    path: chain.ids.map((entityId, i) => ({ tier: i + 2, entity_id: entityId, components: chain.hops[i].map(component).sort((a, b) => (a.hs_code < b.hs_code ? -1 : 1)) })),
  };
}

/** A component in the client's shape: codes and countries sorted, dates only when known. */
function component(e: Component): Component {
  const out: Component = { hs_code: e.hs_code, arrival_countries: [...e.arrival_countries].sort(), departure_countries: [...e.departure_countries].sort() };
  if (e.min_date) out.min_date = e.min_date;
  if (e.max_date) out.max_date = e.max_date;
  return out;
}
