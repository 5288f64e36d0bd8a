/**
 * One scoring per entity per change: the jobs queued after one committed change expand
 * overlapping neighbourhoods, and each affected entity is scored by exactly one of them
 * (src/workers/rescoreClaims.ts). Counted with the scorer's `onScored` observer and with the
 * jobs' own result counts, never with timings; the result is checked against a full re-score.
 */
import type { Job } from 'bullmq';
import pino from 'pino';
import { NotificationFeed } from '../../src/feeds/notifications';
import { RiskScorer, type RescoreStats } from '../../src/services/risk';
import type { EntityJob } from '../../src/workers/jobs';
import { QUEUE_NAMES } from '../../src/workers/queues';
import { RescoreClaims } from '../../src/feeds/rescoreClaims';
import { closeScorers, runRescoreJob } from '../../src/workers/rescoreJob';
import { startWorkers } from '../../src/workers/worker';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { waitForIdle } from '../support/worker';
import { entity, fact, source } from '../support/workerFixtures';

let h: Harness;
let feed: NotificationFeed;

beforeAll(async () => {
  h = await startHarness();
  feed = new NotificationFeed(h.redis);
});
afterAll(async () => {
  await closeScorers();
  await h.close();
});
beforeEach(async () => {
  await wipeGraph(h.graph);
  await h.redis.flushdb();
});

const OFAC = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };
const child = (i: number) => `child-${String(i).padStart(3, '0')}`;
const grandchild = (i: number) => `grandchild-${String(i).padStart(3, '0')}`;
const CHILDREN = 30;
/** `parent` holds 60% of every child, `owner-b` 40% of the last twenty, each of the first ten holds all of a grandchild. */
const group = (risky: string[] = []) => {
  const risk = (id: string) => (risky.includes(id) ? [OFAC] : []);
  return [
    source, entity('parent', risk('parent')), entity('owner-b', risk('owner-b')),
    ...Array.from({ length: CHILDREN }, (_, i) => entity(child(i), risk(child(i)))),
    ...Array.from({ length: 10 }, (_, i) => entity(grandchild(i))),
    ...Array.from({ length: CHILDREN }, (_, i) => fact('has_shareholder', child(i), 'parent', 60)),
    ...Array.from({ length: 20 }, (_, i) => fact('has_shareholder', child(i + 10), 'owner-b', 40)),
    ...Array.from({ length: 10 }, (_, i) => fact('has_shareholder', grandchild(i), child(i), 100)),
  ];
};
const TOUCHED = ['parent', 'owner-b', child(5)];
const ALL = ['parent', 'owner-b', ...Array.from({ length: CHILDREN }, (_, i) => child(i)), ...Array.from({ length: 10 }, (_, i) => grandchild(i))];

/** Loads the group and scores every entity, as the daily re-score leaves it. */
async function scoredGroup(): Promise<RiskScorer> {
  await h.ingest(writeNdjson('group.ndjson', group()));
  const scorer = new RiskScorer(h.graph, feed);
  await scorer.score(ALL);
  return scorer;
}

/** Lists the three touched entities as sanctioned and queues them one job each, as one change. */
async function change(): Promise<Job<EntityJob>[]> {
  await h.ingest(writeNdjson('change.ndjson', group(TOUCHED)));
  const queue = h.queues.queue(QUEUE_NAMES.rescore);
  await queue.drain(true);
  expect(await h.queues.enqueueEntities([QUEUE_NAMES.rescore], TOUCHED, 'ingest', undefined, 1)).toBe(3);
  const jobs = (await queue.getJobs(['waiting'])) as Job<EntityJob>[];
  await queue.drain(true);
  return jobs;
}

const add = (a: RescoreStats, b: RescoreStats): RescoreStats => ({
  requested: a.requested + b.requested, scored: a.scored + b.scored, written: a.written + b.written, changed: a.changed + b.changed,
  notifications: a.notifications + b.notifications, rejected: a.rejected + b.rejected, skipped: a.skipped + b.skipped,
});
const none: RescoreStats = { requested: 0, scored: 0, written: 0, changed: 0, notifications: 0, rejected: 0, skipped: 0 };

