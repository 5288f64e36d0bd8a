/**
 * Risk changes end to end with a running `graph-api worker`: an ingest that makes a saved
 * entity owned by a sanctioned entity shows as risk factors added to its project entity, by
 * date (GET /v1/projects/{id}/entities/changes/risk and the per-entity route); filters,
 * deletion that stays, and org isolation.
 */
import { Harness, callAs, writeNdjson } from '../support/harness';
import { ingestAndQueue, saveEntities, useHarnessWithWorker, waitForIdle } from '../support/worker';
import { OFAC, entity, fact, source } from '../support/workerFixtures';

let h: Harness;
useHarnessWithWorker((harness) => {
  h = harness;
});

const base = [source, entity('rc-target'), entity('rc-owner'), entity('rc-bystander'), fact('has_shareholder', 'rc-target', 'rc-owner', 60)];
const changes = (projectId: string, qs = '') => h.json(`/v1/projects/${projectId}/entities/changes/risk${qs}`);

describe('risk changes from the re-scoring worker', () => {
  let projectId: string;
  let target: string;
  let bystander: string;

  beforeAll(async () => {
    await ingestAndQueue(h, writeNdjson('rc-base.ndjson', base));
    await waitForIdle(h);
    const saved = await saveEntities(h, ['rc-target', 'rc-bystander'], 'risk changes');
    projectId = saved.projectId;
    target = saved.resources.get('rc-target')!;
    bystander = saved.resources.get('rc-bystander')!;
    await ingestAndQueue(h, writeNdjson('rc-sanction.ndjson', [source, entity('rc-owner', [OFAC])]));
    await waitForIdle(h);
  });

  test('the owner becoming sanctioned adds owned_by_sanctioned factors to the saved entity, with its date', async () => {
    const res = await changes(projectId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ filters: {}, limit: 100, data: { project_id: projectId } });
    const [change, ...others] = res.body.data.risk_changes;
    expect(others).toEqual([]);
    expect(change.project_entity_id).toBe(target);
    const factors = change.risk_factors.map((f: { id: string }) => f.id);
    expect(factors).toContain('owned_by_sanctioned_usa_ofac_sdn_entity');
    for (const f of change.risk_factors) {
      expect(f).toEqual({ id: expect.any(String), timestamp: expect.any(String), change_type: 'added' });
      expect(Date.now() - Date.parse(f.timestamp)).toBeLessThan(300_000);
    }
    // What the entity shows now agrees.
    const entityRisk = Object.keys((await h.json('/v1/entity/rc-target')).body.risk);
    for (const f of factors) expect(entityRisk).toContain(f);
    // The per-entity route: the same factors; the bystander has none.
    const one = await h.json(`/v1/projects/${projectId}/entities/${target}/changes/risk?sort[date]=asc`);
    expect(one.body.data).toEqual({ project_id: projectId, project_entity_id: target, risk_factors: expect.any(Array) });
    expect(one.body.data.risk_factors.map((f: { id: string }) => f.id).sort()).toEqual([...factors].sort());
    expect((await h.json(`/v1/projects/${projectId}/entities/${bystander}/changes/risk`)).body.data.risk_factors).toEqual([]);
  });

  test('filters by risk factor, category and date; paging; 400 naming the parameter', async () => {
    const byFactor = await changes(projectId, '?filter[risk_factor]=owned_by_sanctioned_usa_ofac_sdn_entity');
    expect(byFactor.body.data.risk_changes[0].risk_factors.map((f: { id: string }) => f.id)).toEqual(['owned_by_sanctioned_usa_ofac_sdn_entity']);
    expect(byFactor.body.filters).toEqual({ risk_factor: ['owned_by_sanctioned_usa_ofac_sdn_entity'] });
    expect((await changes(projectId, '?filter[risk_category]=pep')).body.data.risk_changes).toEqual([]);
    expect((await changes(projectId, '?filter_to=2000-01-01')).body.data.risk_changes).toEqual([]);
    const first = await changes(projectId, '?limit=1');
    expect(first.body.data.risk_changes[0].risk_factors).toHaveLength(1);
    const second = await changes(projectId, `?limit=1&next=${first.body.next}`);
    expect(second.body.data.risk_changes[0].risk_factors[0]).not.toEqual(first.body.data.risk_changes[0].risk_factors[0]);
    for (const [qs, param] of [['?sort[date]=up', 'sort_date'], ['?filter[from]=yesterday', 'filter_from'], ['?filter[risk_factor]=nope', 'filter_risk_factor'], ['?filter[colour]=red', 'filter[colour]']]) {
      const res = await changes(projectId, qs);
      expect(res.status).toBe(400);
      expect(res.body.message.join(' ')).toContain(param);
    }
  });

  test('the risk summary shows the factor with the ownership path the graph has', async () => {
    const res = await h.json(`/v1/projects/${projectId}/entities/${target}/risk_summary?filter[risk_category]=sanctions`);
    expect(res.status).toBe(200);
    expect(res.body.filters).toEqual({ risk_category: ['sanctions'] });
    expect(res.body.data).toMatchObject({ project_id: projectId, project_entity_id: target });
    const owned = res.body.data.risk_factors.find((f: { id: string }) => f.id === 'owned_by_sanctioned_usa_ofac_sdn_entity');
    expect(owned).toMatchObject({ level: 'critical', source_entity_ids: ['rc-target'], risk_categories: [{ id: 'sanctions' }] });
    // The graph: rc-target <-60%- rc-owner (OFAC-listed), one step.
    expect(owned.network_paths).toEqual([[expect.objectContaining({
      sayari_entity_id: 'rc-owner', sayari_entity_label: 'RC-OWNER', former: false, relationship_status: 'active', shares: { percentage: 60 },
    })]]);
    expect(owned.network_paths[0][0].relationship_type).toMatch(/shareholder/);
    // Every factor is in the sanctions category; a factor filter narrows to one.
    const narrowed = await h.json(`/v1/projects/${projectId}/entities/${target}/risk_summary?filter[risk_factor]=owned_by_sanctioned_usa_ofac_sdn_entity`);
    expect(narrowed.body.data.risk_factors.map((f: { id: string }) => f.id)).toEqual(['owned_by_sanctioned_usa_ofac_sdn_entity']);
    const bad = await h.json(`/v1/projects/${projectId}/entities/${target}/risk_summary?filter[risk_factor]=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.message.join(' ')).toContain('filter.risk_factor');
    expect((await callAs(h, 'rc-outsider', 'rc-other-org')('GET', `/v1/projects/${projectId}/entities/${target}/risk_summary`)).status).toBe(404);
  });

  test('another org sees a 404; a deleted change is not shown again', async () => {
    const outsider = callAs(h, 'rc-outsider', 'rc-other-org');
    expect((await outsider('GET', `/v1/projects/${projectId}/entities/changes/risk`)).status).toBe(404);
    expect((await outsider('DELETE', `/v1/projects/${projectId}/entities/${target}/changes/risk`)).status).toBe(404);
    const before = (await changes(projectId)).body.data.risk_changes[0].risk_factors.length;
    const del = await h.json(`/v1/projects/${projectId}/entities/${target}/changes/risk?filter[risk_factor]=owned_by_sanctioned_usa_ofac_sdn_entity`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ data: { deleted: 1 } });
    const after = (await changes(projectId)).body.data.risk_changes[0].risk_factors;
    expect(after).toHaveLength(before - 1);
    expect(after.map((f: { id: string }) => f.id)).not.toContain('owned_by_sanctioned_usa_ofac_sdn_entity');
  });
});
