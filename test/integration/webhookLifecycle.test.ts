/**
 * A webhook's life beside its project's, with the real services, a running `graph-api worker`
 * and a real receiver: secret rotation (during the grace period each delivery carries both
 * signatures, each checked by hand and with the `standardwebhooks` library; with no grace the
 * old secret stops at once), an archived project's webhooks paused (no delivery for a risk
 * change while a live project's subscription gets one; a queued retry cancelled), and a project
 * gone from the graph getting no delivery while keeping its subscriptions.
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { Call, Harness, callAs, startHarness, writeNdjson } from '../support/harness';
import { newProject } from '../support/projects';
import { Receiver, Received, startReceiver } from '../support/receiver';
import { WorkerProcess, ingestAndQueue, saveEntities, sleep, startWorker, waitForIdle } from '../support/worker';
import { entity, fact, source } from '../support/workerFixtures';

/** The wait before a failed attempt's retry: long enough to archive the project in between. */
const RETRY_MS = 3000;
let h: Harness;
let worker: WorkerProcess;
let receiver: Receiver;
let bob: Call;

beforeAll(async () => {
  h = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  worker = startWorker({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: String(RETRY_MS), WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_ATTEMPTS: '3' });
  receiver = await startReceiver();
  bob = callAs(h, 'bob', 'org-b');
}, 120_000);
afterAll(async () => {
  await worker?.kill();
  await receiver?.close();
  await h?.close();
});

const send = (method: string, path: string, body?: unknown) =>
  h.json(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const subscribe = async (projectId: string, path: string, events: string[], secret?: string) => {
  const res = await send('POST', `/v1/projects/${projectId}/webhooks`, { url: receiver.url(path), events, ...(secret ? { secret } : {}) });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
};
const upload = async (projectId: string, name: string) => {
  const res = await send('POST', `/v1/projects/${projectId}/resolutions`, { filename: `${name}.json`, data: [{ name: [name] }] });
  expect(res.status).toBe(200);
  return res.body.id as string;
};
const secretOf = (byte: number) => `whsec_${Buffer.alloc(32, byte).toString('base64')}`;
const hmac = (secret: string, r: Received) => `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
  .update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64')}`;
const accepts = (secret: string, r: Received) => {
  try {
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

describe('secret rotation', () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = await newProject(send, { label: 'rotation' });
  });

  test('during the grace period a delivery carries the new and the old signature, each valid on its own', async () => {
    const old = secretOf(1);
    const sub = await subscribe(projectId, '/rotate', ['upload.finished'], old);
    // No body at all: every field is optional (a new secret, a day's grace).
    const rotated = await send('POST', `/v1/projects/${projectId}/webhooks/${sub.id}/secret/rotate`);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    const expires = Date.parse(rotated.body.data.previous_secrets[0].expires);
    expect(Math.abs(expires - (Date.now() + 86_400_000))).toBeLessThan(60_000);
    // Reads show when the old secret stops, never a secret.
    const read = await send('GET', `/v1/projects/${projectId}/webhooks/${sub.id}`);
    expect(read.body.data).toMatchObject({ paused: false, previous_secrets: [{ expires: rotated.body.data.previous_secrets[0].expires }] });
    expect(JSON.stringify(read.body.data)).not.toContain('whsec_');

    await upload(projectId, 'Quorbital Rotation One');
    const [got] = await receiver.waitFor('/rotate', 1);
    const signatures = String(got.headers['webhook-signature']).split(' ');
    expect(signatures).toEqual([hmac(fresh, got), hmac(old, got)]);
    expect(accepts(fresh, got)).toBe(true);
    expect(accepts(old, got)).toBe(true);
    expect(accepts(secretOf(9), got)).toBe(false);
  });

  test('with no grace period the replaced secret stops signing at once; a given secret is used as is', async () => {
    const old = secretOf(2);
    const given = secretOf(3);
    const sub = await subscribe(projectId, '/rotate-now', ['upload.finished'], old);
    const rotated = await send('POST', `/v1/projects/${projectId}/webhooks/${sub.id}/secret/rotate`, { secret: given, grace_seconds: 0 });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data).toMatchObject({ secret: given, previous_secrets: [] });
    await upload(projectId, 'Quorbital Rotation Two');
    const [got] = await receiver.waitFor('/rotate-now', 1);
    expect(String(got.headers['webhook-signature'])).toBe(hmac(given, got));
    expect(accepts(given, got)).toBe(true);
    expect(accepts(old, got)).toBe(false);
  });

  test('requests are checked, another org sees nothing, and the history records the rotation', async () => {
    const sub = await subscribe(projectId, '/rotate-checks', ['upload.finished'], secretOf(4));
    const path = `/v1/projects/${projectId}/webhooks/${sub.id}/secret/rotate`;
    for (const [body, param] of [
      [{ grace_seconds: 8 * 86_400 }, 'grace_seconds'], [{ grace_seconds: -1 }, 'grace_seconds'], [{ secret: 'plain' }, 'secret'],
      [{ secret: secretOf(4) }, 'secret'], [{ colour: 'red' }, 'colour'],
    ] as [unknown, string][]) {
      const res = await send('POST', path, body);
      expect([param, res.status]).toEqual([param, 400]);
      expect(res.body.message.join(' ')).toContain(param);
    }
    expect((await bob('POST', path, {})).status).toBe(404);
    expect((await send('POST', `/v1/projects/${projectId}/webhooks/nope/secret/rotate`, {})).status).toBe(404);
    // Two rotations within the grace period: both replaced secrets still sign, newest first.
    await send('POST', path, { secret: secretOf(5) });
    const twice = await send('POST', path, { secret: secretOf(6), grace_seconds: 600 });
    expect(twice.body.data.previous_secrets).toHaveLength(2);
    await h.flushFeeds();
    const history = await h.json('/v1/history?events=webhook.secret_rotated');
    const mine = history.body.events.filter((e: { data: { webhook_id: string } }) => e.data.webhook_id === sub.id);
    expect(mine.map((e: { data: { grace_seconds: number } }) => e.data.grace_seconds).sort()).toEqual([600, 86_400]);
  });
});

