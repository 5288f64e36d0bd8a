/**
 * Random trade networks (entities in tiers with shipments between them, some across tiers and
 * back, so chains branch and cycle) and a plain reference of the upstream supply-chain
 * semantics over the shipment lines held in memory: the trade edges summed by hand, then every
 * simple chain enumerated depth first. Written without the service's code; the API is compared
 * with it on random targets and filter sets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { prng } from '../fixtures/randomGraph';
import { REPO } from './env';
import { lastDayOf } from './referenceTraversal';

export const TRADE_COUNTRIES = ['CHN', 'USA', 'VNM', 'IND', 'DEU', 'MEX'];
export const TRADE_RISKS = ['forced_labor_xinjiang_origin_direct', 'sanctioned', 'export_controls'];
export const TRADE_CODES = ['520100', '520512', '520811', '320411', '610910', '720851', '854231', '850760', '290243', '847130'];

export interface TradeEntityLine { kind: 'entity'; id: string; type: 'company'; label: string; attributes: { field: string; value: string }[]; risk: { factor: string }[] }
export interface ShipmentLineT {
  kind: 'shipment'; id: string; supplier: string[]; buyer: string[]; departure_date?: string; arrival_date?: string;
  departure_country?: string; arrival_country?: string; hs_codes: { code: string }[];
}

/** `entities` companies in five tiers, and `shipments` shipments mostly from one tier to the next downstream. */
export function tradeNetwork(seed: number, entities: number, shipments: number): { entities: TradeEntityLine[]; shipments: ShipmentLineT[] } {
  const rnd = prng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const ents: TradeEntityLine[] = [];
  for (let i = 0; i < entities; i++) {
    const country = pick(TRADE_COUNTRIES);
    ents.push({
      kind: 'entity', id: `t${seed}-${i}`, type: 'company', label: `Trader ${seed}-${i}`,
      attributes: [{ field: 'country', value: country }],
      risk: rnd() < 0.2 ? [{ factor: pick(TRADE_RISKS) }] : [],
    });
  }
  const tierOf = (i: number) => i % 5;
  const lines: ShipmentLineT[] = [];
  for (let i = 0; i < shipments; i++) {
    const buyer = Math.floor(rnd() * entities);
    let supplier = Math.floor(rnd() * entities);
    // Mostly one tier up; sometimes anywhere (cycles and shortcuts).
    if (rnd() < 0.8) {
      const candidates = ents.map((_, j) => j).filter((j) => tierOf(j) === tierOf(buyer) + 1);
      if (candidates.length) supplier = pick(candidates);
    }
    if (supplier === buyer) continue;
    const year = 2019 + Math.floor(rnd() * 6);
    const month = String(1 + Math.floor(rnd() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(rnd() * 28)).padStart(2, '0');
    const date = rnd() < 0.15 ? `${year}-${month}` : `${year}-${month}-${day}`;
    const codes = [pick(TRADE_CODES), ...(rnd() < 0.3 ? [pick(TRADE_CODES)] : [])];
    const line: ShipmentLineT = {
      kind: 'shipment', id: `shp${seed}-${i}`, supplier: [ents[supplier].id], buyer: [ents[buyer].id],
      hs_codes: [...new Set(codes)].map((code) => ({ code })),
    };
    if (rnd() < 0.9) line.departure_date = date; else line.arrival_date = date;
    if (rnd() < 0.9) line.departure_country = pick(TRADE_COUNTRIES);
    if (rnd() < 0.9) line.arrival_country = pick(TRADE_COUNTRIES);
    lines.push(line);
  }
  return { entities: ents, shipments: lines };
}

export interface UpstreamQuery {
  target: string; product: string[]; notProduct: string[]; risk: string[]; notRisk: string[]; countries: string[]; notCountries: string[];
  shipmentCountry: string[]; notShipmentCountry: string[]; tiers: (string[] | undefined)[]; component: string[]; notComponent: string[];
  minDate?: string; maxDate?: string; maxDepth: number; limit?: number;
}

interface Edge { supplier: string; buyer: string; code: string; first: string; last: string; departure: Set<string>; arrival: Set<string> }
export interface RefChain { ids: string[]; hops: { hs_code: string; departure_countries: string[]; arrival_countries: string[]; min_date: string; max_date: string }[][] }

const firstDayOf = (date: string) => (date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date);

const blueprintFile = JSON.parse(fs.readFileSync(path.join(REPO, 'data', 'supply-chain', 'blueprints.json'), 'utf8')) as { blueprints: Record<string, { components: string[] }> };
const prefixesOf = (products: string[]) => products.flatMap((p) => [p, ...(blueprintFile.blueprints[p]?.components ?? [])]);

/** The upstream chains the semantics give, in answer order (length, then ids along the chain). */
export function referenceUpstream(net: { entities: TradeEntityLine[]; shipments: ShipmentLineT[] }, q: UpstreamQuery): RefChain[] {
  const edges = new Map<string, Edge>();
  for (const s of net.shipments) {
    const date = (s.departure_date ?? s.arrival_date)!;
    for (const sup of s.supplier) {
      for (const buy of s.buyer) {
        for (const { code } of s.hs_codes) {
          const key = `${sup}|${buy}|${code}`;
          const e = edges.get(key) ?? { supplier: sup, buyer: buy, code, first: '9999', last: '0000', departure: new Set(), arrival: new Set() };
          if (firstDayOf(date) < e.first) e.first = firstDayOf(date);
          if (lastDayOf(date) > e.last) e.last = lastDayOf(date);
          if (s.departure_country) e.departure.add(s.departure_country);
          if (s.arrival_country) e.arrival.add(s.arrival_country);
          edges.set(key, e);
        }
      }
    }
  }
  const into = new Map<string, Edge[]>();
  for (const e of edges.values()) into.set(e.buyer, [...(into.get(e.buyer) ?? []), e]);
  const byId = new Map(net.entities.map((e) => [e.id, e]));
  const product = prefixesOf(q.product);
  const notProduct = prefixesOf(q.notProduct);
  const starts = (code: string, list: string[]) => list.some((c) => code.startsWith(c));
  const touches = (e: Edge, list: string[]) => list.some((c) => e.departure.has(c) || e.arrival.has(c));
  const passes = (e: Edge, hop: number) => {
    if (q.minDate && e.last < q.minDate) return false;
    if (q.maxDate && e.first > q.maxDate) return false;
    if (starts(e.code, q.notComponent) || touches(e, q.notShipmentCountry)) return false;
    if (hop === 0 && product.length && !starts(e.code, product)) return false;
    if (hop === 0 && starts(e.code, notProduct)) return false;
    const tier = q.tiers[hop];
    if (tier && !touches(e, tier)) return false;
    return true;
  };
  const lastTierAsked = q.tiers.reduce((n, t, i) => (t ? i + 1 : n), 0);
  const out: RefChain[] = [];
  const walk = (chain: string[], hops: Edge[][]) => {
    const depth = chain.length;
    if (depth > 0 && depth >= lastTierAsked) {
      const leaf = byId.get(chain[depth - 1])!;
      const factors = leaf.risk.map((r) => r.factor);
      const countries = leaf.attributes.filter((a) => a.field === 'country').map((a) => a.value);
      const all = hops.flat();
      if ((!q.risk.length || factors.some((f) => q.risk.includes(f))) && !factors.some((f) => q.notRisk.includes(f))
        && (!q.countries.length || countries.some((c) => q.countries.includes(c))) && !countries.some((c) => q.notCountries.includes(c))
        && (!q.component.length || all.some((e) => starts(e.code, q.component)))
        && (!q.shipmentCountry.length || all.some((e) => touches(e, q.shipmentCountry)))) {
        out.push({
          ids: [...chain],
          hops: hops.map((h) => h.map((e) => ({
            hs_code: e.code, departure_countries: [...e.departure].sort(), arrival_countries: [...e.arrival].sort(), min_date: e.first, max_date: e.last,
          })).sort((a, b) => (a.hs_code < b.hs_code ? -1 : 1))),
        });
      }
    }
    if (depth === q.maxDepth) return;
    const buyer = depth === 0 ? q.target : chain[depth - 1];
    const bySupplier = new Map<string, Edge[]>();
    for (const e of into.get(buyer) ?? []) {
      if (e.supplier === q.target || chain.includes(e.supplier) || !passes(e, depth)) continue;
      bySupplier.set(e.supplier, [...(bySupplier.get(e.supplier) ?? []), e]);
    }
    for (const [supplier, hop] of bySupplier) walk([...chain, supplier], [...hops, hop]);
  };
  walk([], []);
  const cmp = (a: string[], b: string[]) => {
    if (a.length !== b.length) return a.length - b.length;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  };
  out.sort((a, b) => cmp(a.ids, b.ids));
  return q.limit === undefined ? out : out.slice(0, q.limit);
}

/** A random query over `net`: a target with suppliers, and a random few of the filters. */
export function randomUpstreamQuery(rnd: () => number, net: { entities: TradeEntityLine[] }): UpstreamQuery {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const some = <T>(xs: T[], p: number): T[] => (rnd() < p ? [...new Set([pick(xs), ...(rnd() < 0.3 ? [pick(xs)] : [])])] : []);
  const codes = TRADE_CODES.map((c) => c.slice(0, 2 + 2 * Math.floor(rnd() * 3)));
  const q: UpstreamQuery = {
    target: pick(net.entities).id,
    product: some(['3204', '5208', '6109', '8542', '85', '7208'], 0.15), notProduct: some(['3204', '52', '8471'], 0.1),
    risk: some(TRADE_RISKS, 0.15), notRisk: some(TRADE_RISKS, 0.1),
    countries: some(TRADE_COUNTRIES, 0.15), notCountries: some(TRADE_COUNTRIES, 0.1),
    shipmentCountry: some(TRADE_COUNTRIES, 0.15), notShipmentCountry: some(TRADE_COUNTRIES, 0.1),
    tiers: [1, 2, 3, 4, 5].map(() => (rnd() < 0.06 ? [pick(TRADE_COUNTRIES), pick(TRADE_COUNTRIES)] : undefined)),
    component: some(codes, 0.15), notComponent: some(codes, 0.1),
    maxDepth: 1 + Math.floor(rnd() * 4),
  };
  if (rnd() < 0.2) q.minDate = `${2019 + Math.floor(rnd() * 6)}-0${1 + Math.floor(rnd() * 9)}-15`;
  if (rnd() < 0.2) q.maxDate = `${2019 + Math.floor(rnd() * 6)}-0${1 + Math.floor(rnd() * 9)}-15`;
  if (rnd() < 0.2) q.limit = 1 + Math.floor(rnd() * 20);
  return q;
}

/** The request path of a query, list parameters JSON-encoded as the published client sends them. */
export function upstreamPath(q: UpstreamQuery): string {
  const params: string[] = [];
  const list = (name: string, values: string[] | undefined) => {
    if (values?.length) params.push(`${name}=${encodeURIComponent(JSON.stringify(values))}`);
  };
  list('product', q.product); list('-product', q.notProduct); list('risk', q.risk); list('-risk', q.notRisk);
  list('countries', q.countries); list('-countries', q.notCountries); list('shipment_country', q.shipmentCountry);
  list('-shipment_country', q.notShipmentCountry); list('component', q.component); list('-component', q.notComponent);
  q.tiers.forEach((t, i) => list(`tier${i + 1}_shipment_country`, t));
  if (q.minDate) params.push(`min_date=${q.minDate}`);
  if (q.maxDate) params.push(`max_date=${q.maxDate}`);
  params.push(`max_depth=${q.maxDepth}`);
  if (q.limit !== undefined) params.push(`limit=${q.limit}`);
  return `/v1/supply_chain/upstream/${encodeURIComponent(q.target)}?${params.join('&')}`;
}

/** An answer's paths in the reference's terms. */
export function answerChains(body: any): RefChain[] {
  return body.data.paths.map((p: any) => ({
    ids: p.path.map((s: any) => s.entity_id),
    hops: p.path.map((s: any) => s.components),
  }));
}
