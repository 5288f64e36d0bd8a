/**
 * POST /v1/trade/search/shipments, /suppliers and /buyers: the published client's
 * searchShipments, searchSuppliers and searchBuyers (body {q, filter, facets}, limit and offset
 * in the query), one filter list for the three. Each filter value is checked and a bad one
 * answers 400 naming it (`filter.hs_code`). Thin: parse, TradeSearchService /
 * TradePartySearchService.
 */
import { COUNTRY_IDS } from '../../domain/countries';
import { isDateString } from '../../domain/dates';
import { badParameter } from '../../domain/errors';
import { isRiskFactor } from '../../domain/risk';
import { MAX_TRADE_RESULTS, type ShipmentFilters, type TradeSearchService } from '../../services/trade/shipments';
import type { TradePartySearchService } from '../../services/trade/parties';
import type { RouteRegistry } from '../registry';

const strings = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 500 }, maxItems: 300 };
const COUNTRY_FILTERS = ['buyer_country', 'supplier_country', 'departure_country', 'arrival_country', 'product_origin', 'transit_country'];
const RISK_FILTERS = ['buyer_risk', 'supplier_risk'];
const TEXT_FILTERS = ['buyer_id', 'supplier_id', 'buyer_name', 'supplier_name', 'buyer_city', 'buyer_state', 'supplier_city', 'supplier_state',
  'departure_state', 'departure_city', 'arrival_state', 'arrival_city', 'hs_code', 'hs_description', 'supplier_purpose', 'buyer_purpose',
  'shipment_identifier', 'weight', 'sources'];
/** Filters matched by lower-case substring (the client's "contains" filters). */
const CONTAINS_FILTERS = ['buyer_name', 'supplier_name', 'buyer_city', 'buyer_state', 'supplier_city', 'supplier_state', 'departure_state',
  'departure_city', 'arrival_state', 'arrival_city', 'hs_description', 'supplier_purpose', 'buyer_purpose'];
/** Source ids as the entity search's `source` filter takes them. */
const SOURCE_ID = /^[A-Za-z0-9_.:-]+$/;

/** What each list filter keeps (the openapi description); lists of one filter are alternatives. */
const FILTER_TEXT: Record<string, string> = {
  ...Object.fromEntries(COUNTRY_FILTERS.map((name) => [name, `country ids: ${name.replace('_', ' ')} (a party's countries, the shipment's places) exactly one of these`])),
  ...Object.fromEntries(RISK_FILTERS.map((name) => [name, `risk factor ids: the ${name.split('_')[0]} carries one of these`])),
  buyer_id: 'entity ids of the buyer', supplier_id: 'entity ids of the supplier',
  buyer_name: "the buyer's name contains one (any case)", supplier_name: "the supplier's name contains one (any case)",
  buyer_city: "an address city of the buyer contains one (any case)", buyer_state: "an address state of the buyer contains one (any case)",
  supplier_city: "an address city of the supplier contains one (any case)", supplier_state: "an address state of the supplier contains one (any case)",
  departure_city: "the shipment's departure address city contains one (any case)", departure_state: "the shipment's departure address state contains one (any case)",
  arrival_city: "the shipment's arrival address city contains one (any case)", arrival_state: "the shipment's arrival address state contains one (any case)",
  hs_code: 'an HS code of the shipment starts with one (2 to 10 digits)', hs_description: 'an HS description of the shipment contains one (any case)',
  supplier_purpose: "a business purpose of the supplier contains one (any case)", buyer_purpose: "a business purpose of the buyer contains one (any case)",
  shipment_identifier: 'a shipment identifier starts with one', weight: 'MIN|MAX in kg (the first value; either bound may be left out)',
  sources: "source ids: the shipment's record comes from one of these",
};

const filterSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    ...Object.fromEntries([...COUNTRY_FILTERS, ...RISK_FILTERS, ...TEXT_FILTERS].map((name) => [name, { ...strings, description: FILTER_TEXT[name] }])),
    arrival_date: { type: 'string', maxLength: 30 }, departure_date: { type: 'string', maxLength: 30 },
  },
};

type Filter = Record<string, string[] | string | undefined>;
const DATE_RANGE = /^([^|]*)(?:\|([^|]*))?$/;

function dateRange(value: string | undefined, name: string): [string | null, string | null] {
  if (value === undefined) return [null, null];
  const m = DATE_RANGE.exec(value);
  const [from, to] = [m?.[1] || null, m?.[2] || null];
  if (!m || (from && !isDateString(from)) || (to && !isDateString(to)) || (!from && !to)) {
    throw badParameter(`filter.${name}`, 'must be YYYY[-MM[-DD]]|YYYY[-MM[-DD]] or a minimum date');
  }
  return [from, to];
}

