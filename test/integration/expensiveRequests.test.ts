/**
 * Bounded planning: a traversal of an unknown source is refused before any search statement
 * whose text this process has not run (the source is looked up first only then), and one client may run only EXPENSIVE_CONCURRENCY_PER_CLIENT expensive requests at once.
 */
import { statementsDuring } from '../support/statementsDuring';
import { ConcurrencyLeases } from '../../src/feeds/leases';
import { DEV_CLIENT } from '../../src/services/auth';
import { Harness, SAMPLE, callAs, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE], env: { EXPENSIVE_CONCURRENCY_PER_CLIENT: '1', RATE_LIMIT_REQUESTS: '0' } });
}, 120_000);
afterAll(() => h.close());

describe('a traversal of an unknown source', () => {
  const paths = [
    '/v1/traversal/no-such-entity?relationships=has_director&countries=GBR&min_shares=25',
    '/v1/ubo/no-such-entity?exclude_closed_entities=true',
    '/v1/downstream/no-such-entity?max_depth=7&types=company',
    '/v1/watchlist/no-such-entity?sanctioned=true&psa=false',
    '/traversal/no-such-entity?relationships=shareholder_of&min_depth=2',
    '/v1/traversal/no-such-entity?min_depth=0',
  ];

  test.each(paths)('%s: 404 in the surface\'s shape, after only the source lookup (no search statement of a new text)', async (path) => {
    let answer: { status: number; body: any } | undefined;
    const names = await statementsDuring(async () => { answer = await h.json(path); });
    expect(answer!.status).toBe(404);
    expect(answer!.body).toEqual(path.startsWith('/v1/')
      ? { status: 404, message: ['entity "no-such-entity" not found'], success: false }
      : { status: 404, success: false, messages: ['entity "no-such-entity" not found'] });
    // Beside the lookup only the ownership facts of ubo and downstream may be read (past the
    // one-query depths they are read beside the search): one text per direction and depth.
    expect(names.filter((name) => name !== 'ownership#ownership-subgraph')).toEqual(['traversal#source-entity']);
  });

  test('a known source runs its search after the lookup; once its texts have run, without it', async () => {
    const path = '/v1/traversal/e-gb-northwind-logistics?relationships=has_director';
    const names = await statementsDuring(() => h.json(path));
    expect(names[0]).toBe('traversal#source-entity');
    expect(names.length).toBeGreaterThan(1);
    expect(names.slice(1)).not.toContain('inline');
    // The same request again: its texts have run, the search alone answers.
    let again: { status: number } | undefined;
    const second = await statementsDuring(async () => { again = await h.json(path); });
    expect(again!.status).toBe(200);
    expect(second).toEqual(names.slice(1));
  });

  test('an unknown source on texts already run: 404 from the search itself, with no lookup', async () => {
    let answer: { status: number; body: any } | undefined;
    const names = await statementsDuring(async () => { answer = await h.json('/v1/traversal/no-such-entity?relationships=has_director'); });
    expect(answer).toEqual(expect.objectContaining({ status: 404, body: { status: 404, message: ['entity "no-such-entity" not found'], success: false } }));
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('traversal#source-entity');
  });
});

describe('concurrent expensive requests per client', () => {
  const burst = (call: (path: string) => Promise<{ status: number; body: any; headers: Headers }>, path: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => call(path)));

  test('over the limit: 429 with Retry-After in each surface\'s envelope; slots come back when answers end', async () => {
    const v1 = await burst((p) => h.json(p), '/v1/traversal/e-gb-northwind-logistics?max_depth=6', 12);
    const refused = v1.filter((r) => r.status === 429);
    expect(v1.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0].headers.get('retry-after')).toBe('1');
    expect(refused[0].body).toEqual({ status: 429, message: [expect.stringContaining('at most 1 traversal, PDF or snapshot requests per client')], success: false });

    const legacy = await burst((p) => h.json(p), '/traversal/e-gb-northwind-logistics?max_depth=6', 12);
    const legacyRefused = legacy.filter((r) => r.status === 429);
    expect(legacyRefused.length).toBeGreaterThanOrEqual(1);
    expect(legacyRefused[0].body).toEqual({ status: 429, success: false, messages: [expect.stringContaining('at most 1')] });

    // Every slot was given back: one request at a time always passes.
    for (let i = 0; i < 3; i++) expect((await h.json('/v1/ubo/e-gb-northwind-logistics')).status).toBe(200);
  });

  test('cheap routes are not counted, and each client has its own slots', async () => {
    const other = callAs(h, 'other-user', 'other-org');
    const [mine, theirs, cheap] = await Promise.all([
      burst((p) => h.json(p), '/v1/traversal/e-gb-northwind-logistics?max_depth=6', 6),
      burst((p) => other('GET', p), '/v1/traversal/e-gb-northwind-logistics?max_depth=6', 1),
      burst((p) => h.json(p), '/v1/entity/e-gb-northwind-logistics', 6),
    ]);
    expect(mine.some((r) => r.status === 429)).toBe(true);
    expect(theirs.map((r) => r.status)).toEqual([200]);
    expect(cheap.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  test('the legacy entity counts only as a PDF or with traversal blocks', async () => {
    const pdfs = await Promise.all(Array.from({ length: 6 }, () => h.get('/entity/e-gb-northwind-logistics', { headers: { accept: 'application/pdf' } })));
    expect(pdfs.some((r) => r.status === 429)).toBe(true);
    const json = await Promise.all(Array.from({ length: 6 }, () => h.get('/entity/e-gb-northwind-logistics')));
    expect(json.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await Promise.all([...pdfs, ...json].map((r) => r.arrayBuffer()));
  });
});

describe('expensive-request slots across instances', () => {
  test('a slot held on another instance counts; one whose instance died frees itself when its lease ends', async () => {
    // Another instance's lease, taken as that instance would (the same Redis).
    const elsewhere = await new ConcurrencyLeases(h.redis, 1).take(DEV_CLIENT.client_id);
    expect(elsewhere).toBeDefined();
    expect((await h.json('/v1/ubo/e-gb-northwind-logistics')).status).toBe(429);
    elsewhere!.release();
    expect((await h.json('/v1/ubo/e-gb-northwind-logistics')).status).toBe(200);
    // An instance that died neither renews nor releases its lease: a lease ending in 500 ms.
    await h.redis.zadd(`{conc:${DEV_CLIENT.client_id}}`, Date.now() + 500, 'a-dead-instance');
    expect((await h.json('/v1/ubo/e-gb-northwind-logistics')).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await h.json('/v1/ubo/e-gb-northwind-logistics')).status).toBe(200);
  });
});

