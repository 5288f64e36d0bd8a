/**
 * Idempotency-Key on creating POSTs and the deadline of write requests: a retry with the same
 * key and body answers the first reply and creates nothing; another body is a 409; a bad key a
 * 400 naming the header; with Neo4j away a write answers 503 within its deadline and leaves the
 * key free for the retry. Real Neo4j, Redis and HTTP.
 */
import { randomUUID } from 'node:crypto';
import { Harness, closedPort, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(() => h.close());

const post = (path: string, body: unknown, key?: string) => h.json(path, {
  method: 'POST', body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
});

async function projectsLabelled(label: string): Promise<number> {
  const res = await h.json('/v1/projects?limit=100');
  return (res.body.data as { label: string }[]).filter((p) => p.label === label).length;
}

describe('Idempotency-Key', () => {
  test('the same key and body answer the first reply again and create nothing more', async () => {
    const key = randomUUID();
    const first = await post('/v1/projects', { label: 'Idem once', type: 'network' }, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same body with its keys in another order is the same request.
    const again = await post('/v1/projects', { type: 'network', label: 'Idem once' }, key);
    expect([again.status, again.body]).toEqual([200, first.body]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await projectsLabelled('Idem once')).toBe(1);
  });

  test('the same key with another body is a 409 naming the header; without a key each call creates', async () => {
    const key = randomUUID();
    expect((await post('/v1/projects', { label: 'Idem first' }, key)).status).toBe(200);
    const other = await post('/v1/projects', { label: 'Idem second' }, key);
    expect(other.status).toBe(409);
    expect(other.body.message[0]).toMatch(/^Idempotency-Key: this key was used for another request/);
    expect(await projectsLabelled('Idem second')).toBe(0);
    await post('/v1/projects', { label: 'Idem keyless' });
    await post('/v1/projects', { label: 'Idem keyless' });
    expect(await projectsLabelled('Idem keyless')).toBe(2);
  });

  test('a key is checked (400 naming it) and is the calling client\'s own', async () => {
    for (const bad of ['x'.repeat(256), 'two words']) {
      const res = await post('/v1/projects', { label: 'Idem bad' }, bad);
      expect([res.status, res.body.message]).toEqual([400, ['Idempotency-Key: must be 1 to 255 visible ASCII characters (a UUID, for example)']]);
    }
    expect(await projectsLabelled('Idem bad')).toBe(0);
    const key = randomUUID();
    const pid = (await post('/v1/projects', { label: 'Idem scoped' }, key)).body.data.id as string;
    // Another route with the same key is another request: 409, not the project's reply.
    const entity = await post(`/v1/projects/${pid}/entities/create`, { name: ['Idem Holdings Ltd'] }, key);
    expect(entity.status).toBe(409);
  });

  test('calls racing with one key create one project: the others get its reply or a 409 while it runs', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/v1/projects', { label: 'Idem race' }, key)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.headers.get('retry-after')).toBe('1');
    expect(await projectsLabelled('Idem race')).toBe(1);
  });

  test('project entities take a key too: a retried create adds one entity', async () => {
    const pid = (await post('/v1/projects', { label: 'Idem entities' })).body.data.id as string;
    const key = randomUUID();
    const body = { name: ['Northwind Holdings Ltd'], country: ['CYP'] };
    const first = await post(`/v1/projects/${pid}/entities/create`, body, key);
    const again = await post(`/v1/projects/${pid}/entities/create`, body, key);
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    const listed = await h.json(`/v1/projects/${pid}/entities`);
    expect(listed.body.data).toHaveLength(1);
  });

  test('every creating POST documents the header and a 409', async () => {
    const doc = (await h.json('/openapi.json')).body;
    const creating = ['/v1/projects', '/v1/resource/entity', '/v1/attribute', '/v1/projects/{project_id}/entities/create',
      '/v1/projects/{project_id}/resolutions', '/v1/projects/{project_id}/webhooks'];
    for (const path of creating) {
      const op = doc.paths[path].post;
      expect([path, op.parameters.some((p: { name: string; in: string }) => p.name === 'Idempotency-Key' && p.in === 'header')]).toEqual([path, true]);
      expect([path, Object.keys(op.responses)]).toEqual([path, expect.arrayContaining(['409'])]);
    }
  });
});

describe('a write with Neo4j away', () => {
  let away: Harness;
  beforeAll(async () => {
    away = await startHarness({ wipe: false, env: { NEO4J_URI: `bolt://127.0.0.1:${await closedPort()}`, WRITE_DEADLINE_MS: '3000' } });
  }, 60_000);
  afterAll(() => away.close());

  test('answers 503 with Retry-After within its deadline and leaves its key free for the retry', async () => {
    const key = randomUUID();
    const started = Date.now();
    const res = await away.json('/v1/projects', {
      method: 'POST', body: JSON.stringify({ label: 'Idem away' }), headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    const took = Date.now() - started;
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5']);
    // Tries go on until the deadline (3 s here), and no longer (a hang guard, not a speed target).
    expect(took).toBeLessThan(4000);
    const retried = await post('/v1/projects', { label: 'Idem away' }, key);
    expect(retried.status).toBe(200);
    expect(await projectsLabelled('Idem away')).toBe(1);
  });
});
