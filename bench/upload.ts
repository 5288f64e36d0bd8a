/**
 * Resolution upload throughput against the same rows sent one by one to `/v1/resolution`.
 *
 * Rows: BENCH_UPLOAD_ROWS (default 10,000) queries of the labelled resolution set
 * (bench/resolveSet.ts: names with typos, other romanisations, company forms, identifiers and
 * dates of birth; 15% true non-matches) over the shared generated graph of BENCH_ENTITIES
 * (default 100k). The upload is POSTed to /v1/projects/{id}/resolutions of an API on an
 * ephemeral port and processed by the `graph-api worker` processor of the resolution-upload
 * queue in this process; it is timed from the POST until the upload reports `finished`. The
 * same rows are then sent one by one, GET /v1/resolution over HTTP from a child process
 * (bench/httpLoad.ts) at concurrency 1 and 4 (BENCH_UPLOAD_CONCURRENCY), the rate limit off.
 * BENCH_UPLOAD_SINGLE_ROWS sends only the first so many rows one by one (rows/s stays
 * comparable; the default is all of them). Prints rows/s of each, the ratio, and where the
 * upload job's time went (its return value). Goal: the upload at least 3x one by one.
 * Floor: the same rows resolved in this process with no HTTP and no writes, as the upload's
 * chunks resolve them (batched candidate reads, BENCH_UPLOAD_FLOOR_BATCHES batches in flight,
 * default 3 and 6): no upload can be faster than its rows' resolutions, so floor / one by one
 * is the most the upload can gain over one-by-one calls on this machine.
 * Leaves its `bench-upload` projects behind, deleted at the next run.
 */
import os from 'node:os';
import pino from 'pino';
import { ProjectEntityService } from '../src/services/projects/entities';
import { ResolveService } from '../src/services/resolve';
import { checkUploadRow, type CheckedRow } from '../src/services/uploads/rows';
import { Neo4jFulltextIndex } from '../src/search/neo4jFulltext';
import { QUEUE_NAMES, Queues } from '../src/workers/queues';
import { closeUploadDeps } from '../src/workers/uploadJob';
import { closeWebhookDeps } from '../src/workers/webhookJob';
import { startWorkers } from '../src/workers/worker';
import { benchGraph, measureHttp, say, startApp, table } from './common';
import { buildLabelledSet } from './resolveSet';
import { ensureGeneratedGraph } from './searchData';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rows per candidate read in an upload chunk: a chunk of 50 split in 3 (src/services/uploads/chunk.ts). */
const FLOOR_BATCH_ROWS = 17;

