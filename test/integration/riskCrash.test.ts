/**
 * Crash safety of re-scoring: no change lost, none applied twice, every notification exactly
 * once. First deterministically in-process (a run that committed its risk changes but died
 * before moving the notifications to Redis; a run that delivered but died before clearing
 * its outbox), then with a real `graph-api worker` process SIGKILLed in the middle of a batch.
 */
import { NotificationFeed } from '../../src/feeds/notifications';
import { cypher } from '../../src/graph/cypherFiles';
import { RiskScorer, outboxSize } from '../../src/services/risk';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { ingestAndQueue, saveEntities, sleep, startWorker, waitForIdle } from '../support/worker';
import { entity, fact, source } from '../support/workerFixtures';

let h: Harness;
let feed: NotificationFeed;

beforeAll(async () => {
  h = await startHarness();
  feed = new NotificationFeed(h.redis);
});
afterAll(() => h.close());
beforeEach(async () => {
  await wipeGraph(h.graph);
  await h.redis.flushdb();
});

const OFAC = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };
const child = (i: number) => `child-${String(i).padStart(5, '0')}`;
/** A parent holding 60% of n children. */
const star = (n: number) => [
  source, entity('parent'),
  ...Array.from({ length: n }, (_, i) => entity(child(i))),
  ...Array.from({ length: n }, (_, i) => fact('has_shareholder', child(i), 'parent', 60)),
];

async function feedOf(projectId: string) {
  const { total, data } = await feed.page(projectId, 0, 10_000);
  return { total, resources: data.map((d) => d.resource_id), data };
}

async function versions(ids: string[]): Promise<number[]> {
  const rows = await h.graph.read('UNWIND $ids AS id MATCH (s:RiskState {entity_id: id}) RETURN s.version AS v ORDER BY id', { ids });
  return rows.map((r) => r.get('v') as number);
}

describe('in-process: interrupted between the Neo4j commit and Redis', () => {
  test('committed, not delivered: the next run delivers each notification once and re-applies nothing', async () => {
    await h.ingest(writeNdjson('star.ndjson', star(40)));
    const scorer = new RiskScorer(h.graph, feed, { chunkSize: 7 });
    await scorer.score(await scorer.neighbourhood(['parent']));
    const saved = Array.from({ length: 40 }, (_, i) => child(i)).filter((_, i) => i % 4 === 0);
    const { projectId, resources } = await saveEntities(h, saved);

    await h.ingest(writeNdjson('sanction.ndjson', [source, entity('parent', [OFAC])]));
    // The run "dies" after committing: risk written, notifications only in the outbox.
    const interrupted = await scorer.score(await scorer.neighbourhood(['parent']), { flush: false });
    expect(interrupted).toMatchObject({ changed: 41, notifications: 0 });
    expect(await outboxSize(h.graph)).toBe(10);
    expect((await feedOf(projectId)).total).toBe(0);

    // The retried job: delivers the leftovers, finds nothing else to change.
    const retried = await scorer.process(['parent'], 'ingest');
    expect(retried).toMatchObject({ written: 0, changed: 0, notifications: 10 });
    expect(await outboxSize(h.graph)).toBe(0);
    const after = await feedOf(projectId);
    expect(after.total).toBe(10);
    expect(after.resources.sort()).toEqual(saved.map((id) => resources.get(id)!).sort());
    expect(await versions(saved)).toEqual(saved.map(() => 2));
  });

  test('delivered, outbox not cleared: delivering again stores nothing twice', async () => {
    await h.ingest(writeNdjson('star.ndjson', star(12)));
    const scorer = new RiskScorer(h.graph, feed, { chunkSize: 5 });
    await scorer.score(await scorer.neighbourhood(['parent']));
    const saved = [child(1), child(6), child(11)];
    const { projectId } = await saveEntities(h, saved);
    await h.ingest(writeNdjson('sanction.ndjson', [source, entity('parent', [OFAC])]));
    await scorer.score(await scorer.neighbourhood(['parent']), { flush: false });

    // Deliver what the outbox holds without clearing it (the "crash" after delivery) ...
    const pending = await h.graph.read('MATCH (o:RiskNotificationOutbox) RETURN o.id AS id, o.project_id AS p, o.resource_id AS r, o.score AS s, o.payload AS payload');
    await feed.deliver(pending.map((r) => ({
      id: r.get('id'), projectId: r.get('p'), score: r.get('s'), data: { resource_id: r.get('r'), ...JSON.parse(r.get('payload')) },
    })));
    expect((await feedOf(projectId)).total).toBe(3);
    // ... then the next run flushes the same outbox again.
    expect(await scorer.flushOutbox()).toBe(3);
    expect(await outboxSize(h.graph)).toBe(0);
    expect((await feedOf(projectId)).total).toBe(3);
  });

  test('two scorers racing on the same entities apply each change once', async () => {
    await h.ingest(writeNdjson('star.ndjson', star(60)));
    const a = new RiskScorer(h.graph, feed, { chunkSize: 9 });
    const b = new RiskScorer(h.graph, feed, { chunkSize: 13 });
    await a.score(await a.neighbourhood(['parent']));
    const saved = Array.from({ length: 60 }, (_, i) => child(i)).filter((_, i) => i % 3 === 0);
    const { projectId } = await saveEntities(h, saved);
    await h.ingest(writeNdjson('sanction.ndjson', [source, entity('parent', [OFAC])]));
    const [ra, rb] = await Promise.all([a.process(['parent'], 'ingest'), b.process(['parent'], 'ingest')]);
    // Checked together, so that a failure shows which entity moved more than once (each must
    // be at version 2: scored once before, once now) beside what the scorers counted.
    const everyone = ['parent', ...Array.from({ length: 60 }, (_, i) => child(i))].sort(); // versions() is in id order
    const stateVersions = await versions(everyone);
    expect({ changed: ra.changed + rb.changed, notMovedOnce: everyone.filter((_, i) => stateVersions[i] !== 2) })
      .toEqual({ changed: 61, notMovedOnce: [] });
    const after = await feedOf(projectId);
    expect(after.total).toBe(20);
    expect(new Set(after.resources).size).toBe(20);
    expect(await versions(saved)).toEqual(saved.map(() => 2));
  });
});

