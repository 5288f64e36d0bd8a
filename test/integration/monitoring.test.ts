/**
 * Ongoing monitoring without cron: a `graph-api worker` schedules the re-scoring of every
 * entity itself (MONITOR_CRON). Entities loaded without queueing any re-scoring get their
 * derived risk from the schedule alone; two workers share one scheduler; `off` removes it; a
 * bad pattern stops the worker at start-up, naming the variable.
 */
import { once } from 'node:events';
import { Harness, startHarness, writeNdjson } from '../support/harness';
import { WorkerProcess, sleep, startWorker } from '../support/worker';
import { entity, fact, source } from '../support/workerFixtures';
import { QUEUE_NAMES } from '../../src/workers/queues';
import { MONITOR_SCHEDULER_ID } from '../../src/workers/monitorJob';

let h: Harness;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.kill()));
  await h.close();
});

const EVERY_SECOND = '*/1 * * * * *';
const OWNED = 'owned_by_sanctioned_usa_ofac_sdn_entity';
const riskOf = async (id: string) => Object.keys((await h.json(`/v1/entity/${id}`)).body.risk ?? {});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the re-scoring scheduled by the worker (MONITOR_CRON)', () => {
  test('derived risk is written with no command from outside; two workers, one scheduler', async () => {
    // Loaded without queueing: nothing but the schedule will derive the owner's sanction.
    await h.ingest(writeNdjson('monitor-base.ndjson', [
      source, entity('mon-target'), entity('mon-owner', [{ factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] }]),
      fact('has_shareholder', 'mon-target', 'mon-owner', 60),
    ]));
    expect(await riskOf('mon-target')).not.toContain(OWNED);
    const monitor = h.queues.queue(QUEUE_NAMES.monitor);
    expect(await monitor.getJobSchedulersCount()).toBe(0);

    workers.push(startWorker({ MONITOR_CRON: EVERY_SECOND }), startWorker({ MONITOR_CRON: EVERY_SECOND }));
    const factors = await until('the scheduled re-scoring', async () => {
      const risk = await riskOf('mon-target');
      return risk.includes(OWNED) ? risk : undefined;
    });
    expect(factors).toContain(OWNED);

    const schedulers = await monitor.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: MONITOR_SCHEDULER_ID, pattern: EVERY_SECOND, tz: 'UTC' })]);
    const done = await until('a completed scheduled job', async () => {
      const completed = await monitor.getCompleted();
      return completed.length ? completed : undefined;
    });
    // Every entity (source excluded) was queued, in rescore jobs named after the scheduled job.
    expect(done[0].returnvalue).toEqual({ entities: 2, jobs: 1 });
    const rescoreJobs = await h.queues.queue(QUEUE_NAMES.rescore).getJobs(['completed', 'waiting', 'active']);
    expect(rescoreJobs.map((j) => j.id)).toContain(`monitor-${String(done[0].id).replace(/[^A-Za-z0-9_-]/g, '-')}-0-0`);
    expect(rescoreJobs.every((j) => j.data.reason === 'rescore-all')).toBe(true);
    for (const w of workers.splice(0)) await w.kill();
  });

  test('MONITOR_CRON=off removes the scheduler', async () => {
    const monitor = h.queues.queue(QUEUE_NAMES.monitor);
    expect(await monitor.getJobSchedulersCount()).toBe(1);
    const off = startWorker({ MONITOR_CRON: 'off' });
    workers.push(off);
    await until('the scheduler removed', async () => ((await monitor.getJobSchedulersCount()) === 0 ? true : undefined), 30_000);
    await off.kill();
  });

  test('a bad pattern stops the worker at start-up, naming MONITOR_CRON', async () => {
    const bad = startWorker({ MONITOR_CRON: '0 3 * *' });
    const [code] = await once(bad.child, 'exit');
    expect(code).toBe(1);
    expect(bad.output()).toContain('configuration error: MONITOR_CRON must be "off" or a cron pattern');
    expect(await h.queues.queue(QUEUE_NAMES.monitor).getJobSchedulersCount()).toBe(0);
  });
});
