/**
 * Derived risk factors computed from a real graph by the scorer the worker runs (called
 * in-process here, delivering to the real Redis notification feed; the worker process itself
 * is exercised in riskNotifications and riskCrash tests).
 */
import { NotificationFeed } from '../../src/feeds/notifications';
import { FULL_RESCORE_REASON, RiskScorer } from '../../src/services/risk';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { saveEntities } from '../support/worker';
import { entity, fact, sameAs, source } from '../support/workerFixtures';

let h: Harness;
let feed: NotificationFeed;
let scorer: RiskScorer;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await wipeGraph(h.graph);
  await h.redis.flushdb();
  feed = new NotificationFeed(h.redis);
  scorer = new RiskScorer(h.graph, feed);
});

/** Every notification key in the feed's Redis database: none while no entity is in a project. */
const feedKeys = async () => (await h.redis.keys('notifications:*')).sort();

const riskOf = async (id: string) => {
  const [row] = await h.graph.read('MATCH (e:Entity {id: $id}) RETURN e.risk AS risk, e.risk_factors AS factors, e.sanctioned AS sanctioned, e.pep AS pep, e.direct_risk AS direct', { id });
  return {
    risk: JSON.parse(row.get('risk') as string),
    factors: row.get('factors') as string[],
    sanctioned: row.get('sanctioned') as boolean,
    pep: row.get('pep') as boolean,
    direct: JSON.parse(row.get('direct') as string),
  };
};
const allIds = async () => (await h.graph.read('MATCH (e:Entity) RETURN e.id AS id')).map((r) => r.get('id') as string);
const derivedNames = async (id: string) => Object.keys((await riskOf(id)).risk).sort();
const t = (value: unknown, country: string[], level: string) => ({ value, metadata: { country }, level });

const OFAC = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };
const OFSI = { factor: 'sanctioned_gbr_hmt_ofsi', country: ['GBR'] };

