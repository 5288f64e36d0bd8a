/** GET /v1/history, GET /usage and /v1/usage, GET /v1/ontology/... against the real Redis (feedsCluster.test.ts: on a Redis Cluster). */
import jwt from 'jsonwebtoken';
import { WriteBehind } from '../../src/feeds/writeBehind';
import { UsageFeed } from '../../src/feeds/usage';
import { HISTORY_EVENTS } from '../../src/feeds/history';
import { Harness, SAMPLE, startHarness } from '../support/harness';
import { onBackend, tagged } from '../support/redisCluster';

let h: Harness;
type Call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any; headers: Headers }>;

function as(user: string, org: string): Call {
  const token = jwt.sign({ org, client_id: `${org}/${user}` }, h.config.jwt.secret, {
    algorithm: 'HS256', subject: user, audience: h.config.serviceDomain, issuer: h.config.jwt.issuer, expiresIn: 3600,
  });
  return async (method, path, body, headers = {}) => {
    const res = await fetch(`${h.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
}

const streamKey = (org: string, user: string) => `history:${encodeURIComponent(org)}:${encodeURIComponent(user)}`;
/** Today in UTC, read when called (a run may cross midnight: compare with the days around a call, or with a stored day). */
const utcDay = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The UTC day of a stream entry (its id is the millisecond Redis stored it at). */
const dayOfStreamId = (id: string) => new Date(Number(id.split('-')[0])).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
});
afterAll(() => h.close());

describe(onBackend('GET /v1/history'), () => {
  test('one api.request event per authenticated call, newest first, with the HistoryInfo fields', async () => {
    const call = as('hist-1', 'org-h');
    const startedMs = Date.now();
    await call('GET', '/v1/ontology/countries?id=USA', undefined, { 'x-request-id': 'req-first' });
    await call('GET', '/v1/entity/e-gb-northwind-logistics', undefined, { 'x-request-id': 'req-second' });
    await call('GET', '/v1/entity/no-such-entity', undefined, { 'x-request-id': 'req-404' });
    const res = await call('GET', '/v1/history');
    const answeredMs = Date.now();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ size: 3, next_token: '', events: expect.any(Array) });
    const [e404, second, first] = res.body.events;
    expect(first).toEqual({
      id: expect.stringMatching(/^\d+-\d+$/), user: 'hist-1', environment: 'test', event: 'api.request',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: {
        method: 'GET', path: '/v1/ontology/countries', url: '/v1/ontology/countries?id=USA', status: 200,
        request_id: 'req-first', client_id: 'org-h/hist-1', duration_ms: expect.any(Number),
      },
    });
    expect(second.data).toMatchObject({ path: '/v1/entity/{id}', status: 200, request_id: 'req-second' });
    expect(e404.data).toMatchObject({ path: '/v1/entity/{id}', status: 404 });
    // The time the event was stored at, which lies within the calls (1 s of slack for clock rounding).
    const stamped = Date.parse(first.timestamp);
    expect(stamped).toBeGreaterThanOrEqual(startedMs - 1000);
    expect(stamped).toBeLessThanOrEqual(answeredMs + 1000);
    expect(first.timestamp).toBe(new Date(Number(first.id.split('-')[0])).toISOString());
    // The history call itself is recorded too.
    const again = await call('GET', '/v1/history?size=1');
    expect(again.body.events[0].data).toMatchObject({ path: '/v1/history', status: 200 });
  });

  test('no event without a valid token; another user sees only their own events', async () => {
    await fetch(`${h.baseUrl}/v1/ontology/countries`);
    const a = as('hist-2', 'org-h');
    const b = as('hist-3', 'org-h');
    await a('GET', '/v1/ontology/entity_types');
    const seen = await b('GET', '/v1/history');
    expect(seen.body.events).toEqual([]);
    expect(await h.redis.xlen(streamKey('org-h', 'hist-2'))).toBe(1);
  });

  test('project changes are events with their data; filter by event names', async () => {
    const call = as('hist-4', 'org-h');
    const project = (await call('POST', '/v1/projects', { label: 'Audited', share: { org: 'viewer' } })).body.data.id;
    const pe = (await call('POST', `/v1/projects/${project}/entities/create`, { entity_ids: ['e-gb-northwind-logistics', 'e-cy-northwind-holdings'] })).body.data.id;
    await call('PATCH', `/v1/projects/${project}/entities/${pe}/matches`, { entity_ids: ['e-cy-northwind-holdings', 'e-gb-harbourline-shipping'] });
    const snapshot = (await call('POST', `/v1/projects/${project}/entities/${pe}/supply_chain/snapshots`)).body.data.id;
    await call('DELETE', `/v1/projects/${project}/entities/${pe}/supply_chain/snapshots/${snapshot}`);
    await call('DELETE', `/v1/projects/${project}/entities/${pe}`);
    await call('DELETE', `/v1/projects/${project}`);
    // A refused change is no project event.
    await as('hist-5', 'org-h')('DELETE', `/v1/projects/${project}`);

    const names = HISTORY_EVENTS.filter((e) => e !== 'api.request');
    const res = await call('GET', `/v1/history?${names.map((n) => `events=${n}`).join('&')}`);
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: any) => [e.event, e.data]).reverse()).toEqual([
      ['project.created', { project_id: project, label: 'Audited', type: 'network', share: { org: 'viewer' } }],
      ['project_entity.created', { project_id: project, project_entity_id: pe, entity_ids: ['e-gb-northwind-logistics', 'e-cy-northwind-holdings'] }],
      ['project_entity.matches_updated', {
        project_id: project, project_entity_id: pe, entity_ids: ['e-cy-northwind-holdings', 'e-gb-harbourline-shipping'],
        added: ['e-gb-harbourline-shipping'], removed: ['e-gb-northwind-logistics'], restored: [],
      }],
      ['snapshot.created', { project_id: project, project_entity_id: pe, snapshot_id: snapshot, entity_id: 'e-cy-northwind-holdings' }],
      ['snapshot.deleted', { project_id: project, project_entity_id: pe, snapshot_id: snapshot }],
      ['project_entity.deleted', { project_id: project, project_entity_id: pe }],
      ['project.archived', { project_id: project }],
    ]);
    const one = await call('GET', '/v1/history?events=project.created');
    expect(one.body.events.map((e: any) => e.event)).toEqual(['project.created']);
    const refused = await as('hist-5', 'org-h')('GET', '/v1/history?events=api.request');
    expect(refused.body.events[refused.body.events.length - 1].data).toMatchObject({ method: 'DELETE', status: 403 });
    expect((await as('hist-5', 'org-h')('GET', '/v1/history?events=project.archived')).body.events).toEqual([]);
  });

  test('from/to select days (UTC)', async () => {
    const call = as('hist-6', 'org-h');
    const before = utcDay();
    await call('GET', '/v1/ontology/countries?id=GBR');
    // The day the event was stored on (not the day the test started: a run may cross midnight).
    await h.flushFeeds();
    const stored = await h.redis.xrevrange(streamKey('org-h', 'hist-6'), '+', '-');
    expect(stored).toHaveLength(1);
    const day = dayOfStreamId(stored[0][0]);
    expect([before, utcDay()]).toContain(day);

    const sameDay = await call('GET', `/v1/history?from=${day}&to=${day}`);
    expect(sameDay.body.size).toBe(1);
    expect(sameDay.body.events[0].data).toMatchObject({ url: '/v1/ontology/countries?id=GBR' });
    expect((await call('GET', `/v1/history?to=${addDays(day, -1)}`)).body.events).toEqual([]);
    // From the next day on: not the event; only history reads made after midnight, if the run crossed it.
    const later = (await call('GET', `/v1/history?from=${addDays(day, 1)}`)).body.events;
    expect(later.map((e: any) => e.data.url)).not.toContain('/v1/ontology/countries?id=GBR');
    for (const e of later) expect(e.timestamp.slice(0, 10) >= addDays(day, 1)).toBe(true);
    expect((await call('GET', `/v1/history?from=${addDays(day, -3)}`)).body.size).toBe(4); // with the three history reads above
  });

  test('days before 1970 bound nothing from below and end a range before any event', async () => {
    const call = as('hist-1960', 'org-h');
    await call('GET', '/v1/ontology/countries?id=GBR');
    const all = await call('GET', '/v1/history?from=1960-01-01');
    expect(all.status).toBe(200);
    expect(all.body.size).toBe(1);
    expect(all.body.events[0].data).toMatchObject({ url: '/v1/ontology/countries?id=GBR' });
    for (const q of ['to=1969-12-31', 'from=1960-01-01&to=1969-12-31', 'to=0001-01-01', `to=1969-12-31&token=${all.body.events[0].id}`]) {
      const res = await call('GET', `/v1/history?${q}`);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: { size: 0, next_token: '', events: [] } });
    }
    expect((await call('GET', '/v1/history?to=1970-01-01')).body.events).toEqual([]);
  });

  test('the largest tokens Redis accepts continue below them', async () => {
    const call = as('hist-max-token', 'org-h');
    await call('GET', '/v1/ontology/countries?id=GBR');
    const newest = await call('GET', '/v1/history?token=9999999999999999-18446744073709551615');
    expect(newest.status).toBe(200);
    expect(newest.body.events.map((e: any) => e.data.url)).toContain('/v1/ontology/countries?id=GBR');
    for (const token of ['1-18446744073709551615', '0-1']) {
      const res = await call('GET', `/v1/history?token=${token}`);
      expect({ token, status: res.status, body: res.body }).toEqual({ token, status: 200, body: { size: 0, next_token: '', events: [] } });
    }
  });

  test.each([
    ['an unknown event name', 'events=project.renamed', 'events'],
    ['a malformed token', 'token=abc', 'token'],
    ['the token 0-0, before which nothing lies', 'token=0-0', 'token'],
    ['a token whose sequence number exceeds 2^64-1', 'token=1700000000000-18446744073709551616', 'token'],
    ['a malformed date', 'from=2024-13-01', 'from'],
    ['from after to', 'from=2024-02-02&to=2024-02-01', 'from'],
    ['size 0', 'size=0', 'size'],
    ['size 1001', 'size=1001', 'size'],
    ['an unknown parameter', 'page=2', 'page'],
  ])('400 in the /v1 shape for %s', async (_name, q, param) => {
    const res = await as('hist-7', 'org-h')('GET', `/v1/history?${q}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, success: false, message: [expect.stringContaining(param)] });
  });

  test('pages by token without gaps or repeats while other calls write to the same stream', async () => {
    const user = 'hist-pager';
    const call = as(user, 'org-h');
    for (let i = 0; i < 45; i++) await call('GET', `/v1/ontology/countries?id=USA`, undefined, { 'x-request-id': `before-${i}` });

    // Writers: the same user, concurrently, plus project changes that add project events.
    let writing = true;
    const writer = (async () => {
      let i = 0;
      while (writing && i < 200) {
        await call('GET', '/v1/ontology/entity_types', undefined, { 'x-request-id': `during-${i++}` });
      }
      return i;
    })();
    const projectWriter = (async () => {
      for (let i = 0; i < 5; i++) await call('POST', '/v1/projects', { label: `concurrent ${i}` });
    })();

    const pages: any[] = [];
    let token: string | undefined;
    do {
      const res = await call('GET', `/v1/history?size=7${token ? `&token=${token}` : ''}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
      token = res.body.next_token;
      await new Promise((r) => setTimeout(r, 5)); // let the writers interleave
    } while (token);
    writing = false;
    const written = await writer;
    await projectWriter;
    expect(written).toBeGreaterThan(5);

    const ids: string[] = pages.flatMap((p) => p.events.map((e: any) => e.id));
    expect(new Set(ids).size).toBe(ids.length); // no repeats
    for (let i = 1; i < ids.length; i++) expect(BigIntId(ids[i - 1]) > BigIntId(ids[i])).toBe(true); // strictly older
    for (const p of pages.slice(0, -1)) expect(p.size).toBe(7);
    // No gaps: every event up to the newest one of the first page, as the stream holds it.
    const stream = await h.redis.xrevrange(streamKey('org-h', user), ids[0], '-');
    expect(ids).toEqual(stream.map(([id]) => id));
    expect(ids.length).toBeGreaterThanOrEqual(45);
    const requestIds = pages.flatMap((p) => p.events.map((e: any) => e.data.request_id));
    for (let i = 0; i < 45; i++) expect(requestIds).toContain(`before-${i}`);

    // A second pass after the writers stopped sees everything the stream holds, once.
    const all: string[] = [];
    token = undefined;
    await h.flushFeeds(); // the writers' last events may still be held back (FEED_WRITE_DELAY_MS)
    const total = await h.redis.xlen(streamKey('org-h', user));
    do {
      const res = await call('GET', `/v1/history?size=50${token ? `&token=${token}` : ''}`);
      all.push(...res.body.events.map((e: any) => e.id));
      token = res.body.next_token;
    } while (token);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(total);
  });

  test('a filtered page scans on until it is full; the token continues after the last event returned', async () => {
    const call = as('hist-filter', 'org-h');
    for (let i = 0; i < 3; i++) {
      await call('POST', '/v1/projects', { label: `f${i}` });
      for (let j = 0; j < 4; j++) await call('GET', '/v1/ontology/countries');
    }
    const first = await call('GET', '/v1/history?events=project.created&size=2');
    expect(first.body.events.map((e: any) => e.data.label)).toEqual(['f2', 'f1']);
    expect(first.body.next_token).toBe(first.body.events[1].id);
    const second = await call('GET', `/v1/history?events=project.created&size=2&token=${first.body.next_token}`);
    expect(second.body.events.map((e: any) => e.data.label)).toEqual(['f0']);
    expect(second.body.next_token).toBe('');
  });
});

function BigIntId(id: string): bigint {
  const [ms, seq] = id.split('-');
  return BigInt(ms) * 1_000_000n + BigInt(seq);
}

describe(onBackend('GET /usage and /v1/usage'), () => {
  test('views and credits per route pattern match the calls made (successful calls only)', async () => {
    const call = as('usage-1', 'org-u');
    const dayBefore = utcDay();
    await call('GET', '/v1/entity/e-gb-northwind-logistics');
    await call('GET', '/v1/entity/e-cy-northwind-holdings');
    await call('GET', '/v1/entity/no-such-entity'); // 404: not counted
    await call('GET', '/entity/e-gb-northwind-logistics');
    await call('GET', '/entity/e-gb-northwind-logistics?possibly_same_as.limit=banana'); // 406: not counted
    for (let i = 0; i < 3; i++) await call('GET', '/v1/ontology/countries');
    await call('GET', '/v1/ubo/e-gb-northwind-logistics');
    await fetch(`${h.baseUrl}/v1/entity/e-gb-northwind-logistics`); // 401: not counted
    const head = await call('HEAD', '/v1/ubo/e-gb-northwind-logistics'); // answered, but no view
    expect(head.status).toBe(200);

    const res = await call('GET', '/usage');
    const dayAfter = utcDay();
    // The first day with counters, as stored; it is one of the days the calls ran on.
    await h.flushFeeds();
    const [firstDay] = await h.redis.zrange(`usage:${tagged('org-u')}:days`, '0', '0');
    expect([dayBefore, dayAfter]).toContain(firstDay);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      paths: [
        { path: '/entity/{id}', views: 1, credits: 1 },
        { path: '/v1/entity/{id}', views: 2, credits: 2 },
        { path: '/v1/ontology/countries', views: 3, credits: 0 },
        { path: '/v1/ubo/{id}', views: 1, credits: 1 },
      ],
      credits: 4,
      since: `${firstDay}T00:00:00.000Z`,
      total: true,
    });
    // The /usage call itself is counted once it is answered.
    const v1 = await call('GET', '/v1/usage');
    expect(v1.body.paths).toContainEqual({ path: '/usage', views: 1, credits: 0 });
    expect([dayBefore, utcDay()]).toContain(v1.body.to);
    expect(v1.body).toMatchObject({
      credits: 4, total: true, from: firstDay,
      usage: { entity: 3, entity_summary: 0, record: 0, resolve: 0, search_entities: 0, search_records: 0, search_trade: 0, traversal: 1 },
    });
    // Another organisation's usage is its own.
    const other = await as('usage-2', 'org-other')('GET', '/v1/usage');
    expect(other.body).toMatchObject({ paths: [], credits: 0, total: true });
  });

  test('since: counts from that day; a day without counters moves to the next closest aggregated day', async () => {
    const org = 'org-days';
    const feed = new UsageFeed(h.redis, new WriteBehind(h.redis, 0));
    const at = (day: string) => Date.parse(`${day}T12:00:00Z`);
    await feed.count(org, '/v1/entity/{id}', 1, at('2024-01-10'));
    await feed.count(org, '/v1/entity/{id}', 1, at('2024-01-15'));
    await feed.count(org, '/v1/traversal/{id}', 1, at('2024-01-15'));
    await feed.count(org, '/v1/traversal/{id}', 1, at('2024-01-20'));
    const call = as('usage-3', org);

    const exact = await call('GET', '/usage?since=2024-01-15');
    expect(exact.body).toEqual({
      paths: [{ path: '/v1/entity/{id}', views: 1, credits: 1 }, { path: '/v1/traversal/{id}', views: 2, credits: 2 }],
      credits: 3, since: '2024-01-15T00:00:00.000Z', total: false,
    });
    const moved = await call('GET', '/usage?since=2024-01-11');
    expect(moved.body).toMatchObject({ since: '2024-01-15T00:00:00.000Z', credits: 3, total: false });
    const all = await call('GET', '/usage');
    expect(all.body).toMatchObject({ since: '2024-01-10T00:00:00.000Z', credits: 4, total: true });
    const none = await call('GET', '/usage?since=2030-01-01');
    expect(none.body.paths).toEqual([]);
    expect(none.body).toMatchObject({ since: '2030-01-01T00:00:00.000Z', credits: 0, total: false });
    // /v1 takes since, or from/to (published client).
    const window = await call('GET', '/v1/usage?from=2024-01-11&to=2024-01-16');
    expect(window.body).toMatchObject({
      paths: [{ path: '/v1/entity/{id}', views: 1, credits: 1 }, { path: '/v1/traversal/{id}', views: 1, credits: 1 }],
      credits: 2, from: '2024-01-15', to: '2024-01-16', since: '2024-01-15T00:00:00.000Z', total: false,
      usage: { entity: 1, traversal: 1 },
    });
  });

  test('bad parameters: 406 on the legacy path, 400 on /v1', async () => {
    const call = as('usage-4', 'org-u2');
    const legacy = await call('GET', '/usage?since=yesterday');
    expect(legacy.status).toBe(406);
    expect(legacy.body).toEqual({ status: 406, success: false, messages: [expect.stringContaining('since')] });
    expect((await call('GET', '/usage?from=2024-01-01')).status).toBe(406);
    for (const q of ['since=2024-02-30', 'since=2024-01-01&from=2024-01-01', 'from=2024-02-02&to=2024-02-01', 'limit=3']) {
      const res = await call('GET', `/v1/usage?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
    }
  });
});

