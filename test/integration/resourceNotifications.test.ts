/**
 * Notifications of one saved resource and of one graph entity (the published client's
 * resourceNotifications, deleteResourceNotifications, deleteEntityNotifications), fed by a
 * running `graph-api worker`: an owner becoming sanctioned notifies the saved entity; the
 * resource route lists it per field, the deletes remove it from the project's list too, bad
 * input is a 400 naming the parameter, and another org sees a 404.
 */
import { Harness, callAs, writeNdjson } from '../support/harness';
import { ingestAndQueue, saveEntities, useHarnessWithWorker, waitForIdle } from '../support/worker';
import { OFAC, entity, fact, source } from '../support/workerFixtures';
import { onBackend } from '../support/redisCluster';

let h: Harness;
useHarnessWithWorker((harness) => {
  h = harness;
});

const base = [source, entity('rn-a'), entity('rn-b'), entity('rn-owner'), fact('has_shareholder', 'rn-a', 'rn-owner', 60), fact('has_shareholder', 'rn-b', 'rn-owner', 60)];
const del = (path: string) => h.json(path, { method: 'DELETE' });

describe(onBackend('resource and entity notifications'), () => {
  let projectId: string;
  let resA: string;
  let resB: string;
  let otherProject: string;
  let sharedResource: string;
  const olga = () => callAs(h, 'olga', 'org-rn');
  const vic = () => callAs(h, 'vic', 'org-rn');

  beforeAll(async () => {
    await ingestAndQueue(h, writeNdjson('rn-base.ndjson', base));
    await waitForIdle(h);
    const saved = await saveEntities(h, ['rn-a', 'rn-b'], 'resource notifications');
    projectId = saved.projectId;
    resA = saved.resources.get('rn-a')!;
    resB = saved.resources.get('rn-b')!;
    otherProject = (await saveEntities(h, ['rn-b'], 'second project')).projectId;
    // A project of org-rn shared with its members as viewers, holding rn-a too.
    const shared = (await olga()('POST', '/v1/projects', { label: 'shared as viewer', share: { org: 'viewer' } })).body.data.id;
    sharedResource = (await olga()('POST', `/v1/projects/${shared}/entities/create`, { entity_ids: ['rn-a'] })).body.data.id;
    await ingestAndQueue(h, writeNdjson('rn-sanction.ndjson', [source, entity('rn-owner', [OFAC])]));
    await waitForIdle(h);
  });

  test('GET lists the resource notifications one per field, in the client shape; paging', async () => {
    const res = await h.json(`/v1/notifications/resources/${resA}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ offset: 0, limit: 100, next: false });
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const n of res.body.data) {
      expect(n).toEqual({ saved_resource_id: resA, project_id: projectId, entity_id: 'rn-a', type: 'risk', field: expect.any(String), value: expect.anything(), date: expect.any(String) });
      expect(['string', 'number', 'boolean']).toContain(typeof n.value);
    }
    expect(res.body.data.map((n: { field: string }) => n.field)).toContain('owned_by_sanctioned_usa_ofac_sdn_entity');
    if (res.body.data.length > 1) {
      const first = await h.json(`/v1/notifications/resources/${resA}?limit=1`);
      expect(first.body).toMatchObject({ limit: 1, next: true, data: [res.body.data[0]] });
      expect((await h.json(`/v1/notifications/resources/${resA}?limit=1&offset=1`)).body.data).toEqual([res.body.data[1]]);
    }
  });

  test('bad input is a 400 naming the parameter; another org gets 404 and deletes nothing', async () => {
    for (const [qs, param] of [['?limit=0', 'limit'], ['?limit=abc', 'limit'], ['?offset=-1', 'offset'], ['?colour=red', 'colour']]) {
      const res = await h.json(`/v1/notifications/resources/${resA}${qs}`);
      expect({ qs, status: res.status }).toEqual({ qs, status: 400 });
      expect(JSON.stringify(res.body)).toContain(param);
    }
    const mallory = callAs(h, 'mallory', 'org-elsewhere');
    expect((await mallory('GET', `/v1/notifications/resources/${resA}`)).status).toBe(404);
    expect((await mallory('DELETE', `/v1/notifications/resources/${resA}`)).status).toBe(404);
    expect((await mallory('DELETE', '/v1/notifications/entity/rn-a')).status).toBe(404);
    expect((await h.json('/v1/notifications/resources/no-such-resource')).status).toBe(404);
    expect((await del('/v1/notifications/entity/no-such-entity')).status).toBe(404);
    expect((await h.json(`/v1/notifications/resources/${resA}`)).body.data.length).toBeGreaterThan(0);
  });

  test('a viewer of a shared project reads its resource notifications but may not delete them (403)', async () => {
    const read = await vic()('GET', `/v1/notifications/resources/${sharedResource}`);
    expect(read.status).toBe(200);
    expect(read.body.data.length).toBeGreaterThan(0);
    expect((await vic()('DELETE', `/v1/notifications/resources/${sharedResource}`)).status).toBe(403);
    expect((await vic()('DELETE', '/v1/notifications/entity/rn-a')).status).toBe(403);
    expect((await vic()('GET', `/v1/notifications/resources/${sharedResource}`)).body.data).toEqual(read.body.data);
    // The owner may; only the shared project's notifications of rn-a go.
    expect((await olga()('DELETE', '/v1/notifications/entity/rn-a')).status).toBe(204);
    expect((await vic()('GET', `/v1/notifications/resources/${sharedResource}`)).body.data).toEqual([]);
    expect((await h.json(`/v1/notifications/resources/${resA}`)).body.data.length).toBeGreaterThan(0);
  });

  test('DELETE of a resource removes its notifications from the project list too, and only its own', async () => {
    expect((await del(`/v1/notifications/resources/${resA}`)).status).toBe(204);
    expect((await h.json(`/v1/notifications/resources/${resA}`)).body).toEqual({ offset: 0, limit: 100, next: false, data: [] });
    const project = (await h.json(`/v1/notifications/projects/${projectId}`)).body.data;
    expect(project.map((d: { resource_id: string }) => d.resource_id)).toEqual([resB]);
    expect((await h.json(`/v1/notifications/resources/${resB}`)).body.data.length).toBeGreaterThan(0);
  });

  test('DELETE of an entity removes its notifications in every project where it is saved', async () => {
    expect((await h.json(`/v1/notifications/projects/${otherProject}`)).body.data.length).toBe(1);
    expect((await del('/v1/notifications/entity/rn-b')).status).toBe(204);
    expect((await h.json(`/v1/notifications/resources/${resB}`)).body.data).toEqual([]);
    expect((await h.json(`/v1/notifications/projects/${projectId}`)).body.data).toEqual([]);
    expect((await h.json(`/v1/notifications/projects/${otherProject}`)).body.data).toEqual([]);
    await h.flushFeeds();
    const history = await h.json('/v1/history?size=100');
    const deletions = history.body.events.filter((e: { event: string }) => e.event === 'notifications.deleted');
    expect(deletions.length).toBeGreaterThanOrEqual(3);
  });
});
