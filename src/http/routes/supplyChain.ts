/**
 * GET /v1/supply_chain/upstream/{id}: the published client's upstreamTradeTraversal. List
 * parameters arrive JSON-encoded (`product=["3204"]`, as the client sends them), repeated or
 * comma-separated; each value is checked (HS codes of 2 to 10 digits, country ids, risk
 * factor ids) and a bad one answers 400 naming its parameter. Thin: parse, SupplyChainService.
 */
import { COUNTRY_IDS } from '../../domain/countries';
import { isDateParameter } from '../../domain/dates';
import { badParameter } from '../../domain/errors';
import { isRiskFactor } from '../../domain/risk';
import { MAX_UPSTREAM_RESULTS, type SupplyChainService, type UpstreamRequest, type UpstreamResult } from '../../services/supplyChain/upstream';
import type { RouteRegistry } from '../registry';

const listSchema = (description: string) => ({
  type: 'array', items: { type: 'string', maxLength: 4000 }, maxItems: 300,
  description: `${description}: JSON-encoded (["a","b"]), repeated or comma-separated`,
});

const COUNTRIES = new Set(COUNTRY_IDS);
const isHsCode = (v: string) => /^[0-9]{2,10}$/.test(v);
const KINDS = {
  hs: { check: isHsCode, what: 'an HS code (2 to 10 digits)' },
  country: { check: (v: string) => COUNTRIES.has(v), what: 'a country id' },
  risk: { check: isRiskFactor, what: 'a risk factor id' },
} as const;

/** The list parameters: name, what each value is, and its description. */
const LISTS: [string, keyof typeof KINDS, string][] = [
  ['product', 'hs', 'keep chains whose root edge carries an HS code of these products or of their blueprint components'],
  ['-product', 'hs', 'drop root edges of these products or of their blueprint components'],
  ['risk', 'risk', 'keep chains whose last supplier has one of these risk factors'],
  ['-risk', 'risk', 'keep chains whose last supplier has none of these risk factors'],
  ['countries', 'country', 'keep chains whose last supplier is in one of these countries'],
  ['-countries', 'country', 'keep chains whose last supplier is in none of these countries'],
  ['shipment_country', 'country', 'keep chains with an edge shipped from or to one of these countries'],
  ['-shipment_country', 'country', 'follow no edge shipped from or to these countries'],
  ...[1, 2, 3, 4, 5].map((t): [string, keyof typeof KINDS, string] => [`tier${t}_shipment_country`, 'country', `keep chains whose tier-${t} entity receives a shipment from or to one of these countries`]),
  ['component', 'hs', 'keep chains with an edge whose HS code starts with one of these'],
  ['-component', 'hs', 'follow no edge whose HS code starts with one of these'],
];

/** One list parameter's values, checked. */
export function listValues(raw: unknown, name: string, kind: keyof typeof KINDS): string[] {
  if (raw === undefined) return [];
  const values: string[] = [];
  for (const item of raw as string[]) {
    if (item.trim().startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(item);
      } catch {
        throw badParameter(name, 'malformed JSON list');
      }
      if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === 'string')) throw badParameter(name, 'must be a JSON list of strings');
      values.push(...(parsed as string[]));
    } else {
      values.push(...item.split(',').map((s) => s.trim()).filter(Boolean));
    }
  }
  const bad = values.find((v) => !KINDS[kind].check(v));
  if (bad !== undefined) throw badParameter(name, `${JSON.stringify(bad)} is not ${KINDS[kind].what}`);
  return [...new Set(values)];
}

/** The list parameters of the project entity summary: the client names the risk filters risk_factors / -risk_factors there. */
const SUMMARY_NAMES: Record<string, string> = { 'risk_factors': 'risk', '-risk_factors': '-risk' };
const SUMMARY_LISTS = ['product', '-product', 'risk_factors', '-risk_factors', 'countries', '-countries', 'component', '-component'];