/** Rows/s of resolving `inputs` with `inFlight` batched resolutions at a time, nothing written. */
async function resolutionsAlone(service: ProjectEntityService, inputs: Extract<CheckedRow, { ok: true }>['input'][], inFlight: number): Promise<number> {
  const t0 = Date.now();
  let next = 0;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    for (let at = next; at < inputs.length; at = next) {
      next += FLOOR_BATCH_ROWS;
      await service.resolutions(inputs.slice(at, at + FLOOR_BATCH_ROWS));
    }
  }));
  return inputs.length / ((Date.now() - t0) / 1000);
}

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_ENTITIES ?? 100_000);
  const wanted = Number(process.env.BENCH_UPLOAD_ROWS ?? 10_000);
  const concurrencies = (process.env.BENCH_UPLOAD_CONCURRENCY ?? '1,4').split(',').map(Number).filter((n) => n > 0);
  const { config, graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  // Distinct rows only: a repeated row joins its first one's entity unresolved, which would flatter the upload.
  const distinct = new Map<string, Record<string, string[]>>();
  for (let n = wanted; distinct.size < wanted && n <= wanted * 8; n *= 2) {
    for (const q of buildLabelledSet(entities, n)) {
      const row = {
        ...(q.name ? { name: [q.name] } : {}), ...(q.identifier ? { identifier: [q.identifier] } : {}),
        ...(q.dob ? { date_of_birth: [q.dob] } : {}), ...(q.country ? { country: [q.country] } : {}),
      };
      if (distinct.size < wanted) distinct.set(JSON.stringify(row).toLowerCase(), row);
    }
  }
  const rows = [...distinct.values()];
  const size = rows.length;
  const singleRows = Math.min(size, Number(process.env.BENCH_UPLOAD_SINGLE_ROWS ?? size));
  say(`\n== upload: ${size} distinct rows as one resolution upload against ${singleRows} of them one by one to /v1/resolution, ${entities} generated entities`);
  const paths = rows.slice(0, singleRows).map((r) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(r)) for (const x of v) qs.append(k, x);
    return `/v1/resolution?${qs}`;
  });

  await graph.deleteNodes("MATCH (p:Project) WHERE p.label STARTS WITH 'bench-upload' MATCH (p)-[:HAS_ENTITY]->(n:ProjectEntity)");
  await graph.deleteNodes("MATCH (n:Project) WHERE n.label STARTS WITH 'bench-upload'");
  const app = await startApp(config, graph);
  const queues = new Queues(config);
  const workers = startWorkers({ config, graph, logger: pino({ level: 'silent' }), queues }, [QUEUE_NAMES.upload]);
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(app.baseUrl + path, {
      method, headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A progress read may time out on a machine this busy: asked again, not fatal.
    if (res.status === 503 && method === 'GET') return call(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  try {
    const project = (await call('POST', '/v1/projects', { label: `bench-upload ${new Date().toISOString()}` })).data.id as string;
    const t0 = Date.now();
    const upload = await call('POST', `/v1/projects/${project}/resolutions`, { filename: 'bench.json', data: rows });
    const accepted = Date.now() - t0;
    let state: any;
    for (;;) {
      state = (await call('GET', `/v1/projects/${project}/resolutions/${upload.id}`)).data;
      if (state.status === 'finished') break;
      await sleep(100);
    }
    const uploadSeconds = (Date.now() - t0) / 1000;
    const job = await queues.queue(QUEUE_NAMES.upload).getJob(upload.id);
    const phases = (job?.returnvalue as { phases_ms?: Record<string, number> } | undefined)?.phases_ms;

    const single: { concurrency: number; rate: number; p50: number }[] = [];
    for (const c of concurrencies) {
      const r = await measureHttp(app, paths, c);
      single.push({ concurrency: c, rate: r.throughput, p50: r.p50 });
    }
    const inputs = rows.map(checkUploadRow).filter((r): r is Extract<CheckedRow, { ok: true }> => r.ok).map((r) => r.input);
    const resolver = new ProjectEntityService(graph, new ResolveService(new Neo4jFulltextIndex(graph)), { record: async () => undefined });
    const floor: { inFlight: number; rate: number }[] = [];
    for (const inFlight of (process.env.BENCH_UPLOAD_FLOOR_BATCHES ?? '3,6').split(',').map(Number).filter((n) => n > 0)) {
      floor.push({ inFlight, rate: await resolutionsAlone(resolver, inputs, inFlight) });
    }
    const rate = size / uploadSeconds;
    const best = Math.max(...single.map((s) => s.rate));
    table([
      ['way', 'rows', 'seconds', 'rows/s', 'upload vs this'],
      ['upload (POST to finished)', size, uploadSeconds.toFixed(1), rate.toFixed(1), ''],
      ...single.map((s) => [`one by one, concurrency ${s.concurrency} (p50 ${s.p50.toFixed(1)} ms)`, singleRows, (singleRows / s.rate).toFixed(1), s.rate.toFixed(1), `${(rate / s.rate).toFixed(2)}x`]),
      ...floor.map((f) => [`floor: resolutions alone, ${f.inFlight} batches in flight`, inputs.length, (inputs.length / f.rate).toFixed(1), f.rate.toFixed(1), `${(rate / f.rate).toFixed(2)}x`]),
    ]);
    say(`  floor against the best one-by-one rate: ${floor.map((f) => `${(f.rate / best).toFixed(2)}x (${f.inFlight} in flight)`).join(', ')}: the most an upload could gain here`);
    say(`  upload answered in ${accepted} ms; counts: matched ${state.matched}, unmatched ${state.unmatched}, failed ${state.failed}, created ${state.created}, existing ${state.existing}`);
    if (phases) say(`  upload job time by phase (ms, summed over chunks): ${Object.entries(phases).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}`);
    say(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    await closeUploadDeps();
    await closeWebhookDeps();
    await queues.close();
    await app.close();
    await graph.close();
  }
}

if (require.main === module) run().catch((err) => { console.error(err); process.exit(1); });
