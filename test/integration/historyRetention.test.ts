/**
 * The audit history is kept for HISTORY_RETENTION_DAYS, not cut at an event count: events
 * older than the retention are neither served nor left in Redis once the user writes again,
 * recent ones are kept beyond the former cap of 100,000; and GET /v1/history/export streams
 * every kept event of the caller as NDJSON, oldest first, with the filters of GET /v1/history.
 */
import jwt from 'jsonwebtoken';
import { loadConfig } from '../../src/config';
import { HistoryFeed } from '../../src/feeds/history';
import { WriteBehind } from '../../src/feeds/writeBehind';
import { Harness, callAs, startHarness, writeNdjson } from '../support/harness';
import { entity, source } from '../support/workerFixtures';

jest.setTimeout(120_000);

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const streamOf = (org: string, user: string) => `history:${org}:${user}`;
/** An event as it was written `daysAgo` days ago (stream ids are the write time). */
const seedOld = (stream: string, daysAgo: number, label: string) => h.redis.xadd(
  stream, `${Date.now() - daysAgo * DAY}-0`, 'user', 'u', 'environment', 'test', 'event', 'project.created', 'data', JSON.stringify({ label }),
);
const labels = (events: { event: string; data: Record<string, unknown> }[]) => events.filter((e) => e.event === 'project.created').map((e) => e.data.label);

