/**
 * Risk notifications across an ingest that replaces what clients see and a Neo4j restart in
 * the middle of the re-score: every saved entity that gains a direct factor gets exactly one
 * notification adding it, whether or not the worker had scored the entity before.
 *
 * The second test stops the test Neo4j (the dev-services code, SIGTERM) while a real
 * `graph-api worker` process re-scores, and starts it again; it needs the Neo4j that the
 * global setup started (TEST_NEO4J_URI's port, TEST_DATA_DIR).
 */
import { NotificationFeed } from '../../src/feeds/notifications';
import { ensureNeo4j, NEO4J } from '../../src/devservices/neo4jProcess';
import { stopManaged } from '../../src/devservices/processes';
import { RiskScorer } from '../../src/services/risk';
import { QUEUE_NAMES } from '../../src/workers/queues';
import { testConfig } from '../support/env';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { ingestAndQueue, saveEntities, sleep, startWorker, waitForIdle, type WorkerProcess } from '../support/worker';
import { entity, fact, source } from '../support/workerFixtures';

let h: Harness;
let feed: NotificationFeed;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  h = await startHarness();
  feed = new NotificationFeed(h.redis);
});
afterAll(async () => {
  await worker?.kill();
  await h.close();
});
beforeEach(async () => {
  await wipeGraph(h.graph);
  await h.redis.flushdb();
});

const OFAC = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };
const OFSI = { factor: 'sanctioned_gbr_hmt_ofsi', country: ['GBR'] };
const child = (i: number) => `child-${String(i).padStart(5, '0')}`;
/** A parent holding 60% of n children, each child listed by OFSI. */
const star = (n: number) => [
  source, entity('parent'),
  ...Array.from({ length: n }, (_, i) => entity(child(i), [OFSI])),
  ...Array.from({ length: n }, (_, i) => fact('has_shareholder', child(i), 'parent', 60)),
];

/** Per entity id, the notifications of the project whose `added` names `factor`. */
async function adding(projectId: string, factor: string): Promise<Map<string, number>> {
  const { data } = await feed.page(projectId, 0, 10_000);
  const out = new Map<string, number>();
  for (const n of data) if (n.risk_notifications.added.includes(factor)) out.set(n.entity_id, (out.get(n.entity_id) ?? 0) + 1);
  return out;
}

test('an entity the worker never scored notifies the factor an ingest adds to it', async () => {
  await h.ingest(writeNdjson('star.ndjson', star(4)));
  const scorer = new RiskScorer(h.graph, feed);
  // child 0 and 1 scored before the change; child 2 and 3 never (as a freshly loaded graph).
  await scorer.score([child(0), child(1)]);
  const saved = [child(0), child(1), child(2), child(3)];
  const { projectId } = await saveEntities(h, saved);

  await h.ingest(writeNdjson('listed.ndjson', [source, ...saved.map((id) => entity(id, [OFSI, OFAC]))]));
  await scorer.process(saved, 'ingest');

  const found = await adding(projectId, OFAC.factor);
  expect(Object.fromEntries(saved.map((id) => [id, found.get(id) ?? 0]))).toEqual(Object.fromEntries(saved.map((id) => [id, 1])));
  // What clients saw before the ingest is the previous side: OFSI stays, so it is not "added".
  const { data } = await feed.page(projectId, 0, 100);
  for (const n of data) expect(n.risk_notifications.added).not.toContain(OFSI.factor);
}, 300_000);

test('an entity created by the ingest notifies nothing new: nobody saw it before', async () => {
  await h.ingest(writeNdjson('star.ndjson', star(1)));
  const { projectId } = await saveEntities(h, [child(0)]);
  const scorer = new RiskScorer(h.graph, feed);
  await scorer.process([child(0)], 'ingest');
  // child-00000 was loaded with OFSI before it was saved: not a change anybody was shown.
  const { data } = await feed.page(projectId, 0, 100);
  expect(data.filter((n) => n.risk_notifications.added.includes(OFSI.factor))).toEqual([]);
}, 300_000);

test('a Neo4j restart in the middle of the re-score loses no notification and doubles none', async () => {
  const n = 1000;
  await h.ingest(writeNdjson('star.ndjson', star(n)));
  // Half the saved entities scored before the change, half never, as on a freshly loaded graph.
  const saved = Array.from({ length: 30 }, (_, i) => child(i * 33));
  const scorer = new RiskScorer(h.graph, feed);
  await scorer.score(saved.filter((_, i) => i % 2 === 0));
  const { projectId } = await saveEntities(h, saved);

  worker = startWorker();
  const queue = h.queues.queue(QUEUE_NAMES.rescore);
  // The parent listed too, so the job re-scores all n children (its neighbourhood), not only the saved ones.
  await ingestAndQueue(h, writeNdjson('listed.ndjson', [source, entity('parent', [OFAC]), ...saved.map((id) => entity(id, [OFSI, OFAC]))]));
  for (let i = 0; i < 600 && (await queue.getActiveCount()) === 0; i++) await sleep(50);
  expect(await queue.getActiveCount()).toBeGreaterThan(0);

  const config = testConfig();
  await stopManaged(config, NEO4J, () => undefined);
  await sleep(3000);
  await ensureNeo4j(config, () => undefined);

  await waitForIdle(h, 400_000);
  const counts = await queue.getJobCounts('failed', 'completed');
  expect(counts.failed).toBe(0);
  expect(counts.completed).toBeGreaterThan(0);
  const found = await adding(projectId, OFAC.factor);
  expect(Object.fromEntries(saved.map((id) => [id, found.get(id) ?? 0]))).toEqual(Object.fromEntries(saved.map((id) => [id, 1])));
}, 600_000);