/** The query schema of an upstream walk with the given list parameters. */
export function upstreamQuery(lists: string[] = LISTS.map(([name]) => name)) {
  const described = new Map(LISTS.map(([name, , description]) => [name, description]));
  return {
    type: 'object', additionalProperties: false,
    properties: {
      ...Object.fromEntries(lists.map((name) => [name, listSchema(described.get(SUMMARY_NAMES[name] ?? name)!)])),
      min_date: { type: 'string', description: 'YYYY-MM-DD: follow edges whose last shipment is on or after it' },
      max_date: { type: 'string', description: 'YYYY-MM-DD: follow edges whose first shipment is on or before it' },
      max_depth: { type: 'integer', minimum: 1, maximum: 4, default: 4 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_UPSTREAM_RESULTS, default: MAX_UPSTREAM_RESULTS },
    },
  };
}
export const SUMMARY_QUERY = upstreamQuery(SUMMARY_LISTS);

/**
 * The walk a query asks for, each list value checked (400 naming its parameter), and the
 * client's TradeTraversalFilters echoing it. The summary's risk_factors / -risk_factors stand
 * for risk / -risk.
 */
export function upstreamRequest(query: Record<string, unknown>): { request: Omit<UpstreamRequest, 'id'>; filters: Record<string, unknown> } {
  const kinds = new Map(LISTS.map(([name, kind]) => [name, kind]));
  const v: Record<string, string[]> = Object.fromEntries(LISTS.map(([name]) => [name, []]));
  for (const [name, raw] of Object.entries(query)) {
    const list = SUMMARY_NAMES[name] ?? name;
    if (kinds.has(list)) v[list] = listValues(raw, name, kinds.get(list)!);
  }
  for (const name of ['min_date', 'max_date']) {
    if (query[name] !== undefined && !isDateParameter(query[name] as string)) throw badParameter(name, 'must be a date YYYY-MM-DD');
  }
  const request = {
    product: v.product, notProduct: v['-product'], risk: v.risk, notRisk: v['-risk'],
    countries: v.countries, notCountries: v['-countries'], shipmentCountry: v.shipment_country, notShipmentCountry: v['-shipment_country'],
    tierShipmentCountry: [1, 2, 3, 4, 5].map((t) => (query[`tier${t}_shipment_country`] === undefined ? undefined : v[`tier${t}_shipment_country`])),
    component: v.component, notComponent: v['-component'],
    minDate: query.min_date as string | undefined, maxDate: query.max_date as string | undefined,
    maxDepth: query.max_depth as number, limit: query.limit as number,
  };
  const filters: Record<string, unknown> = { max_depth: request.maxDepth, limit: request.limit };
  for (const [name, key] of [['product', 'product'], ['-product', '-product'], ['risk', 'risk_factors'], ['-risk', '-risk_factors'],
    ['countries', 'countries'], ['-countries', '-countries'], ['component', 'component'], ['-component', '-component']] as const) {
    if (v[name].length) filters[key] = v[name];
  }
  if (request.minDate) filters.min_date = request.minDate;
  if (request.maxDate) filters.max_date = request.maxDate;
  return { request, filters };
}

/** The client's UpstreamTradeTraversalResponse of a walk. */
export const upstreamBody = (filters: Record<string, unknown>, result: UpstreamResult) => ({
  filters, data: { paths: result.paths, entities: result.entities },
  explored_count: result.explored_count, partial_results: result.partial_results,
});

export function registerSupplyChainRoutes(registry: RouteRegistry, supplyChain: SupplyChainService): void {
  registry.add<Record<string, unknown>>({
    method: 'get', path: '/v1/supply_chain/upstream/:id', tag: 'traversal',
    summary: 'Upstream supply chain: chains of suppliers (tier 2 first) reaching an entity over trade edges, with their HS components',
    params: { id: { type: 'string', minLength: 1, maxLength: 512 } },
    query: upstreamQuery(),
    responses: { 200: 'UpstreamTradeTraversalResponse', 400: 'bad parameter', 404: 'no such entity' },
    handler: async ({ params, query }) => {
      const { request, filters } = upstreamRequest(query);
      return { body: upstreamBody(filters, await supplyChain.upstream({ id: params.id, ...request })) };
    },
  });
}