/** GET as `user` of `org`, the body as text (NDJSON is not one JSON document). */
async function getText(user: string, org: string, path: string, headers: Record<string, string> = {}) {
  const token = jwt.sign({ org, client_id: `${org}/${user}` }, h.config.jwt.secret, {
    algorithm: 'HS256', subject: user, audience: h.config.serviceDomain, issuer: h.config.jwt.issuer, expiresIn: 3600,
  });
  const res = await fetch(`${h.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}
const ndjson = (text: string) => text.split('\n').filter((line, i, all) => line !== '' || i !== all.length - 1).map((line) => JSON.parse(line));

describe('retention by days (HISTORY_RETENTION_DAYS, default 400)', () => {
  test('older events are not served, and are gone from Redis after the next write; the stream expires with them', async () => {
    expect(h.config.history).toEqual({ retentionDays: 400, maxEvents: undefined });
    const stream = streamOf('ret-org', 'ret-user');
    await seedOld(stream, 500, 'ancient');
    await seedOld(stream, 401, 'just expired');
    await seedOld(stream, 399, 'still kept');
    const user = callAs(h, 'ret-user', 'ret-org');
    // Before any write: the read stops at the retention.
    const page = await user('GET', '/v1/history?size=1000');
    expect(labels(page.body.events)).toEqual(['still kept']);
    await h.flushFeeds();
    // The page's own api.request event was the next write: it trimmed what is older.
    const kept = (await h.redis.xrange(stream, '-', '+')).map(([, f]) => f[f.indexOf('event') + 1]);
    expect(kept).toEqual(['project.created', 'api.request']);
    const ttl = await h.redis.pttl(stream);
    expect(ttl).toBeGreaterThan(399 * DAY);
    expect(ttl).toBeLessThanOrEqual(400 * DAY);
    const exported = ndjson((await getText('ret-user', 'ret-org', '/v1/history/export')).text);
    expect(labels(exported)).toEqual(['still kept']);
  });

  test('no count cap: 100,500 recent events of one user are all kept', async () => {
    const writes = new WriteBehind(h.redis, 10_000);
    const feed = new HistoryFeed(h.redis, 'test', h.config.history, writes);
    const who = { org: 'ret-org', user: 'busy', client_id: 'ret-org/busy' } as Parameters<HistoryFeed['record']>[0];
    const n = 100_500;
    for (let i = 0; i < n; i += 10_000) {
      const ids = Array.from({ length: Math.min(10_000, n - i) }, (_, k) => feed.record(who, 'api.request', { i: i + k }));
      await writes.flush();
      await Promise.all(ids);
    }
    expect(await h.redis.xlen(streamOf('ret-org', 'busy'))).toBe(n);
    const [[, oldest]] = await h.redis.xrange(streamOf('ret-org', 'busy'), '-', '+', 'COUNT', 1);
    expect(JSON.parse(oldest[oldest.indexOf('data') + 1])).toEqual({ i: 0 });
    await writes.close();
  });

  test('HISTORY_RETENTION_DAYS and HISTORY_MAX_EVENTS are checked at start-up', () => {
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '30', HISTORY_MAX_EVENTS: '5000' }).history).toEqual({ retentionDays: 30, maxEvents: 5000 });
    expect(() => loadConfig({ HISTORY_RETENTION_DAYS: '0' })).toThrow(/^HISTORY_RETENTION_DAYS must be an integer from 1 to 3650/);
  });
});

describe('GET /v1/history/export (NDJSON)', () => {
  test('decisions, uploads and project changes, one JSON object a line, oldest first; filters as the history page', async () => {
    await h.ingest(writeNdjson('history-export.ndjson', [source, entity('hx-company')]));
    const alice = callAs(h, 'hx-alice', 'hx-org');
    await seedOld(streamOf('hx-org', 'hx-alice'), 420, 'expired');
    const pid = (await alice('POST', '/v1/projects', { label: 'Export me' })).body.data.id;
    const pe = (await alice('POST', `/v1/projects/${pid}/entities/create`, { entity_ids: ['hx-company'] })).body.data;
    expect((await alice('POST', `/v1/projects/${pid}/entities/${pe.id}/matches/hx-company/decision`, { decision: 'false_positive', reason: 'not our customer' })).status).toBe(200);
    const upload = await alice('POST', `/v1/projects/${pid}/resolutions`, { filename: 'book.json', data: [{ name: 'Hx Company' }] });
    expect(upload.status).toBeLessThan(300);

    const res = await getText('hx-alice', 'hx-org', '/v1/history/export');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/x-ndjson/);
    expect(res.text.endsWith('\n')).toBe(true);
    const lines = ndjson(res.text);
    for (const line of lines) expect(Object.keys(line).sort()).toEqual(['data', 'environment', 'event', 'id', 'timestamp', 'user']);
    const ids = lines.map((l) => l.id as string);
    expect(ids).toEqual([...ids].sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || Number(a.split('-')[1]) - Number(b.split('-')[1])));
    const audit = lines.filter((l) => l.event !== 'api.request');
    expect(audit.map((l) => l.event)).toEqual(['project.created', 'project_entity.created', 'match.decided', 'upload.started']);
    expect(audit[2].data).toEqual({ project_id: pid, project_entity_id: pe.id, match_id: 'hx-company', decision: 'false_positive', reason: 'not our customer' });
    expect(audit[3].data).toMatchObject({ project_id: pid, file: 'book.json', count: 1 });
    // The calls themselves are there too, but not this export's own.
    expect(lines.filter((l) => l.event === 'api.request').map((l) => l.data.path)).not.toContain('/v1/history/export');
    expect(lines.map((l) => l.data.label)).not.toContain('expired');

    const decisions = ndjson((await getText('hx-alice', 'hx-org', '/v1/history/export?events=match.decided&events=upload.started')).text);
    expect(decisions.map((l) => l.event)).toEqual(['match.decided', 'upload.started']);
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect((await getText('hx-alice', 'hx-org', `/v1/history/export?from=${tomorrow}`)).text).toBe('');
    // Another user of the same org sees none of it.
    expect(ndjson((await getText('hx-bob', 'hx-org', '/v1/history/export')).text).filter((l) => l.event !== 'api.request')).toEqual([]);
  });

  test('bad parameters are 400s naming them; a JSON-only Accept is refused', async () => {
    for (const [qs, param] of [['?from=2026-02-01&to=2026-01-01', 'from'], ['?events=nope', 'events'], ['?size=10', 'size']]) {
      const res = await getText('hx-alice', 'hx-org', `/v1/history/export${qs}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).message.join(' ')).toContain(param);
    }
    expect((await getText('hx-alice', 'hx-org', '/v1/history/export', { accept: 'application/json' })).status).toBeGreaterThanOrEqual(400);
  });
});
