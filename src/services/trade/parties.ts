/**
 * Trade search over the parties of shipments (POST /v1/trade/search/suppliers and /buyers):
 * the suppliers or buyers of the shipments the filter list selects (the same filter as the
 * shipment search), most matching shipments first, each as the client's SupplierOrBuyer: the
 * /v1 entity with `metadata` {latestShipmentDate, shipments, hsCodes} in the client's casing.
 */
import { hsDescription } from '../../domain/hsCodes';
import { embeddedEntity, type Props } from '../../graph/mappers';
import type { Graph } from '../../graph/neo4j';
import { MAX_TRADE_RESULTS, type ShipmentFilters, tradeFacets, tradePage, tradeStatement } from './shipments';

export type TradeParty = 'supplier' | 'buyer';
/** The shipment-to-party relationship of each side (a domain table: the only text placed in the statement). */
const PARTY_REL: Record<TradeParty, string> = { supplier: 'SHIPPED_BY', buyer: 'RECEIVED_BY' };

interface PartyRow { entity: Props; shipments: unknown; latest: string | null; codes: string[][] }

/** HS code buckets of a party's matching shipments: a shipment counts once per code, most first. */
function hsBuckets(codes: string[][]) {
  const counts = new Map<string, number>();
  for (const list of codes) for (const code of new Set(list)) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : 1))
    .map(([key, count]) => ({ key, doc_count: count, value: hsDescription(key) ?? key }));
}

function party(row: PartyRow) {
  const metadata: Record<string, unknown> = { shipments: Number(row.shipments), hsCodes: hsBuckets(row.codes) };
  if (row.latest) metadata.latestShipmentDate = row.latest;
  return { ...embeddedEntity(row.entity, 'v1'), metadata };
}

export class TradePartySearchService {
  constructor(private readonly graph: Graph) {}

  async search(side: TradeParty, filters: ShipmentFilters, offset: number, limit: number, facets = false) {
    const { text, params } = tradeStatement('search-parties', filters, { PARTY: PARTY_REL[side] });
    const rows = await this.graph.read(text, { ...params, offset, limit, max: MAX_TRADE_RESULTS });
    const body = tradePage(offset, limit, Number(rows[0].get('total')), (rows[0].get('page') as PartyRow[]).map(party));
    return facets ? { ...body, facets: await tradeFacets(this.graph, filters) } : body;
  }
}
