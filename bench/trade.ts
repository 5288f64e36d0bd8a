/**
 * Trade filters: a generated graph of BENCH_TRADE_ENTITIES entities (default 10k) with
 * BENCH_TRADE_SHIPMENTS shipments (default five per entity, `graph-api generate --shipments`),
 * loaded by ingest; then POST /v1/trade/search/shipments' service (first page of 100) without a
 * filter and with each kind of filter (country, shipment city, party city, business purpose,
 * source), and the /v1 entity read of the busiest buyers without and with trade relationship
 * filters. Prints p50 and p99.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ingestFile } from '../src/ingest/ingest';
import { writeGenerated } from '../src/seed/generator';
import { EntityService, type RelationshipSelection } from '../src/services/entities';
import { TradeSearchService, type ShipmentFilters } from '../src/services/trade/shipments';
import { benchGraph, measure, ms, say, table, wipe } from './common';

const NONE: ShipmentFilters = {
  supplierId: [], buyerId: [], supplierName: [], buyerName: [], supplierRisk: [], buyerRisk: [], supplierCountry: [], buyerCountry: [],
  departureCountry: [], arrivalCountry: [], productOrigin: [], transitCountry: [], hsCode: [], hsDescription: [], identifier: [],
  arrivalFrom: null, arrivalTo: null, departureFrom: null, departureTo: null, weightMin: null, weightMax: null, q: null,
  departureCity: [], departureState: [], arrivalCity: [], arrivalState: [], supplierCity: [], supplierState: [], buyerCity: [], buyerState: [],
  supplierPurpose: [], buyerPurpose: [], sources: [],
};

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_TRADE_ENTITIES ?? 10_000);
  const shipments = Number(process.env.BENCH_TRADE_SHIPMENTS ?? entities * 5);
  say(`== trade filters (${entities} entities, ${shipments} shipments)`);
  const { config, graph } = await benchGraph();
  await wipe(graph);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trade-filters-')), 'trade.ndjson');
  const out = fs.createWriteStream(file);
  await writeGenerated({ entities, seed: 1, shipments }, out);
  await new Promise<void>((resolve) => out.end(resolve));
  const t0 = Date.now();
  await ingestFile(graph, file, { batchSize: config.ingestBatchSize, atomic: false });
  say(`  ingest: ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const trade = new TradeSearchService(graph);
  const cases: [string, Partial<ShipmentFilters>][] = [
    ['no filter', {}], ['arrival_country', { arrivalCountry: ['GBR'] }], ['departure_city', { departureCity: ['hamburg'] }],
    ['buyer_city (address keys)', { buyerCity: ['london'] }], ['supplier_purpose', { supplierPurpose: ['wholesale'] }],
    ['sources', { sources: ['gbr_companies_house'] }],
  ];
  const rows: (string | number)[][] = [['shipment search', 'matches', 'p50', 'p99']];
  for (const [name, filter] of cases) {
    const filters = { ...NONE, ...filter };
    const first = await trade.shipments(filters, 0, 100);
    const m = await measure(20, 1, () => trade.shipments(filters, 0, 100));
    rows.push([name, first.size.count, ms(m.p50), ms(m.p99)]);
  }
  table(rows);

  const busiest = (await graph.read(`MATCH (s:Shipment)-[:RECEIVED_BY]->(e:Entity) WITH e, count(s) AS n ORDER BY n DESC LIMIT 20 RETURN e.id AS id`))
    .map((r) => r.get('id') as string);
  const entitiesService = new EntityService(graph);
  const read = (id: string, selection: RelationshipSelection) => entitiesService.v1Entity(id, {
    attributes: {}, attributeDefault: { offset: 0, limit: 10 }, relationships: { offset: 0, limit: 100, selection },
    possiblySameAs: { offset: 0, limit: 0 }, referencedBy: { offset: 0, limit: 0 },
  });
  const reads: [string, RelationshipSelection][] = [
    ['no filter', {}], ['hsCode', { hsCode: '8542' }], ['arrivalCountry + departureCountry', { arrivalCountry: ['GBR'], departureCountry: ['CYP', 'DEU'] }],
    ['departureCity', { departureCity: 'london' }],
  ];
  const entityRows: (string | number)[][] = [['entity read, 20 busiest buyers', 'p50', 'p99']];
  for (const [name, selection] of reads) {
    await read(busiest[0], selection);
    const m = await measure(busiest.length, 1, (i) => read(busiest[i], selection));
    entityRows.push([name, ms(m.p50), ms(m.p99)]);
  }
  table(entityRows);
  await graph.close();
}

if (require.main === module) run().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