describe('a state read torn between two commits', () => {
  // The scorer reads states without locks, and read committed reads each property on its own,
  // so a second scorer can read a state's version after the first one's commit and its hash or
  // risk before it (seen about once in 1,600 reads under a steady writer). The rows below are
  // what that second scorer builds from such a read; the write must refuse them.
  const stateOf = async (id: string) => {
    const [r] = await h.graph.read(
      `MATCH (s:RiskState {entity_id: $id}) MATCH (e:Entity {id: $id})
       RETURN s.version AS version, s.hash AS hash, s.risk AS risk, e.risk_explanation AS explanation, s.explanation_hash AS explanationHash`,
      { id },
    );
    return {
      version: r.get('version') as number, hash: r.get('hash') as string, risk: r.get('risk') as string,
      explanation: r.get('explanation') as string | null, explanationHash: r.get('explanationHash') as string | null,
    };
  };
  const apply = async (rows: object[]) => (await h.graph.write(cypher('risk', 'apply-scores'), { rows })).map((r) => r.get('id') as string);

  test('a version from after a commit with the hash, the risk or the explanations from before it changes nothing and queues nothing', async () => {
    await h.ingest(writeNdjson('star.ndjson', star(2)));
    const scorer = new RiskScorer(h.graph, feed, { chunkSize: 5 });
    await scorer.score(await scorer.neighbourhood(['parent']));
    const { projectId } = await saveEntities(h, [child(0)]);
    const before = await stateOf(child(0));
    await h.ingest(writeNdjson('sanction.ndjson', [source, entity('parent', [OFAC])]));
    const applied = await scorer.score(await scorer.neighbourhood(['parent']));
    expect(applied).toMatchObject({ changed: 3, notifications: 1 });
    const after = await stateOf(child(0));
    expect(after.version).toBe(before.version + 1);

    // The change the first scorer made, derived again from a read that mixes the two states.
    const date = new Date().toISOString();
    const row = (state: { version: number; hash: string; risk: string; explanationHash: string | null }) => ({
      id: child(0), version: state.version, stateHash: state.hash, stateRisk: state.risk, matched: true, changes: true, hash: after.hash, risk: after.risk,
      stateExplanationHash: state.explanationHash, stateExplanation: null, explanation: after.explanation, explanationHash: after.explanationHash,
      factors: [], date, score: Date.parse(date), notify: JSON.stringify({ entity_id: child(0), risk_changes: 'again' }),
    });
    expect(await apply([row({ ...before, version: after.version })])).toEqual([]);
    expect(await apply([row({ ...after, risk: before.risk })])).toEqual([]);
    expect(await apply([row({ ...after, hash: before.hash })])).toEqual([]);
    expect(after.explanationHash).not.toBe(before.explanationHash);
    expect(await apply([row({ ...after, explanationHash: before.explanationHash })])).toEqual([]);
    expect(await stateOf(child(0))).toEqual(after);
    expect(await outboxSize(h.graph)).toBe(0);
    expect((await feedOf(projectId)).total).toBe(1);

    // A read of one commit passes; with the state's own hash it only rewrites what clients see,
    // which is no change of the state: same version, nothing queued.
    expect(await apply([{ ...row(after), notify: null, changes: false }])).toEqual([child(0)]);
    expect(await stateOf(child(0))).toEqual(after);
    expect(await outboxSize(h.graph)).toBe(0);
  });

  test('a change derived while the entity was matched by no project is turned back once a project matches it', async () => {
    await h.ingest(writeNdjson('star.ndjson', star(2)));
    const scorer = new RiskScorer(h.graph, feed, { chunkSize: 5 });
    await scorer.score(await scorer.neighbourhood(['parent']));
    const before = await stateOf(child(1));
    const date = new Date().toISOString();
    // What a scorer that read child(1) before the save sends: no change to notify, no risk to compare.
    const unmatched = {
      id: child(1), version: before.version, stateHash: before.hash, stateRisk: null, matched: false, changes: true, hash: 'another', risk: before.risk,
      stateExplanationHash: before.explanationHash, stateExplanation: null, explanation: before.explanation, explanationHash: before.explanationHash,
      factors: [], date, score: Date.parse(date), notify: null,
    };
    const { projectId } = await saveEntities(h, [child(1)]);
    expect(await apply([unmatched])).toEqual([]);
    expect(await stateOf(child(1))).toEqual(before);
    // A row that changes no risk set needs no notification: it is written.
    expect(await apply([{ ...unmatched, hash: before.hash, changes: false }])).toEqual([child(1)]);
    expect(await stateOf(child(1))).toEqual(before);

    expect((await feedOf(projectId)).total).toBe(0);
  });

  test('a project that matches an entity between the scorer\'s read and its write hears of the change', async () => {
    await h.ingest(writeNdjson('star.ndjson', star(2)));
    await new RiskScorer(h.graph, feed).score(await new RiskScorer(h.graph, feed).neighbourhood(['parent']));
    await h.ingest(writeNdjson('sanction.ndjson', [source, entity('parent', [OFAC])]));
    // The save lands just before the scorer's first write: it derived child(1) as matched by nothing.
    let saved: Promise<{ projectId: string }> | undefined;
    const graph = new Proxy(h.graph, {
      get(target, prop) {
        if (prop === 'write') {
          return async (query: string, params?: Record<string, unknown>) => {
            if (query === cypher('risk', 'apply-scores') && !saved) await (saved = saveEntities(h, [child(1)]));
            return target.write(query, params);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const scorer = new RiskScorer(graph, feed);
    expect(await scorer.score(await scorer.neighbourhood(['parent']))).toMatchObject({ changed: 3, notifications: 1 });
    expect((await feedOf((await saved!).projectId)).total).toBe(1);
  });
});

describe('a worker process killed during a re-scoring batch', () => {
  test('after a restart every notification is there exactly once', async () => {
    const n = 1500;
    const saved = Array.from({ length: n }, (_, i) => child(i)).filter((_, i) => i % 10 === 0);
    // Chunks of 500: the batch of 1,501 entities commits in four transactions, so a kill can land between them.
    let worker = startWorker({ RESCORE_CHUNK_SIZE: '500' });
    try {
      await ingestAndQueue(h, writeNdjson('star.ndjson', star(n)));
      await waitForIdle(h);
      const { projectId, resources } = await saveEntities(h, saved);

      await ingestAndQueue(h, writeNdjson('sanction.ndjson', [source, entity('parent', [OFAC])]));
      // Kill as soon as the batch has committed its first notifications.
      const deadline = Date.now() + 60_000;
      let delivered = 0;
      let queued = 0;
      while (Date.now() < deadline) {
        delivered = await feed.count(projectId);
        queued = await outboxSize(h.graph);
        if (delivered + queued > 0) break;
        await sleep(2);
      }
      await worker.kill('SIGKILL');
      expect(worker.child.signalCode).toBe('SIGKILL');
      delivered = await feed.count(projectId);
      const versionsAtKill = await versions(saved);
      const appliedAtKill = versionsAtKill.filter((v) => v === 2).length;
      // The kill must land inside the batch for this test to prove anything.
      expect(appliedAtKill).toBeGreaterThan(0);
      expect(appliedAtKill).toBeLessThan(saved.length);
      expect(delivered).toBeLessThan(saved.length);

      worker = startWorker({ RESCORE_CHUNK_SIZE: '500' });
      // The dead worker's job is re-queued once its lock expires (WORKER_LOCK_MS, 10 s in the tests, and a stalled check).
      await waitForIdle(h, 150_000);

      const after = await feedOf(projectId);
      expect(after.total).toBe(saved.length);
      expect(after.resources.sort()).toEqual(saved.map((id) => resources.get(id)!).sort());
      for (const item of after.data) {
        expect(item.risk_notifications.added).toEqual([
          'ofac_50_percent_rule', 'owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity', 'sanctioned_50_percent_rule',
          'sanctioned_adjacent', 'sanctioned_usa_ofac_sdn_50_percent_rule',
        ]);
      }
      // Each change applied once: one state version for the baseline, one for the change.
      expect(await versions(saved)).toEqual(saved.map(() => 2));
      expect(await outboxSize(h.graph)).toBe(0);
      process.stderr.write(`killed with ${appliedAtKill}/${saved.length} saved entities re-scored and ${delivered} notifications delivered\n`);
    } finally {
      await worker.kill();
    }
  }, 300_000);
});
