/**
 * Ingest-to-searchable lag on the meilisearch backend: a steady ingest of BENCH_SYNC_ENTITIES
 * (default 10,000) entities, a file of BENCH_SYNC_BATCH (100) every BENCH_SYNC_EVERY_MS (500) ms,
 * each followed by the signal `graph-api ingest` queues; the in-process worker of the search-index
 * queue (with its sweep) drains the outbox into Meilisearch. Prints p50, p99 and max of the time
 * from a file's commit to all of its entities answering a Meilisearch filter on their name word.
 * Uses the bench services with SEARCH_BACKEND=meilisearch, and leaves its `bench-sync-` entities
 * behind, deleted at the next run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { ingestFile } from '../src/ingest/ingest';
import { drainPending, meiliOptions } from '../src/search';
import { MeiliSearchIndex } from '../src/search/meilisearch';
import { QUEUE_NAMES, Queues } from '../src/workers/queues';
import { scheduleSearchSweep, signalSearchIndex } from '../src/workers/searchIndexJob';
import { startWorkers } from '../src/workers/worker';
import { benchGraph, say, table } from './common';

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  process.env.SEARCH_BACKEND = 'meilisearch';
  const total = Number(process.env.BENCH_SYNC_ENTITIES ?? 10_000);
  const batch = Number(process.env.BENCH_SYNC_BATCH ?? 100);
  const every = Number(process.env.BENCH_SYNC_EVERY_MS ?? 500);
  say(`searchSync: ${total} entities, ${batch} a file every ${every} ms, lag from commit to searchable in Meilisearch`);
  const { config, graph } = await benchGraph();
  const meili = new MeiliSearchIndex(meiliOptions(config)!);
  await meili.setup();
  await graph.deleteNodes("MATCH (n:Entity) WHERE n.id STARTS WITH 'bench-sync-'");
  // What an earlier run or bench left in the outbox is drained first, so it does not count.
  for (let more = true; more;) more = (await drainPending(graph, meili)).more;
  const queues = new Queues(config);
  await queues.queue(QUEUE_NAMES.searchIndex).obliterate({ force: true });
  const workers = startWorkers({ config, graph, logger: pino({ level: 'silent' }), queues }, [QUEUE_NAMES.searchIndex]);
  await scheduleSearchSweep(queues);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-bench-sync-'));
  const run = Date.now().toString(36);
  const waiting = new Map<string, number>();
  const lags: number[] = [];
  let ingesting = true;
  // One multi-search a tick counts the documents of every file still waiting.
  const polling = (async () => {
    while (ingesting || waiting.size) {
      const words = [...waiting.keys()];
      if (words.length) {
        const results = await meili.client.multiSearch(words.map((w) => ({ indexUid: meili.entityUid, q: '', filter: `t_name = "${w}"`, page: 1, hitsPerPage: 0 })));
        const now = Date.now();
        results.forEach((r, i) => {
          if ((r.totalHits ?? 0) < batch) return;
          lags.push(now - waiting.get(words[i])!);
          waiting.delete(words[i]);
        });
      }
      await sleep(25);
    }
  })();
  const started = Date.now();
  for (let b = 0; b * batch < total; b++) {
    const word = `s${run}b${b}`;
    const file = path.join(dir, `${b}.ndjson`);
    fs.writeFileSync(file, Array.from({ length: batch }, (_, i) => JSON.stringify({ kind: 'entity', id: `bench-sync-${run}-${b}-${i}`, type: 'company', label: `Syncbench ${word} Holding${i}` })).join('\n') + '\n');
    const due = started + b * every;
    if (Date.now() < due) await sleep(due - Date.now());
    await ingestFile(graph, file, { batchSize: config.ingestBatchSize });
    waiting.set(word, Date.now());
    await signalSearchIndex(queues, 'ingest');
  }
  ingesting = false;
  await polling;
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(workers.map((w) => w.close()));
  await queues.queue(QUEUE_NAMES.searchIndex).removeJobScheduler('search-index-sweep');
  await queues.close();
  await graph.close();
  lags.sort((a, b) => a - b);
  table([
    ['files', 'entities', 'entities/s', 'lag p50', 'lag p99', 'lag max'],
    [lags.length, lags.length * batch, (lags.length * batch / seconds).toFixed(0), `${pct(lags, 0.5)} ms`, `${pct(lags, 0.99)} ms`, `${lags[lags.length - 1]} ms`],
  ]);
}
