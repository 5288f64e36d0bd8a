/**
 * Creating calls with Idempotency-Key while the test Neo4j stops and starts again (the
 * dev-services code, SIGTERM): each call answers within its deadline (200 or 503), every call
 * retried with its key after the restart answers 200, and no project exists twice. Needs the
 * Neo4j that the global setup started (TEST_NEO4J_URI's port, TEST_DATA_DIR).
 */
import { randomUUID } from 'node:crypto';
import { ensureNeo4j, NEO4J } from '../../src/devservices/neo4jProcess';
import { stopManaged } from '../../src/devservices/processes';
import { testConfig } from '../support/env';
import { Harness, startHarness } from '../support/harness';
import { sleep } from '../support/worker';

const DEADLINE_MS = 5000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { WRITE_DEADLINE_MS: String(DEADLINE_MS) } });
}, 120_000);
afterAll(async () => {
  await ensureNeo4j(testConfig(), () => undefined);
  await h.close();
}, 180_000);

interface Sent { label: string; key: string; status: number; id?: string; ms: number }

async function create(label: string, key: string): Promise<Omit<Sent, 'label' | 'key'>> {
  const started = Date.now();
  const res = await h.json('/v1/projects', {
    method: 'POST', body: JSON.stringify({ label }), headers: { 'content-type': 'application/json', 'idempotency-key': key },
  });
  return { status: res.status, id: res.body?.data?.id, ms: Date.now() - started };
}

test('creating calls across a Neo4j stop and start, retried with their keys, create each project once', async () => {
  const sent: Promise<Sent>[] = [];
  let n = 0;
  const send = () => {
    const label = `Fault ${n++}`;
    const key = randomUUID();
    sent.push(create(label, key).then((r) => ({ label, key, ...r })));
  };
  for (let i = 0; i < 4; i++) send();
  // These before the stop are created (and their retries must answer the same project).
  expect((await Promise.all(sent)).map((s) => s.status)).toEqual([200, 200, 200, 200]);
  const config = testConfig();
  const stopping = stopManaged(config, NEO4J, () => undefined);
  const during = setInterval(send, 250);
  await stopping;
  for (let i = 0; i < 4; i++) {
    send();
    await sleep(500);
  }
  clearInterval(during);
  const first = await Promise.all(sent);
  // Every call was answered by its deadline (and the time one begun transaction may take to end).
  for (const s of first) expect([s.label, [200, 503].includes(s.status), s.ms < DEADLINE_MS * 2]).toEqual([s.label, true, true]);
  expect(first.filter((s) => s.status === 503).length).toBeGreaterThan(0);

  await ensureNeo4j(config, () => undefined);
  for (const s of first) {
    let retried = await create(s.label, s.key);
    for (let tries = 0; retried.status !== 200 && tries < 30; tries++) {
      await sleep(1000);
      retried = await create(s.label, s.key);
    }
    expect([s.label, retried.status]).toEqual([s.label, 200]);
    if (s.status === 200) expect([s.label, retried.id]).toEqual([s.label, s.id]);
  }
  const listed = (await h.json('/v1/projects?limit=100')).body.data as { label: string }[];
  const counts = new Map<string, number>();
  for (const p of listed) counts.set(p.label, (counts.get(p.label) ?? 0) + 1);
  process.stdout.write(`idempotencyFaults: ${first.length} calls, ${first.filter((s) => s.status === 503).length} answered 503, slowest answer ${Math.max(...first.map((s) => s.ms))} ms\n`);
  const doubled = [...counts].filter(([, c]) => c > 1);
  expect(doubled).toEqual([]);
  expect(first.every((s) => counts.get(s.label) === 1)).toBe(true);
}, 400_000);