describe('derived factors', () => {
  test('a chain of shares: owned_by and the 50% rule multiply through it; flags stay direct', async () => {
    await h.ingest(writeNdjson('chain.ndjson', [
      source, entity('t1'), entity('a1'), entity('s1', [OFAC], 'person'),
      fact('has_shareholder', 't1', 'a1', 70), fact('has_shareholder', 'a1', 's1', 80),
      // a parallel fact of the same pair from another record does not double the share
      { ...fact('has_shareholder', 'a1', 's1', 80), id: 'parallel-fact' },
    ]));
    const stats = await scorer.score(await allIds());
    expect(stats).toMatchObject({ scored: 3, written: 3, notifications: 0, rejected: 0 });
    // No entity is in a project: the feed received nothing.
    expect(await feedKeys()).toEqual([]);

    const t1 = await riskOf('t1');
    expect(t1.risk).toEqual({
      // OFAC's 50 percent rule: the SDN list pooled with its programmes.
      ofac_50_percent_rule: t(56, ['USA'], 'critical'),
      owned_by_sanctioned_entity: t(1, ['USA'], 'critical'),
      owned_by_sanctioned_usa_ofac_sdn_entity: t(1, ['USA'], 'critical'),
      sanctioned_50_percent_rule: t(56, ['USA'], 'critical'),
      sanctioned_usa_ofac_sdn_50_percent_rule: t(56, ['USA'], 'critical'),
    });
    expect(t1.factors).toEqual(Object.keys(t1.risk).sort());
    expect(t1).toMatchObject({ sanctioned: false, pep: false, direct: {} });

    expect(await riskOf('a1')).toMatchObject({
      risk: {
        sanctioned_adjacent: t(1, ['USA'], 'high'),
        sanctioned_50_percent_rule: t(80, ['USA'], 'critical'),
        sanctioned_usa_ofac_sdn_50_percent_rule: t(80, ['USA'], 'critical'),
      },
      sanctioned: false,
    });
    // The sanctioned owner: its direct factor only (what it owns is not sanctioned).
    expect(await riskOf('s1')).toMatchObject({ risk: { sanctioned_usa_ofac_sdn: t(1, ['USA'], 'critical') }, sanctioned: true });
    expect(await derivedNames('s1')).toEqual(['sanctioned_usa_ofac_sdn']);

    // The entity API shows the union; the traversal filters see it in risk_factors.
    const api = await h.json('/v1/entity/t1');
    expect(Object.keys(api.body.risk).sort()).toEqual(t1.factors);
    expect(api.body.sanctioned).toBe(false);
  });

  test('aggregation per list, and a path counts for a list only up to its first party on that list', async () => {
    await h.ingest(writeNdjson('aggregate.ndjson', [
      source, entity('t2'), entity('s2a', [OFSI]), entity('x2'), entity('s2b', [OFSI]), entity('s2c', [OFAC]),
      fact('has_shareholder', 't2', 's2a', 30), fact('has_shareholder', 't2', 'x2', 15), fact('has_shareholder', 'x2', 's2b', 100),
      fact('has_shareholder', 't2', 's2c', 10),
      entity('t3'), entity('s3a', [OFSI]), entity('s3b', [OFSI, OFAC]),
      fact('has_shareholder', 't3', 's3a', 60), fact('has_shareholder', 's3a', 's3b', 100),
    ]));
    expect((await scorer.score(await allIds())).notifications).toBe(0);
    expect(await feedKeys()).toEqual([]);
    const t2 = (await riskOf('t2')).risk;
    expect(t2.sanctioned_50_percent_rule).toEqual(t(55, ['GBR', 'USA'], 'critical'));
    expect(t2.sanctioned_gbr_hmt_ofsi_50_percent_rule).toBeUndefined(); // 45%
    expect(t2.sanctioned_usa_ofac_sdn_50_percent_rule).toBeUndefined(); // 10%
    expect(t2.uk_50_percent_rule).toBeUndefined(); // 45%
    expect(t2.ofac_50_percent_rule).toBeUndefined(); // 10%
    const t3 = (await riskOf('t3')).risk;
    expect(t3.sanctioned_gbr_hmt_ofsi_50_percent_rule).toEqual(t(60, ['GBR'], 'critical'));
    expect(t3.sanctioned_usa_ofac_sdn_50_percent_rule).toEqual(t(60, ['USA'], 'critical'));
    expect(t3.sanctioned_50_percent_rule).toEqual(t(60, ['GBR'], 'critical'));
    expect(t3.uk_50_percent_rule).toEqual(t(60, ['GBR'], 'critical'));
    expect(t3.ofac_50_percent_rule).toEqual(t(60, ['USA'], 'critical'));
  });

  test('ownership paths are bounded at 4 hops; former facts do not count', async () => {
    const chain = (prefix: string, hops: number) => {
      const ids = Array.from({ length: hops + 1 }, (_, i) => `${prefix}${i}`);
      return [
        ...ids.map((id, i) => entity(id, i === hops ? [OFAC] : [])),
        ...ids.slice(0, -1).map((id, i) => fact('has_owner', id, ids[i + 1])),
      ];
    };
    await h.ingest(writeNdjson('depth.ndjson', [
      source, ...chain('four-', 4), ...chain('five-', 5),
      entity('t6'), entity('s6', [OFAC]), fact('has_shareholder', 't6', 's6', 90, '2020-01-01'),
    ]));
    await scorer.score(await allIds());
    expect(await derivedNames('four-0')).toEqual(['owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity']);
    expect(await derivedNames('five-0')).toEqual([]);
    expect(await derivedNames('five-1')).toEqual(['owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity']);
    // Shares unknown: no 50% rule.
    expect(await derivedNames('five-4')).toEqual(['owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity', 'sanctioned_adjacent']);
    // The sanctioned top of the chain: nothing it owns is sanctioned, so only its direct factor.
    expect(await derivedNames('five-5')).toEqual(['sanctioned_usa_ofac_sdn']);
    expect(await derivedNames('t6')).toEqual([]);
  });

  test('owner_of, one-hop pep / soe / sanctions adjacency, and psa factors', async () => {
    await h.ingest(writeNdjson('adjacent.ndjson', [
      source, entity('o7'), entity('c7', [{ factor: 'sanctioned_un_sc', country: ['XXX'] }]), entity('p7', [{ factor: 'pep', country: ['GBR'] }], 'person'),
      entity('g7', [{ factor: 'state_owned_rus', country: ['RUS'] }]), entity('q7', [{ factor: 'reputational_risk_terrorism', country: ['SYR'] }]),
      fact('has_shareholder', 'c7', 'o7', 51), fact('has_director', 'o7', 'p7'), fact('linked_to', 'o7', 'g7'), sameAs('o7', 'q7'),
      // a former director is not adjacent
      entity('p8', [{ factor: 'pep', country: ['FRA'] }], 'person'), fact('has_director', 'o7', 'p8', undefined, '2019-05'),
    ]));
    await scorer.score(await allIds());
    expect((await riskOf('o7')).risk).toEqual({
      owner_of_sanctioned_entity: t(1, ['XXX'], 'elevated'),
      owner_of_sanctioned_un_sc_entity: t(1, ['XXX'], 'elevated'),
      sanctioned_adjacent: t(1, ['XXX'], 'high'),
      pep_adjacent: t(1, ['GBR'], 'elevated'),
      soe_adjacent: t(1, ['RUS'], 'elevated'),
      psa_reputational_risk_terrorism: t(1, ['SYR'], 'high'),
    });
    // The sanctioned company is owned by o7, which is not sanctioned: nothing derived.
    expect(await derivedNames('c7')).toEqual(['sanctioned_un_sc']);
    // q7, possibly the same as o7, carries what o7 derives (o7 has no direct factor).
    expect(await derivedNames('q7')).toEqual([
      'psa_owner_of_sanctioned_entity', 'psa_owner_of_sanctioned_un_sc_entity', 'psa_pep_adjacent', 'psa_sanctioned_adjacent',
      'psa_soe_adjacent', 'reputational_risk_terrorism',
    ]);
  });

  test('families beyond sanctions: state ownership, export controls, forced labour, each over the graph', async () => {
    // m9 is owned 60% by a state-owned holding h9, which h9's own owner, the military-civil fusion
    // entity f9, holds 100% of; m9 owns w9 (a WRO entity) through d9; x9, which ships to it, is on the BIS
    // MEU list. None of them is sanctioned or a PEP, which the worker's reads looked for alone before.
    await h.ingest(writeNdjson('families.ndjson', [
      source, entity('m9'), entity('h9', [{ factor: 'state_owned', country: ['CHN'] }]),
      entity('f9', [{ factor: 'military_civil_fusion', country: ['CHN'] }]), entity('d9'), entity('w9', [{ factor: 'wro_entity', country: ['USA'] }]),
      entity('x9', [{ factor: 'export_controls_bis_meu', country: ['USA'] }]), entity('o9', [{ factor: 'forced_labor_xinjiang_origin_direct', country: ['CHN'] }]),
      fact('has_shareholder', 'm9', 'h9', 60), fact('has_shareholder', 'h9', 'f9', 100),
      fact('shareholder_of', 'm9', 'd9', 100), fact('has_subsidiary', 'd9', 'w9'),
      fact('receives_from', 'm9', 'x9'), fact('linked_to', 'm9', 'o9'),
    ]));
    await scorer.score(await allIds());
    expect((await riskOf('m9')).risk).toEqual({
      export_controls_adjacent: t(1, ['USA'], 'elevated'),
      military_civil_fusion_50_percent_rule: t(60, ['CHN'], 'critical'),
      owned_by_military_civil_fusion: t(1, ['CHN'], 'elevated'),
      owned_by_soe: t(1, ['CHN'], 'elevated'),
      owner_of_wro_entity: t(1, ['USA'], 'elevated'),
      soe_adjacent: t(1, ['CHN'], 'elevated'),
    });
    // The traversal risk filter sees the derived names: m9 is a forced-labour risk only as owner_of_wro_entity.
    const found = await h.json('/v1/traversal/x9?risk_categories=forced_labor&max_depth=1');
    expect(found.status).toBe(200);
    expect(found.body.data.map((d: { target: { id: string } }) => d.target.id)).toEqual(['m9']);
  });

  test('psa_ factors carry what a possibly-same-as entity derives from its own neighbourhood', async () => {
    // x10 is possibly the same as y10, which has no direct risk but is wholly owned by the listed s10.
    await h.ingest(writeNdjson('psa-derived.ndjson', [
      source, entity('x10'), entity('y10'), entity('s10', [{ factor: 'sanctioned_un_sc', country: ['XXX'] }]), entity('z10', [{ factor: 'pep', country: ['GBR'] }], 'person'),
      fact('has_shareholder', 'y10', 's10', 100), sameAs('x10', 'y10'), sameAs('x10', 'z10'),
    ]));
    await scorer.score(await allIds());
    expect(await derivedNames('x10')).toEqual([
      'psa_owned_by_sanctioned_entity', 'psa_owned_by_sanctioned_un_sc_entity', 'psa_pep', 'psa_sanctioned_50_percent_rule',
      'psa_sanctioned_adjacent', 'psa_sanctioned_un_sc_50_percent_rule',
    ]);
    expect((await riskOf('x10')).risk.psa_sanctioned_50_percent_rule).toEqual(t(100, ['XXX'], 'critical'));
    // y10 gets psa_ of x10's direct factors only (none): a link of links is no evidence, so no psa_psa_pep.
    expect((await derivedNames('y10')).filter((n) => n.startsWith('psa_'))).toEqual([]);

    // Delisting s10 re-scores x10 too: it is in the job's neighbourhood through y10.
    await h.ingest(writeNdjson('psa-delist.ndjson', [source, entity('s10')]));
    expect(await scorer.neighbourhood(['s10'])).toEqual(['s10', 'x10', 'y10']);
    await scorer.process(['s10'], 'ingest');
    expect(await derivedNames('x10')).toEqual(['psa_pep']);
  });

  test('scoring again changes nothing; re-ingest keeps the derived risk visible, and scoring it again writes no new state', async () => {
    const lines = [source, entity('t1'), entity('s1', [OFAC]), fact('has_shareholder', 't1', 's1', 70)];
    await h.ingest(writeNdjson('again.ndjson', lines));
    expect((await scorer.score(await allIds())).written).toBe(2);
    const scored = await derivedNames('t1');
    expect(scored).toEqual([
      'ofac_50_percent_rule', 'owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity',
      'sanctioned_50_percent_rule', 'sanctioned_adjacent', 'sanctioned_usa_ofac_sdn_50_percent_rule',
    ]);
    const version = async () => (await h.graph.read('MATCH (s:RiskState {entity_id: "t1"}) RETURN s.version AS v'))[0].get('v');
    const first = await version();
    expect(await scorer.score(await allIds())).toMatchObject({ scored: 2, written: 0, changed: 0 });
    expect(await version()).toBe(first);
    // Ingest carries direct factors only, and keeps the worker's last derived factors until it
    // re-scores (keepDerivedRisk in src/ingest/ingest.ts): the visible risk is not reset.
    await h.ingest(writeNdjson('again.ndjson', [source, entity('t1')]));
    const visible = await riskOf('t1');
    expect(Object.keys(visible.risk).sort()).toEqual(scored);
    expect(visible.factors).toEqual(scored);
    const before = await version();
    expect(before).toBe(first);
    // Nothing it derives from changed: scoring it again writes nothing and keeps the state's version.
    expect(await scorer.score(['t1'])).toMatchObject({ scored: 1, written: 0, changed: 0, notifications: 0 });
    expect(await derivedNames('t1')).toEqual(scored);
    expect(await version()).toBe(before);
    expect(await feedKeys()).toEqual([]);
  });

  test('the feed receives one notification per saved entity whose risk set changed, and nothing for the others', async () => {
    await h.ingest(writeNdjson('feed-base.ndjson', [source, entity('f1'), entity('f2'), entity('owner'), fact('has_shareholder', 'f1', 'owner', 60), fact('has_shareholder', 'f2', 'owner', 60)]));
    expect((await scorer.score(await allIds())).notifications).toBe(0);
    // Only f1 is saved in a project; f2 changes the same way but is in none.
    const { projectId, resources } = await saveEntities(h, ['f1']);
    await h.ingest(writeNdjson('feed-sanction.ndjson', [source, entity('owner', [OFAC])]));
    expect(await scorer.process(['owner'], 'ingest')).toMatchObject({ changed: 3, notifications: 1 });
    const { total, data } = await feed.page(projectId, 0, 10);
    expect(total).toBe(1);
    const date = data[0].risk_notifications.date;
    const added = ['ofac_50_percent_rule', 'owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity', 'sanctioned_50_percent_rule', 'sanctioned_adjacent', 'sanctioned_usa_ofac_sdn_50_percent_rule'];
    expect(data).toEqual([{
      resource_id: resources.get('f1'),
      entity_id: 'f1',
      notifications: added.map((field) => ({ type: 'risk', field, values: [], date })),
      risk_notifications: { added, removed: [], date },
    }]);
    expect(await feedKeys()).toEqual([`notifications:project:${encodeURIComponent(projectId)}`, `notifications:project:${encodeURIComponent(projectId)}:items`].sort());
    // Scoring again: no change, nothing more delivered.
    expect(await scorer.process(['owner'], 'ingest')).toMatchObject({ changed: 0, notifications: 0 });
    expect(await feed.count(projectId)).toBe(1);
  });

  test('the neighbourhood of a change: one hop, four ownership hops up and down, and their possibly-same-as entities', async () => {
    const ids = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5'];
    await h.ingest(writeNdjson('hood.ndjson', [
      source, ...ids.map((id) => entity(id)), entity('friend'), entity('far-friend'), entity('twin'),
      // d0 <- d1 <- ... <- d5 : each owns the previous one
      ...ids.slice(0, -1).map((id, i) => fact('has_shareholder', id, ids[i + 1], 100)),
      fact('linked_to', 'd2', 'friend'), fact('linked_to', 'friend', 'far-friend'), sameAs('d2', 'twin'),
      fact('linked_to', 'd2', 'old-friend', undefined, '2001'), entity('old-friend'),
      entity('d4-twin'), sameAs('d4', 'd4-twin'), entity('friend-twin'), sameAs('far-friend', 'friend-twin'),
    ]));
    // From d2: owned (down) d1, d0; owners (up) d3, d4, d5; one hop: friend, twin, d1, d3; and the
    // possibly-same-as entities of those: d4-twin (its psa_owner_of_* follow d4's), not friend-twin.
    expect(await scorer.neighbourhood(['d2'])).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd4-twin', 'd5', 'friend', 'twin']);
    // A job of ingested ids scores their neighbourhood; a `rescore --all` job only its own ids.
    expect((await scorer.process(['d2'], 'ingest')).scored).toBe(9);
    expect((await scorer.process(['d2'], FULL_RESCORE_REASON)).scored).toBe(1);
  });
});
