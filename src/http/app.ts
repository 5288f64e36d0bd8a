/**
 * The Express application: request ids and structured logs, JSON bodies, bearer auth,
 * the routes of every resource, and the error envelopes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import querystring from 'node:querystring';
import express, { type Request, type RequestHandler, type Response } from 'express';
import passport from 'passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import pino from 'pino';
import pinoHttp from 'pino-http';
import type { Config } from '../config';
import type { RedisClient } from '../feeds/redis';
import type { Graph } from '../graph/neo4j';
import type { Queues } from '../workers/queues';
import type { AuthService, Principal } from '../services/auth';
import { EntityService } from '../services/entities';
import { badParameter, errorHandler, notFoundHandler, unauthorized } from './errors';
import { RouteRegistry } from './registry';
import { registerAuthRoutes } from './routes/auth';
import { registerEntityRoutes } from './routes/entities';
import { PdfRenderer } from './formats/pdfRenderer';
import { registerTraversalRoutes } from './routes/traversal';
import type { EmbeddedEntity } from '../graph/mappers';
import { registerNotificationRoutes } from './routes/notifications';
import { registerResourceNotificationRoutes } from './routes/resourceNotifications';
import { registerAttributeRoutes } from './routes/attributes';
import { registerOntologyRoutes } from './routes/ontology';
import { registerSupplyChainRoutes } from './routes/supplyChain';
import { registerTradeRoutes } from './routes/trade';
import { registerProjectEntitySupplyChainRoutes } from './routes/projectEntitySupplyChain';
import { ProjectSupplyChainService } from '../services/supplyChain/projectEntity';
import { SnapshotService } from '../services/projects/snapshots';
import { TradeSearchService } from '../services/trade/shipments';
import { TradePartySearchService } from '../services/trade/parties';
import { SupplyChainService } from '../services/supplyChain/upstream';
import { OntologyService } from '../services/ontology';
import { UserAttributeService } from '../services/userAttributes';
import { ResourceNotificationService } from '../services/resourceNotifications';
import { NotificationFeed } from '../feeds/notifications';
import { TraversalService } from '../services/traversal';
import { OwnedTraversal } from '../services/ownership/ownedTraversal';
import { EffectiveOwnershipService } from '../services/ownership/effective';
import { createFeeds } from './middleware';
import { tokenRateLimitMiddleware } from './middleware/rateLimit';
import { concurrencyMiddleware } from './middleware/concurrency';
import { ConcurrencyLeases } from '../feeds/leases';
import { RateLimiter } from '../feeds/rateLimit';
import { withTimeout } from '../timeout';
import { registerProjectRoutes } from './routes/projects';
import { registerUploadRoutes } from './routes/uploads';
import { registerMatchDecisionRoutes } from './routes/matchDecisions';
import { MatchDecisionService } from '../services/matchDecisions';
import { UploadService } from '../services/uploads';
import { UploadStore } from '../feeds/uploads';
import { QUEUE_NAMES } from '../workers/queues';
import { registerFeedRoutes } from './routes/feeds';
import { registerResolveRoutes } from './routes/resolve';
import { registerSearchRoutes } from './routes/search';
import { registerNewsRoutes } from './routes/news';
import { NewsService } from '../services/news';
import { ProjectService } from '../services/projects/projects';
import { ProjectEntityService } from '../services/projects/entities';
import { ResolveService } from '../services/resolve';
import { createSearchIndex } from '../search';
import { RiskChangeStore } from '../feeds/riskChanges';
import { RiskChangeService } from '../services/riskChanges';
import { registerRiskChangeRoutes } from './routes/riskChanges';
import { registerRiskSummaryRoutes } from './routes/riskSummary';
import { registerResolutionPersistedRoutes } from './routes/resolutionPersisted';
import { RiskSummaryService } from '../services/riskSummary';
import { EXPLORER_DIR, registerExplorer } from './explorer';
import { registerGuides } from './guides';
import { createMetrics } from '../observability/metrics';
import { COMPONENT_SCHEMAS, errorResponses, successSchema } from './openapiSchemas';
import { docsPage } from './docsPage';
import { largeAnswerSerialisers } from './serialisers';
import { metricsHandler } from '../observability/metricsServer';
import { registerWebhookRoutes } from './routes/webhooks';
import { WebhookService } from '../services/webhooks';
import { WebhookStore } from '../feeds/webhooks';
import { webhookEnqueuer } from '../workers/webhookJob';
import { IdempotencyStore } from '../feeds/idempotency';
import { writeGuard } from './writeGuard';

export interface AppDeps {
  config: Config;
  graph: Graph;
  /** Feeds, usage counters, rate limits (plain commands; BullMQ has its own connections). */
  redis: RedisClient;
  queues: Queues;
  auth: AuthService;
  logger: pino.Logger;
  /** Liveness of the other backends for /ready. */
  readiness: () => Promise<Record<string, boolean>>;
}

/** How long /ready waits for each backend: a frozen one must not hold the probe until it gives up. */
const READY_CHECK_MS = 2000;

