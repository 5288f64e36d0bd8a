/**
 * The feeds' size limits against the real Redis: the notification feed keeps the newest
 * notifications per project (its constructor's limit, MAX_PER_PROJECT by default), the history
 * stream is trimmed to about HISTORY_MAX_EVENTS entries when that is set, and a filtered history page that
 * matches little stops at its scan budget with a token that continues the scan.
 */
import Redis from 'ioredis';
import { HistoryFeed } from '../../src/feeds/history';
import { MAX_PER_PROJECT, NotificationFeed } from '../../src/feeds/notifications';
import { WriteBehind } from '../../src/feeds/writeBehind';
import type { ProjectNotificationData } from '../../src/services/risk';
import type { Principal } from '../../src/services/auth';
import { Harness, startHarness } from '../support/harness';
import { testConfig } from '../support/env';

jest.setTimeout(120_000);

let redis: Redis;
/** Entries per stream node: `MAXLEN ~` trims whole nodes, so a stream may keep up to this many more than asked. */
let nodeEntries = 100;

beforeAll(async () => {
  redis = new Redis(testConfig().redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const [, value] = (await redis.config('GET', 'stream-node-max-entries')) as string[];
    if (value !== undefined && Number(value) > 0) nodeEntries = Number(value);
  } catch {
    // CONFIG may be disabled: Redis's default (100) stands.
  }
});
afterAll(() => redis.disconnect());

async function deleteKeys(pattern: string): Promise<void> {
  const keys = await redis.keys(pattern);
  if (keys.length) await redis.del(...keys);
}

// ---------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------

const notification = (resourceId: string, date: string): ProjectNotificationData => ({
  resource_id: resourceId,
  entity_id: `entity-${resourceId}`,
  notifications: [],
  risk_notifications: { added: ['pep'], removed: [], date },
});

/** A notification of project `projectId` with id `id`, dated `minute` minutes after 2024-01-01. */
function item(projectId: string, id: string, minute: number) {
  const score = Date.parse('2024-01-01T00:00:00Z') + minute * 60_000;
  return { id, projectId, score, data: notification(id, new Date(score).toISOString()) };
}

const itemsKey = (projectId: string) => `notifications:project:${encodeURIComponent(projectId)}:items`;

describe('notification feed: per-project trimming', () => {
  beforeEach(() => deleteKeys('notifications:project:limits-*'));

  test('a feed with limit 3 given 5 notifications at once keeps the 3 newest, newest first, and drops the others\' items', async () => {
    const feed = new NotificationFeed(redis, 3);
    const project = 'limits-once';
    await feed.deliver([1, 2, 3, 4, 5].map((n) => item(project, `n${n}`, n)));
    const page = await feed.page(project, 0, 10);
    expect(page.total).toBe(3);
    expect(page.data.map((d) => d.resource_id)).toEqual(['n5', 'n4', 'n3']);
    expect(await feed.count(project)).toBe(3);
    // The trimmed notifications' bodies are gone too, not only their index entries.
    expect((await redis.hkeys(itemsKey(project))).sort()).toEqual(['n3', 'n4', 'n5']);
  });

  test('delivered one by one in any order, the newest by date are kept; an older one arriving later is not', async () => {
    const feed = new NotificationFeed(redis, 3);
    const project = 'limits-one-by-one';
    for (const n of [3, 1, 5, 2, 4]) await feed.deliver([item(project, `n${n}`, n)]);
    expect((await feed.page(project, 0, 10)).data.map((d) => d.resource_id)).toEqual(['n5', 'n4', 'n3']);

    await feed.deliver([item(project, 'n0', 0)]);
    expect((await feed.page(project, 0, 10)).data.map((d) => d.resource_id)).toEqual(['n5', 'n4', 'n3']);
    await feed.deliver([item(project, 'n6', 6)]);
    expect((await feed.page(project, 0, 10)).data.map((d) => d.resource_id)).toEqual(['n6', 'n5', 'n4']);
    // Delivering a kept notification again stores it once and trims nothing else.
    await feed.deliver([item(project, 'n6', 6)]);
    const page = await feed.page(project, 0, 10);
    expect(page).toMatchObject({ total: 3 });
    expect(page.data.map((d) => d.resource_id)).toEqual(['n6', 'n5', 'n4']);
    expect((await redis.hkeys(itemsKey(project))).sort()).toEqual(['n4', 'n5', 'n6']);
  });

  test('the limit is per project: one project over it does not trim another', async () => {
    const feed = new NotificationFeed(redis, 3);
    await feed.deliver([
      ...[1, 2, 3, 4, 5].map((n) => item('limits-a', `a${n}`, n)),
      ...[1, 2].map((n) => item('limits-b', `b${n}`, n)),
    ]);
    expect((await feed.page('limits-a', 0, 10)).data.map((d) => d.resource_id)).toEqual(['a5', 'a4', 'a3']);
    expect((await feed.page('limits-b', 0, 10)).data.map((d) => d.resource_id)).toEqual(['b2', 'b1']);
  });

  test('without a limit given, a project keeps MAX_PER_PROJECT notifications, the newest', async () => {
    const feed = new NotificationFeed(redis);
    const project = 'limits-default';
    const extra = 5;
    const all = Array.from({ length: MAX_PER_PROJECT + extra }, (_, n) => item(project, `d${String(n).padStart(6, '0')}`, n));
    for (let i = 0; i < all.length; i += 1000) await feed.deliver(all.slice(i, i + 1000));
    expect(await feed.count(project)).toBe(MAX_PER_PROJECT);
    expect(await redis.hlen(itemsKey(project))).toBe(MAX_PER_PROJECT);
    const newest = await feed.page(project, 0, 2);
    expect(newest.data.map((d) => d.resource_id)).toEqual([all[all.length - 1].id, all[all.length - 2].id]);
    const oldest = await feed.page(project, MAX_PER_PROJECT - 1, 10);
    expect(oldest.data.map((d) => d.resource_id)).toEqual([all[extra].id]);
  });
});

