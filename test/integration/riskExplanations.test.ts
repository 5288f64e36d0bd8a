/**
 * Explanations of derived risk factors: what the scorer stores beside each derived factor, as
 * the entity read shows it (GET /v1/entity/{id}, /v1/entity_summary/{id}) and as the project
 * entity's risk summary turns it into network paths. On small fixtures and on the sample graph
 * (seed/README.md), each checked against the facts in the graph.
 */
import { createHash } from 'node:crypto';
import { NotificationFeed } from '../../src/feeds/notifications';
import { cypher } from '../../src/graph/cypherFiles';
import { RiskScorer, type Explanation, type PathStep } from '../../src/services/risk';
import { Harness, SAMPLE, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { saveEntities } from '../support/worker';
import { entity, fact, sameAs, source } from '../support/workerFixtures';

let h: Harness;
let scorer: RiskScorer;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const allIds = async () => (await h.graph.read('MATCH (e:Entity) RETURN e.id AS id')).map((r) => r.get('id') as string);
const risk = async (id: string) => (await h.json(`/v1/entity/${id}`)).body.risk as Record<string, { value: number; explanation?: Explanation }>;
const ids = (path: PathStep[]) => path.map((s) => s.entity.id);
/** The product of a path's shares, in percent. */
const product = (path: PathStep[]) => path.reduce((p, s) => p * (s.shares ?? 0) / 100, 1) * 100;

/** Every step of `path` from `root` is a current fact of its type in the graph, with its share. */
async function expectPathInGraph(root: string, path: PathStep[]) {
  let from = root;
  for (const step of path) {
    const rows = await h.graph.read(
      'MATCH (a:Entity {id: $from})-[r]->(b:Entity {id: $to}) WHERE toLower(type(r)) = $type RETURN r.percentage AS pct, r.to_date AS to, b.label AS label',
      { from, to: step.entity.id, type: step.relationship },
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].get('label')).toBe(step.entity.label);
    if (step.shares !== null) expect(Math.max(...rows.map((r) => (r.get('pct') as number | null) ?? 0))).toBe(step.shares);
    expect(step.former).toBe(false);
    from = step.entity.id;
  }
}

const OFAC = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };
const OFSI = { factor: 'sanctioned_gbr_hmt_ofsi', country: ['GBR'] };