describe('archived and gone projects', () => {
  let archived: string;
  let live: string;
  let paused: { id: string; secret: string };

  beforeAll(async () => {
    await ingestAndQueue(h, writeNdjson('wl-base.ndjson', [source, entity('wl-target'), entity('wl-owner'), fact('has_shareholder', 'wl-target', 'wl-owner', 60)]));
    await waitForIdle(h);
    archived = (await saveEntities(h, ['wl-target'], 'to be archived')).projectId;
    live = (await saveEntities(h, ['wl-target'], 'live')).projectId;
    await waitForIdle(h);
  }, 120_000);

  test('archiving cancels a queued retry: the receiver is not called again and the delivery is cancelled', async () => {
    paused = await subscribe(archived, '/archived-risk', ['risk.changed']);
    const flaky = await subscribe(archived, '/fail-once/archived', ['upload.finished']);
    await upload(archived, 'Quorbital Archive One');
    const [first] = await receiver.waitFor('/fail-once/archived', 1);
    expect((await send('DELETE', `/v1/projects/${archived}`)).status).toBe(200);
    await sleep(RETRY_MS + 2000);
    expect(receiver.on('/fail-once/archived')).toHaveLength(1);
    const delivery = (await send('GET', `/v1/projects/${archived}/webhooks/${flaky.id}/deliveries/${first.headers['webhook-id']}`)).body.data;
    expect(delivery.status).toBe('cancelled');
    expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([500]);
    // The subscriptions stay readable, marked paused; changing them is refused (the project is read-only).
    const list = await send('GET', `/v1/projects/${archived}/webhooks`);
    expect(list.body.data.map((s: { paused: boolean }) => s.paused)).toEqual([true, true]);
    expect((await send('PATCH', `/v1/projects/${archived}/webhooks/${paused.id}`, { enabled: false })).status).toBe(409);
    expect((await send('POST', `/v1/projects/${archived}/webhooks/${paused.id}/secret/rotate`, {})).status).toBe(409);
  });

  test('a risk change of an archived project makes no delivery; the same change reaches a live project\'s subscription', async () => {
    const control = await subscribe(live, '/live-risk', ['risk.changed']);
    await ingestAndQueue(h, writeNdjson('wl-sanction.ndjson', [source, entity('wl-owner', [{ factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] }])]));
    await waitForIdle(h);
    const [got] = await receiver.waitFor('/live-risk', 1);
    expect(JSON.parse(got.body).data).toMatchObject({ project_id: live, entity_id: 'wl-target' });
    expect(accepts(control.secret, got)).toBe(true);
    await sleep(1500);
    expect(receiver.on('/archived-risk')).toEqual([]);
    const log = await send('GET', `/v1/projects/${archived}/webhooks/${paused.id}/deliveries`);
    expect(log.body.size.count).toBe(0);
  });

  test('a project gone from the graph gets no delivery: its queued retry is cancelled, its subscription kept', async () => {
    const gone = await newProject(send, { label: 'gone' });
    await subscribe(gone, '/fail-once/gone', ['upload.finished']);
    await upload(gone, 'Quorbital Gone One');
    const [first] = await receiver.waitFor('/fail-once/gone', 1);
    await h.graph.write('MATCH (p:Project {id: $id}) OPTIONAL MATCH (p)-[:HAS_ENTITY]->(pe) DETACH DELETE p, pe', { id: gone });
    // The retry (RETRY_MS after the failed attempt) finds no project and drops the delivery unsent.
    const status = () => h.redis.hget(`webhooks:delivery:${first.headers['webhook-id']}`, 'status');
    const deadline = Date.now() + RETRY_MS * 4;
    while ((await status()) !== 'cancelled' && Date.now() < deadline) await sleep(200);
    expect(await status()).toBe('cancelled');
    expect(receiver.on('/fail-once/gone')).toHaveLength(1);
    // Kept: a graph being restored (or the wrong database) must not cost a project its webhooks.
    expect(await h.redis.hlen(`webhooks:project:${gone}`)).toBe(1);
  });
});
