/**
 * The supply chain of a project entity: GET .../supply_chain/upstream (the walk from every
 * match, as /v1/supply_chain/upstream from each in turn), .../upstream_summary, and the
 * supply-chain snapshots in the client's shapes (test/fixtures/clientSchemas/supplyChain.json);
 * another organisation sees none of them, a viewer creates none.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { Call, Harness, callAs, startHarness, writeNdjson } from '../support/harness';
import { REPO } from '../support/env';
import { newProject } from '../support/projects';

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addSchema(JSON.parse(fs.readFileSync(path.join(REPO, 'test', 'fixtures', 'clientSchemas', 'supplyChain.json'), 'utf8')));
const valid = (schema: string, body: unknown) => {
  const validate = ajv.getSchema(`supplyChain.json#/responses/${schema}`)!;
  return validate(body) ? [] : validate.errors;
};

let h: Harness;
let alice: Call;
let pid: string;
let pe: string;
const chains = (body: any) => body.data.paths.map((p: any) => `${p.source_entity_id}<${p.path.map((s: any) => s.entity_id).join('<')}`);

beforeAll(async () => {
  h = await startHarness();
  const company = (id: string, country: string, risk: string[] = []) => ({
    kind: 'entity', id, type: 'company', label: id, attributes: [{ field: 'country', value: country }], risk: risk.map((factor) => ({ factor })),
  });
  const ship = (id: string, supplier: string, buyer: string, code: string, date: string) => ({
    kind: 'shipment', id, supplier: [supplier], buyer: [buyer], departure_date: date, hs_codes: [{ code }],
  });
  await h.ingest(writeNdjson('pe-chain.ndjson', [
    company('maker', 'USA'), company('outlet', 'GBR'), company('mill', 'VNM'), company('spinner', 'CHN'),
    company('farm', 'CHN', ['forced_labor_xinjiang_origin_direct']), company('dyer', 'IND'), company('chem', 'CHN', ['sanctioned']),
    ship('c1', 'mill', 'maker', '610910', '2024-02-01'), ship('c2', 'mill', 'maker', '520811', '2023-05-01'),
    ship('c3', 'spinner', 'mill', '520512', '2023-11-01'), ship('c4', 'farm', 'spinner', '520100', '2023-08-01'),
    ship('c5', 'dyer', 'mill', '320411', '2023-09-01'), ship('c6', 'chem', 'dyer', '290243', '2023-03'),
    ship('c7', 'dyer', 'outlet', '320412', '2024-01-10'),
  ]));
  alice = callAs(h, 'alice', 'org-a');
  pid = await newProject(alice, { label: 'Chains', extra: { type: 'supply_chain' }, share: 'viewer' });
  pe = (await alice('POST', `/v1/projects/${pid}/entities/create`, { entity_ids: ['maker', 'outlet'] })).body.data.id;
});
afterAll(() => h.close());

const base = () => `/v1/projects/${pid}/entities/${pe}/supply_chain`;

describe('project entity supply chain', () => {
  test('upstream walks from every match in turn, as /v1/supply_chain/upstream from each, under one limit', async () => {
    const res = await alice('GET', `${base()}/upstream`);
    expect(res.status).toBe(200);
    expect(valid('UpstreamTradeTraversalResponse', res.body)).toEqual([]);
    const maker = (await h.json('/v1/supply_chain/upstream/maker')).body;
    const outlet = (await h.json('/v1/supply_chain/upstream/outlet')).body;
    expect(chains(res.body)).toEqual([...chains(maker), ...chains(outlet)]);
    expect(chains(res.body)).toEqual(['maker<mill', 'maker<mill<dyer', 'maker<mill<spinner', 'maker<mill<dyer<chem', 'maker<mill<spinner<farm', 'outlet<dyer', 'outlet<dyer<chem']);
    expect(res.body.explored_count).toBe(maker.explored_count + outlet.explored_count);
    expect(Object.keys(res.body.data.entities).sort()).toEqual(['chem', 'dyer', 'farm', 'maker', 'mill', 'outlet', 'spinner']);
    const limited = await alice('GET', `${base()}/upstream?limit=6&risk=${encodeURIComponent('["sanctioned"]')}`);
    expect(limited.body.partial_results).toBe(false);
    expect(chains(limited.body)).toEqual(['maker<mill<dyer<chem', 'outlet<dyer<chem']);
    expect(limited.body.filters).toEqual({ max_depth: 4, limit: 6, risk_factors: ['sanctioned'] });
    expect(chains((await alice('GET', `${base()}/upstream?limit=6`)).body)).toHaveLength(6);
  });

  test('upstream_summary: the components, and the countries and risk categories of the entities upstream', async () => {
    const res = await alice('GET', `${base()}/upstream_summary`);
    expect(res.status).toBe(200);
    expect(valid('ProjectEntitySupplyChainSummaryResponse', res.body)).toEqual([]);
    expect(res.body.data).toEqual({
      project_id: pid, project_entity_id: pe,
      upstream: {
        components: ['290243', '320411', '320412', '520100', '520512', '520811', '610910'], countries: ['CHN', 'IND', 'VNM'],
        risk_categories: [
          { id: 'sanctions', label: expect.any(String), risk_factors: ['sanctioned'] },
          { id: 'forced_labor', label: expect.any(String), risk_factors: ['forced_labor_xinjiang_origin_direct'] },
        ],
      },
    });
    const filtered = await alice('GET', `${base()}/upstream_summary?risk_factors=${encodeURIComponent('["sanctioned"]')}&max_depth=3`);
    expect(filtered.body.filters).toEqual({ max_depth: 3, limit: 10000, risk_factors: ['sanctioned'] });
    expect(filtered.body.data.upstream).toMatchObject({ components: ['290243', '320411', '320412', '520811', '610910'], countries: ['CHN', 'IND', 'VNM'] });
    for (const [query, name] of [['-risk_factors=["nope"]', '-risk_factors'], ['risk=["sanctioned"]', 'risk'], ['max_depth=9', 'max_depth'], ['min_date=2024-13-01', 'min_date']]) {
      const bad = await alice('GET', `${base()}/upstream_summary?${query}`);
      expect({ name, status: bad.status }).toEqual({ name, status: 400 });
      expect(bad.body.message.join(' ')).toContain(name);
    }
  });

  test('snapshots: create with a label freezes the nodes and edges of the walk; list, get and delete in the client shapes', async () => {
    const created = await alice('POST', `${base()}/snapshots`, { label: 'Q1 2024 Supply Chain Analysis' });
    expect(created.status).toBe(200);
    expect(valid('CreateProjectEntitySupplyChainSnapshotResponse', created.body)).toEqual([]);
    const id = created.body.snapshot_id;
    const got = await alice('GET', `${base()}/snapshots/${id}`);
    expect(valid('ProjectEntitySupplyChainSnapshotByIdResponse', got.body)).toEqual([]);
    const s = got.body.data;
    expect(s).toMatchObject({ snapshot_id: id, label: 'Q1 2024 Supply Chain Analysis', partial_results: false, release_tag: '' });
    expect(s.explored_count).toBe((await alice('GET', `${base()}/upstream`)).body.explored_count);
    expect(s.nodes.map((n: any) => n.entity_id).sort()).toEqual(['chem', 'dyer', 'farm', 'maker', 'mill', 'outlet', 'spinner']);
    expect(s.nodes.find((n: any) => n.id === 'chem')).toEqual({ id: 'chem', entity_id: 'chem', label: 'chem', type: 'company', risk_factors: ['sanctioned'], countries: ['CHN'] });
    expect(s.edges.map((e: any) => e.id).sort()).toEqual([
      'chem>dyer:290243', 'dyer>mill:320411', 'dyer>outlet:320412', 'farm>spinner:520100', 'mill>maker:520811', 'mill>maker:610910', 'spinner>mill:520512',
    ]);
    expect(s.edges.find((e: any) => e.id === 'chem>dyer:290243')).toMatchObject({ src_id: 'chem', dst_id: 'dyer', hs_code: '290243', min_date: '2023-03-01', max_date: '2023-03-31' });
    // The walk is frozen: a shipment added later shows in the walk, not in the snapshot.
    await h.ingest(writeNdjson('later.ndjson', [{ kind: 'shipment', id: 'c9', supplier: ['chem'], buyer: ['outlet'], departure_date: '2024-05-01', hs_codes: [{ code: '290244' }] }]));
    expect(chains((await alice('GET', `${base()}/upstream`)).body)).toContain('outlet<chem');
    expect((await alice('GET', `${base()}/snapshots/${id}`)).body.data.edges).toHaveLength(7);

    const second = (await alice('POST', `${base()}/snapshots`)).body.snapshot_id;
    const list = await alice('GET', `${base()}/snapshots`);
    expect(valid('ProjectEntitySupplyChainSnapshotsResponse', list.body)).toEqual([]);
    expect(list.body.data.map((x: any) => [x.snapshot_id, x.label])).toEqual([[second, ''], [id, 'Q1 2024 Supply Chain Analysis']]);
    expect(list.body.data[0].nodes).toBeUndefined();
    expect((await alice('DELETE', `${base()}/snapshots/${second}`)).status).toBe(200);
    expect((await alice('GET', `${base()}/snapshots/${second}`)).status).toBe(404);
    expect((await alice('POST', `${base()}/snapshots`, { label: 7 })).status).toBe(400);
  });

  test('another organisation sees none of it (404); a viewer reads but creates no snapshot (403)', async () => {
    const mallory = callAs(h, 'mallory', 'org-m');
    for (const p of ['upstream', 'upstream_summary', 'snapshots']) expect({ p, status: (await mallory('GET', `${base()}/${p}`)).status }).toEqual({ p, status: 404 });
    expect((await mallory('POST', `${base()}/snapshots`, { label: 'x' })).status).toBe(404);
    const bob = callAs(h, 'bob', 'org-a');
    expect((await bob('GET', `${base()}/upstream_summary`)).status).toBe(200);
    expect((await bob('POST', `${base()}/snapshots`, { label: 'x' })).status).toBe(403);
    expect((await alice('GET', `/v1/projects/${pid}/entities/nope/supply_chain/upstream`)).status).toBe(404);
  });
});