describe('explanations on small fixtures', () => {
  beforeAll(async () => {
    await wipeGraph(h.graph);
    await h.redis.flushdb();
    scorer = new RiskScorer(h.graph, new NotificationFeed(h.redis));
    await h.ingest(writeNdjson('explain.ndjson', [
      source,
      // A chain: t1 <-70%- a1 <-80%- s1 (OFAC).
      entity('t1'), entity('a1'), entity('s1', [OFAC], 'person'),
      fact('has_shareholder', 't1', 'a1', 70), fact('has_shareholder', 'a1', 's1', 80),
      // Two OFSI owners over three paths: s2a 30% + 20% (through x3), s2b 40% x 50%.
      entity('t2'), entity('x2'), entity('x3'), entity('s2a', [OFSI]), entity('s2b', [OFSI]),
      fact('has_shareholder', 't2', 's2a', 30), fact('has_shareholder', 't2', 'x2', 40), fact('has_shareholder', 'x2', 's2b', 50),
      fact('has_shareholder', 't2', 'x3', 20), fact('has_shareholder', 'x3', 's2a', 100),
      // A director who is a PEP, with dates.
      entity('d1'), entity('pep1', [{ factor: 'pep', country: ['GBR'] }], 'person'),
      { ...fact('has_director', 'd1', 'pep1'), from_date: '2019-01-01' },
      // Possibly the same as t1.
      entity('ps1'), sameAs('ps1', 't1'),
    ]));
    await scorer.score(await allIds());
  });

  test('owned_by_sanctioned_* names the sanctioned owner and the chain the graph has', async () => {
    const r = await risk('t1');
    const owned = r.owned_by_sanctioned_usa_ofac_sdn_entity.explanation!;
    expect(owned).toEqual({
      source_entities: [{ id: 's1', label: 'S1' }],
      source_entity_count: 1,
      paths: [[
        { entity: { id: 'a1', label: 'A1' }, relationship: 'has_shareholder', shares: 70, former: false },
        { entity: { id: 's1', label: 'S1' }, relationship: 'has_shareholder', shares: 80, former: false },
      ]],
    });
    await expectPathInGraph('t1', owned.paths[0]);
    // The union family names the same owner; the owner's own factor has no explanation.
    expect(r.owned_by_sanctioned_entity.explanation!.source_entities).toEqual([{ id: 's1', label: 'S1' }]);
    expect((await risk('s1')).sanctioned_usa_ofac_sdn.explanation).toBeUndefined();
    // Downward: the owner of a sanctioned entity (a1) names it.
    expect((await risk('a1')).sanctioned_adjacent.explanation!.paths).toEqual([[
      { entity: { id: 's1', label: 'S1' }, relationship: 'has_shareholder', shares: 80, former: false },
    ]]);
  });

  test('a 50% rule names the owners, their effective shares and an aggregate equal to the sum of products', async () => {
    const r = await risk('t2');
    const rule = r.sanctioned_gbr_hmt_ofsi_50_percent_rule;
    expect(rule.value).toBe(70);
    const e = rule.explanation!;
    expect(e.owners).toEqual([
      { id: 's2a', label: 'S2A', effective_shares: 50 },
      { id: 's2b', label: 'S2B', effective_shares: 20 },
    ]);
    expect(e.aggregate_shares).toBe(70);
    expect(e.source_entities.map((s) => s.id)).toEqual(['s2a', 's2b']);
    // Every contributing path, largest first; their products add up to the aggregate.
    expect(e.paths.map(ids)).toEqual([['s2a'], ['x2', 's2b'], ['x3', 's2a']]);
    expect(e.paths.map(product).reduce((a, b) => a + b, 0)).toBeCloseTo(e.aggregate_shares!, 6);
    expect(e.owners!.reduce((a, o) => a + o.effective_shares, 0)).toBeCloseTo(e.aggregate_shares!, 6);
    for (const path of e.paths) await expectPathInGraph('t2', path);
    // The chain of t1: one owner, 70% x 80%.
    const chain = (await risk('t1')).ofac_50_percent_rule.explanation!;
    expect(chain).toMatchObject({ owners: [{ id: 's1', effective_shares: 56 }], aggregate_shares: 56 });
  });

  test('*_adjacent names the neighbour and the fact that joins them', async () => {
    const adjacent = (await risk('d1')).pep_adjacent.explanation!;
    expect(adjacent).toEqual({
      source_entities: [{ id: 'pep1', label: 'PEP1' }],
      source_entity_count: 1,
      paths: [[{ entity: { id: 'pep1', label: 'PEP1' }, relationship: 'has_director', shares: null, from_date: '2019-01-01', former: false }]],
    });
    await expectPathInGraph('d1', adjacent.paths[0]);
  });

  test('psa_* names the possibly-same-as entity, followed by its own path', async () => {
    const psa = (await risk('ps1')).psa_owned_by_sanctioned_usa_ofac_sdn_entity.explanation!;
    expect(psa.source_entities).toEqual([{ id: 't1', label: 'T1' }]);
    expect(psa.paths.map(ids)).toEqual([['t1', 'a1', 's1']]);
    expect(psa.paths[0][0]).toMatchObject({ relationship: 'possibly_same_as', shares: null });
    const psaRule = (await risk('ps1')).psa_ofac_50_percent_rule.explanation!;
    expect(psaRule).toMatchObject({ owners: [{ id: 's1', effective_shares: 56 }], aggregate_shares: 56 });
  });

  test('entity_summary shows them; traversal and relationship entities and the legacy entity do not', async () => {
    const summary = (await h.json('/v1/entity_summary/t1')).body;
    expect(summary.risk.owned_by_sanctioned_entity.explanation.source_entities).toEqual([{ id: 's1', label: 'S1' }]);
    const related = (await h.json('/v1/entity/a1')).body.relationships.data.find((i: { target: { id: string } }) => i.target.id === 't1');
    expect(related.target.risk.owned_by_sanctioned_entity).toEqual({ value: 1, metadata: { country: ['USA'] }, level: 'critical' });
    expect((await h.json('/entity/t1')).body.risk).toBeUndefined();
  });

  test('scoring again writes nothing; re-ingesting an entity keeps its explanations until the next scoring', async () => {
    expect((await scorer.score(await allIds())).written).toBe(0);
    const before = await risk('t1');
    await h.ingest(writeNdjson('explain-again.ndjson', [source, entity('t1')]));
    expect(await risk('t1')).toEqual(before);
    expect((await scorer.score(await allIds())).written).toBe(0);
  });

  test('the state keeps the hash of its explanation and the entity its text with the hash; a missing hash is made up from the text', async () => {
    const state = async (id: string) => (await h.graph.read(
      `MATCH (s:RiskState {entity_id: $id}) MATCH (e:Entity {id: $id})
       RETURN s.explanation AS text, s.explanation_hash AS hash, s.version AS version, e.risk_explanation AS shown, e.risk_explanation_hash AS shownHash`,
      { id },
    ))[0].toObject() as { text: string | null; hash: string | null; version: number; shown: string; shownHash: string | null };
    const sha = (text: string) => createHash('sha256').update(text).digest('base64url');
    const kept = await state('t1');
    expect(kept.text).toBeNull();
    expect(kept.hash).toBe(sha(kept.shown));
    expect(kept.shownHash).toBe(kept.hash);

    // As an older build wrote it: the text on the state, no hashes. The same explanation: nothing to write.
    await h.graph.write('MATCH (s:RiskState {entity_id: $id}) MATCH (e:Entity {id: $id}) SET s.explanation = e.risk_explanation REMOVE s.explanation_hash, e.risk_explanation_hash', { id: 't1' });
    expect((await scorer.score(['t1'])).written).toBe(0);
    // A stale text on such a state (what an older view wrote): written again, the text replaced by the hash, the version kept.
    await h.graph.write('MATCH (s:RiskState {entity_id: $id}) SET s.explanation = $stale', { id: 't1', stale: '{}' });
    expect((await scorer.score(['t1'])).written).toBe(1);
    expect(await state('t1')).toEqual(kept);
    // What the entity shows differs from its state: repaired, though the state's hash matches,
    // whether the entity's hash says so or, without a hash, its text.
    await h.graph.write('MATCH (e:Entity {id: $id}) SET e.risk_explanation = $stale, e.risk_explanation_hash = $staleHash', { id: 't1', stale: '{}', staleHash: sha('{}') });
    expect((await scorer.score(['t1'])).written).toBe(1);
    expect(await state('t1')).toEqual(kept);
    await h.graph.write('MATCH (e:Entity {id: $id}) SET e.risk_explanation = $stale REMOVE e.risk_explanation_hash', { id: 't1', stale: '{}' });
    expect((await scorer.score(['t1'])).written).toBe(1);
    expect(await state('t1')).toEqual(kept);
    expect((await scorer.score(['t1'])).written).toBe(0);
  });

  test('re-ingesting an entity keeps the hash of the explanation it shows beside the text', async () => {
    const shown = async () => (await h.graph.read('MATCH (e:Entity {id: $id}) RETURN e.risk_explanation AS text, e.risk_explanation_hash AS hash', { id: 't1' }))[0].toObject();
    const before = await shown();
    expect(before.hash).not.toBeNull();
    await h.ingest(writeNdjson('explain-hash.ndjson', [source, entity('t1')]));
    expect(await shown()).toEqual(before);
  });

  test('a write derived from a state whose explanation has changed since is refused and derived again', async () => {
    const [row] = await h.graph.read(
      'MATCH (s:RiskState {entity_id: $id}) RETURN s.version AS version, s.hash AS hash, s.risk AS risk, s.explanation_hash AS eh', { id: 't1' },
    );
    const apply = (stateExplanationHash: string | null) => h.graph.write(cypher('risk', 'apply-scores'), {
      rows: [{
        id: 't1', version: row.get('version'), stateHash: row.get('hash'), stateRisk: row.get('risk'), stateExplanationHash, stateExplanation: null,
        hash: row.get('hash'), risk: row.get('risk'), factors: [], date: new Date().toISOString(), score: 0, notify: null, explanation: null, explanationHash: null,
      }],
    });
    expect(await apply('another')).toHaveLength(0);
    expect(await apply(null)).toHaveLength(0);
    expect((await h.graph.read('MATCH (s:RiskState {entity_id: $id}) RETURN s.explanation_hash AS eh', { id: 't1' }))[0].get('eh')).toBe(row.get('eh'));
  });

  test('the risk summary shows the same paths as the entity read', async () => {
    const { projectId, resources } = await saveEntities(h, ['t1', 't2'], 'explanations');
    for (const id of ['t1', 't2']) {
      const entityRisk = await risk(id);
      const res = await h.json(`/v1/projects/${projectId}/entities/${resources.get(id)}/risk_summary`);
      expect(res.status).toBe(200);
      const factors = res.body.data.risk_factors as { id: string; network_paths: { sayari_entity_id: string; relationship_type: string; shares?: { percentage: number } }[][] }[];
      expect(factors.map((f) => f.id).sort()).toEqual(Object.keys(entityRisk).sort());
      for (const f of factors) {
        const paths = entityRisk[f.id].explanation?.paths ?? [];
        expect(f.network_paths.map((p) => p.map((s) => [s.sayari_entity_id, s.relationship_type, s.shares?.percentage ?? null])))
          .toEqual(paths.map((p) => p.map((s) => [s.entity.id, s.relationship, s.shares])));
      }
      expect(factors.find((f) => f.id.startsWith('owned_by_') || f.id.endsWith('_50_percent_rule'))!.network_paths.length).toBeGreaterThan(0);
    }
  });
});

