/**
 * Where /metrics is served: on the API's port behind METRICS_TOKEN, and/or on a port of its own
 * (METRICS_PORT on METRICS_HOST, loopback by default) for a scraper inside the deployment.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Server } from 'node:http';
import express, { type RequestHandler } from 'express';
import type { Metrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** GET /metrics; with `token`, only for `Authorization: Bearer <token>` (compared in constant time), else 401. */
export function metricsHandler(metrics: Metrics, token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return (req, res, next) => {
    if (expected) {
      const given = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), expected)) {
        res.status(401).setHeader('WWW-Authenticate', 'Bearer');
        res.json({ status: 401, success: false, messages: ['a valid metrics token is required'] });
        return;
      }
    }
    metrics.render().then(({ contentType, body }) => {
      res.setHeader('Content-Type', contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(body);
    }, next);
  };
}

/** A server answering GET /metrics (and 404 otherwise) on `port` and `host`; resolves once listening. */
export function startMetricsServer(metrics: Metrics, options: { port: number; host: string; token: string | undefined }): Promise<Server> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsHandler(metrics, options.token));
  app.use((_req, res) => { res.status(404).json({ status: 404, success: false, messages: ['only GET /metrics here'] }); });
  return new Promise((resolve, reject) => {
    const server = app.listen(options.port, options.host, (err?: Error) => (err ? reject(err) : resolve(server)));
  });
}