export function shipmentFilters(filter: Filter, q: string | undefined): ShipmentFilters {
  const list = (name: string) => (filter[name] as string[] | undefined) ?? [];
  for (const name of CONTAINS_FILTERS) {
    if (list(name).some((v) => !v.trim())) throw badParameter(`filter.${name}`, 'a blank value matches everything: leave it out instead');
  }
  const badSource = list('sources').find((id) => !SOURCE_ID.test(id));
  if (badSource !== undefined) throw badParameter('filter.sources', `${JSON.stringify(badSource)} is not a source id`);
  for (const name of COUNTRY_FILTERS) {
    const bad = list(name).find((c) => !COUNTRY_IDS.includes(c));
    if (bad !== undefined) throw badParameter(`filter.${name}`, `unknown country id ${JSON.stringify(bad)}`);
  }
  for (const name of RISK_FILTERS) {
    const bad = list(name).find((f) => !isRiskFactor(f));
    if (bad !== undefined) throw badParameter(`filter.${name}`, `unknown risk factor ${JSON.stringify(bad)}`);
  }
  const badCode = list('hs_code').find((c) => !/^[0-9]{2,10}$/.test(c));
  if (badCode !== undefined) throw badParameter('filter.hs_code', `${JSON.stringify(badCode)} is not an HS code (2 to 10 digits)`);
  let weight: [number | null, number | null] = [null, null];
  if (list('weight').length) {
    const m = /^(\d+(?:\.\d+)?)?(?:\|(\d+(?:\.\d+)?)?)?$/.exec(list('weight')[0]);
    if (!m || (m[1] === undefined && m[2] === undefined)) throw badParameter('filter.weight', 'must be MIN|MAX in kg (either may be left out) or a minimum');
    weight = [m[1] === undefined ? null : Number(m[1]), m[2] === undefined ? null : Number(m[2])];
  }
  const [arrivalFrom, arrivalTo] = dateRange(filter.arrival_date as string | undefined, 'arrival_date');
  const [departureFrom, departureTo] = dateRange(filter.departure_date as string | undefined, 'departure_date');
  const lower = (name: string) => list(name).map((s) => s.toLowerCase());
  return {
    supplierId: list('supplier_id'), buyerId: list('buyer_id'), supplierName: lower('supplier_name'), buyerName: lower('buyer_name'),
    supplierRisk: list('supplier_risk'), buyerRisk: list('buyer_risk'), supplierCountry: list('supplier_country'), buyerCountry: list('buyer_country'),
    departureCountry: list('departure_country'), arrivalCountry: list('arrival_country'), productOrigin: list('product_origin'),
    transitCountry: list('transit_country'), hsCode: list('hs_code'), hsDescription: lower('hs_description'), identifier: list('shipment_identifier'),
    arrivalFrom, arrivalTo, departureFrom, departureTo, weightMin: weight[0], weightMax: weight[1],
    q: q?.trim() ? q.trim().toLowerCase() : null,
    departureCity: lower('departure_city'), departureState: lower('departure_state'), arrivalCity: lower('arrival_city'), arrivalState: lower('arrival_state'),
    supplierCity: lower('supplier_city'), supplierState: lower('supplier_state'), buyerCity: lower('buyer_city'), buyerState: lower('buyer_state'),
    supplierPurpose: lower('supplier_purpose'), buyerPurpose: lower('buyer_purpose'), sources: list('sources'),
  };
}

type SearchBody = { q?: string; filter?: Filter; facets?: boolean };

const searchQuery = {
  type: 'object', additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 3000, default: 100 }, offset: { type: 'integer', minimum: 0, maximum: MAX_TRADE_RESULTS, default: 0 } },
};
const searchBody = {
  type: 'object', additionalProperties: false,
  properties: { q: { type: 'string', maxLength: 1000 }, filter: filterSchema, facets: { type: 'boolean', description: 'add facets: matching shipments by hs_code, departure_country, arrival_country' } },
};

export function registerTradeRoutes(registry: RouteRegistry, trade: TradeSearchService, parties: TradePartySearchService): void {
  registry.add<{ limit: number; offset: number }, SearchBody>({
    method: 'post', path: '/v1/trade/search/shipments', tag: 'search',
    summary: 'Trade search: shipments matching q and the filter list, newest first (at most 10,000 counted)',
    query: searchQuery, body: searchBody, bodyOptional: true,
    responses: { 200: 'ShipmentSearchResponse', 400: 'bad parameter' },
    handler: async ({ query, body }) => ({ body: await trade.shipments(shipmentFilters(body.filter ?? {}, body.q), query.offset, query.limit, body.facets) }),
  });
  for (const side of ['supplier', 'buyer'] as const) {
    registry.add<{ limit: number; offset: number }, SearchBody>({
      method: 'post', path: `/v1/trade/search/${side}s`, tag: 'search',
      summary: `Trade search: the ${side}s of the shipments matching q and the filter list, most matching shipments first (at most 10,000 counted)`,
      query: searchQuery, body: searchBody, bodyOptional: true,
      responses: { 200: side === 'supplier' ? 'SupplierSearchResponse' : 'BuyerSearchResponse', 400: 'bad parameter' },
      handler: async ({ query, body }) => ({ body: await parties.search(side, shipmentFilters(body.filter ?? {}, body.q), query.offset, query.limit, body.facets) }),
    });
  }
}
