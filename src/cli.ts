#!/usr/bin/env node
/**
 * `graph-api`: the one entry point. Parses the command, builds config, wires adapters.
 */
// First: tracing must be set up before the modules it instruments are loaded.
import { stopTracing } from './observability/tracingEntry';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Command } from 'commander';
import { ConfigError, loadConfig, type Config } from './config';
import { formatStatus, servicesDown, servicesStatus, servicesUp } from './devservices/localServices';
import { Graph } from './graph/neo4j';
import { migrate } from './graph/migrate';
import { backendReadiness, createApp } from './http/app';
import { startMetricsServer } from './observability/metricsServer';
import { warmUp } from './http/warmUp';
import { answerClientErrors } from './http/errors';
import { IngestError, describeProgress, ingestFile } from './ingest/ingest';
import { spoolStdin } from './ingest/reader';
import { createLogger } from './logger';
import { generateLines, writeGenerated } from './seed/generator';
import { writeGeneratedAs } from './seed/formats';
import { AuthService, hashSecret, loadClients } from './services/auth';
import { QUEUE_NAMES, Queues } from './workers/queues';
import { feedsRedis } from './feeds/redis';
import { withTimeout } from './timeout';
import { startHeartbeat, startWorkers } from './workers/worker';
import { queueRescore } from './workers/rescoreJob';
import { scheduleMonitoring } from './workers/monitorJob';
import { scheduleNews } from './workers/newsJob';
import { SWEEP_EVERY_MS, scheduleSearchSweep, signalSearchIndex } from './workers/searchIndexJob';
import { type IngestInput, registerImportCommands, loadSampleImports } from './importers/commands';
import { registerExportCommand } from './exportCommand';
import { registerBulkLoadCommand } from './bulkLoadCommand';
import { importFeeds, registerNewsCommand } from './newsCommand';

const SAMPLE = path.resolve(__dirname, '..', '..', 'seed', 'sample.ndjson');
const SAMPLE_FEEDS = ['sample-rss.xml', 'sample-atom.xml'].map((f) => path.resolve(__dirname, '..', '..', 'seed', 'news', f));
const say = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

async function withGraph<T>(config: Config, work: (graph: Graph) => Promise<T>): Promise<T> {
  const graph = new Graph(config);
  try {
    return await work(graph);
  } finally {
    await graph.close();
  }
}

async function ingest(config: Config, graph: Graph, files: (string | IngestInput)[], opts: { skipInvalid?: boolean; batchCommit?: boolean; atomic?: boolean }): Promise<boolean> {
  let ok = true;
  const queues = new Queues(config);
  for (const entry of files) {
    const file = typeof entry === 'string' ? entry : entry.name;
    const spooled = entry === '-' ? await spoolStdin() : undefined;
    const input = spooled?.file ?? (typeof entry === 'string' ? entry : entry.path);
    const unqueued = new Set<string>();
    try {
      if (!spooled && !fs.existsSync(input)) throw new Error('no such file');
      const report = await ingestFile(graph, input, {
        name: file,
        ...(typeof entry === 'string' ? {} : entry.options),
        batchSize: config.ingestBatchSize,
        skipInvalid: opts.skipInvalid,
        atomic: opts.batchCommit ? false : opts.atomic ? true : config.ingestAtomicMaxLines,
        onProgress: (p) => say(`${file}: ${describeProgress(p)}`),
        // What is committed stays whatever happens here; say loudly (once a file) when follow-up work is not queued.
        // Re-scoring is queued batch by batch, so a file that fails half-way still re-scores what it loaded.
        onWritesCommitted: async (ids) => {
          try {
            await queues.enqueueEntities([QUEUE_NAMES.rescore], ids, 'ingest');
          } catch (err) {
            if (!unqueued.has('re-scoring')) say(`${file}: loaded, but re-scoring was not queued (${(err as Error).message}); is Redis at REDIS_URL running?`);
            unqueued.add('re-scoring');
          }
        },
        // The changes wait in the search-index outbox (Neo4j); this only wakes the worker, whose
        // sweep takes them anyway, so a failure here loses nothing.
        onCommitted: async () => {
          if (!config.meili) return;
          await signalSearchIndex(queues, 'ingest').catch((err: Error) => say(`${file}: the worker's search-index sweep will copy it (no signal queued: ${err.message})`));
        },
      });
      const counts = Object.entries(report.loaded).map(([k, n]) => `${n} ${k}`).join(', ');
      say(`${file}: loaded ${counts} in ${report.seconds.toFixed(1)} s (${Math.round(report.rowsPerSecond)} rows/s, ${report.atomic ? 'one transaction' : 'committed per batch'})`);
      for (const bad of report.bad) say(`  skipped ${file}:${bad.line}: ${bad.reason}`);
    } catch (err) {
      ok = false;
      say(err instanceof IngestError ? err.message : `${file}: ${(err as Error).message}`);
    } finally {
      spooled?.cleanup();
      if (unqueued.size) ok = false;
    }
  }
  await queues.close();
  return ok;
}

