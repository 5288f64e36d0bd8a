/**
 * Per-client limit on concurrent expensive requests (traversals on both surfaces, the legacy
 * entity with traversal blocks or as a PDF, supply-chain snapshots). A client already running
 * the limit gets 429 with Retry-After in its surface's error shape. The count is global (Redis
 * leases shared by every API instance, src/feeds/leases.ts): a slot is given back the moment a
 * response closes, and one held by an instance that died expires within 30 s. When Redis does
 * not answer the call is let through and a warning logged.
 */
import accepts from 'accepts';
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../../domain/errors';
import type { AfterAuth, RouteSpec } from '../registry';
import { principalOf } from './respond';
import type { ConcurrencyLeases } from '../../feeds/leases';
import { withTimeout } from '../../timeout';

const REDIS_TIMEOUT_MS = 1000;

/** Seconds a refused client is told to wait: expensive requests are bounded by TRAVERSAL_TIMEOUT_MS, most end sooner. */
const RETRY_AFTER_SECONDS = 1;

/** Whether a call of `spec` is expensive: always for traversals (a project entity's supply chain too) and snapshots, for the legacy entity only as a PDF or with traversal blocks. */
export function expensiveCall(spec: RouteSpec): ((req: Request) => boolean) | undefined {
  if (spec.tag === 'traversal' || spec.path.includes('/supply_chain/upstream')) return () => true;
  if (spec.method === 'post' && spec.path.endsWith('/snapshots')) return () => true;
  if (spec.produces?.includes('application/pdf')) {
    return (req) => accepts(req).type(spec.produces!) === 'application/pdf'
      || Object.keys(req.query as Record<string, unknown>).some((k) => k.startsWith('traversals'));
  }
  return undefined;
}

/** The AfterAuth hook: a no-op on cheap routes and when the limit is 0 (off). */
export function concurrencyMiddleware(leases: ConcurrencyLeases): AfterAuth {
  return (spec): RequestHandler => {
    const expensive = expensiveCall(spec);
    if (leases.perClient === 0 || !expensive) return (_req, _res, next) => next();
    return (req, res, next) => {
      if (!expensive(req)) return next();
      const principal = principalOf(req);
      const key = principal ? principal.client_id || `${principal.org}/${principal.user}` : 'anonymous';
      withTimeout(leases.take(key), REDIS_TIMEOUT_MS, 'Redis').then((lease) => {
        if (!lease) {
          return next(new ApiError(
            429,
            [`too many expensive requests at once: at most ${leases.perClient} traversal, PDF or snapshot requests per client run at a time; retry after ${RETRY_AFTER_SECONDS} s`],
            'status',
            { 'Retry-After': String(RETRY_AFTER_SECONDS) },
          ));
        }
        res.once('finish', () => lease.release());
        res.once('close', () => lease.release());
        return next();
      }, (err: Error) => {
        // As the rate limits: availability over strictness when Redis does not answer.
        req.log?.warn({ err: err.message }, 'expensive-request limit not checked');
        next();
      });
    };
  };
}