// ---------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------

const principal = (user: string): Principal => ({ user, org: 'org-limits', client_id: `org-limits/${user}` });
const streamKey = (p: Principal) => `history:${encodeURIComponent(p.org)}:${encodeURIComponent(p.user)}`;
const idValue = (id: string) => {
  const [ms, seq] = id.split('-');
  return BigInt(ms) * 2n ** 64n + BigInt(seq);
};

/** Records events in order through one write-behind (batched pipelines, as the app does); resolves to their ids. */
async function recordAll(feed: HistoryFeed, writes: WriteBehind, who: Principal, events: { event: 'api.request' | 'project.created'; data: Record<string, unknown> }[]): Promise<string[]> {
  const ids = events.map((e) => feed.record(who, e.event, e.data));
  await writes.flush();
  return Promise.all(ids);
}

describe('history stream: capped at about HISTORY_MAX_EVENTS per user when it is set', () => {
  beforeEach(() => deleteKeys('history:org-limits:*'));

  test('1000 events into a stream of 100 keep the newest, at least 100 and at most a stream node more', async () => {
    const writes = new WriteBehind(redis, 10_000);
    const feed = new HistoryFeed(redis, 'test', { retentionDays: 400, maxEvents: 100 }, writes);
    const who = principal('trim');
    const ids = await recordAll(feed, writes, who, Array.from({ length: 1000 }, (_, i) => ({ event: 'api.request' as const, data: { i } })));
    const length = await redis.xlen(streamKey(who));
    expect(length).toBeGreaterThanOrEqual(100);
    expect(length).toBeLessThanOrEqual(100 + nodeEntries);
    // What is kept is exactly the newest `length` events, in order: nothing newer was dropped.
    const kept = await redis.xrange(streamKey(who), '-', '+');
    expect(kept.map(([id]) => id)).toEqual(ids.slice(ids.length - length));
    // The page reads them newest first.
    const page = await feed.page(who, { size: 100 });
    expect(page.events.map((e) => e.data.i)).toEqual(Array.from({ length: 100 }, (_, k) => 999 - k));
    // Older events remain beyond the page exactly when more than 100 were kept.
    expect(page.next_token).toBe(length > 100 ? page.events[99].id : '');
  });

  test('HISTORY_MAX_EVENTS set on the app trims a user\'s stream as the user calls the API', async () => {
    const h: Harness = await startHarness({ env: { HISTORY_MAX_EVENTS: '100' } });
    try {
      for (let i = 0; i < 300; i++) {
        const res = await h.get('/v1/ontology/countries?id=GBR', { headers: { 'x-request-id': `call-${i}` } });
        expect(res.status).toBe(200);
        await res.text();
      }
      const first = await h.json('/v1/history?size=1000');
      expect(first.status).toBe(200);
      expect(first.body.size).toBeGreaterThanOrEqual(100);
      expect(first.body.size).toBeLessThanOrEqual(100 + nodeEntries);
      expect(first.body.next_token).toBe('');
      const requestIds = first.body.events.map((e: any) => e.data.request_id);
      expect(requestIds.slice(0, 3)).toEqual(['call-299', 'call-298', 'call-297']);
      expect(requestIds).not.toContain('call-0');
      expect(requestIds).toEqual(Array.from({ length: requestIds.length }, (_, k) => `call-${299 - k}`));
    } finally {
      await h.close();
    }
  });
});

