/**
 * Webhooks end to end with the real services, a running `graph-api worker` and a real receiver
 * (node:http) that checks each signature by hand and with the `standardwebhooks` library:
 * one signed risk.changed delivery per risk change, upload.finished, a 500 retried, the
 * delivery log, re-send, private targets refused under the default configuration (at
 * subscription and at delivery), org isolation, history events and metrics.
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { sendWebhook } from '../../src/services/webhooks/send';
import { Call, Harness, callAs, startHarness, writeNdjson } from '../support/harness';
import { Receiver, Received, startReceiver } from '../support/receiver';
import { WorkerProcess, ingestAndQueue, saveEntities, sleep, startWorker, waitForIdle } from '../support/worker';
import { entity, fact, source } from '../support/workerFixtures';
import { onBackend } from '../support/redisCluster';

const METRICS_TOKEN = 'metrics-token-for-webhook-tests';
let h: Harness;
let strict: Harness;
let worker: WorkerProcess;
let receiver: Receiver;
let bob: Call;

beforeAll(async () => {
  h = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', METRICS_TOKEN } });
  // The same services under the default configuration (private targets refused).
  strict = await startHarness({ wipe: false });
  worker = startWorker({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '300', WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_ATTEMPTS: '3' });
  receiver = await startReceiver();
  bob = callAs(h, 'bob', 'org-b');
}, 120_000);
afterAll(async () => {
  await worker?.kill();
  await receiver?.close();
  await strict?.close();
  await h?.close();
});

const post = (path: string, body: unknown) => h.json(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const subscribe = async (projectId: string, path: string, events: string[]) => {
  const res = await post(`/v1/projects/${projectId}/webhooks`, { url: receiver.url(path), events });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
};

/** Checks the Standard Webhooks signature by hand and with the library; answers the payload. */
function verified(r: Received, secret: string): any {
  const id = r.headers['webhook-id'] as string;
  const timestamp = r.headers['webhook-timestamp'] as string;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest('base64')}`;
  expect(String(r.headers['webhook-signature']).split(' ')).toContain(expected);
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
  expect(r.headers['content-type']).toBe('application/json');
  const payload = new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
  expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(r.body, r.headers as Record<string, string>)).toThrow();
  return payload;
}

const OFAC = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };

describe(onBackend('subscriptions'), () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = (await post('/v1/projects', { label: 'hooks' })).body.data.id;
  });

  test('create answers a whsec_ secret once; reads, list, change and delete do not show it; history events', async () => {
    const created = await post(`/v1/projects/${projectId}/webhooks`, { url: receiver.url('/crud'), events: ['risk.changed'], description: 'crm' });
    expect(created.status).toBe(201);
    const sub = created.body.data;
    expect(sub).toMatchObject({ project_id: projectId, url: receiver.url('/crud'), events: ['risk.changed'], description: 'crm', enabled: true });
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(sub.secret.slice(6), 'base64')).toHaveLength(32);
    const one = await h.json(`/v1/projects/${projectId}/webhooks/${sub.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ ...sub, secret: undefined });
    expect(one.body.data).not.toHaveProperty('secret');
    expect((await h.json(`/v1/projects/${projectId}/webhooks`)).body.data.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    const given = `whsec_${Buffer.alloc(24, 1).toString('base64')}`;
    const withSecret = await post(`/v1/projects/${projectId}/webhooks`, { url: receiver.url('/crud2'), events: ['upload.finished'], secret: given });
    expect(withSecret.body.data.secret).toBe(given);
    const patched = await h.json(`/v1/projects/${projectId}/webhooks/${sub.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled: false, events: ['risk.changed', 'upload.finished'] }) });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ enabled: false, events: ['risk.changed', 'upload.finished'] });
    expect(patched.body.data).not.toHaveProperty('secret');
    const deleted = await h.json(`/v1/projects/${projectId}/webhooks/${sub.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await h.json(`/v1/projects/${projectId}/webhooks/${sub.id}`)).status).toBe(404);
    await h.flushFeeds();
    const history = await h.json('/v1/history?events=webhook.created&events=webhook.updated&events=webhook.deleted');
    const events = history.body.events.filter((e: { data: { webhook_id: string } }) => e.data.webhook_id === sub.id).map((e: { event: string }) => e.event);
    expect(events.sort()).toEqual(['webhook.created', 'webhook.deleted', 'webhook.updated']);
  });

  test('requests are checked, naming the parameter', async () => {
    const cases: [unknown, string][] = [
      [{ events: ['risk.changed'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['risk.changed'] }, 'url'],
      [{ url: 'not a url', events: ['risk.changed'] }, 'url'],
      [{ url: 'http://user:pw@example.com/', events: ['risk.changed'] }, 'url'],
      [{ url: receiver.url('/x'), events: [] }, 'events'],
      [{ url: receiver.url('/x'), events: ['entity.deleted'] }, 'events'],
      [{ url: receiver.url('/x'), events: ['risk.changed'], secret: 'plain' }, 'secret'],
      [{ url: receiver.url('/x'), events: ['risk.changed'], secret: 'whsec_c2hvcnQ=' }, 'secret'],
      [{ url: receiver.url('/x'), events: ['risk.changed'], colour: 'red' }, 'colour'],
    ];
    for (const [body, param] of cases) {
      const res = await post(`/v1/projects/${projectId}/webhooks`, body);
      expect([param, res.status]).toEqual([param, 400]);
      expect(res.body.message.join(' ')).toContain(param);
    }
  });

  test('loopback, private and link-local targets are refused under the default configuration', async () => {
    const dev = callAs(strict, 'dev-user', 'dev-org');
    const own = (await dev('POST', '/v1/projects', { label: 'strict' })).body.data.id;
    for (const url of [receiver.url('/x'), 'http://localhost:9/', 'http://[::1]:9/', 'http://10.1.2.3/', 'http://169.254.169.254/latest', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/']) {
      const res = await dev('POST', `/v1/projects/${own}/webhooks`, { url, events: ['risk.changed'] });
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body.message.join(' ')).toMatch(/^url: /);
    }
  });

  test('and again at delivery: a target that is private when called is not called', async () => {
    const result = await sendWebhook({ url: receiver.url('/late'), secret: `whsec_${Buffer.alloc(32, 2).toString('base64')}` }, { id: 'msg_x', body: '{}' }, { timeoutMs: 2000, allowPrivate: false });
    expect(result).toMatchObject({ outcome: 'refused', error: expect.stringMatching(/^url /) });
    const byName = await sendWebhook({ url: receiver.url('/late').replace('127.0.0.1', 'localhost'), secret: `whsec_${Buffer.alloc(32, 2).toString('base64')}` }, { id: 'msg_x', body: '{}' }, { timeoutMs: 2000, allowPrivate: false });
    expect(byName.outcome).toBe('refused');
    expect(receiver.on('/late')).toEqual([]);
  });

  test('an attempt is bounded by the timeout', async () => {
    const started = Date.now();
    const result = await sendWebhook({ url: receiver.url('/hang/1'), secret: `whsec_${Buffer.alloc(32, 2).toString('base64')}` }, { id: 'msg_x', body: '{}' }, { timeoutMs: 300, allowPrivate: true });
    expect(result).toMatchObject({ outcome: 'timeout', error: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(receiver.on('/hang/1')).toHaveLength(1);
  });

  test('another org sees none of it: 404 for the project\'s webhooks, one webhook, its deliveries and re-send', async () => {
    const sub = await subscribe(projectId, '/iso', ['risk.changed']);
    for (const [method, path, body] of [
      ['GET', `/v1/projects/${projectId}/webhooks`], ['POST', `/v1/projects/${projectId}/webhooks`, { url: receiver.url('/bob'), events: ['risk.changed'] }],
      ['GET', `/v1/projects/${projectId}/webhooks/${sub.id}`], ['PATCH', `/v1/projects/${projectId}/webhooks/${sub.id}`, { enabled: false }],
      ['DELETE', `/v1/projects/${projectId}/webhooks/${sub.id}`], ['GET', `/v1/projects/${projectId}/webhooks/${sub.id}/deliveries`],
      ['POST', `/v1/projects/${projectId}/webhooks/${sub.id}/deliveries/msg_x/resend`],
    ] as [string, string, unknown?][]) {
      expect([method, path, (await bob(method, path, body)).status]).toEqual([method, path, 404]);
    }
    // Bob's own project does not reach alice's subscription either.
    const bobs = (await bob('POST', '/v1/projects', { label: 'bob' })).body.data.id;
    expect((await bob('GET', `/v1/projects/${bobs}/webhooks/${sub.id}`)).status).toBe(404);
    expect((await h.json(`/v1/projects/${projectId}/webhooks/${sub.id}`)).body.data.enabled).toBe(true);
  });
});

describe(onBackend('deliveries'), () => {
  let projectId: string;
  let target: string;
  let risk: { id: string; secret: string };
  let uploadsOnly: { id: string; secret: string };

  beforeAll(async () => {
    await ingestAndQueue(h, writeNdjson('wh-base.ndjson', [source, entity('wh-target'), entity('wh-owner'), fact('has_shareholder', 'wh-target', 'wh-owner', 60)]));
    await waitForIdle(h);
    const saved = await saveEntities(h, ['wh-target'], 'webhooks');
    projectId = saved.projectId;
    target = saved.resources.get('wh-target')!;
    await waitForIdle(h);
    risk = await subscribe(projectId, '/risk', ['risk.changed']);
    uploadsOnly = await subscribe(projectId, '/uploads-only', ['upload.finished']);
    await ingestAndQueue(h, writeNdjson('wh-sanction.ndjson', [source, entity('wh-owner', [OFAC])]));
    await waitForIdle(h);
  }, 180_000);

  test('one signed risk.changed delivery per risk change, logged with its attempt', async () => {
    const [got] = await receiver.waitFor('/risk', 1);
    await sleep(1500);
    expect(receiver.on('/risk')).toHaveLength(1);
    const payload = verified(got, risk.secret) as any;
    expect(payload).toMatchObject({ type: 'risk.changed', timestamp: expect.any(String), data: { project_id: projectId, project_entity_id: target, entity_id: 'wh-target', removed: [] } });
    expect(payload.data.added).toContain('owned_by_sanctioned_usa_ofac_sdn_entity');
    const log = await h.json(`/v1/projects/${projectId}/webhooks/${risk.id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ offset: 0, limit: 20, next: false, size: { count: 1, qualifier: 'eq' } });
    const [delivery] = log.body.data;
    expect(delivery).toMatchObject({ id: got.headers['webhook-id'], subscription_id: risk.id, event_type: 'risk.changed', status: 'succeeded', payload });
    expect(delivery.attempts).toEqual([{ attempt: 1, trigger: 'event', at: expect.any(String), duration_ms: expect.any(Number), status: 204, outcome: 'success' }]);
    // A subscription to other events got nothing from the risk change.
    expect(receiver.on('/uploads-only')).toEqual([]);
  });

  test('re-send delivers the same message again, signed anew, and logs the attempt', async () => {
    const [first] = receiver.on('/risk');
    const deliveryId = first.headers['webhook-id'] as string;
    const res = await post(`/v1/projects/${projectId}/webhooks/${risk.id}/deliveries/${deliveryId}/resend`, undefined);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ id: deliveryId, status: 'pending' });
    const [, again] = await receiver.waitFor('/risk', 2);
    expect(again.headers['webhook-id']).toBe(deliveryId);
    expect(again.body).toBe(first.body);
    verified(again, risk.secret);
    await sleep(300);
    const one = await h.json(`/v1/projects/${projectId}/webhooks/${risk.id}/deliveries/${deliveryId}`);
    expect(one.body.data.status).toBe('succeeded');
    expect(one.body.data.attempts.map((a: { trigger: string; status: number }) => [a.trigger, a.status])).toEqual([['event', 204], ['resend', 204]]);
    expect((await post(`/v1/projects/${projectId}/webhooks/${risk.id}/deliveries/msg_nope/resend`, undefined)).status).toBe(404);
    expect((await h.json(`/v1/projects/${projectId}/webhooks/${uploadsOnly.id}/deliveries/${deliveryId}`)).status).toBe(404);
  });

  test('upload.finished is delivered; a receiver answering 500 gets retries with the same webhook-id until the attempts are spent', async () => {
    const flaky = await subscribe(projectId, '/fail-once/upload', ['upload.finished']);
    const dead = await subscribe(projectId, '/always-500/upload', ['upload.finished']);
    const upload = await post(`/v1/projects/${projectId}/resolutions`, { filename: 'book.json', data: [{ name: ['Quorbital Webhook One'], country: ['GBR'] }, { name: ['Quorbital Webhook Two'] }] });
    expect(upload.status).toBe(200);
    const [ok] = await receiver.waitFor('/uploads-only', 1);
    const payload = verified(ok, uploadsOnly.secret) as any;
    expect(payload).toEqual({ type: 'upload.finished', timestamp: expect.any(String), data: expect.objectContaining({ project_id: projectId, upload_id: upload.body.id, file: 'book.json', count: 2, failed: 0 }) });
    const [failed, retried] = await receiver.waitFor('/fail-once/upload', 2);
    expect(retried.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    expect(retried.at - failed.at).toBeGreaterThanOrEqual(250);
    verified(retried, flaky.secret);
    await sleep(300);
    const [delivery] = (await h.json(`/v1/projects/${projectId}/webhooks/${flaky.id}/deliveries`)).body.data;
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a: { trigger: string; status: number; outcome: string; error?: string }) => [a.trigger, a.status, a.outcome, a.error])).toEqual([
      ['event', 500, 'http_error', 'HTTP 500'], ['retry', 204, 'success', undefined],
    ]);
    // WEBHOOK_ATTEMPTS=3 here: a receiver that always fails gets 3 attempts (after 300 and 900 ms), then the delivery has failed.
    const dying = await receiver.waitFor('/always-500/upload', 3);
    expect(new Set(dying.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(dying[2].at - dying[1].at).toBeGreaterThanOrEqual(800);
    await sleep(1000);
    expect(receiver.on('/always-500/upload')).toHaveLength(3);
    const [gaveUp] = (await h.json(`/v1/projects/${projectId}/webhooks/${dead.id}/deliveries`)).body.data;
    expect(gaveUp.status).toBe('failed');
    expect(gaveUp.attempts.map((a: { trigger: string; status: number }) => [a.trigger, a.status])).toEqual([['event', 500], ['retry', 500], ['retry', 500]]);
    expect(receiver.on('/uploads-only')).toHaveLength(1);
    expect(receiver.on('/risk')).toHaveLength(2);
  });

  test('metrics count attempts by outcome and deliveries by result', async () => {
    const res = await fetch(`${h.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    const value = (series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    expect(value('webhook_delivery_attempts_total{outcome="http_error"}')).toBe(4);
    expect(value('webhook_deliveries_total{result="failed"}')).toBe(1);
    expect(value('webhook_delivery_attempts_total{outcome="success"}')).toBe(4);
    expect(value('webhook_deliveries_total{result="delivered"}')).toBe(4);
  });
});
