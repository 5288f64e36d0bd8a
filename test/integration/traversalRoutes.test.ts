/**
 * Traversal routes on the sample and on small purpose-made graphs: step filters and the source,
 * the sample's ownership chains, deep and legacy searches, /v1 segments, the published client's
 * parameter values, shortest paths, embedded blocks, and validation. The comparison with a
 * reference search on random graphs is traversal.test.ts.
 */
import { RISK_CATEGORIES } from '../../src/domain/risk';
import { RELATIONSHIP_TYPES } from '../../src/domain/relationships';
import { todayUtc } from '../../src/domain/dates';
import { GRAPH_FACTORS } from '../fixtures/randomGraph';
import { ReferenceGraph, RefQuery } from '../support/referenceTraversal';
import { Harness, SAMPLE, startHarness, writeNdjson } from '../support/harness';
import { factorsForCategories } from '../../src/domain/riskFamilies';
import fs from 'node:fs';
import { testFull } from '../support/full';

/** The sample's relationship lines, read independently of the API. */
const sampleFacts = fs.readFileSync(SAMPLE, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((l) => l.kind === 'relationship');
const factCount = (type: string, from: string, to: string) => sampleFacts.filter((f) => f.type === type && f.from === from && f.to === to).length;

let h: Harness;

/**
 * This file checks answers, and every one must be complete; traversalDeadline.test.ts checks
 * what the deadline does. On a Neo4j just started, or a machine busy with the rest of the
 * suite, planning alone can take most of the default deadline, so a longer one keeps such a
 * request from answering partial, and a wrong answer is still wrong.
 */
const ANSWER_DEADLINE = { TRAVERSAL_TIMEOUT_MS: '30000' };
/** The same store under the default deadline (TRAVERSAL_TIMEOUT_MS 10 s), for the test whose point is an answer complete within it. */
let withDefaultDeadline: Harness;

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE], env: ANSWER_DEADLINE });
  withDefaultDeadline = await startHarness({ wipe: false });
});
afterAll(async () => {
  await withDefaultDeadline?.close();
  await h.close();
});

describe('step filters and the source', () => {
  // The step-filter example of docs/traversal.md: between the same pair, a 60% holding that ended in 2019 and a
  // current 10% holding (two facts, from two records). A closed company with one director.
  const lines = [
    { kind: 'source', id: 'step-src', label: 'Step rule source' },
    { kind: 'record', id: 'step-r1', source: 'step-src' },
    { kind: 'record', id: 'step-r2', source: 'step-src' },
    { kind: 'entity', id: 'step-co', type: 'company', label: 'Step Company', attributes: [{ field: 'name', value: 'Step Company' }] },
    { kind: 'entity', id: 'step-holder', type: 'company', label: 'Step Holder', attributes: [{ field: 'name', value: 'Step Holder' }] },
    { kind: 'relationship', type: 'has_shareholder', from: 'step-co', to: 'step-holder', record: 'step-r1', shares: [{ percentage: 60 }], to_date: '2019' },
    { kind: 'relationship', type: 'has_shareholder', from: 'step-co', to: 'step-holder', record: 'step-r2', shares: [{ percentage: 10 }] },
    { kind: 'entity', id: 'step-closed', type: 'company', label: 'Step Closed', closed: true, attributes: [{ field: 'name', value: 'Step Closed' }] },
    { kind: 'entity', id: 'step-director', type: 'person', label: 'Step Director', attributes: [{ field: 'name', value: 'Step Director' }] },
    { kind: 'relationship', type: 'has_director', from: 'step-closed', to: 'step-director', record: 'step-r1' },
  ];
  const ref = new ReferenceGraph(lines);
  beforeAll(async () => {
    await h.ingest(writeNdjson('step-rule.ndjson', lines));
  });

  test.each([
    [50, true, false],
    [50, false, true],
    [0, true, true],
    [10, true, true],
  ])('min_shares %i, exclude_former_relationships %s: the holder is reached: %s', async (minShares, excludeFormer, reached) => {
    const { status, body } = await h.json(`/v1/traversal/step-co?relationships=has_shareholder&max_depth=1&psa=false&min_shares=${minShares}&exclude_former_relationships=${excludeFormer}`);
    expect(status).toBe(200);
    expect(body.data.map((d: any) => d.target.id)).toEqual(reached ? ['step-holder'] : []);
    const q: RefQuery = {
      source: 'step-co', minDepth: 1, maxDepth: 1, types: ['has_shareholder'], psa: false, countries: [], entityTypes: [],
      sanctioned: false, pep: false, watchlist: false, minShares, includeUnknownShares: true, excludeFormer, excludeClosed: false,
      riskFactors: [], offset: 0, limit: 10, today: todayUtc(),
    };
    expect(ref.run(q).targets.map((t) => t.id)).toEqual(reached ? ['step-holder'] : []);
  });

  test('with min_depth 0, a closed source is a result only when closed entities are not excluded', async () => {
    const url = '/v1/traversal/step-closed?min_depth=0&psa=false';
    const kept = await h.json(`${url}&exclude_closed_entities=false`);
    expect(kept.body.data.map((d: any) => [d.target.id, d.path.length])).toEqual([['step-closed', 0], ['step-director', 1]]);
    // The source is where the search starts, not a step: its paths are still followed.
    const excluded = await h.json(`${url}&exclude_closed_entities=true`);
    expect(excluded.body.data.map((d: any) => [d.target.id, d.path.length])).toEqual([['step-director', 1]]);
    expect(excluded.body.next).toBe(false);
  });
});

