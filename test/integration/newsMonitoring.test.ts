/**
 * Monitoring of adverse media end to end, with two real `graph-api worker` processes and a real
 * webhook receiver: a new article on a risk topic about a project entity's matched entity, or an
 * owner of it within 2 steps, makes one project notification and one signed `adverse_media.new`
 * delivery; an article without a risk topic, one 3 steps up, a re-import and a false-positive
 * match make none; two imports of one feed at once beside two workers still make one (full
 * run); another org's project sees none of it.
 */
import { Webhook } from 'standardwebhooks';
import { importFeeds } from '../../src/newsCommand';
import { alertOutboxSize } from '../../src/services/news/alerts';
import { Call, Harness, callAs, startHarness, writeNdjson } from '../support/harness';
import { Receiver, startReceiver } from '../support/receiver';
import { WorkerProcess, saveEntities, sleep, startWorker } from '../support/worker';
import { fact } from '../support/workerFixtures';
import { testFull } from '../support/full';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let h: Harness;
let workers: WorkerProcess[] = [];
let receiver: Receiver;
let bob: Call;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'news-monitoring-'));

const src = { kind: 'source', id: 'src-am', label: 'Monitoring test register', country: 'GBR', source_type: 'company_register' };
const company = (id: string, label: string) => ({ kind: 'entity', id, type: 'company', label, risk: [] });
const person = (id: string, label: string) => ({ kind: 'entity', id, type: 'person', label, risk: [] });
/** `to` holds 60% of `from`. */
const owns = (from: string, to: string) => fact('has_shareholder', from, to, 60);

function rss(name: string, items: [string, string, string][]): string {
  const body = items.map(([slug, title, text]) => `<item><title>${title}</title><link>https://wire.example.org/${slug}</link><pubDate>Tue, 10 Nov 2026 09:30:00 GMT</pubDate><description>${text}</description></item>`).join('');
  const file = path.join(dir, name);
  fs.writeFileSync(file, `<?xml version="1.0"?><rss version="2.0"><channel><title>Monitoring Wire</title><language>en</language>${body}</channel></rss>`);
  return file;
}

const FEED = rss('first.xml', [
  ['target-sanctions', 'Quorvex Shipping Lines accused of sanctions evasion', 'Quorvex Shipping Lines moved cargo for a fleet under an asset freeze.'],
  ['owner-fraud', 'Taddeo Brunswald charged with fraud', 'Prosecutors say Taddeo Brunswald misled investors.'],
  ['grand-laundering', 'Velmora Capital Partners in money laundering probe', 'Velmora Capital Partners is suspected of money laundering.'],
  ['far-bribery', 'Ostrander Holdings Group bribery inquiry', 'Ostrander Holdings Group is accused of bribery.'],
  ['target-office', 'Quorvex Shipping Lines opens an office in Rotterdam', 'Quorvex Shipping Lines hired forty staff for the new office.'],
  ['both-fraud', 'Quorvex Shipping Lines and Taddeo Brunswald sued for fraud', 'Quorvex Shipping Lines and its owner Taddeo Brunswald face a fraud lawsuit.'],
  ['fp-smuggling', 'Brisling Ore Traders charged with smuggling', 'Brisling Ore Traders smuggled ore across the border.'],
  ['bob-corruption', 'Kestrava Timber Export corruption scandal', 'Kestrava Timber Export paid bribes for logging permits.'],
]);
const LATER = rss('later.xml', [['target-again', 'Quorvex Shipping Lines fined by regulator', 'Quorvex Shipping Lines was fined over falsified manifests.']]);

const say = () => undefined;
const notifications = async (call: Call, projectId: string) => call('GET', `/v1/notifications/projects/${projectId}?limit=100`);

let alice: Call;
let project: string;
let target: string;
let bobsProject: string;
let secret: string;