/**
 * How long a shutdown may wait for open requests, active jobs and closing connections (an
 * interrupted job is re-run: jobs are idempotent). docker-compose gives 30 s before SIGKILL.
 */
const SHUTDOWN_GRACE_MS = 25_000;

/** Closes a part of the process (the API, the workers) without ending it. */
type Stop = () => Promise<void>;

/**
 * On SIGINT or SIGTERM, stops every part at once and exits once all are stopped; exits 1 after
 * the grace period if they have not (a Redis that does not answer holds BullMQ's close forever).
 */
function stopOnSignal(logger: { info: (msg: string) => void; warn: (msg: string) => void }, stops: Stop[]): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A second signal (Ctrl-C again) means: do not wait.
    if (stopping) {
      logger.warn(`${signal} while stopping: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    setTimeout(() => {
      logger.warn(`shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await Promise.all(stops.map((part) => part()));
    await stopTracing().catch((err: Error) => logger.warn(`traces not sent: ${err.message}`));
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The HTTP API; its stop finishes the requests under way before closing the backends. */
async function serve(config: Config): Promise<Stop> {
  const logger = createLogger(config);
  const graph = new Graph(config);
  const warn = (message: string) => logger.warn(message);
  const redis = feedsRedis(config, warn);
  const queues = new Queues(config, warn);
  const auth = new AuthService(config, loadClients(config, (msg) => logger.warn(msg)));
  const { app, registry, flushFeeds, close, drain, metrics } = createApp({
    config, graph, auth, logger, redis, queues,
    readiness: backendReadiness(graph, redis),
  });
  const metricsServer = config.metrics.port === undefined ? undefined
    : await startMetricsServer(metrics, { port: config.metrics.port, host: config.metrics.host, token: config.metrics.token }).then((s) => {
      logger.info({ host: config.metrics.host, port: (s.address() as AddressInfo).port }, 'metrics at /metrics');
      return s;
    }, (err: Error) => {
      logger.fatal({ err: err.message }, `cannot listen on ${config.metrics.host}:${config.metrics.port} (METRICS_HOST, METRICS_PORT)`);
      process.exit(1);
    });
  const server = app.listen(config.port, config.host, (err?: Error) => {
    // Express passes a listen failure (the port taken, say) here rather than throwing it.
    if (err) {
      logger.fatal({ err: err.message }, `cannot listen on ${config.host}:${config.port} (HOST, PORT)`);
      process.exit(1);
    }
    const { port } = server.address() as AddressInfo;
    logger.info({ host: config.host, port }, `listening on http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`);
    if (config.warmUp) {
      warmUp(registry, graph).then((report) => {
        const failed = report.routes.filter((r) => r.error);
        if (!report.entity) logger.info('warm-up: skipped, no entity in the graph has 1 to 50 related entities');
        else logger.info({ entity: report.entity, routes: report.routes }, `warm-up: ${report.routes.length} routes run once in ${report.ms} ms${failed.length ? `; ${failed.length} failed` : ''}`);
      }, (err: Error) => logger.warn({ err: err.message }, 'warm-up: not run'));
    }
  });
  answerClientErrors(server);
  return async () => {
    logger.info('shutting down: no new requests; finishing those under way');
    // close() stops accepting and ends idle kept-alive connections; every answer from now on
    // closes its connection, so close() calls back once the requests under way are answered.
    // Connections still open near the end of the grace period are cut.
    drain();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS - 5_000);
    await closed;
    clearTimeout(cut);
    if (metricsServer) await new Promise((resolve) => metricsServer.close(resolve));
    await close();
    await flushFeeds().catch((err: Error) => logger.warn({ err: err.message }, 'usage and history not written'));
    await graph.close();
    await queues.close();
    redis.disconnect();
  };
}

/** The BullMQ workers; their stop lets active jobs finish. */
function runWorkers(config: Config): Stop {
  const logger = createLogger(config, 'graph-api-worker');
  const graph = new Graph(config);
  const queues = new Queues(config, (message) => logger.warn(message));
  const workers = startWorkers({ config, graph, logger, queues });
  // In the background: BullMQ waits for Redis, and the workers must not wait with it.
  scheduleMonitoring(queues, config.monitorCron).then(
    (next) => logger.info({ pattern: config.monitorCron ?? 'off', next: next === undefined ? undefined : new Date(next).toISOString() },
      next === undefined ? 'scheduled re-scoring: off' : 'scheduled re-scoring of every entity (MONITOR_CRON, UTC)'),
    (err: Error) => logger.error({ err: err.message }, 'scheduled re-scoring not set up (MONITOR_CRON)'),
  );
  scheduleSearchSweep(queues).then(
    () => logger.info({ every_ms: SWEEP_EVERY_MS }, 'search-index outbox sweep'),
    (err: Error) => logger.error({ err: err.message }, 'search-index outbox sweep not set up'),
  );
  scheduleNews(queues, config.news.cron).then(
    (next) => logger.info({ feeds: config.news.feeds.length, pattern: config.news.cron ?? 'off', next: next === undefined ? undefined : new Date(next).toISOString() }, 'news feed polling (NEWS_FEEDS, NEWS_CRON)'),
    (err: Error) => logger.error({ err: err.message }, 'news feed polling not set up (NEWS_CRON)'),
  );
  // Checks of Redis on a client that fails at once when disconnected: BullMQ's connections
  // hold a command until Redis is back, so checks sent on them would pile up.
  const probe = feedsRedis(config, () => undefined);
  const redisAnswers = async (ms: number) => {
    try {
      if (probe.status !== 'ready') await withTimeout(once(probe, 'ready'), ms, 'Redis');
      await withTimeout(probe.ping(), ms, 'Redis');
      return true;
    } catch {
      return false;
    }
  };
  const stopHeartbeat = config.workerHeartbeatFile
    ? startHeartbeat(config.workerHeartbeatFile, async () => (await redisAnswers(2000)) && withTimeout(graph.ping(), 5000).catch(() => false), logger)
    : () => undefined;
  return async () => {
    stopHeartbeat();
    const redisUp = await redisAnswers(1000);
    probe.disconnect();
    // Without Redis no job can finish (nor would BullMQ's close return): leave at once; the
    // jobs held are released when their locks expire and run again.
    if (!redisUp) {
      logger.warn('shutting down: Redis does not answer, so active jobs cannot finish; they run again later');
      await graph.close();
      return;
    }
    logger.info('shutting down: finishing active jobs');
    await Promise.all(workers.map((w) => w.close()));
    await queues.close();
    await graph.close();
  };
}

async function main(argv: string[]): Promise<void> {
  // Read when a command runs, not before: `--help` works whatever the environment holds.
  let config!: Config;
  const program = new Command('graph-api').description('Entity-graph screening API').showHelpAfterError();
  program.hook('preAction', () => {
    config = loadConfig();
  });

  program.command('serve').description('run the HTTP API').action(async () => {
    stopOnSignal(createLogger(config), [await serve(config)]);
  });

  program
    .command('worker')
    .description('run the BullMQ workers (risk re-scoring and its schedule, MONITOR_CRON; search-index sync; uploads)')
    .action(() => stopOnSignal(createLogger(config, 'graph-api-worker'), [runWorkers(config)]));

  program
    .command('start')
    .description('services up, migrate, load the sample data when the graph is empty, serve and run the workers')
    .action(async () => {
      await servicesUp(config, say);
      await withGraph(config, async (graph) => {
        await migrate(graph, say);
        const [row] = await graph.read('MATCH (e:Entity) RETURN count(e) > 0 AS loaded');
        if (!row.get('loaded')) {
          say('graph is empty: loading the sample data');
          if (!(await ingest(config, graph, [SAMPLE], {}))) throw new Error('sample data failed to load');
          if (!(await loadSampleImports(config, graph, ingest))) throw new Error('sample FtM and BODS data failed to load');
          if (!(await importFeeds(graph, config, SAMPLE_FEEDS, say))) throw new Error('sample news feeds failed to load');
        }
      });
      const workers = runWorkers(config);
      stopOnSignal(createLogger(config), [await serve(config), workers]);
    });

  const services = program.command('services').description('local Neo4j, Redis and (meilisearch backend) Meilisearch for development and tests');
  services.command('up').description('start what is not running (idempotent)').action(async () => {
    await servicesUp(config, say);
  });
  services.command('down').description('stop what `services up` started').action(async () => {
    await servicesDown(config, say);
  });
  services.command('status').description('say what runs (exit code 1 when a service does not answer)').action(async () => {
    const status = await servicesStatus(config);
    say(formatStatus(status));
    // A port that answers but does not speak Bolt can leave a socket open; the answer is out.
    process.exitCode = Object.values(status).every((service) => service.reachable) ? 0 : 1;
    setTimeout(() => process.exit(), 200).unref();
  });

  program
    .command('migrate')
    .description('apply cypher/schema*.cypher (idempotent)')
    .action(() => withGraph(config, async (graph) => say(`applied ${await migrate(graph, say)} schema statements`)));

  program
    .command('reindex')
    .description('recompute the search properties of every entity and, on the meilisearch backend, rebuild its indexes')
    .action(() => withGraph(config, async (graph) => {
      await migrate(graph);
      const { meiliOptions, reindexAll } = await import('./search');
      const { MeiliSearchIndex } = await import('./search/meilisearch');
      const options = meiliOptions(config);
      const meili = options ? new MeiliSearchIndex(options) : undefined;
      const done = await reindexAll(graph, meili, say);
      say(`reindexed ${done.entities} entities${meili ? ` and ${done.records} records into new Meilisearch indexes, swapped in` : ''}`);
    }));

  program
    .command('ingest')
    .description('load NDJSON files in the ingest format (.ndjson, .ndjson.gz, or - for stdin)')
    .argument('<files...>')
    .option('--skip-invalid', 'load the good lines of files with bad lines and report the rest')
    .option('--atomic', 'write each file in one transaction whatever its size (needs Neo4j memory for the whole file)')
    .option('--batch-commit', 'commit every batch even for small files')
    .action(async (files: string[], opts: { skipInvalid?: boolean; batchCommit?: boolean; atomic?: boolean }) => {
      if (opts.atomic && opts.batchCommit) throw new Error('--atomic and --batch-commit exclude each other');
      const ok = await withGraph(config, async (graph) => {
        await migrate(graph);
        return ingest(config, graph, files, opts);
      });
      if (!ok) process.exitCode = 1;
    });

  program
    .command('seed')
    .description('load the sample data in seed/')
    .action(async () => {
      const ok = await withGraph(config, async (graph) => {
        await migrate(graph);
        return (await ingest(config, graph, [SAMPLE], {})) && (await loadSampleImports(config, graph, ingest)) && importFeeds(graph, config, SAMPLE_FEEDS, say);
      });
      if (!ok) process.exitCode = 1;
    });

  program
    .command('generate')
    .description('write a deterministic synthetic graph in the ingest format')
    .requiredOption('--entities <n>', 'number of entities', (v) => parseInt(v, 10))
    .option('--seed <n>', 'random seed', (v) => parseInt(v, 10), 1)
    .option('--facts-per-entity <n>', 'relationship lines per entity', (v) => parseInt(v, 10), 4)
    .option('--out <file>', 'output file (.gz compresses); default stdout')
    .option('--format <format>', 'ndjson (the ingest format), ftm (FollowTheMoney entities) or bods (BODS 0.3 statements)', 'ndjson')
    .option('--shipments <n>', 'shipment lines between the companies (ndjson only)', (v) => parseInt(v, 10), 0)
    .action(async (opts: { entities: number; seed: number; factsPerEntity: number; out?: string; format: string; shipments: number }) => {
      if (!['ndjson', 'ftm', 'bods'].includes(opts.format)) throw new Error(`--format: ndjson, ftm or bods, not ${opts.format}`);
      if (!(opts.shipments >= 0)) throw new Error('--shipments: a whole number, 0 or more');
      if (opts.shipments > 0 && opts.format !== 'ndjson') throw new Error('--shipments: only with --format ndjson (FtM and BODS have no shipment lines)');
      if (opts.out && !fs.existsSync(path.dirname(path.resolve(opts.out)))) {
        throw new Error(`--out: the directory of ${opts.out} does not exist`);
      }
      const file = opts.out ? fs.createWriteStream(opts.out) : process.stdout;
      const out = opts.out?.endsWith('.gz') ? zlib.createGzip() : undefined;
      if (out) out.pipe(file);
      const generate = { entities: opts.entities, seed: opts.seed, factsPerEntity: opts.factsPerEntity, shipments: opts.shipments };
      const { lines } = opts.format === 'ndjson'
        ? await writeGenerated(generate, out ?? file)
        : await writeGeneratedAs(opts.format as 'ftm' | 'bods', generateLines(generate), out ?? file);
      await new Promise<void>((resolve) => (out ?? file).end(resolve));
      say(`wrote ${lines} lines`);
    });

  program
    .command('hash-secret')
    .description('print the secret_hash of a client secret for the AUTH_CLIENTS file')
    .argument('<secret>')
    .action((secret: string) => console.log(hashSecret(secret)));

  program
    .command('rescore')
    .description('queue risk re-scoring of the given entities and their neighbourhood, or of every entity (--all)')
    .argument('[ids...]', 'entity ids')
    .option('--all', 'every entity in the graph')
    .action(async (ids: string[], opts: { all?: boolean }) => {
      if (!opts.all && ids.length === 0) {
        say('rescore: name entity ids or pass --all');
        process.exitCode = 1;
        return;
      }
      const { entities, jobs } = await queueRescore(config, ids, Boolean(opts.all));
      say(`queued re-scoring of ${entities} entities in ${jobs} jobs${opts.all ? '' : ' (with their neighbourhood)'}`);
    });
  registerImportCommands(program, () => config, ingest);
  registerNewsCommand(program, () => config, say);
  registerExportCommand(program, () => config);
  registerBulkLoadCommand(program, () => config, say);

  await program.parseAsync(argv);
}

main(process.argv).catch((err) => {
  say(err instanceof ConfigError ? `configuration error: ${err.message}` : `error: ${(err as Error).message}`);
  process.exit(1);
});
