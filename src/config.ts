/**
 * Every environment variable is read here and nowhere else, validated once at start-up.
 * A bad value stops the process with a message naming the variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { getNextMillis } from 'bullmq';

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  /** Interface the API listens on (HOST): loopback by default outside production, every interface in production. */
  host: string;
  neo4j: { uri: string; user: string; password: string; database: string | undefined };
  redisUrl: string;
  /** REDIS_CLUSTER_NODES: seed nodes of a Redis Cluster (REDIS_URL then gives only credentials and TLS); undefined: one Redis. */
  redisClusterNodes: { host: string; port: number }[] | undefined;
  /**
   * SEARCH_BACKEND: which SearchIndex serves search and resolve. Unset: meilisearch when
   * MEILI_URL is set, else neo4j (the default, chosen by measurement: docs/design.md).
   */
  searchBackend: 'meilisearch' | 'neo4j';
  /**
   * RESPONSE_SERIALISER: how the large JSON answers are written (src/http/serialisers.ts):
   * `json` (JSON.stringify, the default, chosen by measurement: docs/benchmarks.md) or `compiled`.
   */
  responseSerialiser: 'json' | 'compiled';
  /**
   * The Meilisearch server, set only for the meilisearch backend: MEILI_URL and MEILI_KEY, or
   * (MEILI_URL unset) the local one `services up` starts on 127.0.0.1:MEILI_LOCAL_PORT, whose
   * generated master key is kept in `keyFile` under the data directory.
   */
  meili: { url: string; key: string | undefined; local?: { port: number; keyFile: string; binary: string | undefined } } | undefined;
  serviceDomain: string;
  jwt: { secret: string; issuer: string; ttlSeconds: number };
  authClientsFile: string | undefined;
  logLevel: string;
  /** Where `services up` keeps Neo4j data, logs and pid files. */
  dataDir: string;
  /**
   * Embedded Neo4j for `services up`: sizing (MiB), db.relationship_grouping_threshold, and the
   * loopback HTTP port of its Neo4j Browser (NEO4J_LOCAL_BROWSER_PORT; undefined: no Browser).
   */
  localNeo4j: { heapMiB: number; pageCacheMiB: number; groupingThreshold: number; browserPort: number | undefined };
  /** Rows per UNWIND batch for ingest writes. */
  ingestBatchSize: number;
  /** Files with at most this many lines are written in one transaction; larger ones per batch. */
  ingestAtomicMaxLines: number;
  /** Entities the risk worker writes per transaction. */
  rescoreChunkSize: number;
  /** Most entities the risk worker reads in one transaction (a group; src/services/risk/scorer.ts). */
  rescoreGroupSize: number;
  /** Groups of one re-scoring set read and scored at the same time. */
  rescoreParallel: number;
  /**
   * How long a worker holds a job's lock (ms; renewed at half of it while the job runs). A job
   * whose worker died is taken over by another within about one and a half times this.
   */
  workerLockMs: number;
  /** Upper bound on one read query (ms) so no request runs unbounded. */
  queryTimeoutMs: number;
  /** The longest a write request (POST, PUT, PATCH, DELETE) takes, retries included; then 503 with Retry-After. */
  writeDeadlineMs: number;
  /** Traversal bounds: targets reached before the search stops, and its time limit (ms). */
  traversal: { visitBudget: number; timeoutMs: number; firstStatementFrontier: number };
  /**
   * Per-client limit on /v1 calls (GCRA in Redis): `requests` per `windowSeconds`, bursts of up
   * to `requests`; over it a call gets 429 with Retry-After. `requests` 0 turns limiting off.
   */
  rateLimit: { requests: number; windowSeconds: number };
  tokenRateLimit: { requests: number; windowSeconds: number };
  /**
   * Audit history (GET /v1/history): days an event is kept (HISTORY_RETENTION_DAYS), and an
   * optional cap of events per user stream (HISTORY_MAX_EVENTS, approximate; unset: none).
   */
  history: { retentionDays: number; maxEvents: number | undefined };
  /** Usage and history writes of the calls within this many ms go to Redis together (0: each at once). */
  feedWriteDelayMs: number;
  /**
   * Cron pattern (UTC) of the worker's scheduled re-scoring of every entity (MONITOR_CRON);
   * undefined: not scheduled (`off`).
   */
  monitorCron: string | undefined;
  /** Adverse media: the feeds the worker polls on `cron` (off without feeds), with the outbound guards of webhooks. */
  news: { feeds: string[]; cron: string | undefined; allowPrivate: boolean; timeoutMs: number; maxBytes: number };
  /** Days an upload's rows, state and results are kept in Redis (UPLOAD_RETENTION_DAYS). */
  uploadRetentionDays: number;
  /** Express's `trust proxy`: which forwarding proxies to believe about the client address. */
  trustProxy: boolean | number | string;
  /** A file the worker touches while Neo4j and Redis answer it (a container healthcheck reads its age). */
  workerHeartbeatFile: string | undefined;
  /** `serve` runs the entity, entity summary and traversal routes once at start-up (src/http/warmUp.ts). */
  warmUp: boolean;
  /** Expensive requests (traversals, PDFs, snapshots) one client may have under way at once, per process; 0: no limit. */
  expensiveConcurrencyPerClient: number;
  /**
   * Prometheus metrics: on a port of their own (`port`, on `host`) when set, and on the API's
   * port at /metrics when `token` is set (then required as a bearer token on both).
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** OTLP/HTTP endpoint for traces (OTEL_EXPORTER_OTLP_ENDPOINT); unset: tracing is not loaded. */
  otlpEndpoint: string | undefined;
  /**
   * Webhook deliveries (docs/webhooks.md): targets on private addresses allowed, time limit of
   * one attempt, attempts in all, the first retry's wait (each next one 3 times longer, at most
   * 360 times the first: about 24 h in all by default) and days a delivery log is kept.
   */
  webhooks: { allowPrivate: boolean; timeoutMs: number; attempts: number; retryBaseMs: number; retentionDays: number };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  // Decimal digits only: Number() would also read "0x50", "1e3" and " 80".
  const value = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string | undefined, schemes: string[]): string | undefined {
  const raw = env[name] || fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${raw}"`);
  }
  if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must use one of ${schemes.join(', ')}, got "${raw}"`);
  }
  return raw;
}

/**
 * TRUST_PROXY: unset or `false` (the connection's address is the client's), `true` (the
 * left-most forwarded address), a number of proxy hops, or addresses / subnets / the names
 * loopback, linklocal, uniquelocal, comma-separated (Express's `trust proxy`).
 */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const names = ['loopback', 'linklocal', 'uniquelocal'];
  for (const entry of raw.split(',').map((e) => e.trim())) {
    const [address, bits, extra] = entry.split('/');
    const isAddress = isIP(address) !== 0 && extra === undefined && (bits === undefined || /^\d{1,3}$/.test(bits));
    if (!names.includes(entry) && !isAddress) {
      throw new ConfigError(`TRUST_PROXY must be true, false, a number of hops, or addresses, subnets and ${names.join(', ')}, comma-separated; "${entry}" is none of these`);
    }
  }
  return raw;
}

/** METRICS_TOKEN: unset, or at least 16 characters (it is the only guard of /metrics on the API's port). */
function metricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16) throw new ConfigError('METRICS_TOKEN must have at least 16 characters');
  return raw;
}

/**
 * REDIS_CLUSTER_NODES: `host:port,host:port,...`, some nodes of a Redis Cluster (the client
 * finds the rest). A cluster has only database 0, so REDIS_URL may not name another.
 */
function redisClusterNodes(env: Env, redisUrl: string): Config['redisClusterNodes'] {
  const raw = env.REDIS_CLUSTER_NODES?.trim();
  if (!raw) return undefined;
  const nodes = raw.split(',').map((node) => {
    const m = /^\[?([^\]\s]+?)\]?:(\d{1,5})$/.exec(node.trim());
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new ConfigError(`REDIS_CLUSTER_NODES must be host:port pairs separated by commas, got "${node}"`);
    return { host: m[1], port: Number(m[2]) };
  });
  const db = new URL(redisUrl).pathname.replace(/^\//, '');
  if (db !== '' && db !== '0') throw new ConfigError(`REDIS_URL names database ${db}, but a Redis Cluster (REDIS_CLUSTER_NODES) has only database 0`);
  return nodes;
}

/** The default MONITOR_CRON: daily at 03:00 UTC, after the night's loads. */
export const DEFAULT_MONITOR_CRON = '0 3 * * *';

/**
 * MONITOR_CRON: `off`, or a cron pattern of 5 fields (minute first) or 6 (second first) that
 * BullMQ's scheduler can compute a next time from; checked here so a typo stops the worker
 * at start-up instead of leaving monitoring silently unscheduled.
 */
function monitorCron(raw: string | undefined): string | undefined {
  return cronPattern('MONITOR_CRON', raw, DEFAULT_MONITOR_CRON);
}

/** A cron setting: `off`, or a pattern BullMQ's scheduler can compute a next time from; `fallback` when unset. */
function cronPattern(name: string, raw: string | undefined, fallback: string): string | undefined {
  if (raw === undefined || raw.trim() === '') return fallback;
  const pattern = raw.trim().replace(/\s+/g, ' ');
  if (pattern === 'off') return undefined;
  const fields = pattern.split(' ').length;
  const bad = (why: string) => new ConfigError(`${name} must be "off" or a cron pattern of 5 fields (minute hour day month weekday) or 6 (second first), e.g. "${fallback}"; "${raw}" ${why}`);
  if (fields !== 5 && fields !== 6) throw bad(`has ${fields} field${fields === 1 ? '' : 's'}`);
  let next: number | undefined;
  try {
    next = getNextMillis(Date.now(), { pattern, tz: 'UTC' });
  } catch (err) {
    throw bad(`is not valid: ${(err as Error).message}`);
  }
  if (!Number.isFinite(next)) throw bad('never comes');
  return pattern;
}

/**
 * NEO4J_LOCAL_BROWSER_PORT: `off`, or the port of the local Neo4j's Browser. Unset: 7474 in
 * development (the `npm start` instance), off in tests and benches, whose servers run beside it.
 */
function browserPort(env: Env, nodeEnv: Config['env']): number | undefined {
  const raw = env.NEO4J_LOCAL_BROWSER_PORT;
  if (raw === 'off') return undefined;
  if (raw === undefined || raw === '') return nodeEnv === 'development' ? 7474 : undefined;
  return int(env, 'NEO4J_LOCAL_BROWSER_PORT', 7474, 1, 65535);
}

/** The default NEWS_CRON: every 30 minutes. */
export const DEFAULT_NEWS_CRON = '*/30 * * * *';

/** NEWS_FEEDS (comma-separated feed URLs), NEWS_CRON, and the outbound limits of the poller. */
function newsConfig(env: Env): Config['news'] {
  const feeds = (env.NEWS_FEEDS ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  for (const feed of feeds) {
    if (!/^https?:\/\/\S+$/i.test(feed)) throw new ConfigError(`NEWS_FEEDS must hold http or https URLs separated by commas; "${feed}" is not one`);
  }
  return {
    feeds,
    cron: feeds.length ? cronPattern('NEWS_CRON', env.NEWS_CRON, DEFAULT_NEWS_CRON) : undefined,
    allowPrivate: bool(env, 'NEWS_ALLOW_PRIVATE', false),
    timeoutMs: int(env, 'NEWS_TIMEOUT_MS', 20_000, 100, 300_000),
    maxBytes: int(env, 'NEWS_MAX_BYTES', 20 * 1024 * 1024, 1024, 500 * 1024 * 1024),
  };
}

function meiliConfig(env: Env, meiliUrl: string | undefined, dataDir: string): Config['meili'] {
  if (meiliUrl) return { url: meiliUrl, key: env.MEILI_KEY || undefined };
  const port = int(env, 'MEILI_LOCAL_PORT', 7700, 1, 65535);
  const keyFile = path.join(dataDir, 'meilisearch', 'master.key');
  return { url: `http://127.0.0.1:${port}`, key: undefined, local: { port, keyFile, binary: env.MEILI_BINARY || undefined } };
}

