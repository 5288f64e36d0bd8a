/**
 * `npm run faults`: under the soak's mixed read workload (bench/load.ts, FAULTS_CONCURRENCY,
 * default 8, on a generated graph of FAULTS_ENTITIES, default 10k), with a writer creating
 * projects and re-scores queued, it restarts Neo4j, restarts Redis (a private redis-server
 * with an append-only file, on its own port, started here) and kills the worker with SIGKILL
 * in the middle of a re-score. Then it checks that every write (sent with an Idempotency-Key and
 * retried with it until accepted) is there once and was answered within 30 s, that
 * every queued re-score ran, and that while a backend was away reads were answered 503 with
 * Retry-After and never 500; it prints the recovery time of each fault (from the backend being
 * back, or the worker restarted, to the first good answer or the last job done). Risk
 * notifications: FAULTS_NOTIFY entities (default 30) are saved to a project before the faults,
 * and a third of them are given a new direct risk factor by an ingest just before each fault;
 * after recovery each must have exactly one notification adding it (none lost, none doubled).
 * Redis stays away FAULTS_REDIS_DOWN_SECONDS (default 15), longer than a command's 2 s timeout,
 * so the answers while it is away are the ones a real outage gets. Figures, not a test: it
 * prints what it found and exits 1 when a check fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { ensureNeo4j, NEO4J } from '../src/devservices/neo4jProcess';
import { stopManaged } from '../src/devservices/processes';
import { QUEUE_NAMES, Queues } from '../src/workers/queues';
import type { Config } from '../src/config';
import { REPO, benchConfig, benchGraph, ms, say, table } from './common';
import { Answer, ServerProcess, childEnv, freePort, runLoad, spawnCli, startServer, workloadPaths } from './load';
import { ensureGeneratedGraph } from './searchData';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A redis-server of this script's own, persisting to an append-only file so queued jobs outlive a restart. */
async function privateRedis(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      probe.disconnect();
      await sleep(100);
    }
  }
  throw new Error('the private redis-server did not start');
}

async function stopChild(child: ChildProcess, sig: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(sig);
  await exited;
}

interface Window { fault: string; from: number; to: number; back: number; recovered?: number }

/** The direct factor the notification check adds; its notification can only come from the entity's own change. */
const NOTIFY_FACTOR = 'sanctioned_usa_ofac_sdn';

/** `graph-api ingest` of `lines` (which queues the re-scores like any ingest); resolves once the CLI exits 0. */
async function ingestLines(config: Config, dir: string, name: string, lines: object[]): Promise<void> {
  const file = path.join(dir, `${name}.ndjson`);
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const out = fs.openSync(path.join(dir, 'ingest.log'), 'a');
  const child = spawn(process.execPath, [path.join(REPO, 'dist', 'src', 'cli.js'), 'ingest', file], { env: childEnv(config), stdio: ['ignore', out, out] });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`ingest of ${name} exited ${code}; see ingest.log`);
}

