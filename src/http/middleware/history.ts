/** Appends an `api.request` audit event for every authenticated call (any status, including 429). */
import type { RequestHandler } from 'express';
import type { HistoryFeed } from '../../feeds/history';
import type { AfterAuth } from '../registry';
import { onResponseHead, principalOf, routePattern } from './respond';

export function historyMiddleware(history: HistoryFeed): AfterAuth {
  return (spec): RequestHandler => {
    const path = routePattern(spec);
    return (req, res, next) => {
      const principal = principalOf(req);
      if (!principal) return next();
      const started = process.hrtime.bigint();
      onResponseHead(res, (status) => {
        const data = {
          method: req.method, path, url: req.originalUrl, status, request_id: String(req.id ?? ''),
          client_id: principal.client_id, duration_ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
        };
        history.record(principal, 'api.request', data).catch((err: Error) => req.log?.warn({ err: err.message }, 'history event not recorded'));
      });
      next();
    };
  };
}