describe('the sample data', () => {
  test('/ubo finds the natural persons behind a company through intermediate holdings', async () => {
    const { status, body } = await h.json('/v1/ubo/e-gb-northwind-logistics?types=person&psa=false');
    expect(status).toBe(200);
    const byId = Object.fromEntries(body.data.map((d: any) => [d.target.id, d]));
    expect(Object.keys(byId).sort()).toEqual(['p-elena-antonova', 'p-viktor-antonov']);
    const viktor = byId['p-viktor-antonov'];
    expect(viktor.path.map((s: any) => s.entity.id)).toEqual(['e-cy-northwind-holdings', 'e-vg-aldgate-ventures', 'p-viktor-antonov']);
    expect(viktor.path.every((s: any) => ['has_shareholder', 'has_beneficial_owner', 'has_owner'].includes(s.field))).toBe(true);
    // The Aldgate holding is asserted by two records: both facts show on the /v1 segment.
    expect(factCount('has_shareholder', 'e-cy-northwind-holdings', 'e-vg-aldgate-ventures')).toBe(2);
    expect(factCount('has_shareholder', 'e-vg-aldgate-ventures', 'p-viktor-antonov')).toBe(1);
    expect(viktor.path[1].relationships.has_shareholder.values.map((v: any) => v.record).sort()).toEqual(
      sampleFacts.filter((f) => f.type === 'has_shareholder' && f.from === 'e-cy-northwind-holdings' && f.to === 'e-vg-aldgate-ventures').map((f) => f.record).sort());
    expect(viktor.path[2].relationships.has_shareholder.values).toHaveLength(1);
    expect(viktor.target.risk).toHaveProperty('sanctioned_usa_ofac_sdn');
  });

  test('/ubo reaches a depth-4 PEP owner and honours min_shares', async () => {
    const all = await h.json('/v1/ubo/e-gb-harbourline-shipping?types=person');
    const people = all.body.data.map((d: any) => [d.target.id, d.path.length]);
    expect(people).toEqual(expect.arrayContaining([['p-oliver-grant', 2], ['p-andreas-georgiou', 4], ['p-nikos-papadakis', 4]]));
    const majority = await h.json('/v1/ubo/e-gb-harbourline-shipping?types=person&min_shares=60');
    expect(majority.body.data.map((d: any) => d.target.id)).toEqual([]);
    const fifty = await h.json('/v1/ubo/e-gb-harbourline-shipping?types=person&min_shares=50');
    expect(fifty.body.data.map((d: any) => d.target.id).sort()).toEqual(['p-andreas-georgiou', 'p-nikos-papadakis']);
  });

  test('legacy defaults (max_depth 10) answer in full on the sample: a selective end filter, the second page', async () => {
    // Neo4j's single-query shortest-path search runs out of time at depth 10 with nothing
    // found; the level-by-level search must answer these in full.
    const rus = await h.json('/traversal/e-gb-northwind-logistics?countries=RUS');
    expect(rus.body.partial_results).toBe(false);
    expect(rus.body.max_depth).toBe(10);
    expect(rus.body.data.map((d: any) => d.target.id)).toContain('p-viktor-antonov');
    for (const d of rus.body.data) expect(d.target.countries).toContain('RUS');
    const first = await h.json('/traversal/e-gb-northwind-logistics');
    const second = await h.json('/traversal/e-gb-northwind-logistics?offset=50');
    expect(first.body.next).toBe(true);
    expect(second.body.partial_results).toBe(false);
    expect(second.body.data.length).toBeGreaterThan(0);
    const firstIds = new Set(first.body.data.map((d: any) => d.target.id));
    for (const d of second.body.data) expect(firstIds.has(d.target.id)).toBe(false);
    const lengths = [...first.body.data, ...second.body.data].map((d: any) => d.path.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });

  test('a deep search with min_depth 2 (legacy max_depth 10) is complete', async () => {
    // Northwind has no RUS neighbour, so min_depth 2 finds what min_depth 1 finds, without
    // searching every simple path from the source.
    const { status, body } = await withDefaultDeadline.json('/traversal/e-gb-northwind-logistics?min_depth=2&countries=RUS');
    expect(status).toBe(200);
    expect(body.partial_results).toBe(false);
    const nearest = await h.json('/traversal/e-gb-northwind-logistics?min_depth=1&countries=RUS');
    const targets = (b: any) => b.data.map((d: any) => `${d.target.id}:${d.path.length}`);
    expect(targets(body)).toEqual(targets(nearest.body));
    expect(body.data.length).toBeGreaterThan(5);
  });

  // Every 10-step simple path from the sample's best-connected person: the longest search of the
  // file, so only `npm run test:all` runs it.
  testFull('min_depth 10 gives each target a 10-step path that repeats no entity', async () => {
    // Every entity is nearer than ten steps to p-viktor-antonov, so every result needs a path
    // longer than its distance (found with both ends bound). Under the 30 s deadline: on a cold
    // Neo4j this search no longer completes within the default 10 s (open in docs/traversal.md).
    const { status, body } = await h.json('/traversal/p-viktor-antonov?min_depth=10&limit=50');
    expect(status).toBe(200);
    expect(body).toMatchObject({ partial_results: false, next: true });
    expect(body.data).toHaveLength(50);
    const ids = body.data.map((d: any) => d.target.id);
    expect(ids).toEqual([...ids].sort());
    for (const d of body.data) {
      const onPath = ['p-viktor-antonov', ...d.path.map((segment: any) => segment.entity.id)];
      expect(d.path).toHaveLength(10);
      expect(new Set(onPath).size).toBe(11);
      expect(onPath[10]).toBe(d.target.id);
      // Each step is a fact of the sample between those two entities, in either direction.
      for (let i = 0; i < 10; i++) {
        const [a, b] = [onPath[i], onPath[i + 1]];
        expect(sampleFacts.some((f) => (f.from === a && f.to === b) || (f.from === b && f.to === a))).toBe(true);
      }
    }
  });

  test('/v1 segments show each fact\'s dates and whether it is former, per value and per type', async () => {
    const q = '/v1/traversal/e-gb-harbourline-group?relationships=has_shareholder&max_depth=1&exclude_former_relationships=false';
    const corvus = (await h.json(q)).body.data.find((d: any) => d.target.id === 'e-vg-corvus-trading');
    expect(corvus.path[0].relationships.has_shareholder).toEqual({
      values: [{
        record: 'rec-ch-0012', attributes: { shares: [{ percentage: 25 }] }, acquisition_date: expect.any(String),
        date: '2019-07-08', from_date: '2014-01-10', to_date: '2019-06-30', former: true,
      }],
      former: true, start_date: '2014-01-10', end_date: '2019-06-30', last_observed: '2019-07-08',
    });
    // Current holdings are not former and have no end.
    const current = (await h.json('/v1/traversal/e-gb-harbourline-group?relationships=has_shareholder&max_depth=1')).body.data;
    const holders = sampleFacts.filter((f) => f.type === 'has_shareholder' && f.from === 'e-gb-harbourline-group' && !f.to_date).map((f) => f.to).sort();
    expect(holders).toEqual(['e-cy-meridian-maritime', 'p-oliver-grant']);
    expect(current.map((d: any) => d.target.id).sort()).toEqual(holders);
    for (const d of current) {
      const group = d.path[0].relationships.has_shareholder;
      expect(group.former).toBe(false);
      expect(group.end_date).toBeUndefined();
      expect(group.values).toHaveLength(factCount('has_shareholder', 'e-gb-harbourline-group', d.target.id));
      for (const value of group.values) expect(value.former).toBe(false);
    }
  });

  test('types takes every entity type of the published client (shipment among them)', async () => {
    const { status, body } = await h.json('/v1/traversal/e-gb-northwind-logistics?types=shipment');
    expect(status).toBe(200);
    expect(body.types).toEqual(['shipment']);
  });

  test('risk_categories takes the published client\'s names political_exposure and environmental_risk', async () => {
    const ids = async (q: string, source = 'e-gb-northwind-logistics') => {
      const { status, body } = await h.json(`/v1/traversal/${source}?${q}&limit=50`);
      expect(status).toBe(200);
      return { ids: body.data.map((d: any) => d.target.id).sort(), echo: body.risk_categories };
    };
    const pep = await ids('risk_categories=pep');
    expect(pep.ids.length).toBeGreaterThan(0);
    expect(await ids('risk_categories=political_exposure')).toEqual({ ids: pep.ids, echo: ['political_exposure'] });
    // The sample has no ESG factor: neither name finds anything from Northwind.
    expect(await ids('risk_categories=environmental_risk')).toEqual({ ids: [], echo: ['environmental_risk'] });
    expect(await ids('risk_categories=esg')).toEqual({ ids: [], echo: ['esg'] });
    // A small graph of its own (linked to nothing else here): a source, a mill with an ESG
    // factor it ships to, and a clean partner. Only the mill is on a path through an ESG entity.
    await h.ingest(writeNdjson('esg.ndjson', [
      { kind: 'source', id: 'esg-src', label: 'ESG test register', country: 'GBR', source_type: 'company_register' },
      { kind: 'record', id: 'esg-r1', source: 'esg-src' },
      { kind: 'entity', id: 'esg-trader', type: 'company', label: 'Esg Trader', attributes: [{ field: 'name', value: 'Esg Trader' }] },
      { kind: 'entity', id: 'esg-mill', type: 'company', label: 'Esg Mill', attributes: [{ field: 'name', value: 'Esg Mill' }], risk: [{ factor: 'esg_score_high', country: ['IDN'] }] },
      { kind: 'entity', id: 'esg-partner', type: 'company', label: 'Esg Partner', attributes: [{ field: 'name', value: 'Esg Partner' }] },
      { kind: 'relationship', type: 'ships_to', from: 'esg-trader', to: 'esg-mill', record: 'esg-r1' },
      { kind: 'relationship', type: 'linked_to', from: 'esg-trader', to: 'esg-partner', record: 'esg-r1' },
    ]));
    expect(await ids('psa=false', 'esg-trader')).toEqual({ ids: ['esg-mill', 'esg-partner'], echo: [] });
    expect(await ids('risk_categories=environmental_risk', 'esg-trader')).toEqual({ ids: ['esg-mill'], echo: ['environmental_risk'] });
    expect(await ids('risk_categories=esg', 'esg-trader')).toEqual({ ids: ['esg-mill'], echo: ['esg'] });
    expect(await ids('risk_categories=political_exposure', 'esg-trader')).toEqual({ ids: [], echo: ['political_exposure'] });
  });

  test('risk_categories takes the published client\'s sanctions_and_export_control_lists: either category', async () => {
    const ids = async (q: string) => {
      const { status, body } = await h.json(`/v1/traversal/e-gb-northwind-logistics?${q}&limit=50&max_depth=3`);
      expect(status).toBe(200);
      expect(body.next).toBe(false);
      return body.data.map((d: any) => d.target.id) as string[];
    };
    const sanctions = await ids('risk_categories=sanctions');
    expect(sanctions.length).toBeGreaterThan(0);
    const both = await ids('risk_categories=sanctions&risk_categories=export_controls');
    expect((await ids('risk_categories=sanctions_and_export_control_lists')).sort()).toEqual([...both].sort());
    expect(both).toEqual(expect.arrayContaining(sanctions));
  });

  test('relationships takes the published client\'s other values: its aliases, possibly_same_as under psa', async () => {
    await h.ingest(writeNdjson('client-enums.ndjson', [
      { kind: 'source', id: 'enum-src', label: 'Enum test register', country: 'GBR', source_type: 'company_register' },
      { kind: 'record', id: 'enum-r1', source: 'enum-src' },
      { kind: 'entity', id: 'enum-co', type: 'company', label: 'Enum Co', attributes: [{ field: 'name', value: 'Enum Co' }] },
      { kind: 'entity', id: 'enum-lawyer', type: 'person', label: 'Enum Lawyer', attributes: [{ field: 'name', value: 'Enum Lawyer' }] },
      { kind: 'entity', id: 'enum-rep', type: 'person', label: 'Enum Rep', attributes: [{ field: 'name', value: 'Enum Rep' }] },
      { kind: 'entity', id: 'enum-account', type: 'account', label: 'Enum Account', attributes: [{ field: 'name', value: 'Enum Account' }] },
      { kind: 'relationship', type: 'has_lawyer', from: 'enum-co', to: 'enum-lawyer', record: 'enum-r1' },
      { kind: 'relationship', type: 'has_judicial_representative', from: 'enum-co', to: 'enum-rep', record: 'enum-r1' },
      { kind: 'relationship', type: 'linked_to', from: 'enum-co', to: 'enum-account', record: 'enum-r1' },
    ]));
    const targets = async (q: string) => {
      const { status, body } = await h.json(q);
      expect(status).toBe(200);
      return { ids: body.data.map((d: any) => d.target.id), relationships: body.relationships };
    };
    // lawyer_of is the inverse of has_lawyer, which the domain table calls lawyer_in.
    expect(await targets('/v1/traversal/enum-lawyer?relationships=lawyer_of')).toEqual({ ids: ['enum-co'], relationships: ['lawyer_in'] });
    expect(await targets('/v1/traversal/enum-rep?relationships=judidical_representative_of&relationships=judicial_representative_of'))
      .toEqual({ ids: ['enum-co'], relationships: ['judicial_representative_of'] });
    expect(await targets('/traversal/enum-lawyer?relationships=lawyer_of&min_depth=1')).toEqual({ ids: ['enum-co'], relationships: ['lawyer_in'] });
    // The client's newer entity types: accepted by ingest and by the types filter.
    expect(await targets('/v1/traversal/enum-co?types=account')).toEqual({ ids: ['enum-account'], relationships: RELATIONSHIP_TYPES });
    const entity = await h.json('/entity/enum-co?traversals.0.relationships=lawyer_of&traversals.0.max_depth=1');
    expect(entity.status).toBe(200);

    // possibly_same_as: only the psa links, with psa on (the /v1 default) ...
    const psaOnly = await h.json('/v1/traversal/p-viktor-antonov-psc?relationships=possibly_same_as&max_depth=1');
    expect(psaOnly.status).toBe(200);
    expect(psaOnly.body.data.map((d: any) => [d.target.id, d.path.map((s: any) => s.field)])).toEqual([['p-viktor-antonov', ['possibly_same_as']]]);
    // ... beside other types it adds nothing psa does not ...
    const withType = await h.json('/v1/traversal/enum-lawyer?relationships=lawyer_of&relationships=possibly_same_as');
    expect(withType.body.data.map((d: any) => d.target.id)).toEqual(['enum-co']);
    // ... and alone with psa off it follows nothing: a 400 / 406 that says why.
    const off = await h.json('/v1/traversal/p-viktor-antonov-psc?relationships=possibly_same_as&psa=false');
    expect(off.status).toBe(400);
    expect(off.body.message[0]).toMatch(/^relationships: possibly_same_as links are followed only with psa=true/);
    const legacy = await h.json('/traversal/p-viktor-antonov-psc?relationships=possibly_same_as');
    expect(legacy.status).toBe(406);
    expect(legacy.body.messages[0]).toMatch(/^relationships: /);
  });

  test('a risk flag that names no factor matches no entity: nothing, not every path as without the flag', async () => {
    const unfiltered = await h.json('/v1/traversal/e-gb-northwind-logistics?limit=50');
    expect(unfiltered.body.data.length).toBeGreaterThan(0);
    const { status, body } = await h.json('/v1/traversal/e-gb-northwind-logistics?limit=50&reputational_risk_modern_slavery=true');
    expect(status).toBe(200);
    expect(body).toMatchObject({ reputational_risk_modern_slavery: true, data: [], next: false, partial_results: false });
  });

  test('unknown shares are followed only with include_unknown_shares', async () => {
    const withUnknown = await h.json('/v1/ubo/e-gb-oakridge-energy?types=person&min_shares=10');
    expect(withUnknown.body.data.map((d: any) => d.target.id)).toContain('p-dmitri-volkov');
    const without = await h.json('/v1/ubo/e-gb-oakridge-energy?types=person&min_shares=10&include_unknown_shares=false');
    expect(without.body.data.map((d: any) => d.target.id)).not.toContain('p-dmitri-volkov');
  });

  test('/watchlist finds sanctioned entities two and three hops away', async () => {
    const two = await h.json('/v1/watchlist/e-cy-northwind-holdings?max_depth=2&psa=false');
    expect(two.body.data.find((d: any) => d.target.id === 'p-viktor-antonov').path.map((s: any) => s.entity.id)).toEqual(['e-vg-aldgate-ventures', 'p-viktor-antonov']);
    const three = await h.json('/v1/watchlist/e-gb-northwind-logistics?max_depth=3&psa=false');
    expect(three.body.data.map((d: any) => [d.target.id, d.path.length])).toContainEqual(['p-viktor-antonov', 3]);
    expect(three.body.data.every((d: any) => d.target.sanctioned || d.target.pep)).toBe(true);
    const shallow = await h.json('/v1/watchlist/e-gb-northwind-logistics?max_depth=2&psa=false');
    expect(shallow.body.data.map((d: any) => d.target.id)).not.toContain('p-viktor-antonov');
    const legacy = await h.json('/watchlist/e-gb-baltic-build-supplies?max_depth=1');
    expect(legacy.body.data.map((d: any) => d.target.id)).toEqual(['e-ru-severstroy']);
    expect(legacy.body.watchlist).toBe(true);
  });

  test('psa links are followed only when psa is on', async () => {
    // The director link to the psa twin ended in 2018, so former relationships are followed here.
    const withPsa = await h.json('/v1/watchlist/e-gb-oakridge-energy-holdings?max_depth=2&psa=true&exclude_former_relationships=false');
    const volkov = withPsa.body.data.find((d: any) => d.target.id === 'p-dmitri-volkov');
    expect(volkov.path.map((s: any) => s.field)).toContain('possibly_same_as');
    const noPsa = await h.json('/v1/watchlist/e-gb-oakridge-energy-holdings?max_depth=2&psa=false&exclude_former_relationships=false');
    expect(noPsa.body.data.map((d: any) => d.target.id)).not.toContain('p-dmitri-volkov');
  });

  test('/v1/watchlist follows former relationships by default, as the published client documents', async () => {
    // The director link to Volkov's psa twin ended in 2018 (the psa test above).
    const watch = await h.json('/v1/watchlist/e-gb-oakridge-energy-holdings?max_depth=2');
    expect(watch.body).toMatchObject({ exclude_former_relationships: false, psa: true, limit: 10, max_depth: 2 });
    expect(watch.body.data.map((d: any) => d.target.id)).toContain('p-dmitri-volkov');
    const current = await h.json('/v1/watchlist/e-gb-oakridge-energy-holdings?max_depth=2&exclude_former_relationships=true');
    expect(current.body.data.map((d: any) => d.target.id)).not.toContain('p-dmitri-volkov');
    // The same search through /v1/traversal keeps that endpoint's default.
    const traversal = await h.json('/v1/traversal/e-gb-oakridge-energy-holdings?max_depth=2&sanctioned=true');
    expect(traversal.body.exclude_former_relationships).toBe(true);
    expect(traversal.body.data.map((d: any) => d.target.id)).not.toContain('p-dmitri-volkov');
  });

  test('former relationships are skipped by default on /v1 and followed on request', async () => {
    const q = '/v1/traversal/e-gb-harbourline-group?relationships=has_shareholder&max_depth=1';
    expect((await h.json(q)).body.data.map((d: any) => d.target.id)).not.toContain('e-vg-corvus-trading');
    expect((await h.json(`${q}&exclude_former_relationships=false`)).body.data.map((d: any) => d.target.id)).toContain('e-vg-corvus-trading');
  });

  test('the legacy response shape', async () => {
    const { body } = await h.json('/ubo/e-gb-northwind-logistics?max_depth=1');
    expect(Object.keys(body).sort()).toEqual(['countries', 'data', 'explored_count', 'limit', 'max_depth', 'min_depth', 'name', 'next', 'offset', 'partial_results', 'psa', 'relationships', 'types', 'watchlist']);
    expect(body).toMatchObject({ min_depth: 0, max_depth: 1, offset: 0, limit: 50, psa: false, next: false });
    // min_depth 0: the source itself comes first, with an empty path.
    expect(body.data[0]).toEqual({ target: expect.objectContaining({ id: 'e-gb-northwind-logistics', entity_url: '/entity/e-gb-northwind-logistics' }), path: [] });
    expect(body.data[1].path[0]).toEqual({
      field: expect.stringMatching(/^(has_shareholder|has_beneficial_owner|has_owner)$/),
      relationship: expect.objectContaining({ record: expect.any(String), attributes: expect.any(Object) }),
      entity: expect.objectContaining({ id: 'e-cy-northwind-holdings' }),
    });
  });

  test('the /v1 response echoes the effective parameters', async () => {
    const { body } = await h.json('/v1/traversal/e-gb-northwind-logistics');
    expect(body).toMatchObject({
      min_depth: 1, max_depth: 4, psa: true, offset: 0, limit: 10, min_shares: 0, include_unknown_shares: true,
      exclude_former_relationships: true, exclude_closed_entities: false, countries: [], types: [], name: '', risk_categories: [],
      explored_count: expect.any(Number), partial_results: false,
    });
    expect(body.relationships).toEqual(RELATIONSHIP_TYPES);
    expect(body.data).toHaveLength(10);
    expect(body.next).toBe(true);
    const segment = body.data[0].path[0];
    expect(Object.keys(segment).sort()).toEqual(['entity', 'field', 'relationships']);
    expect(segment.entity).toHaveProperty('risk');
    expect(segment.entity).toHaveProperty('attribute_count');
  });

  test('GET /v1/shortest_path', async () => {
    const { status, body } = await h.json('/v1/shortest_path?entities=e-gb-northwind-logistics&entities=p-viktor-antonov');
    expect(status).toBe(200);
    expect(body.entities).toEqual(['e-gb-northwind-logistics', 'p-viktor-antonov']);
    expect(body.data[0].source).toBe('e-gb-northwind-logistics');
    expect(body.data[0].target.id).toBe('p-viktor-antonov');
    // Depth 3 over any relationship (seed/README.md: the nearest watchlist hit of Northwind Logistics).
    expect(body.data[0].path).toHaveLength(3);
    expect(body.data[0].path.at(-1).entity.id).toBe('p-viktor-antonov');
    expect((await h.json('/v1/shortest_path?entities=e-gb-northwind-logistics')).status).toBe(400);
    // The published client's example passes both ids as one value.
    const oneValue = await h.json(`/v1/shortest_path?entities=${encodeURIComponent('e-gb-northwind-logistics&entities=p-viktor-antonov')}`);
    expect(oneValue.status).toBe(200);
    expect(oneValue.body).toEqual(body);
    expect((await h.json('/v1/shortest_path?entities=e-gb-northwind-logistics&entities=nope')).status).toBe(404);
  });

  test('GET /entity/:id embeds traversal blocks', async () => {
    const { status, body } = await h.json('/entity/e-gb-northwind-logistics?traversals.0.max_depth=3&traversals.0.relationships=has_shareholder&traversals.1.max_depth=1&traversals.1.relationships=has_director');
    expect(status).toBe(200);
    expect(body.traversals).toHaveLength(2);
    expect(body.traversals[0]).toMatchObject({ min_depth: 1, max_depth: 3, relationships: ['has_shareholder'], offset: 0, limit: 50, next: false });
    expect(body.traversals[0].data.map((d: any) => d.target.id)).toContain('p-viktor-antonov');
  });
});

describe('validation and bounds', () => {
  test.each([
    ['/v1/traversal/e-gb-northwind-logistics?relationships=owns', 400, 'relationships'],
    ['/traversal/e-gb-northwind-logistics?relationships=owns', 406, 'relationships'],
    ['/v1/traversal/e-gb-northwind-logistics?limit=51', 400, 'limit'],
    ['/v1/traversal/e-gb-northwind-logistics?offset=1001', 400, 'offset'],
    ['/v1/traversal/e-gb-northwind-logistics?max_depth=11', 400, 'max_depth'],
    ['/v1/traversal/e-gb-northwind-logistics?min_depth=3&max_depth=2', 400, 'min_depth'],
    ['/v1/traversal/e-gb-northwind-logistics?countries=UK', 400, 'countries'],
    ['/v1/traversal/e-gb-northwind-logistics?risk_categories=bad', 400, 'risk_categories'],
    ['/v1/traversal/e-gb-northwind-logistics?min_shares=101', 400, 'min_shares'],
    ['/ubo/e-gb-northwind-logistics?min_shares=10', 406, 'min_shares'],
    // Numbers are decimal: JavaScript would read these as 16, 4 and 100.
    ['/v1/traversal/e-gb-northwind-logistics?limit=0x10', 400, 'limit: must be integer'],
    ['/traversal/e-gb-northwind-logistics?max_depth=%204', 406, 'max_depth: must be integer'],
    ['/v1/ubo/e-gb-northwind-logistics?min_shares=0x64', 400, 'min_shares: must be integer'],
  ])('%s -> %i naming %s', async (url, status, parameter) => {
    const res = await h.json(url);
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body)).toContain(parameter);
  });

  test('unknown source: 404', async () => {
    expect((await h.json('/v1/ubo/nope')).status).toBe(404);
    expect((await h.json('/ubo/nope')).body).toMatchObject({ status: 404, success: false });
  });

  test('risk categories are a closed list matching the domain table', () => {
    expect(factorsForCategories(['sanctions'])).toContain('sanctioned_usa_ofac_sdn');
    expect(Object.keys(RISK_CATEGORIES).length).toBeGreaterThan(5);
    expect(GRAPH_FACTORS.every((f) => factorsForCategories(Object.keys(RISK_CATEGORIES)).includes(f))).toBe(true);
  });
});