/** Notifications of a project per entity id: how many added NOTIFY_FACTOR, and how many in all. */
async function notificationsByEntity(server: ServerProcess, project: string): Promise<{ adding: Map<string, number>; total: number }> {
  const adding = new Map<string, number>();
  let total = 0;
  for (let offset = 0; ; offset += 100) {
    const res = await fetch(`${server.baseUrl}/v1/notifications/projects/${project}?limit=100&offset=${offset}`, { headers: { authorization: `Bearer ${server.token}` } });
    if (res.status !== 200) throw new Error(`notifications answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { next: boolean; data: { entity_id: string; risk_notifications: { added: string[] } }[] };
    for (const n of body.data) {
      total++;
      if (n.risk_notifications.added.includes(NOTIFY_FACTOR)) adding.set(n.entity_id, (adding.get(n.entity_id) ?? 0) + 1);
    }
    if (!body.next) return { adding, total };
  }
}

export async function run(): Promise<void> {
  const entities = Number(process.env.FAULTS_ENTITIES ?? 10_000);
  const concurrency = Number(process.env.FAULTS_CONCURRENCY ?? 8);
  const redisDownSeconds = Number(process.env.FAULTS_REDIS_DOWN_SECONDS ?? 15);
  const notifyCount = Number(process.env.FAULTS_NOTIFY ?? 30);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-faults-'));
  const redisPort = await freePort();
  let redis = await privateRedis(dir, redisPort);
  process.env.BENCH_REDIS_URL = `redis://127.0.0.1:${redisPort}/0`;
  say(`\n== faults: ${concurrency} clients on a generated graph of ${entities} entities; private Redis on port ${redisPort} (${dir})`);
  const { config, graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  const log = path.join(dir, 'server.log');
  const server = await startServer(config, log);
  let worker = spawnCli('worker', childEnv(config), path.join(dir, 'worker.log'));
  const queues = new Queues(config, () => undefined);
  // Connection errors while Redis is away are expected here; the checks below say what matters.
  queues.queue(QUEUE_NAMES.rescore).on('error', () => undefined);
  const problems: string[] = [];
  try {
    const paths = await workloadPaths(graph, server);
    // Entities saved before the faults whose risk changes during them, a batch before each fault.
    const notifyRows = await graph.read(
      'MATCH (e:Entity) WHERE e.type = "company" AND e.label IS NOT NULL AND NOT $factor IN coalesce(e.risk_factors, []) RETURN e.id AS id, e.label AS label ORDER BY e.id DESC LIMIT toInteger($n)',
      { factor: NOTIFY_FACTOR, n: notifyCount },
    );
    const notifyIds = notifyRows.map((r) => r.get('id') as string);
    const auth = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
    const notifyProject = ((await (await fetch(`${server.baseUrl}/v1/projects`, { method: 'POST', headers: auth, body: JSON.stringify({ label: 'faults-notify' }) })).json()) as { data: { id: string } }).data.id;
    for (const id of notifyIds) {
      // One project entity per entity: several entity_ids in one call make one project entity matching them all.
      const res = await fetch(`${server.baseUrl}/v1/projects/${notifyProject}/entities/create`, { method: 'POST', headers: auth, body: JSON.stringify({ entity_ids: [id] }) });
      if (res.status !== 200) throw new Error(`saving entities answered ${res.status}: ${await res.text()}`);
    }
    const notifySource = { kind: 'source', id: 'src-faults', label: 'Faults bench register', country: 'USA', source_type: 'company_register' };
    const batches = [0, 1, 2].map((b) => notifyRows.filter((_, i) => i % 3 === b));
    const changeRisk = (b: number) => ingestLines(config, dir, `notify-${b}`, [notifySource, ...batches[b].map((r) => ({
      kind: 'entity', id: r.get('id'), type: 'company', label: r.get('label'), risk: [{ factor: NOTIFY_FACTOR, country: ['USA'] }],
    }))]);
    const answers: Answer[] = [];
    let stop = false;
    const load = runLoad(server, paths, concurrency, () => stop, (a) => answers.push(a));

    // Writes: projects created one after another, each with an Idempotency-Key and retried with
    // it (as a client would after a 503 or no answer) until accepted; every label must exist once.
    const accepted: string[] = [];
    let writes = 0;
    let retries = 0;
    let slowestWrite = 0;
    const writer = (async () => {
      while (!stop) {
        const label = `faults-${process.pid}-${writes++}`;
        const key = randomUUID();
        for (let tries = 0; tries < 60; tries++) {
          const started = Date.now();
          try {
            const res = await fetch(`${server.baseUrl}/v1/projects`, {
              method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify({ label }), signal: AbortSignal.timeout(60_000),
            });
            slowestWrite = Math.max(slowestWrite, Date.now() - started);
            await res.arrayBuffer();
            if (res.status === 200) {
              accepted.push(label);
              break;
            }
            if (res.status >= 500 && res.status !== 503) problems.push(`write answered ${res.status}`);
          } catch {
            // no answer: not accepted
          }
          retries++;
          await sleep(1000);
        }
        await sleep(200);
      }
    })();

    const ids = (await graph.read('MATCH (e:Entity) RETURN e.id AS id LIMIT 3000')).map((r) => r.get('id') as string);
    const windows: Window[] = [];
    const firstGood = (after: number) => answers.find((a) => a.at > after && a.status === 200)?.at;
    const settle = async (w: Window) => {
      for (let i = 0; i < 600 && firstGood(w.back) === undefined; i++) await sleep(100);
      w.recovered = firstGood(w.back);
      windows.push(w);
      await sleep(5000);
    };

    await sleep(15_000);
    // Neo4j restart.
    const bench = benchConfig();
    await changeRisk(0);
    let from = Date.now();
    await stopManaged(bench, NEO4J, () => undefined);
    await sleep(3000);
    const downTo = Date.now();
    await ensureNeo4j(bench, () => undefined);
    await settle({ fault: 'Neo4j restart', from, to: downTo, back: Date.now() });

    // Redis restart (queued re-scores first, so the append-only file must keep them).
    await changeRisk(1);
    const jobsBefore = await queues.enqueueEntities([QUEUE_NAMES.rescore], ids.slice(0, 2000), 'faults');
    from = Date.now();
    await stopChild(redis);
    await sleep(redisDownSeconds * 1000);
    const redisDownTo = Date.now();
    redis = await privateRedis(dir, redisPort);
    await settle({ fault: 'Redis restart', from, to: redisDownTo, back: Date.now() });

    // Worker killed in the middle of a job.
    const queue = queues.queue(QUEUE_NAMES.rescore);
    await changeRisk(2);
    await queues.enqueueEntities([QUEUE_NAMES.rescore], ids, 'faults-kill');
    for (let i = 0; i < 300 && (await queue.getActiveCount()) === 0; i++) await sleep(100);
    const activeAtKill = await queue.getActiveCount();
    const killedAt = Date.now();
    await stopChild(worker, 'SIGKILL');
    worker = spawnCli('worker', childEnv(config), path.join(dir, 'worker.log'));
    const workerBack = Date.now();
    let drained: number | undefined;
    for (let i = 0; i < 3000; i++) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
      if (counts.waiting + counts.active + counts.delayed === 0) {
        drained = Date.now();
        break;
      }
      await sleep(200);
    }
    stop = true;
    await Promise.all([load, writer]);
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');

    // Checks.
    const seen = new Map<string, number>();
    let next: string | undefined;
    do {
      const res = await fetch(`${server.baseUrl}/v1/projects?limit=100${next ? `&next=${encodeURIComponent(next)}` : ''}`, { headers: { authorization: `Bearer ${server.token}` } });
      const body = (await res.json()) as { data: { label: string }[]; next?: string | null };
      for (const p of body.data) seen.set(p.label, (seen.get(p.label) ?? 0) + 1);
      next = body.next ?? undefined;
    } while (next);
    const missing = accepted.filter((l) => !seen.has(l));
    // A label is only ever sent with its own key: twice in the graph is a retry that doubled.
    const doubled = [...seen].filter(([l, n]) => l.startsWith(`faults-${process.pid}-`) && n > 1).map(([l]) => l);
    if (missing.length) problems.push(`${missing.length} accepted writes missing`);
    if (doubled.length) problems.push(`${doubled.length} writes present more than once`);
    if (accepted.length < writes) problems.push(`${writes - accepted.length} writes never accepted after 60 tries`);
    if (slowestWrite > 31_000) problems.push(`a write answered after ${ms(slowestWrite)} (the bound is 30 s)`);
    const queued = jobsBefore + Math.ceil(ids.length / 1000);
    // The outbox may still hold notifications of the last re-scores: wait until the feed stops growing.
    let notes = await notificationsByEntity(server, notifyProject);
    for (let i = 0; i < 60 && notifyIds.some((id) => !notes.adding.has(id)); i++) {
      await sleep(1000);
      notes = await notificationsByEntity(server, notifyProject);
    }
    const lost = notifyIds.filter((id) => !notes.adding.has(id));
    // Version 1 at the end: the notifying re-score was the entity's first (its state before the ingest was a baseline).
    const firstScored = (await graph.read('UNWIND $ids AS id MATCH (s:RiskState {entity_id: id}) WHERE s.version = 1 RETURN count(s) AS n', { ids: notifyIds }))[0].get('n') as number;
    const twice = notifyIds.filter((id) => (notes.adding.get(id) ?? 0) > 1);
    if (lost.length) problems.push(`${lost.length} risk notifications lost (${[0, 1, 2].map((b) => `before fault ${b + 1}: ${batches[b].filter((r) => lost.includes(r.get('id') as string)).map((r) => r.get('id') as string).join(' ') || 'none'}`).join('; ')})`);
    if (twice.length) problems.push(`${twice.length} risk notifications doubled`);
    if (counts.failed > 0) problems.push(`${counts.failed} re-score jobs failed`);
    if (counts.completed < queued) problems.push(`${counts.completed} of ${queued} re-score jobs completed`);
    if (drained === undefined) problems.push('the re-score queue did not drain');
    const rows: (string | number)[][] = [['fault', 'away', 'answers while away', '503 (with Retry-After)', '500', 'no answer', 'other', 'recovery']];
    for (const w of windows) {
      const during = answers.filter((a) => a.at >= w.from && a.at <= w.back);
      const count = (f: (a: Answer) => boolean) => during.filter(f).length;
      const s503 = count((a) => a.status === 503);
      const withRetry = count((a) => a.status === 503 && a.retryAfter !== null);
      const s500 = count((a) => a.status === 500);
      if (s500) problems.push(`${s500} answers 500 during ${w.fault}`);
      if (withRetry < s503) problems.push(`${s503 - withRetry} answers 503 without Retry-After during ${w.fault}`);
      rows.push([w.fault, ms(w.back - w.from), during.length, `${s503} (${withRetry})`, s500, count((a) => a.status === 0),
        count((a) => a.status !== 0 && a.status !== 200 && a.status !== 503 && a.status !== 500),
        w.recovered ? ms(w.recovered - w.back) : 'none in 60 s']);
    }
    const all500 = answers.filter((a) => a.status === 500).length;
    table(rows);
    say(`  answers in all: ${answers.length}, 500s in all: ${all500}`);
    say(`  writes: ${writes} sent with an Idempotency-Key, ${retries} retries with their key, ${accepted.length} accepted, ${missing.length} missing, ${doubled.length} doubled; slowest answer ${ms(slowestWrite)}`);
    say(`  risk notifications: ${notifyIds.length} expected (${batches.map((b) => b.length).join(' + ')}, one batch ingested before each fault), ${notifyIds.length - lost.length} found, ${lost.length} lost, ${twice.length} doubled; ${notes.total} notifications in the project in all; ${firstScored} of the entities never scored before their ingest`);
    say(`  worker SIGKILL with ${activeAtKill} job(s) active: queue drained ${drained ? ms(drained - workerBack) : 'never'} after the new worker started (killed at +0, started ${ms(workerBack - killedAt)} later); jobs completed ${counts.completed} of ${queued} queued, failed ${counts.failed}`);
    say(problems.length ? `  PROBLEMS: ${problems.join('; ')}` : '  every check passed');
    say(`  logs: ${dir}`);
    if (problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
    await stopChild(worker);
    await queues.close();
    await graph.close();
    await stopChild(redis);
  }
}

if (require.main === module) run().then(() => process.exit(process.exitCode ?? 0), (err) => { console.error(err); process.exit(1); });