/** What /ready checks: that Neo4j and Redis each answer, both at once, within READY_CHECK_MS. */
export function backendReadiness(graph: Graph, redis: RedisClient): () => Promise<Record<string, boolean>> {
  return async () => {
    const answers = (check: Promise<boolean>) => withTimeout(check, READY_CHECK_MS).catch(() => false);
    const [neo4j, redisUp] = await Promise.all([answers(graph.ping()), answers(redis.ping().then((r) => r === 'PONG'))]);
    return { neo4j, redis: redisUp };
  };
}

function bearer(auth: AuthService): RequestHandler {
  const strategy = new BearerStrategy((token, done) => {
    const principal = auth.verifyToken(token);
    done(null, principal ?? false);
  });
  const instance = new passport.Passport();
  instance.use('bearer', strategy);
  return (req, res, next) => {
    // The header only (spec): passport-http-bearer also takes `access_token` from the query
    // string or body, where a token ends up in logs and the history feed's URLs.
    if (!/^bearer\s/i.test(req.headers.authorization ?? '')) return next(unauthorized());
    // Passport refuses a second token in the query string with an opaque 401: the header's
    // token is checked by itself, and then the query's is named.
    const query = req.query as Record<string, unknown>;
    const second = query.access_token;
    if (second !== undefined) {
      // Express 5 parses req.query anew on each read: the copy without it is set on the request.
      const { access_token: _, ...rest } = query;
      Object.defineProperty(req, 'query', { value: rest, configurable: true, enumerable: true, writable: true });
    }
    return instance.authenticate('bearer', { session: false }, (err: unknown, principal: Principal | false) => {
      if (err) return next(err);
      if (!principal) return next(unauthorized());
      if (second !== undefined) {
        return next(badParameter('access_token', 'send the token in the Authorization header only (a token in a URL ends up in logs)'));
      }
      (req as Request & { principal: Principal }).principal = principal;
      return next();
    })(req, res, next);
  };
}

/**
 * A path segment that is not valid percent-encoding (`/entity/%ZZ`) cannot name anything; the
 * router would fail to decode it as a parameter. Answered as a bad parameter, after the token
 * check, so that without a token it is a 401 like any other path.
 */
function malformedPath(authenticate: RequestHandler): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
      return next();
    } catch {
      return authenticate(req, res, (err?: unknown) =>
        next(err ?? badParameter('path', 'malformed percent-encoding')));
    }
  };
}