test('the jobs of one change score each affected entity exactly once, two at a time, and leave what a full re-score gives', async () => {
  const checker = await scoredGroup();
  const jobs = await change();
  expect(jobs).toHaveLength(3);
  expect(new Set(jobs.map((j) => j.data.change)).size).toBe(1);

  const counts = new Map<string, number>();
  const scorer = new RiskScorer(h.graph, feed, { chunkSize: 7, onScored: (ids) => ids.forEach((id) => counts.set(id, (counts.get(id) ?? 0) + 1)) });
  const claims = new RescoreClaims(h.redis);
  // Two jobs at a time, as a worker of concurrency 2 runs them.
  const results: RescoreStats[] = [];
  const pending = [...jobs];
  await Promise.all([0, 1].map(async () => {
    for (let job = pending.shift(); job; job = pending.shift()) results.push(await runRescoreJob(scorer, claims, job.id!, job.data));
  }));
  const stats = results.reduce(add, none);

  const affected = await checker.neighbourhood(TOUCHED);
  // The neighbourhoods overlap: without claims some entities would be scored two or three times.
  const expandedPerJob = await Promise.all(TOUCHED.map(async (id) => (await checker.neighbourhood([id])).length));
  expect(expandedPerJob.reduce((a, b) => a + b, 0)).toBeGreaterThan(affected.length);
  expect([...counts.keys()].sort()).toEqual(affected);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect(stats.scored).toBe(affected.length);
  // What the jobs searched: no more than their neighbourhoods, as searches stop where another job searched on.
  expect(stats.scored + stats.skipped).toBeLessThanOrEqual(expandedPerJob.reduce((a, b) => a + b, 0));
  // Every child is owned by a listed owner now; nothing is left for a full re-score to change.
  expect(stats.changed).toBeGreaterThanOrEqual(CHILDREN);
  expect(await checker.score(ALL)).toMatchObject({ scored: ALL.length, written: 0, changed: 0 });
  const [row] = await h.graph.read("MATCH (e:Entity {id: $id}) RETURN e.risk_factors AS f", { id: child(15) });
  expect(row.get('f')).toEqual(expect.arrayContaining(['owned_by_sanctioned_usa_ofac_sdn_entity', 'sanctioned_usa_ofac_sdn_50_percent_rule']));
});

test('a job run again keeps its own claims; a later change scores the entities again', async () => {
  await scoredGroup();
  // The job of `parent` first, then that of `owner-b`: their neighbourhoods share twenty children.
  const byId = (all: Job<EntityJob>[], id: string) => all.find((j) => j.data.entityIds[0] === id)!;
  const changed = await change();
  const jobs = [byId(changed, 'parent'), byId(changed, 'owner-b')];
  const claims = new RescoreClaims(h.redis);
  const counts = new Map<string, number>();
  const scorer = new RiskScorer(h.graph, feed, { onScored: (ids) => ids.forEach((id) => counts.set(id, (counts.get(id) ?? 0) + 1)) });
  const first = await runRescoreJob(scorer, claims, jobs[0].id!, jobs[0].data);
  // A retry (same job id, same change) scores what it claimed before, not nothing.
  const retried = await runRescoreJob(scorer, claims, jobs[0].id!, jobs[0].data);
  expect(retried.scored).toBe(first.scored);
  expect(first.scored).toBeGreaterThan(0);
  // Another job of the same change scores only what the first did not claim.
  const second = await runRescoreJob(scorer, claims, jobs[1].id!, jobs[1].data);
  expect(second.skipped).toBeGreaterThan(0);
  const firstIds = new Set([...counts.keys()].filter((id) => counts.get(id) === 2));
  expect(firstIds.size).toBe(first.scored);

  // The next change has its own claims.
  const next = byId(await change(), 'parent');
  expect(next.data.change).not.toBe(jobs[0].data.change);
  const again = await runRescoreJob(scorer, claims, next.id!, next.data);
  expect(again.scored).toBe(first.scored);
});

test('a job that failed for good gives its claims back to the jobs of the change still to run', async () => {
  const claims = new RescoreClaims(h.redis);
  expect(await claims.claim('change-1', 'job-a', ['e1', 'e2', 'e3'])).toEqual(['e1', 'e2', 'e3']);
  expect(await claims.claim('change-1', 'job-b', ['e3', 'e4'])).toEqual(['e4']);
  expect(await claims.release('change-1', 'job-a')).toBe(3);
  // job-b keeps its own; what job-a held is free again.
  expect(await claims.claim('change-1', 'job-c', ['e1', 'e3', 'e4'])).toEqual(['e1', 'e3']);
  expect(await claims.release('change-1', 'job-a')).toBe(0);
});