describe(onBackend('GET /v1/ontology/...'), () => {
  const call = () => as('onto', 'org-o');

  test('countries: every spec id with label and numeric code, total_count', async () => {
    const res = await call()('GET', '/v1/ontology/countries');
    expect(res.status).toBe(200);
    expect(res.body.filters).toEqual({});
    expect(res.body.total_count).toBe(252);
    expect(res.body.data).toHaveLength(252);
    expect(res.body.data).toContainEqual({ id: 'GBR', label: 'United Kingdom', code: 826 });
    expect(res.body.data).toContainEqual({ id: 'XXX', label: 'International', code: 999 });
  });

  test.each([
    ['repeated', 'id=USA&id=GBR'],
    ['JSON-encoded (published client)', `id=${encodeURIComponent('["USA","GBR"]')}`],
    ['comma-separated', 'id=USA,GBR'],
  ])('countries: id filter, %s', async (_name, q) => {
    const res = await call()('GET', `/v1/ontology/countries?${q}`);
    expect(res.body).toEqual({
      filters: { id: ['USA', 'GBR'] },
      data: [{ id: 'GBR', label: 'United Kingdom', code: 826 }, { id: 'USA', label: 'United States', code: 840 }],
      total_count: 2,
    });
  });

  test.each([
    ['unknown id', 'id=ABC', 'ABC'],
    ['lower case', 'id=usa', 'usa'],
    ['bad JSON', `id=${encodeURIComponent('["USA"')}`, 'id'],
    ['JSON not a list of strings', `id=${encodeURIComponent('[1]')}`, 'id'],
    ['unknown parameter', 'ids=USA', 'ids'],
  ])('countries: 400 for %s', async (_name, q, text) => {
    const res = await call()('GET', `/v1/ontology/countries?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.message.join(' ')).toContain(text);
  });

  test('relationships, entity types and risk factors', async () => {
    const rel = await call()('GET', '/v1/ontology/relationships?id=has_shareholder');
    expect(rel.body).toMatchObject({ total_count: 1, data: [{ id: 'has_shareholder', inverse: 'shareholder_of', share_bearing: true }] });
    const types = await call()('GET', '/v1/ontology/entity_types');
    expect(types.body.data.map((t: any) => t.id)).toEqual(expect.arrayContaining(['company', 'person', 'vessel']));
    const risk = await call()('GET', '/v1/ontology/risk_factors?id=owned_by_sanctioned_usa_ofac_sdn_entity&id=pep');
    expect(risk.body.data.map((r: any) => r.id)).toEqual(['owned_by_sanctioned_usa_ofac_sdn_entity', 'pep']);
    expect(risk.body.data[0]).toMatchObject({ level: 'critical', risk_type: 'derived', categories: ['sanctions'] });
    expect((await call()('GET', '/v1/ontology/risk_factors?id=sanctioned_by_mars')).status).toBe(400);
    // Every field the published client's ontology schemas require, with its JSON type.
    expect(rel.body.data[0]).toMatchObject({
      label: 'Has shareholder', description: expect.any(String), comment: '', type: 'ownership', between: [], attributes: ['shares', 'position'],
    });
    expect(types.body.data.find((t: any) => t.id === 'company')).toMatchObject({
      comment: '', attribute: expect.arrayContaining(['name', 'address']), relationship: expect.arrayContaining(['has_shareholder']),
      field: expect.arrayContaining(['name', 'has_shareholder']),
    });
    for (const factor of risk.body.data) {
      expect(factor).toMatchObject({
        id: expect.any(String), categories: expect.any(Array), label: expect.any(String), description: expect.any(String), doc: expect.any(String),
        code: expect.any(Number), level: expect.any(String), risk_type: expect.any(String), risk_viz: factor.level, visible: true, enabled: true,
        type: factor.risk_type, tg: false, do_not_render_metadata: [],
      });
    }
    const every = (await call()('GET', '/v1/ontology/risk_factors')).body;
    expect(new Set(every.data.map((f: any) => f.code)).size).toBe(every.total_count);
    const all = await call()('GET', '/v1/ontology');
    expect(Object.keys(all.body.data).sort()).toEqual(['attributes', 'countries', 'currencies', 'entity_types', 'enums', 'identifiers', 'languages', 'regions', 'relationships', 'risk_factors', 'source_types', 'sources']);
    expect(all.body.data.countries).toHaveLength(252);
  });

  test('requires a token', async () => {
    expect((await fetch(`${h.baseUrl}/v1/ontology/countries`)).status).toBe(401);
  });
});
