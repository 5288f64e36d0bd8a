/**
 * End to end with the real services and a running `graph-api worker` process: ingest (which
 * queues re-scoring) -> worker derives risk -> one notification per saved project entity whose
 * risk set changed -> GET /v1/notifications/projects/{id}; then the routes' paging, validation,
 * deletion and access rules.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { hashSecret } from '../../src/services/auth';
import { QUEUE_NAMES } from '../../src/workers/queues';
import { REPO, testEnv } from '../support/env';
import { Harness, startHarness, writeNdjson } from '../support/harness';
import { WorkerProcess, ingestAndQueue, saveEntities, startWorker, waitForIdle } from '../support/worker';
import { entity, fact, source } from '../support/workerFixtures';

const run = promisify(execFile);
let h: Harness;
let worker: WorkerProcess;
const tokens: Record<string, string> = {};

const CLIENTS = [
  { client_id: 'colleague', secret: 'colleague-secret', user: 'colleague-user', org: 'dev-org' },
  { client_id: 'outsider', secret: 'outsider-secret', user: 'outsider-user', org: 'other-org' },
];

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-risk-'));
  const clientsFile = path.join(dir, 'clients.json');
  fs.writeFileSync(clientsFile, JSON.stringify(CLIENTS.map(({ secret, ...c }) => ({ ...c, secret_hash: hashSecret(secret) }))));
  h = await startHarness({ env: { AUTH_CLIENTS: clientsFile } });
  for (const c of CLIENTS) {
    const res = await fetch(`${h.baseUrl}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: c.client_id, client_secret: c.secret, audience: h.config.serviceDomain, grant_type: 'client_credentials' }),
    });
    tokens[c.client_id] = ((await res.json()) as { access_token: string }).access_token;
  }
  worker = startWorker();
});
afterAll(async () => {
  await worker?.kill();
  await h.close();
});

const as = (client: string) => ({ headers: { authorization: `Bearer ${tokens[client]}` } });
const feed = (projectId: string, query = '', init?: RequestInit) => h.json(`/v1/notifications/projects/${projectId}${query}`, init);
const level = { owned: 'critical', adjacent: 'high' };
const v = (value: unknown, country: string[], lvl: string) => ({ value, metadata: { country }, level: lvl });
/** A changed field as notified: the previous scalar in `values`, the previous entry in additional_information. */
const was = <T extends { value: unknown }>(entry: T) => ({ values: [entry.value], additional_information: { properties: [], value: entry } });

const OFAC = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };
const OFSI = { factor: 'sanctioned_gbr_hmt_ofsi', country: ['GBR'] };
// target <-60%- owner ; target <-10%- minor (OFSI). The change: the owner becomes OFAC-listed.
const base = [
  source, entity('target'), entity('owner'), entity('minor', [OFSI], 'person'), entity('bystander'),
  fact('has_shareholder', 'target', 'owner', 60), fact('has_shareholder', 'target', 'minor', 10),
];