describe('history page: a sparse event filter stops at its scan budget with a token', () => {
  beforeEach(() => deleteKeys('history:org-limits:*'));

  test('few matches among many events: an early page with a non-empty token, followed, yields every match once, in order', async () => {
    const writes = new WriteBehind(redis, 10_000);
    const feed = new HistoryFeed(redis, 'test', { retentionDays: 400 }, writes);
    const who = principal('sparse');
    // Three matches, then far more non-matching events than one request scans (its budget is
    // 20 000 entries), then one more match: the newest match is found at once, the older ones
    // lie beyond the budget.
    const events = [
      ...[0, 1, 2].map((n) => ({ event: 'project.created' as const, data: { label: `old-${n}` } })),
      ...Array.from({ length: 25_000 }, (_, i) => ({ event: 'api.request' as const, data: { i } })),
      { event: 'project.created' as const, data: { label: 'new' } },
    ];
    const ids = await recordAll(feed, writes, who, events);
    expect(await redis.xlen(streamKey(who))).toBe(events.length);
    const matchIds = [ids[events.length - 1], ids[2], ids[1], ids[0]];

    const first = await feed.page(who, { events: ['project.created'], size: 10 });
    expect(first.events.map((e) => e.data.label)).toEqual(['new']);
    expect(first.size).toBe(1);
    // Ended early: fewer events than asked for, yet a token, which lies between the match
    // returned and the older matches not yet reached.
    expect(first.next_token).not.toBe('');
    expect(ids).toContain(first.next_token);
    expect(idValue(first.next_token) < idValue(matchIds[0])).toBe(true);
    expect(idValue(first.next_token) > idValue(matchIds[1])).toBe(true);

    const pages = [first];
    for (let token = first.next_token; token !== '';) {
      expect(pages.length).toBeLessThan(20); // a token that never ends would loop forever
      const next = await feed.page(who, { events: ['project.created'], size: 10, token });
      expect(next.size).toBeLessThanOrEqual(10);
      pages.push(next);
      token = next.next_token;
    }
    const all = pages.flatMap((p) => p.events);
    expect(all.map((e) => e.data.label)).toEqual(['new', 'old-2', 'old-1', 'old-0']);
    expect(all.map((e) => e.id)).toEqual(matchIds);
    expect(all.every((e) => e.event === 'project.created')).toBe(true);
  });

  test('a filter that matches nothing ends with an empty token after scanning everything, a page at a time', async () => {
    const writes = new WriteBehind(redis, 10_000);
    const feed = new HistoryFeed(redis, 'test', { retentionDays: 400 }, writes);
    const who = principal('nothing');
    await recordAll(feed, writes, who, Array.from({ length: 25_000 }, (_, i) => ({ event: 'api.request' as const, data: { i } })));
    const first = await feed.page(who, { events: ['snapshot.deleted'], size: 5 });
    expect(first.events).toEqual([]);
    expect(first.next_token).not.toBe('');
    const second = await feed.page(who, { events: ['snapshot.deleted'], size: 5, token: first.next_token });
    expect(second).toEqual({ size: 0, next_token: '', events: [] });
  });
});
