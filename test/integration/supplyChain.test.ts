/**
 * GET /v1/supply_chain/upstream/{id}: a small network checked by hand (tiers, components,
 * leaf and edge filters, JSON-encoded and repeated lists), 404 and 400s, and a few random
 * targets and filter sets compared with the reference walk (test/support/tradeReference.ts;
 * supplyChainRandom.test.ts runs 300 of them).
 */
import { Harness, startHarness, writeNdjson } from '../support/harness';
import { prng } from '../fixtures/randomGraph';
import { answerChains, randomUpstreamQuery, referenceUpstream, tradeNetwork, upstreamPath } from '../support/tradeReference';
import { testFull } from '../support/full';
import { SupplyChainService } from '../../src/services/supplyChain/upstream';

let h: Harness;
const net = tradeNetwork(7, 40, 200);
beforeAll(async () => {
  h = await startHarness();
  const company = (id: string, country: string, risk: string[] = []) => ({
    kind: 'entity', id, type: 'company', label: id, attributes: [{ field: 'country', value: country }], risk: risk.map((factor) => ({ factor })),
  });
  const ship = (id: string, supplier: string, buyer: string, code: string, date: string, from: string, to: string) => ({
    kind: 'shipment', id, supplier: [supplier], buyer: [buyer], departure_date: date, departure_country: from, arrival_country: to, hs_codes: [{ code }],
  });
  await h.ingest(writeNdjson('chain.ndjson', [
    company('maker', 'USA'), company('mill', 'VNM'), company('spinner', 'CHN'), company('farm', 'CHN', ['forced_labor_xinjiang_origin_direct']),
    company('dyer', 'IND'), company('chem', 'CHN', ['sanctioned']),
    ship('c1', 'mill', 'maker', '610910', '2024-02-01', 'VNM', 'USA'),
    ship('c2', 'mill', 'maker', '520811', '2023-05-01', 'VNM', 'USA'),
    ship('c3', 'spinner', 'mill', '520512', '2023-11-01', 'CHN', 'VNM'),
    ship('c4', 'farm', 'spinner', '520100', '2023-08-01', 'CHN', 'CHN'),
    ship('c5', 'dyer', 'mill', '320411', '2023-09-01', 'IND', 'VNM'),
    ship('c6', 'chem', 'dyer', '290243', '2023-03', 'CHN', 'IND'),
    ship('c7', 'maker', 'farm', '847130', '2022-01-01', 'USA', 'CHN'),
  ]));
  await h.ingest(writeNdjson('net.ndjson', [...net.entities, ...net.shipments]));
});
afterAll(() => h.close());

const chains = async (path: string) => {
  const res = await h.json(path);
  expect(res.status).toBe(200);
  return (res.body.data.paths as any[]).map((p) => p.path.map((s: any) => `${s.tier}:${s.entity_id}`).join(' '));
};