export function createApp(deps: AppDeps) {
  const registry = new RouteRegistry();
  registerAuthRoutes(registry, deps.auth, deps.config.serviceDomain);
  const traversal = new TraversalService(deps.graph, deps.config.traversal, (msg, details) => deps.logger.warn(details, msg));
  const pdf = new PdfRenderer();
  const entities = new EntityService(deps.graph);
  const effective = new EffectiveOwnershipService(deps.graph, undefined, (msg, details) => deps.logger.warn(details, msg));
  registerTraversalRoutes(registry, traversal, {
    sourceEntity: async (id) => (await entities.summary(id, 'v1')) as unknown as EmbeddedEntity,
    effective,
  });
  const supplyChain = new SupplyChainService(deps.graph, deps.config.traversal.timeoutMs, (msg, details) => deps.logger.warn(details, msg));
  registerSupplyChainRoutes(registry, supplyChain);
  registerTradeRoutes(registry, new TradeSearchService(deps.graph), new TradePartySearchService(deps.graph));
  registerNotificationRoutes(registry, deps);
  const feeds = createFeeds(deps);
  const warn = (msg: string, err: unknown) => deps.logger.warn({ err: (err as Error)?.message }, msg);
  const userAttributes = new UserAttributeService(deps.graph, feeds.history, warn);

  registerAttributeRoutes(registry, userAttributes);
  // One search index for search, resolution and project entities resolved from attributes.
  const index = createSearchIndex(deps.config, deps.graph, (msg) => deps.logger.warn(msg));
  const resolver = new ResolveService(index);
  const projectEntities = new ProjectEntityService(deps.graph, resolver, feeds.history, warn);
  registerProjectRoutes(registry, new ProjectService(deps.graph, feeds.history, warn), projectEntities);
  registerProjectEntitySupplyChainRoutes(registry, new ProjectSupplyChainService(deps.graph, feeds.history, supplyChain),
    new SnapshotService(deps.graph, traversal, supplyChain, feeds.history, warn));
  registerResolutionPersistedRoutes(registry, resolver, projectEntities);
  const news = new NewsService(deps.graph, resolver, feeds.history);
  registerEntityRoutes(registry, entities, traversal, pdf, userAttributes, new OwnedTraversal(traversal, effective), news);
  registerNewsRoutes(registry, news);
  const uploadQueue = { add: async (uploadId: string) => void (await deps.queues.queue(QUEUE_NAMES.upload).add('upload', { uploadId }, { jobId: uploadId })) };
  registerMatchDecisionRoutes(registry, new MatchDecisionService(deps.graph, feeds.history, warn));
  registerUploadRoutes(registry, new UploadService(new UploadStore(deps.redis, deps.config.uploadRetentionDays * 86_400), projectEntities, uploadQueue, feeds.history));
  registerRiskChangeRoutes(registry, new RiskChangeService(deps.graph, new RiskChangeStore(deps.redis), feeds.history, warn));
  registerRiskSummaryRoutes(registry, new RiskSummaryService(deps.graph, feeds.history));
  const webhookStore = new WebhookStore(deps.redis, deps.config.webhooks.retentionDays * 86_400);
  registerWebhookRoutes(registry, new WebhookService(deps.graph, webhookStore, webhookEnqueuer(deps.queues, deps.config),
    { allowPrivate: deps.config.webhooks.allowPrivate }, feeds.history, warn));
  registerResourceNotificationRoutes(registry, new ResourceNotificationService(deps.graph, new NotificationFeed(deps.redis), feeds.history, warn));
  registerFeedRoutes(registry, feeds);
  registerOntologyRoutes(registry, new OntologyService(deps.graph, packageVersion()));
  registerSearchRoutes(registry, index);
  registerResolveRoutes(registry, index);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  // Responses are per-request JSON of live data; hashing each body for an ETag costs more than it saves.
  app.set('etag', false);
  // Node's parser keeps the first 1,000 keys and drops the rest without a word, which turned a
  // long query into a misleading "q: is required"; every key is kept (the request line is
  // bounded by the server's header size) and unknown ones are refused by name.
  app.set('query parser', (text: string) => querystring.parse(text, '&', '=', { maxKeys: 0 }));
  // When the server is stopping (`drain`), every answer not yet begun closes its connection: a
  // kept-alive connection would otherwise carry new requests after close() and hold the
  // shutdown until it went idle.
  const metrics = createMetrics({ ...deps, webhooks: webhookStore });
  app.use(metrics.httpMiddleware);
  let draining = false;
  const unanswered = new Set<Response>();
  app.use((_req, res, next) => {
    // Bodies are data, never to be sniffed into something a browser would run.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (draining) res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
    next();
  });
  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: { req: (req) => ({ id: req.id, method: req.method, url: req.url }) },
    }),
  );

  // Browsers ask for /favicon.ico on their own; the explorer's icon, public like the page, so no request of theirs logs a 401.
  app.get('/favicon.ico', (_req, res) => {
    res.type('image/svg+xml').setHeader('Cache-Control', 'public, max-age=86400');
    res.sendFile(path.join(EXPLORER_DIR, 'favicon.svg'));
  });
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/ready', async (_req, res) => {
    const checks = await deps.readiness();
    const ready = Object.values(checks).every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
  });
  // Behind its own token, not a client's: an operator's scraper is no API client.
  if (deps.config.metrics.token) app.get('/metrics', metricsHandler(metrics, deps.config.metrics.token));
  const authenticate = bearer(deps.auth);
  const openapi = registry.openapi({ title: 'Entity graph screening API', version: '1.0.0' }, {
    servers: [{ url: '/', description: 'this server' }], schemas: COMPONENT_SCHEMAS, success: successSchema, errors: errorResponses,
  });
  // The API description is open, like /health: client generators and the docs page read it
  // before they hold a token, and it says nothing a caller could not learn from the spec.
  app.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  app.use('/docs', docsPage());

  registerExplorer(app, deps.config, deps.auth);
  registerGuides(app);
  app.use(malformedPath(authenticate));
  app.post('/oauth/token', tokenRateLimitMiddleware(new RateLimiter(deps.redis, deps.config.tokenRateLimit)));
  const guard = writeGuard({ deadlineMs: deps.config.writeDeadlineMs, idempotency: new IdempotencyStore(deps.redis), warn });
  const serialisers = deps.config.responseSerialiser === 'compiled' ? largeAnswerSerialisers(COMPONENT_SCHEMAS, successSchema) : undefined;
  app.use(registry.router(authenticate, [...feeds.afterAuth, concurrencyMiddleware(new ConcurrencyLeases(deps.redis, deps.config.expensiveConcurrencyPerClient))], guard, serialisers));
  // Unknown paths too: without a valid token the answer is 401 (spec), so paths cannot be probed.
  app.use(authenticate, notFoundHandler());
  app.use(errorHandler());
  /** Writes what the usage and history feeds hold back; call before closing Redis. */
  const flushFeeds = () => feeds.flush();
  /** Stops what the app runs beside requests (the PDF threads); call once the server is closed. */
  const close = async () => {
    metrics.close();
    await pdf.close();
  };
  /** From now on every answer closes its connection (graceful shutdown). */
  const drain = () => {
    draining = true;
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  return { app, registry, flushFeeds, close, drain, metrics };
}

/** The API version /v1/metadata reports: the package's own. */
function packageVersion(): string {
  const file = path.resolve(__dirname, '..', '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
