/**
 * The search-index sync through a Meilisearch outage, with a real `graph-api worker`: a steady
 * stream of ingested entities and organisation attributes, the test Meilisearch killed mid-stream
 * and started again. Every ingested entity must be in the Meilisearch index afterwards (counted,
 * none lost); during the outage search and resolve answer 200 from Neo4j's full-text indexes
 * (docs/design.md, "Search reads during a Meilisearch outage").
 */
import { ensureMeili, MEILI } from '../../src/devservices/meiliProcess';
import { livePid } from '../../src/devservices/processes';
import { ingestFile } from '../../src/ingest/ingest';
import { meiliOptions } from '../../src/search';
import { MeiliSearchIndex } from '../../src/search/meilisearch';
import { pendingCount } from '../../src/search/sync';
import { signalSearchIndex } from '../../src/workers/searchIndexJob';
import { testConfig } from '../support/env';
import { Harness, startHarness, writeNdjson } from '../support/harness';
import { sleep, startWorker, type WorkerProcess } from '../support/worker';

const config = testConfig({ SEARCH_BACKEND: 'meilisearch' });
let h: Harness;
let worker: WorkerProcess;
let meili: MeiliSearchIndex;

beforeAll(async () => {
  h = await startHarness({ backend: 'meilisearch' });
  meili = new MeiliSearchIndex(meiliOptions(config)!);
  worker = startWorker({ SEARCH_BACKEND: 'meilisearch' });
});
afterAll(async () => {
  await worker.kill();
  // The next suites need their Meilisearch whatever happened here.
  await ensureMeili(config, () => undefined);
  await h.close();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ids of the index's entities whose name holds `word`, read from Meilisearch itself. */
async function indexed(word: string): Promise<string[]> {
  const [page] = await meili.client.multiSearch([{ indexUid: meili.entityUid, q: '', filter: `t_name = "${word}"`, limit: 10_000, attributesToRetrieve: ['id'] }]);
  return page.hits.map((hit) => hit.id as string).sort();
}

test('a Meilisearch outage mid-stream loses no change; reads answer from Neo4j meanwhile', async () => {
  const ingested: string[] = [];
  const attributeStatuses: number[] = [];
  const outageReads: { status: number; found: boolean; resolved: boolean }[] = [];
  // Rounds of writes: some before the outage, some during it, some after Meilisearch is back.
  const BEFORE = 3;
  const DURING = 4;
  const AFTER = 3;
  let phase: 'before' | 'outage' | 'after' = 'before';
  for (let round = 0; round < BEFORE + DURING + AFTER; round++) {
    if (round === BEFORE) {
      const pid = livePid(config, MEILI)!;
      expect(pid).toBeDefined();
      process.kill(pid, 'SIGKILL');
      while (alive(pid)) await sleep(50);
      phase = 'outage';
    } else if (round === BEFORE + DURING) {
      await ensureMeili(config, () => undefined);
      phase = 'after';
    }
    const ids = Array.from({ length: 5 }, (_, i) => `p-stream-${round}-${i}`);
    // Each entity carries the stream's word and a word of its own.
    await ingestFile(h.graph, writeNdjson(`stream-${round}.ndjson`, ids.map((id, i) => ({ kind: 'entity', id, type: 'person', label: `Strovanek Round${round}x${i}` }))), { batchSize: 500 });
    ingested.push(...ids);
    // As `graph-api ingest` does: a signal to the worker, whose sweep covers one that fails.
    await signalSearchIndex(h.queues, 'ingest').catch(() => undefined);
    const attribute = await h.json('/v1/attribute', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entity: ids[0], type: 'name', value: `Privatewort Round${round}` }),
    });
    attributeStatuses.push(attribute.status);
    if (phase === 'outage') {
      const search = await h.json(`/v1/search/entity?q=round${round}x0`);
      const resolve = await h.json(`/v1/resolution?name=${encodeURIComponent(`Strovanek Round${round}x0`)}`);
      outageReads.push({
        status: search.status === 200 && resolve.status === 200 ? 200 : Math.max(search.status, resolve.status),
        found: search.status === 200 && search.body.data.some((d: any) => d.id === ids[0]),
        resolved: resolve.status === 200 && resolve.body.data.some((d: any) => d.entity_id === ids[0]),
      });
    }
    await sleep(150);
  }
  expect(phase).toBe('after');
  expect(attributeStatuses.filter((s) => s !== 200)).toEqual([]);
  // Reads during the outage: answered from Neo4j, which already holds what was just ingested.
  expect(outageReads).toHaveLength(DURING);
  expect(outageReads.filter((r) => r.status !== 200 || !r.found || !r.resolved)).toEqual([]);

  // After the outage the worker's retries and sweep drain the outbox into the index.
  const deadline = Date.now() + 120_000;
  let found: string[] = [];
  while (Date.now() < deadline) {
    if ((await pendingCount(h.graph)) === 0) {
      found = await indexed('strovanek');
      if (found.length >= ingested.length) break;
    }
    await sleep(500);
  }
  const lost = ingested.filter((id) => !found.includes(id));
  expect({ ingested: ingested.length, lost }).toEqual({ ingested: ingested.length, lost: [] });
  expect(found).toHaveLength(ingested.length);
  // Organisation attributes stay out of the shared index (docs/design.md): nothing is found by them.
  expect(await indexed('privatewort')).toEqual([]);
}, 240_000);