describe('upstream supply chain', () => {
  test('the chains of suppliers reach back tier by tier with the HS components of each hop, simple and in order', async () => {
    const res = await h.json('/v1/supply_chain/upstream/maker');
    expect(res.status).toBe(200);
    expect(res.body.partial_results).toBe(false);
    expect(res.body.explored_count).toBeGreaterThan(0);
    expect(res.body.data.paths.map((p: any) => p.path.map((s: any) => s.entity_id).join('>'))).toEqual([
      'mill', 'mill>dyer', 'mill>spinner', 'mill>dyer>chem', 'mill>spinner>farm',
    ]);
    expect(res.body.data.paths[0]).toEqual({
      source_entity_id: 'maker',
      path: [{ tier: 2, entity_id: 'mill', components: [
        { hs_code: '520811', arrival_countries: ['USA'], departure_countries: ['VNM'], min_date: '2023-05-01', max_date: '2023-05-01' },
        { hs_code: '610910', arrival_countries: ['USA'], departure_countries: ['VNM'], min_date: '2024-02-01', max_date: '2024-02-01' },
      ] }],
    });
    expect(res.body.data.entities.farm).toEqual({ id: 'farm', type: 'company', label: 'farm', risk_factors: ['forced_labor_xinjiang_origin_direct'], countries: ['CHN'] });
    expect(Object.keys(res.body.data.entities).sort()).toEqual(['chem', 'dyer', 'farm', 'maker', 'mill', 'spinner']);
  });

  test('leaf, product, component, date and tier filters, sent JSON-encoded or repeated', async () => {
    const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
    expect(await chains(`/v1/supply_chain/upstream/maker?risk=${q(['forced_labor_xinjiang_origin_direct'])}`)).toEqual(['2:mill 3:spinner 4:farm']);
    expect(await chains('/v1/supply_chain/upstream/maker?risk=sanctioned&risk=forced_labor_xinjiang_origin_direct&max_depth=3')).toEqual(['2:mill 3:dyer 4:chem', '2:mill 3:spinner 4:farm']);
    expect(await chains(`/v1/supply_chain/upstream/maker?-countries=${q(['CHN', 'VNM'])}`)).toEqual(['2:mill 3:dyer']);
    // 6109 (T-shirts) has 5208 in its blueprint; 5208 alone keeps only the fabric edge's chains.
    expect((await chains(`/v1/supply_chain/upstream/maker?product=${q(['5208'])}&max_depth=1`))).toEqual(['2:mill']);
    const fabric = await h.json(`/v1/supply_chain/upstream/maker?product=${q(['5208'])}&max_depth=1`);
    expect(fabric.body.data.paths[0].path[0].components.map((c: any) => c.hs_code)).toEqual(['520811']);
    expect(fabric.body.filters).toEqual({ product: ['5208'], max_depth: 1, limit: 10000 });
    expect(await chains(`/v1/supply_chain/upstream/maker?component=${q(['29'])}`)).toEqual(['2:mill 3:dyer 4:chem']);
    expect(await chains(`/v1/supply_chain/upstream/maker?-component=${q(['5205'])}`)).toEqual(['2:mill', '2:mill 3:dyer', '2:mill 3:dyer 4:chem']);
    expect(await chains('/v1/supply_chain/upstream/maker?min_date=2023-10-01')).toEqual(['2:mill', '2:mill 3:spinner']);
    expect(await chains(`/v1/supply_chain/upstream/maker?tier2_shipment_country=${q(['IND'])}`)).toEqual(['2:mill 3:dyer', '2:mill 3:dyer 4:chem']);
    expect(await chains('/v1/supply_chain/upstream/maker?limit=2')).toEqual(['2:mill', '2:mill 3:dyer']);
  });

  test('an unknown entity answers 404 and a bad parameter 400 naming it', async () => {
    expect((await h.json('/v1/supply_chain/upstream/nobody')).status).toBe(404);
    for (const [query, name] of [
      ['product=%5B%2232x%22%5D', 'product'], ['-risk=not_a_factor', '-risk'], ['countries=QQQ', 'countries'],
      ['min_date=2024-13-01', 'min_date'], ['max_depth=5', 'max_depth'], ['limit=0', 'limit'], ['tier3_shipment_country=%5B1%5D', 'tier3_shipment_country'],
      ['colour=red', 'colour'],
    ]) {
      const res = await h.json(`/v1/supply_chain/upstream/maker?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message[0].startsWith(`${name}:`)).toBe(true);
    }
  });

  test('with no time left the walk answers partial_results and no chains; an unknown entity is still a 404', async () => {
    const service = new SupplyChainService(h.graph, 0);
    const request = {
      product: [], notProduct: [], risk: [], notRisk: [], countries: [], notCountries: [], shipmentCountry: [], notShipmentCountry: [],
      tierShipmentCountry: [], component: [], notComponent: [], maxDepth: 4, limit: 10_000,
    };
    expect(await service.upstream({ ...request, id: 'maker' })).toEqual({
      paths: [], entities: { maker: { id: 'maker', type: 'company', label: 'maker', risk_factors: [], countries: ['USA'] } }, explored_count: 0, partial_results: true,
    });
    await expect(service.upstream({ ...request, id: 'nobody' })).rejects.toMatchObject({ status: 404 });
  });

  // The 300-case form is supplyChainRandom (full run); this sample also runs there only.
  testFull('random targets and filter sets answer what the reference walk finds', async () => {
    const rnd = prng(11);
    for (let i = 0; i < 6; i++) {
      const query = randomUpstreamQuery(rnd, net);
      const res = await h.json(upstreamPath(query));
      expect({ i, status: res.status }).toEqual({ i, status: 200 });
      expect({ i, path: upstreamPath(query), chains: answerChains(res.body) }).toEqual({ i, path: upstreamPath(query), chains: referenceUpstream(net, query) });
    }
  });
});