export const DEV_JWT_SECRET = 'development-only-secret-change-me';

export function loadConfig(env: Env = process.env): Config {
  // A misspelt NODE_ENV ("prod") would otherwise run as development, with the dev client enabled.
  const nodeEnv = (env.NODE_ENV || 'development') as Config['env'];
  if (!['development', 'test', 'production'].includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be one of development, test, production; got "${env.NODE_ENV}"`);
  }
  const secret = env.JWT_SECRET || DEV_JWT_SECRET;
  if (nodeEnv === 'production') {
    if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
      throw new ConfigError('JWT_SECRET must be set to at least 32 characters in production');
    }
    // The development secret is in the source: anyone could sign tokens with it.
    if (env.JWT_SECRET === DEV_JWT_SECRET) throw new ConfigError('JWT_SECRET must not be the development secret in production');
    if (!env.AUTH_CLIENTS) throw new ConfigError('AUTH_CLIENTS must name a clients file in production');
  }
  const meiliUrl = url(env, 'MEILI_URL', undefined, ['http', 'https']);
  const searchBackend = env.SEARCH_BACKEND || (meiliUrl ? 'meilisearch' : 'neo4j');
  if (searchBackend !== 'meilisearch' && searchBackend !== 'neo4j') {
    throw new ConfigError(`SEARCH_BACKEND must be one of meilisearch, neo4j; got "${env.SEARCH_BACKEND}"`);
  }
  const responseSerialiser = env.RESPONSE_SERIALISER || 'json';
  if (responseSerialiser !== 'json' && responseSerialiser !== 'compiled') {
    throw new ConfigError(`RESPONSE_SERIALISER must be one of json, compiled; got "${env.RESPONSE_SERIALISER}"`);
  }
  const dataDir = path.resolve(env.GRAPH_API_DATA_DIR || path.join(__dirname, '..', '..', '.data'));
  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  }
  return {
    env: nodeEnv,
    port: int(env, 'PORT', 8080, 0, 65535),
    // Loopback unless production: outside production the dev client is enabled.
    host: env.HOST || (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    neo4j: {
      uri: url(env, 'NEO4J_URI', 'bolt://127.0.0.1:7687', ['bolt', 'neo4j', 'bolt+s', 'neo4j+s', 'bolt+ssc', 'neo4j+ssc'])!,
      user: env.NEO4J_USER || 'neo4j',
      password: env.NEO4J_PASSWORD || 'neo4j',
      database: env.NEO4J_DATABASE || undefined,
    },
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis', 'rediss'])!,
    redisClusterNodes: redisClusterNodes(env, url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis', 'rediss'])!),
    searchBackend,
    responseSerialiser,
    meili: searchBackend === 'neo4j' ? undefined : meiliConfig(env, meiliUrl, dataDir),
    serviceDomain: env.SERVICE_DOMAIN || 'graph-api.local',
    jwt: { secret, issuer: env.JWT_ISSUER || 'graph-api', ttlSeconds: 86400 },
    authClientsFile: env.AUTH_CLIENTS || undefined,
    logLevel,
    dataDir,
    localNeo4j: {
      heapMiB: int(env, 'NEO4J_LOCAL_HEAP_MB', 1024, 256, 65536),
      pageCacheMiB: int(env, 'NEO4J_LOCAL_PAGECACHE_MB', 512, 64, 65536),
      groupingThreshold: int(env, 'NEO4J_LOCAL_GROUPING_THRESHOLD', 1, 1, 100000),
      browserPort: browserPort(env, nodeEnv),
    },
    ingestBatchSize: int(env, 'INGEST_BATCH_SIZE', 2000, 1, 100000),
    ingestAtomicMaxLines: int(env, 'INGEST_ATOMIC_MAX_LINES', 20000, 0, 100_000_000),
    rescoreChunkSize: int(env, 'RESCORE_CHUNK_SIZE', 2000, 1, 100000),
    rescoreGroupSize: int(env, 'RESCORE_GROUP_SIZE', 2000, 1, 10_000_000),
    rescoreParallel: int(env, 'RESCORE_PARALLEL', 2, 1, 16),
    workerLockMs: int(env, 'WORKER_LOCK_MS', 30000, 5000, 600000),
    queryTimeoutMs: int(env, 'QUERY_TIMEOUT_MS', 15000, 100, 600000),
    writeDeadlineMs: int(env, 'WRITE_DEADLINE_MS', 30000, 1000, 600000),
    traversal: {
      visitBudget: int(env, 'TRAVERSAL_VISIT_BUDGET', 100000, 10, 100_000_000),
      timeoutMs: int(env, 'TRAVERSAL_TIMEOUT_MS', 10000, 100, 600000),
      firstStatementFrontier: int(env, 'TRAVERSAL_FIRST_STATEMENT_FRONTIER', 1000, 0, 1_000_000),
    },
    rateLimit: {
      requests: int(env, 'RATE_LIMIT_REQUESTS', 600, 0, 1_000_000),
      windowSeconds: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86400),
    },
    // Token requests per client address: each costs a deliberately slow hash of the secret.
    tokenRateLimit: {
      requests: int(env, 'TOKEN_RATE_LIMIT_REQUESTS', 60, 0, 1_000_000),
      windowSeconds: 60,
    },
    history: {
      // A year and a month: a yearly review or audit finds the whole year before it.
      retentionDays: int(env, 'HISTORY_RETENTION_DAYS', 400, 1, 3650),
      maxEvents: env.HISTORY_MAX_EVENTS ? int(env, 'HISTORY_MAX_EVENTS', 0, 100, 1_000_000_000) : undefined,
    },
    feedWriteDelayMs: int(env, 'FEED_WRITE_DELAY_MS', 20, 0, 1000),
    monitorCron: monitorCron(env.MONITOR_CRON),
    news: newsConfig(env),
    uploadRetentionDays: int(env, 'UPLOAD_RETENTION_DAYS', 30, 1, 3650),
    workerHeartbeatFile: env.WORKER_HEARTBEAT_FILE || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    warmUp: bool(env, 'WARM_UP', true),
    expensiveConcurrencyPerClient: int(env, 'EXPENSIVE_CONCURRENCY_PER_CLIENT', 4, 0, 10_000),
    metrics: {
      port: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 0, 65535) : undefined,
      host: env.METRICS_HOST || '127.0.0.1',
      token: metricsToken(env.METRICS_TOKEN),
    },
    otlpEndpoint: url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', undefined, ['http', 'https']),
    webhooks: {
      allowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
      attempts: int(env, 'WEBHOOK_ATTEMPTS', 10, 1, 50),
      retryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 60_000, 10, 3_600_000),
      retentionDays: int(env, 'WEBHOOK_RETENTION_DAYS', 14, 1, 365),
    },
  };
}