describe('explanations on the sample graph', () => {
  beforeAll(async () => {
    await wipeGraph(h.graph);
    await h.redis.flushdb();
    scorer = new RiskScorer(h.graph, new NotificationFeed(h.redis));
    await h.ingest(SAMPLE);
    await scorer.score(await allIds());
  });

  test('Northwind: owned by the sanctioned Viktor Antonov through Northwind Holdings and Aldgate Ventures, 60% in aggregate', async () => {
    const r = await risk('e-gb-northwind-logistics');
    const owned = r.owned_by_sanctioned_entity.explanation!;
    expect(owned.source_entities.map((s) => s.id)).toEqual(['p-viktor-antonov']);
    expect(owned.paths.map(ids)).toEqual([['e-cy-northwind-holdings', 'e-vg-aldgate-ventures', 'p-viktor-antonov']]);
    expect(owned.paths[0].map((s) => s.shares)).toEqual([100, 60, 100]);
    await expectPathInGraph('e-gb-northwind-logistics', owned.paths[0]);
    const rule = r.sanctioned_50_percent_rule;
    expect(rule.value).toBe(60);
    expect(rule.explanation).toMatchObject({ owners: [{ id: 'p-viktor-antonov', label: 'Viktor Sergeyevich ANTONOV', effective_shares: 60 }], aggregate_shares: 60 });
    expect(rule.explanation!.paths.map(product).reduce((a, b) => a + b, 0)).toBeCloseTo(60, 6);
  });

  test('Baltic Build Supplies: 51% held directly by JSC Severstroy', async () => {
    const r = await risk('e-gb-baltic-build-supplies');
    expect(r.sanctioned_50_percent_rule.explanation).toMatchObject({
      owners: [{ id: 'e-ru-severstroy', label: 'JSC SEVERSTROY', effective_shares: 51 }], aggregate_shares: 51,
      paths: [[{ entity: { id: 'e-ru-severstroy' }, relationship: 'has_shareholder', shares: 51 }]],
    });
    // Severstroy's owner Viktor Antonov (share unknown) is sanctioned too: owned_by names both.
    expect(r.owned_by_sanctioned_entity.explanation!.source_entities.map((s) => s.id)).toEqual(['e-ru-severstroy', 'p-viktor-antonov']);
    expect(r.sanctioned_adjacent.explanation!.source_entities.map((s) => s.id)).toContain('e-ru-severstroy');
  });

  test('scoring entity by entity (a read transaction each) stores the same risk and explanations as scoring the graph at once', async () => {
    const stored = async () => (await h.graph.read('MATCH (e:Entity) RETURN e.id AS id, e.risk AS risk, e.risk_explanation AS explanation ORDER BY id'))
      .map((r) => [r.get('id'), r.get('risk'), r.get('explanation')]);
    const atOnce = await stored();
    expect(atOnce.filter(([, , explanation]) => explanation !== null).length).toBeGreaterThan(10);
    await h.graph.write('MATCH (s:RiskState) DETACH DELETE s');
    await h.graph.write('MATCH (e:Entity) REMOVE e.risk_explanation');
    const single = new RiskScorer(h.graph, new NotificationFeed(h.redis), { chunkSize: 1, groupSize: 1, parallel: 1 });
    const stats = await single.score(await allIds());
    expect(stats.written).toBe(stats.scored);
    expect(await stored()).toEqual(atOnce);
  });

  test('every stored explanation names only entities and facts that exist', async () => {
    const rows = await h.graph.read('MATCH (e:Entity) WHERE e.risk_explanation IS NOT NULL RETURN e.id AS id');
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows.slice(0, 40)) {
      const id = row.get('id') as string;
      for (const entry of Object.values(await risk(id))) {
        for (const path of entry.explanation?.paths ?? []) {
          if (path[0].relationship !== 'possibly_same_as') await expectPathInGraph(id, path);
        }
      }
    }
  });
});