test('a job stops searching where another job of the change searched on with as many hops left, and searches on where it has more', async () => {
  // A chain of owners: top holds m1, m1 holds m2, ... m4 holds m5; each touched entity gets a job
  // of its own. The change renames them: a member's neighbourhood is walked back through the
  // member reach instead (src/services/risk/neighbourhood.ts), and only graph searches are shared.
  const chain = ['top', 'm1', 'm2', 'm3', 'm4', 'm5'];
  const lines = (renamed: string[]) => [
    source, ...chain.map((id) => ({ ...entity(id), ...(renamed.includes(id) ? { label: `${id} renamed` } : {}) })),
    ...chain.slice(1).map((id, i) => fact('has_shareholder', id, chain[i], 100)),
  ];
  await h.ingest(writeNdjson('chain.ndjson', lines([])));
  const checker = new RiskScorer(h.graph, feed);
  await checker.score(chain);
  const claims = new RescoreClaims(h.redis);
  const queue = h.queues.queue(QUEUE_NAMES.rescore);

  for (const order of [['m1', 'top'], ['top', 'm1']]) {
    await h.ingest(writeNdjson('chain-change.ndjson', lines([order[0]])));
    await queue.drain(true);
    await h.queues.enqueueEntities([QUEUE_NAMES.rescore], order, 'ingest', undefined, 1);
    const jobs = (await queue.getJobs(['waiting'])) as Job<EntityJob>[];
    await queue.drain(true);
    const counts = new Map<string, number>();
    const scorer = new RiskScorer(h.graph, feed, { onScored: (ids) => ids.forEach((id) => counts.set(id, (counts.get(id) ?? 0) + 1)) });
    const results: RescoreStats[] = [];
    for (const id of order) {
      const job = jobs.find((j) => j.data.entityIds[0] === id)!;
      results.push(await runRescoreJob(scorer, claims, job.id!, job.data));
    }
    // Whatever the order, every entity of the two neighbourhoods is scored, once.
    expect([...counts.keys()].sort()).toEqual(await checker.neighbourhood(order));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const searched = (r: RescoreStats) => r.scored + r.skipped;
    if (order[0] === 'm1') {
      // m1's job searched down from m1 with 4 hops left; top's job meets m1 with 3 and stops there.
      expect(searched(results[1])).toBe(2);
      expect((await checker.neighbourhood(['top'])).length).toBe(5);
    } else {
      // top's job went down to m4 (m1 with 3 hops left); m1's job has 4 there and goes on to m5.
      expect(searched(results[1])).toBe((await checker.neighbourhood(['m1'])).length);
      expect(counts.get('m5')).toBe(1);
    }
  }
});

test('the searches of a change: hops left decide who searches on; a job that failed for good gives its searches back', async () => {
  const claims = new RescoreClaims(h.redis);
  expect(await claims.expand('change-1', 'job-a', 'down', ['x', 'y'], 3)).toEqual(['x', 'y']);
  // Another job with as many hops left stops there; with more, it searches on and holds them.
  expect(await claims.expand('change-1', 'job-b', 'down', ['x', 'y', 'z'], 3)).toEqual(['z']);
  expect(await claims.expand('change-1', 'job-b', 'down', ['x'], 4)).toEqual(['x']);
  expect(await claims.expand('change-1', 'job-a', 'down', ['x', 'y'], 3)).toEqual(['y']);
  // A job again (a retry) searches on from its own; the other direction is apart.
  expect(await claims.expand('change-1', 'job-b', 'down', ['x', 'z'], 1)).toEqual(['x', 'z']);
  expect(await claims.expand('change-1', 'job-b', 'up', ['x', 'y'], 1)).toEqual(['x', 'y']);
  await claims.release('change-1', 'job-b');
  expect(await claims.expand('change-1', 'job-c', 'down', ['x', 'y', 'z'], 3)).toEqual(['x', 'z']);
  expect(await claims.expand('change-1', 'job-c', 'up', ['x', 'y'], 1)).toEqual(['x', 'y']);
});

test('with BullMQ workers, the jobs\' result counts add up to the distinct affected entities', async () => {
  const checker = await scoredGroup();
  const workers = startWorkers({ config: h.config, graph: h.graph, logger: pino({ level: 'silent' }), queues: h.queues }, [QUEUE_NAMES.rescore]);
  try {
    const queue = h.queues.queue(QUEUE_NAMES.rescore);
    await queue.clean(0, 10_000, 'completed');
    await h.ingest(writeNdjson('change.ndjson', group(TOUCHED)));
    await h.queues.enqueueEntities([QUEUE_NAMES.rescore], TOUCHED, 'ingest', undefined, 1);
    await waitForIdle(h);
    const done = await queue.getCompleted(0, -1);
    expect(done).toHaveLength(3);
    const stats = done.map((j) => j.returnvalue as RescoreStats).reduce(add, none);
    expect(stats.scored).toBe((await checker.neighbourhood(TOUCHED)).length);
    expect(stats.skipped).toBeGreaterThan(0);
    expect(await checker.score(ALL)).toMatchObject({ written: 0, changed: 0 });
  } finally {
    await Promise.all(workers.map((w) => w.close()));
  }
});