beforeAll(async () => {
  h = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  await h.ingest(writeNdjson('news-monitoring.ndjson', [
    src, company('am-target', 'Quorvex Shipping Lines'), person('am-owner', 'Taddeo Brunswald'), company('am-grand', 'Velmora Capital Partners'),
    company('am-far', 'Ostrander Holdings Group'), company('am-fp', 'Brisling Ore Traders'), company('am-bob', 'Kestrava Timber Export'),
    owns('am-target', 'am-owner'), owns('am-owner', 'am-grand'), owns('am-grand', 'am-far'),
  ]));
  workers = [startWorker({ WEBHOOK_ALLOW_PRIVATE: 'true' })];
  receiver = await startReceiver();
  // The harness's own caller, who saves the entities below.
  alice = async (method, p, body) => {
    const res = await h.json(p, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
    return { ...res, text: JSON.stringify(res.body) };
  };
  bob = callAs(h, 'bob', 'org-b');
  const saved = await saveEntities(h, ['am-target', 'am-fp'], 'monitored');
  project = saved.projectId;
  target = saved.resources.get('am-target')!;
  const fp = saved.resources.get('am-fp')!;
  const decided = await alice('POST', `/v1/projects/${project}/entities/${fp}/matches/am-fp/decision`, { decision: 'false_positive', reason: 'another company' });
  expect(decided.status).toBe(200);
  const sub = await alice('POST', `/v1/projects/${project}/webhooks`, { url: receiver.url('/alice'), events: ['adverse_media.new'] });
  expect(sub.status).toBe(201);
  secret = sub.body.data.secret;
  expect((await alice('POST', `/v1/projects/${project}/webhooks`, { url: receiver.url('/alice-risk'), events: ['risk.changed'] })).status).toBe(201);
  bobsProject = (await bob('POST', '/v1/projects', { label: 'bob' })).body.data.id;
  expect((await bob('POST', `/v1/projects/${bobsProject}/entities/create`, { entity_ids: ['am-bob'] })).status).toBe(200);
  expect((await bob('POST', `/v1/projects/${bobsProject}/webhooks`, { url: receiver.url('/bob'), events: ['adverse_media.new'] })).status).toBe(201);
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map((w) => w.kill()));
  await receiver?.close();
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('monitoring of adverse media', () => {
  test('a new article on a risk topic about the matched entity or an owner within 2 steps: one notification and one webhook each', async () => {
    expect(await importFeeds(h.graph, h.config, [FEED], say, h.queues)).toBe(true);
    const got = await receiver.waitFor('/alice', 4);
    await receiver.waitFor('/bob', 1);
    await sleep(1000);
    expect(receiver.on('/alice')).toHaveLength(4);
    expect(receiver.on('/alice-risk')).toEqual([]);
    const payloads = got.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as any);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(4);
    const byUrl = new Map(payloads.map((p) => [p.data.article.url.replace('https://wire.example.org/', ''), p]));
    expect([...byUrl.keys()].sort()).toEqual(['both-fraud', 'grand-laundering', 'owner-fraud', 'target-sanctions']);
    expect(byUrl.get('grand-laundering')).toMatchObject({
      type: 'adverse_media.new',
      data: {
        project_id: project, project_entity_id: target, entity_id: 'am-target',
        article: { entity_id: 'am-grand', topics: ['financial'], risk_flags: ['Money Laundering'], path: [
          { from: 'am-target', relationship: 'has_shareholder', to: 'am-owner' }, { from: 'am-owner', relationship: 'has_shareholder', to: 'am-grand' },
        ] },
      },
    });
    // An article naming the entity and its owner alerts once, by the shorter path.
    expect(byUrl.get('both-fraud')!.data.article).toMatchObject({ entity_id: 'am-target', path: [] });

    const feed = await notifications(alice, project);
    expect(feed.status).toBe(200);
    expect(feed.body.data).toHaveLength(4);
    for (const n of feed.body.data) {
      expect(n).toMatchObject({ resource_id: target, entity_id: 'am-target', notifications: [], risk_notifications: { added: [], removed: [] } });
    }
    expect(feed.body.data.map((n: any) => n.adverse_media.title).sort()).toEqual([...payloads.map((p) => p.data.article.title)].sort());
    expect(await alertOutboxSize(h.graph)).toBe(0);
  }, 60_000);

  test('a re-import makes no alert', async () => {
    const before = receiver.received.length;
    expect(await importFeeds(h.graph, h.config, [FEED], say, h.queues)).toBe(true);
    await sleep(1000);
    expect(receiver.received.length).toBe(before);
    expect((await notifications(alice, project)).body.data).toHaveLength(4);
  });

  // Long: a second worker process starts and both race over the alerts.
  testFull('two imports of one new article at once, two workers: one notification and one webhook', async () => {
    workers.push(startWorker({ WEBHOOK_ALLOW_PRIVATE: 'true' }));
    await Promise.all([importFeeds(h.graph, h.config, [LATER], say, h.queues), importFeeds(h.graph, h.config, [LATER], say, h.queues)]);
    await receiver.waitFor('/alice', 5);
    await sleep(1000);
    expect(receiver.on('/alice')).toHaveLength(5);
    const feed = (await notifications(alice, project)).body.data;
    expect(feed.filter((n: any) => n.adverse_media.url === 'https://wire.example.org/target-again')).toHaveLength(1);
  }, 60_000);

  test('another org sees none of it; its own project gets its own article only', async () => {
    expect((await notifications(bob, project)).status).toBe(404);
    const own = (await notifications(bob, bobsProject)).body.data;
    expect(own.map((n: any) => [n.entity_id, n.adverse_media.url])).toEqual([['am-bob', 'https://wire.example.org/bob-corruption']]);
    expect(receiver.on('/bob')).toHaveLength(1);
    expect(JSON.parse(receiver.on('/bob')[0].body).data.project_id).toBe(bobsProject);
    const alices = (await notifications(alice, project)).body.data.map((n: any) => n.adverse_media.url);
    expect(alices).not.toContain('https://wire.example.org/bob-corruption');
    // The false-positive match was silenced.
    expect(alices).not.toContain('https://wire.example.org/fp-smuggling');
  });
});
