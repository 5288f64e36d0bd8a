/**
 * Trade search over shipments (POST /v1/trade/search/shipments): the filter list of the
 * published client (TradeFilterList) as cypher/trade.cypher search-shipments parameters, and
 * each shipment in the client's Shipment shape, its parties as SourceOrDestinationEntity.
 */
import { cypher, statement } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import type { ShipmentLine } from '../../ingest/shipments';

/** Most shipments (or parties) one search counts and pages over. */
export const MAX_TRADE_RESULTS = 10_000;

/**
 * Where matching-shipments takes its candidates for a filter list: from the parties meeting
 * the supplier filters, else the buyer filters, else from the records of $sources, else every
 * shipment; a selective filter applied first spares checking every shipment one by one.
 */
export function shipmentsFrom(f: ShipmentFilters): 'suppliers' | 'buyers' | 'sources' | 'all' {
  const set = (...lists: string[][]) => lists.some((l) => l.length > 0);
  if (set(f.supplierName, f.supplierRisk, f.supplierCountry, f.supplierCity, f.supplierState, f.supplierPurpose)) return 'suppliers';
  if (set(f.buyerName, f.buyerRisk, f.buyerCountry, f.buyerCity, f.buyerState, f.buyerPurpose)) return 'buyers';
  return f.sources.length > 0 ? 'sources' : 'all';
}

/**
 * A trade statement of cypher/trade.cypher with the shared shipment filter in its CALL
 * subquery, and its parameters: the filters and $from, the start the filter list picks.
 */
export function tradeStatement(name: string, filters: ShipmentFilters, values: Record<string, string> = {}) {
  const from = shipmentsFrom(filters);
  // Nothing set selects every shipment: the start alone, since testing each of 30-odd unset filters on every shipment costs most of the search.
  const matching = Object.values(filters).every((v) => v === null || (Array.isArray(v) && v.length === 0))
    ? cypher('trade', 'shipments-from-all')
    : statement('trade', 'matching-shipments', { SHIPMENTS_FROM: cypher('trade', `shipments-from-${from}`) });
  return { text: statement('trade', name, { MATCHING_SHIPMENTS: matching, ...values }), params: { ...filters, from } };
}

export type FacetBucket = { key: string; doc_count: number };
export type TradeFacets = Record<'hs_code' | 'departure_country' | 'arrival_country', FacetBucket[]>;

/** The facets of a search (its matching shipments by HS code, departure and arrival country). */
export async function tradeFacets(graph: Graph, filters: ShipmentFilters): Promise<TradeFacets> {
  const { text, params } = tradeStatement('search-facets', filters);
  const row = (await graph.read(text, params))[0];
  const buckets = (name: keyof TradeFacets) => (row.get(name) as FacetBucket[]).map((b) => ({ key: b.key, doc_count: Number(b.doc_count) }));
  return { hs_code: buckets('hs_code'), departure_country: buckets('departure_country'), arrival_country: buckets('arrival_country') };
}

/** The page envelope of the trade searches (PaginatedResponse, counts up to MAX_TRADE_RESULTS). */
export const tradePage = <T>(offset: number, limit: number, total: number, data: T[]) => ({
  limit, offset, next: offset + data.length < total,
  size: { count: total, qualifier: total >= MAX_TRADE_RESULTS ? 'gte' : 'eq' }, data,
});

export interface ShipmentFilters {
  supplierId: string[]; buyerId: string[]; supplierName: string[]; buyerName: string[]; supplierRisk: string[]; buyerRisk: string[];
  supplierCountry: string[]; buyerCountry: string[]; departureCountry: string[]; arrivalCountry: string[]; productOrigin: string[];
  transitCountry: string[]; hsCode: string[]; hsDescription: string[]; identifier: string[];
  arrivalFrom: string | null; arrivalTo: string | null; departureFrom: string | null; departureTo: string | null;
  weightMin: number | null; weightMax: number | null; q: string | null;
  /** Lower-case substrings: the shipment's places, a party's address city / state and business purpose. */
  departureCity: string[]; departureState: string[]; arrivalCity: string[]; arrivalState: string[];
  supplierCity: string[]; supplierState: string[]; buyerCity: string[]; buyerState: string[]; supplierPurpose: string[]; buyerPurpose: string[];
  /** Source ids: the source of the shipment's record. */
  sources: string[];
}

type Party = { id: string; type?: string; label?: string; risk?: string; countries?: string[]; addresses?: string[] };

const party = (e: Party) => ({
  id: e.id, type: e.type ?? 'unknown', names: [e.label ?? e.id], risks: Object.fromEntries(Object.entries(JSON.parse(e.risk ?? '{}') as Record<string, { value: unknown }>).map(([k, v]) => [k, v.value])),
  business_purpose: [], address: e.addresses ?? [], countries: e.countries ?? [],
});

const address = (a: ShipmentLine['departure_address']) => (a ? { ...a } : undefined);

function shipment(row: { body: string; suppliers: Party[]; buyers: Party[]; source: { id: string; label: string } | null }) {
  const line = JSON.parse(row.body) as ShipmentLine;
  const countries = [...new Set([line.departure_country, line.arrival_country, ...(line.transit_countries ?? [])].filter((c): c is string => !!c))];
  const out: Record<string, unknown> = {
    id: line.id, type: 'shipment',
    buyer: row.buyers.map(party), supplier: row.suppliers.map(party),
    arrival_country: line.arrival_country ? [line.arrival_country] : [], departure_country: line.departure_country ? [line.departure_country] : [],
    transit_country: line.transit_countries ?? [], countries, product_origin: line.product_origin ?? [],
    monetary_value: line.monetary_value ?? [],
    weight: (line.weight ?? []).map((w) => ({ value: w.value, unit: w.unit ?? 'kg', type: w.type ?? 'gross' })),
    identifier: (line.identifiers ?? []).map((i) => ({ value: i.value, type: i.type ?? 'unknown' })),
    sources: row.source ? [row.source] : [],
    hs_codes: line.hs_codes.map((h) => ({ code: h.code, description: h.description ?? '', imputed: h.imputed ?? false })),
    product_descriptions: line.product_descriptions ?? [], record: line.record ?? '',
  };
  if (line.arrival_date) out.arrival_date = [line.arrival_date];
  if (line.departure_date) out.departure_date = [line.departure_date];
  if (line.departure_address) out.departure_address = address(line.departure_address);
  if (line.arrival_address) out.arrival_address = address(line.arrival_address);
  return out;
}

export class TradeSearchService {
  constructor(private readonly graph: Graph) {}

  async shipments(filters: ShipmentFilters, offset: number, limit: number, facets = false) {
    const { text, params } = tradeStatement('search-shipments', filters);
    const rows = await this.graph.read(text, { ...params, offset, limit, max: MAX_TRADE_RESULTS });
    const page = (rows[0].get('page') as Parameters<typeof shipment>[0][]).map(shipment);
    const body = tradePage(offset, limit, Number(rows[0].get('total')), page);
    return facets ? { ...body, facets: await tradeFacets(this.graph, filters) } : body;
  }
}