describe('risk notifications from a running worker', () => {
  let projectId: string;
  let resourceId: string;

  test('ingesting a sanctioned owner appends exactly one notification with added fields and previous values', async () => {
    await ingestAndQueue(h, writeNdjson('base.ndjson', base));
    await waitForIdle(h);
    const saved = await saveEntities(h, ['target', 'bystander']);
    projectId = saved.projectId;
    resourceId = saved.resources.get('target')!;
    expect((await feed(projectId)).body).toEqual({ offset: 0, limit: 100, next: false, size: { count: 0, qualifier: 'eq' }, data: [] });

    await ingestAndQueue(h, writeNdjson('sanction.ndjson', [source, entity('owner', [OFAC])]));
    await waitForIdle(h);

    const { status, body } = await feed(projectId);
    expect(status).toBe(200);
    expect(body.size).toEqual({ count: 1, qualifier: 'eq' });
    expect(body.data).toHaveLength(1);
    const [n] = body.data;
    const date = n.risk_notifications.date;
    expect(Date.now() - Date.parse(date)).toBeLessThan(120_000);
    expect(n).toEqual({
      resource_id: resourceId,
      entity_id: 'target',
      notifications: [
        { type: 'risk', field: 'ofac_50_percent_rule', values: [], date },
        { type: 'risk', field: 'owned_by_sanctioned_entity', ...was(v(1, ['GBR'], level.owned)), date },
        { type: 'risk', field: 'owned_by_sanctioned_usa_ofac_sdn_entity', values: [], date },
        { type: 'risk', field: 'sanctioned_50_percent_rule', values: [], date },
        { type: 'risk', field: 'sanctioned_adjacent', ...was(v(1, ['GBR'], level.adjacent)), date },
        { type: 'risk', field: 'sanctioned_usa_ofac_sdn_50_percent_rule', values: [], date },
      ],
      risk_notifications: {
        added: ['ofac_50_percent_rule', 'owned_by_sanctioned_usa_ofac_sdn_entity', 'sanctioned_50_percent_rule', 'sanctioned_usa_ofac_sdn_50_percent_rule'],
        removed: [],
        date,
      },
    });
    // What the entity shows now.
    const target = await h.json('/v1/entity/target');
    expect(target.body.risk).toMatchObject({
      ofac_50_percent_rule: v(60, ['USA'], 'critical'),
      owned_by_sanctioned_entity: v(1, ['GBR', 'USA'], level.owned),
      sanctioned_50_percent_rule: v(70, ['GBR', 'USA'], 'critical'),
      sanctioned_usa_ofac_sdn_50_percent_rule: v(60, ['USA'], 'critical'),
    });
    expect(target.body.sanctioned).toBe(false);
  });

  test('an ingest that changes no risk (the saved entity itself re-loaded) adds no notification', async () => {
    await ingestAndQueue(h, writeNdjson('reload.ndjson', [source, entity('target'), entity('bystander')]));
    await waitForIdle(h);
    expect((await feed(projectId)).body.size.count).toBe(1);
    expect(Object.keys((await h.json('/v1/entity/target')).body.risk)).toHaveLength(7);
  });

  test('the reverse change appends a notification with the removed fields', async () => {
    await ingestAndQueue(h, writeNdjson('delist.ndjson', [source, entity('owner', [])]));
    await waitForIdle(h);
    const { body } = await feed(projectId);
    expect(body.size.count).toBe(2);
    const [latest, first] = body.data;
    expect(first.risk_notifications.added).toHaveLength(4);
    const date = latest.risk_notifications.date;
    expect(date >= first.risk_notifications.date).toBe(true);
    expect(latest).toEqual({
      resource_id: resourceId,
      entity_id: 'target',
      notifications: [
        { type: 'risk', field: 'ofac_50_percent_rule', ...was(v(60, ['USA'], 'critical')), date },
        { type: 'risk', field: 'owned_by_sanctioned_entity', ...was(v(1, ['GBR', 'USA'], level.owned)), date },
        { type: 'risk', field: 'owned_by_sanctioned_usa_ofac_sdn_entity', ...was(v(1, ['USA'], level.owned)), date },
        { type: 'risk', field: 'sanctioned_50_percent_rule', ...was(v(70, ['GBR', 'USA'], 'critical')), date },
        { type: 'risk', field: 'sanctioned_adjacent', ...was(v(1, ['GBR', 'USA'], level.adjacent)), date },
        { type: 'risk', field: 'sanctioned_usa_ofac_sdn_50_percent_rule', ...was(v(60, ['USA'], 'critical')), date },
      ],
      risk_notifications: {
        added: [],
        removed: ['ofac_50_percent_rule', 'owned_by_sanctioned_usa_ofac_sdn_entity', 'sanctioned_50_percent_rule', 'sanctioned_usa_ofac_sdn_50_percent_rule'],
        date,
      },
    });
  });

  test('paging: limit, offset, next and the size qualifier; newest first', async () => {
    const all = (await feed(projectId)).body.data;
    const first = await feed(projectId, '?limit=1&sort=-date');
    expect(first.body).toMatchObject({ next: true, size: { count: 2, qualifier: 'eq' }, limit: 1, offset: 0 });
    expect(first.body.data).toEqual([all[0]]);
    const second = await feed(projectId, '?limit=1&offset=1');
    expect(second.body).toMatchObject({ next: false, size: { count: 2, qualifier: 'eq' } });
    expect(second.body.data).toEqual([all[1]]);
    expect((await feed(projectId, '?offset=5')).body).toMatchObject({ next: false, data: [], size: { count: 2 } });
  });

  test('bad parameters are 400 naming the parameter', async () => {
    for (const [query, name] of [['?sort=date', 'sort'], ['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?offset=-1', 'offset'], ['?limt=5', 'limt']]) {
      const res = await feed(projectId, query);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.message)).toContain(name);
    }
  });

  test('access: another org gets 404 (never the data); a viewer of the org reads but may not delete', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await feed(projectId, '', { method, ...as('outsider') });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('target');
    }
    expect((await feed('no-such-project')).status).toBe(404);
    // Not shared: a colleague of the same org does not see it either.
    expect((await feed(projectId, '', as('colleague'))).status).toBe(404);

    const shared = await h.json('/v1/projects', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'shared', share: { org: 'viewer' } }),
    });
    expect(shared.status).toBe(200);
    const sharedId = shared.body.data.id;
    expect((await feed(sharedId, '', as('colleague'))).status).toBe(200);
    expect((await feed(sharedId, '', { method: 'DELETE', ...as('colleague') })).status).toBe(403);
    expect((await feed(sharedId, '', as('outsider'))).status).toBe(404);
  });

  test('`graph-api rescore --all` re-scores every entity and, nothing having changed, notifies nothing', async () => {
    const before = (await feed(projectId)).body.size.count;
    const { stderr } = await run(process.execPath, [path.join(REPO, 'dist', 'src', 'cli.js'), 'rescore', '--all'], { env: testEnv() as NodeJS.ProcessEnv });
    expect(stderr).toContain('queued re-scoring of 4 entities in 1 jobs');
    await waitForIdle(h);
    const [job] = await h.queues.queue(QUEUE_NAMES.rescore).getCompleted(0, 0);
    expect(job.data.reason).toBe('rescore-all');
    expect(job.returnvalue).toMatchObject({ requested: 4, scored: 4, written: 0, changed: 0 });
    expect((await feed(projectId)).body.size.count).toBe(before);
  });

  test('deleting a project\'s notifications empties its feed', async () => {
    const del = await h.get(`/v1/notifications/projects/${projectId}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect((await feed(projectId)).body).toMatchObject({ size: { count: 0, qualifier: 'eq' }, data: [], next: false });
    const put = await feed(projectId, '', { method: 'PUT' });
    expect(put.status).toBe(405);
  });

  test('an archived project\'s notifications are read-only like the rest of it: 409, the feed kept', async () => {
    const created = await h.json('/v1/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'to archive' }) });
    const archivedId = created.body.data.id;
    const key = `notifications:project:${encodeURIComponent(archivedId)}`;
    const date = '2026-02-03T04:05:06.000Z';
    const kept = { resource_id: 'r', entity_id: 'target', notifications: [], risk_notifications: { added: [], removed: [], date } };
    await h.redis.multi().zadd(key, Date.parse(date), 'kept-1').hset(`${key}:items`, 'kept-1', JSON.stringify(kept)).exec();
    expect((await h.json(`/v1/projects/${archivedId}`, { method: 'DELETE' })).status).toBe(200);
    const del = await feed(archivedId, '', { method: 'DELETE' });
    expect(del.status).toBe(409);
    expect(del.body).toEqual({ status: 409, success: false, message: [expect.stringContaining('archived')] });
    expect((await feed(archivedId)).body.size).toEqual({ count: 1, qualifier: 'eq' });
  });

  test('a risk change notifies a project that saved the entity, not an archived one that did too', async () => {
    await ingestAndQueue(h, writeNdjson('arch-base.ndjson', [source, entity('arch-target'), entity('arch-owner'), fact('has_shareholder', 'arch-target', 'arch-owner', 60)]));
    await waitForIdle(h);
    const active = await saveEntities(h, ['arch-target'], 'still watched');
    const archived = await saveEntities(h, ['arch-target'], 'archived');
    expect((await h.json(`/v1/projects/${archived.projectId}`, { method: 'DELETE' })).status).toBe(200);

    await ingestAndQueue(h, writeNdjson('arch-sanction.ndjson', [source, entity('arch-owner', [OFAC])]));
    await waitForIdle(h);
    const watched = (await feed(active.projectId)).body;
    expect(watched.size).toEqual({ count: 1, qualifier: 'eq' });
    expect(watched.data[0]).toMatchObject({ entity_id: 'arch-target', resource_id: active.resources.get('arch-target') });
    expect((await feed(archived.projectId)).body).toMatchObject({ size: { count: 0, qualifier: 'eq' }, data: [] });
  });

  test('a notification stored with whole entries as values (before the client\'s scalars) is served in today\'s shape', async () => {
    const date = '2026-01-02T03:04:05.000Z';
    const stored = {
      resource_id: resourceId, entity_id: 'target',
      notifications: [{ type: 'risk', field: 'sanctioned_adjacent', values: [v(1, ['GBR'], level.adjacent)], date }, { type: 'risk', field: 'pep', values: [], date }],
      risk_notifications: { added: ['pep'], removed: [], date },
    };
    const key = `notifications:project:${encodeURIComponent(projectId)}`;
    await h.redis.multi().zadd(key, Date.parse(date), 'old-1').hset(`${key}:items`, 'old-1', JSON.stringify(stored)).exec();
    const [item] = (await feed(projectId)).body.data;
    expect(item.notifications).toEqual([
      { type: 'risk', field: 'sanctioned_adjacent', ...was(v(1, ['GBR'], level.adjacent)), date },
      { type: 'risk', field: 'pep', values: [], date },
    ]);
  });

  test('a notification carries the custom fields the entity was saved with', async () => {
    const created = await h.json('/v1/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'custom' }) });
    const customProject = created.body.data.id;
    const saved = await h.json('/v1/resource/entity', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'entity', project: customProject, entity_id: 'target', custom_fields: { custom_desk: 'EMEA' } }),
    });
    expect(saved.status).toBe(200);
    await ingestAndQueue(h, writeNdjson('relist.ndjson', [source, entity('owner', [OFAC])]));
    await waitForIdle(h);
    const [n] = (await feed(customProject)).body.data;
    expect(n).toMatchObject({ resource_id: saved.body.data.id, entity_id: 'target', custom_fields: { custom_desk: 'EMEA' } });
    expect(n.risk_notifications.added).toContain('owned_by_sanctioned_usa_ofac_sdn_entity');
    // A saved entity without custom fields gets none.
    expect((await feed(projectId)).body.data[0]).not.toHaveProperty('custom_fields');
  });
});
