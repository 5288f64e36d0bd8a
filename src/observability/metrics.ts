/**
 * Prometheus metrics (prom-client): HTTP requests by route template and status, Neo4j statement
 * time by statement name, the BullMQ queues, the notification outbox and the process. Each app
 * has its own registry, so several in one process (tests) do not collide.
 */
import type { Request, RequestHandler } from 'express';
import client from 'prom-client';
import type { Graph } from '../graph/neo4j';
import { observeStatements } from '../graph/statements';
import { outboxSize } from '../services/risk';
import { withTimeout } from '../timeout';

/** How long a scrape waits for Redis or Neo4j: a backend away must not hold the scrape. */
const SCRAPE_BACKEND_MS = 1000;

/** Seconds; from a cached entity (a few ms) to a traversal at its deadline (10 s and more). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STATEMENT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: client.Registry;
  /** Counts and times every answer; mount first. */
  httpMiddleware: RequestHandler;
  /** The text exposition. */
  render(): Promise<{ contentType: string; body: string }>;
  /** Stops observing Neo4j statements. */
  close(): void;
}

/** The route template of an answered request (`/v1/traversal/:id`), or `unmatched` (no route: 404, 401, refused early). */
function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : 'unmatched';
}

/** Where webhook outcomes are counted (src/feeds/webhooks.ts): workers count, the API's scrape reads. */
export interface WebhookOutcomes { outcomes(): Promise<{ attempts: Record<string, number>; deliveries: Record<string, number> }> }

/** The job queues the scrape counts (the workers' BullMQ queues), by name. */
export interface CountedQueues {
  names: readonly string[];
  queue(name: string): {
    getJobCounts(...states: string[]): Promise<Record<string, number>>;
    getWaiting(start: number, end: number): Promise<{ timestamp: number }[]>;
  };
}

export function createMetrics(deps: { graph: Graph; queues: CountedQueues; webhooks?: WebhookOutcomes }): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'], registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds', help: 'Time from the request to the end of its answer, by method, route template and status',
    labelNames: ['method', 'route', 'status'], buckets: HTTP_BUCKETS, registers: [registry],
  });
  const statements = new client.Histogram({
    name: 'neo4j_statement_duration_seconds', help: 'Neo4j statement time to the last record, by statement name (file#name of cypher/) and outcome',
    labelNames: ['statement', 'outcome'], buckets: STATEMENT_BUCKETS, registers: [registry],
  });
  const stopObserving = observeStatements((name) => {
    const end = statements.startTimer({ statement: name });
    return (error) => end({ outcome: error ? 'error' : 'ok' });
  });

  const queueJobs = new client.Gauge({
    name: 'bullmq_queue_jobs', help: 'Jobs of a BullMQ queue by state (waiting, active, delayed, failed, prioritized)',
    labelNames: ['queue', 'state'], registers: [registry],
  });
  const oldestWaiting = new client.Gauge({
    name: 'bullmq_queue_oldest_waiting_seconds', help: 'Age of the oldest waiting job (0: none); for risk-rescore, the re-scoring lag',
    labelNames: ['queue'], registers: [registry],
  });
  const scrapeErrors = new client.Gauge({
    name: 'graph_api_scrape_backend_up', help: '1 when the backend answered the last scrape (redis: queue metrics, neo4j: outbox)',
    labelNames: ['backend'], registers: [registry],
  });
  const outbox = new client.Gauge({
    name: 'risk_notification_outbox_size', help: 'Risk notifications committed to Neo4j and not yet moved to the feed',
    registers: [registry],
  });

  // Counted in Redis by whichever worker sent the attempt, so every API process reports the same totals.
  const webhookAttempts = new client.Counter({
    name: 'webhook_delivery_attempts_total', help: 'Webhook delivery attempts by outcome (success, http_error, timeout, network_error, refused)',
    labelNames: ['outcome'], registers: [registry],
  });
  const webhookDeliveries = new client.Counter({
    name: 'webhook_deliveries_total', help: 'Webhook deliveries by final result (delivered, failed: every attempt spent or the target refused)',
    labelNames: ['result'], registers: [registry],
  });

  async function collectWebhooks(): Promise<void> {
    if (!deps.webhooks) return;
    try {
      const { attempts, deliveries } = await withTimeout(deps.webhooks.outcomes(), SCRAPE_BACKEND_MS, 'Redis');
      webhookAttempts.reset();
      webhookDeliveries.reset();
      for (const [outcome, n] of Object.entries(attempts)) webhookAttempts.inc({ outcome }, n);
      for (const [result, n] of Object.entries(deliveries)) webhookDeliveries.inc({ result }, n);
    } catch {
      webhookAttempts.reset();
      webhookDeliveries.reset();
    }
  }

  async function collectQueues(): Promise<void> {
    queueJobs.reset();
    oldestWaiting.reset();
    try {
      for (const name of deps.queues.names) {
        const queue = deps.queues.queue(name);
        const counts = await withTimeout(queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized'), SCRAPE_BACKEND_MS, 'Redis');
        for (const [state, n] of Object.entries(counts)) queueJobs.set({ queue: name, state }, n);
        const [oldest] = await withTimeout(queue.getWaiting(0, 0), SCRAPE_BACKEND_MS, 'Redis');
        oldestWaiting.set({ queue: name }, oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
      }
      scrapeErrors.set({ backend: 'redis' }, 1);
    } catch {
      scrapeErrors.set({ backend: 'redis' }, 0);
    }
  }

  async function collectOutbox(): Promise<void> {
    try {
      outbox.set(await withTimeout(outboxSize(deps.graph), SCRAPE_BACKEND_MS, 'Neo4j'));
      scrapeErrors.set({ backend: 'neo4j' }, 1);
    } catch {
      outbox.reset();
      scrapeErrors.set({ backend: 'neo4j' }, 0);
    }
  }

  const httpMiddleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

  return {
    registry,
    httpMiddleware,
    render: async () => {
      await Promise.all([collectQueues(), collectOutbox(), collectWebhooks()]);
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    close: () => { stopObserving(); },
  };
}
