/**
 * Upstream supply chain: a tiered trade network of BENCH_TRADE_ENTITIES companies (default 10k)
 * with five shipments each (mostly one tier to the next, some anywhere), loaded by ingest; then
 * GET /v1/supply_chain/upstream's service at depth 4 on sampled buyers, beside the same walk as
 * a naive Cypher query (every path enumerated, filters after) and beside the driver floor
 * (RETURN 1), for all targets and for the densest decile (most chains). Prints p50 and p99.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ingestFile } from '../src/ingest/ingest';
import { SupplyChainService, type UpstreamRequest } from '../src/services/supplyChain/upstream';
import { benchGraph, measure, ms, say, table, wipe } from './common';

const NAIVE = `MATCH p = (t:Entity {id: $id})-[:RECEIVES_FROM*1..4]->(s:Entity)
WHERE all(r IN relationships(p) WHERE r.key STARTS WITH 'hs:')
  AND all(i IN range(1, size(nodes(p)) - 1) WHERE NOT nodes(p)[i] IN nodes(p)[0..i])
WITH [n IN nodes(p)[1..] | n.id] AS ids, count(*) AS combos
RETURN count(ids) AS chains`;

function network(entities: number, file: string): void {
  let seed = 99;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const countries = ['CHN', 'USA', 'VNM', 'IND', 'DEU', 'MEX'];
  const codes = ['520100', '520512', '520811', '320411', '610910', '720851', '854231', '850760', '290243', '847130'];
  const lines: string[] = [];
  for (let i = 0; i < entities; i++) {
    lines.push(JSON.stringify({ kind: 'entity', id: `b-${i}`, type: 'company', label: `Trader ${i}`, attributes: [{ field: 'country', value: countries[i % 6] }] }));
  }
  const perTier = Math.floor(entities / 5);
  for (let i = 0; i < entities * 5; i++) {
    const buyer = Math.floor(rnd() * entities);
    const tier = Math.floor(buyer / perTier);
    // Suppliers of a buyer come from a narrow band of the next tier, so chains branch and meet.
    const supplier = rnd() < 0.9 && tier < 4 ? (tier + 1) * perTier + ((buyer % perTier) + Math.floor(rnd() * 40)) % perTier : Math.floor(rnd() * entities);
    if (supplier === buyer) continue;
    lines.push(JSON.stringify({
      kind: 'shipment', id: `s-${i}`, supplier: [`b-${supplier}`], buyer: [`b-${buyer}`],
      departure_date: `${2019 + Math.floor(rnd() * 6)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
      departure_country: countries[supplier % 6], arrival_country: countries[buyer % 6], hs_codes: [{ code: codes[Math.floor(rnd() * codes.length)] }],
    }));
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_TRADE_ENTITIES ?? 10_000);
  say(`== upstream supply chain (${entities} entities, ${entities * 5} shipments)`);
  const { config, graph } = await benchGraph();
  await wipe(graph);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trade-')), 'trade.ndjson');
  network(entities, file);
  const t0 = Date.now();
  await ingestFile(graph, file, { batchSize: config.ingestBatchSize, atomic: false });
  say(`  ingest: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const service = new SupplyChainService(graph, config.traversal.timeoutMs);
  const perTier = Math.floor(entities / 5);
  const targets = Array.from({ length: 60 }, (_, i) => `b-${(i * 7919) % perTier}`);
  const request = (id: string): UpstreamRequest => ({
    id, product: [], notProduct: [], risk: [], notRisk: [], countries: [], notCountries: [], shipmentCountry: [], notShipmentCountry: [],
    tierShipmentCountry: [], component: [], notComponent: [], maxDepth: 4, limit: 10_000,
  });
  // Warm both plans, and count each target's chains to find the densest decile.
  const sizes = new Map<string, number>();
  for (const id of targets) sizes.set(id, (await service.upstream(request(id))).paths.length);
  await graph.read(NAIVE, { id: targets[0] });
  const dense = [...targets].sort((a, b) => sizes.get(b)! - sizes.get(a)!).slice(0, Math.max(1, Math.floor(targets.length / 10)));
  const rows: (string | number)[][] = [['targets', 'chains (median)', 'service p50', 'service p99', 'naive p50', 'naive p99', 'floor p50']];
  for (const [name, ids] of [['all', targets], ['densest decile', dense]] as const) {
    const svc = await measure(ids.length, 1, (i) => service.upstream(request(ids[i])));
    const naive = await measure(ids.length, 1, (i) => graph.read(NAIVE, { id: ids[i] }, 120_000));
    const floor = await measure(ids.length, 1, () => graph.read('RETURN 1 AS one'));
    const counts = ids.map((id) => sizes.get(id)!).sort((a, b) => a - b);
    rows.push([name, counts[Math.floor(counts.length / 2)], ms(svc.p50), ms(svc.p99), ms(naive.p50), ms(naive.p99), ms(floor.p50)]);
  }
  table(rows);
  await graph.close();
}

if (require.main === module) run().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
