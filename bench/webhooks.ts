/**
 * Webhook latency: the time from the start of an ingest that changes a monitored entity's risk
 * to the signed `risk.changed` delivery at a local receiver (node:http on loopback).
 *
 * BENCH_WEBHOOK_ROUNDS (default 30) monitored companies, each 60% owned by an owner of its own,
 * are saved to one project with a webhook subscription. Each round ingests one file that lists
 * one owner as sanctioned (as `graph-api ingest` does: the touched ids are queued for
 * re-scoring once committed); in-process workers (the `graph-api worker` processors of the
 * risk-rescore and webhook-delivery queues) re-score and deliver. Prints p50, p90 and max of
 * ingest start -> receipt, and of its parts. Uses the bench services (BENCH_NEO4J_URI,
 * BENCH_REDIS_URL) and leaves only its own `bench-wh-` nodes behind, deleted at the next run.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import pino from 'pino';
import { WebhookStore } from '../src/feeds/webhooks';
import { ingestFile } from '../src/ingest/ingest';
import { generateSecret } from '../src/services/webhooks/signing';
import { QUEUE_NAMES, Queues } from '../src/workers/queues';
import { closeScorers } from '../src/workers/rescoreJob';
import { closeWebhookDeps } from '../src/workers/webhookJob';
import { startWorkers } from '../src/workers/worker';
import { benchGraph, say, table } from './common';

const source = { kind: 'source', id: 'bench-wh-src', label: 'Webhook bench register', country: 'GBR', source_type: 'company_register' };
const company = (id: string, risk: unknown[] = []) => ({ kind: 'entity', id, type: 'company', label: id.toUpperCase(), risk });
const OFAC = { factor: 'sanctioned_usa_ofac_sdn', country: ['USA'] };

function writeFile(name: string, lines: unknown[]): string {
  const file = path.join(os.tmpdir(), `graph-api-bench-${name}.ndjson`);
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function run(): Promise<void> {
  process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
  const rounds = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 30);
  say(`\n== webhooks: ingest that changes a monitored entity's risk -> signed risk.changed delivery at a local receiver, ${rounds} rounds`);
  const { config, graph } = await benchGraph();
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  const queues = new Queues(config);
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      const entity = (JSON.parse(body) as { data: { entity_id: string } }).data.entity_id;
      if (!arrivals.has(entity)) arrivals.set(entity, Date.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const workers = startWorkers({ config, graph, logger: pino({ level: 'silent' }), queues }, [QUEUE_NAMES.rescore, QUEUE_NAMES.webhook]);
  try {
    await graph.deleteNodes("MATCH (n) WHERE (n:Project OR n:ProjectEntity OR n:Entity OR n:Source) AND n.id STARTS WITH 'bench-wh-'");
    const ids = Array.from({ length: rounds }, (_, i) => `bench-wh-co-${i}`);
    const base = [source, ...ids.flatMap((id, i) => [company(id), company(`bench-wh-owner-${i}`),
      { kind: 'relationship', type: 'has_shareholder', from: id, to: `bench-wh-owner-${i}`, shares: [{ percentage: 60 }] }])];
    const touched: string[] = [];
    await ingestFile(graph, writeFile('wh-base', base), { batchSize: config.ingestBatchSize, onWritesCommitted: async (t) => void touched.push(...t) });
    await queues.enqueueEntities([QUEUE_NAMES.rescore], touched, 'ingest');
    const now = new Date().toISOString();
    await graph.write(
      `CREATE (project:Project {id: 'bench-wh-project', label: 'webhook bench', type: 'network', archived: false, created: $now, updated: $now, owner_user: 'dev-user', owner_org: 'dev-org'})
       WITH project UNWIND range(0, size($ids) - 1) AS i MATCH (e:Entity {id: $ids[i]})
       CREATE (project)-[:HAS_ENTITY]->(:ProjectEntity {id: 'bench-wh-pe-' + i, project_id: project.id})-[:MATCHES]->(e)
       MERGE (:MatchedEntity {entity_id: e.id})`,
      { ids, now },
    );
    const rescore = queues.queue(QUEUE_NAMES.rescore);
    const idle = async () => {
      for (;;) {
        const counts = await rescore.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await idle();
    const store = new WebhookStore(redis, 86_400);
    await store.save({ id: 'bench-wh-sub', project_id: 'bench-wh-project', url, events: ['risk.changed'], description: '', enabled: true, secret: generateSecret(), created: now, updated: now, user: 'dev-user', org: 'dev-org' });

    const total: number[] = [];
    const ingestMs: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const file = writeFile(`wh-round-${i}`, [source, company(`bench-wh-owner-${i}`, [OFAC])]);
      const started = Date.now();
      await ingestFile(graph, file, { batchSize: config.ingestBatchSize, onWritesCommitted: async (t) => void (await queues.enqueueEntities([QUEUE_NAMES.rescore], t, 'ingest')) });
      ingestMs.push(Date.now() - started);
      const deadline = Date.now() + 30_000;
      while (!arrivals.has(ids[i])) {
        if (Date.now() > deadline) throw new Error(`round ${i}: no delivery within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      total.push(arrivals.get(ids[i])! - started);
    }
    const t = [...total].sort((a, b) => a - b);
    const g = [...ingestMs].sort((a, b) => a - b);
    const after = total.map((ms, i) => ms - ingestMs[i]).sort((a, b) => a - b);
    table([
      ['ms', 'p50', 'p90', 'max'],
      ['ingest start -> delivery received', pct(t, 0.5), pct(t, 0.9), t[t.length - 1]],
      ['  of which the ingest (commit, queue)', pct(g, 0.5), pct(g, 0.9), g[g.length - 1]],
      ['  of which re-score + delivery', pct(after, 0.5), pct(after, 0.9), after[after.length - 1]],
    ]);
    say(`  deliveries received: ${arrivals.size} of ${rounds}`);
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    await closeScorers();
    await closeWebhookDeps();
    await new Promise((resolve) => receiver.close(resolve));
    await queues.close();
    redis.disconnect();
    await graph.close();
  }
}
