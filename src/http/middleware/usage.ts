/**
 * Counts every successful (status < 400) authenticated call per org, day and route pattern, with its credits.
 * Express answers HEAD with the GET route (headers only); such probes are no views and cost nothing.
 */
import type { RequestHandler } from 'express';
import type { UsageFeed } from '../../feeds/usage';
import type { AfterAuth } from '../registry';
import { onResponseHead, principalOf, routePattern } from './respond';

const COUNTED_METHODS = new Set(['GET', 'POST', 'PATCH', 'DELETE']);

export function usageMiddleware(usage: UsageFeed): AfterAuth {
  return (spec): RequestHandler => {
    const path = routePattern(spec);
    const credits = spec.credits ?? 1;
    return (req, res, next) => {
      const principal = principalOf(req);
      if (!principal || !COUNTED_METHODS.has(req.method)) return next();
      onResponseHead(res, (status) => {
        if (status >= 400) return;
        usage.count(principal.org, path, credits).catch((err: Error) => req.log?.warn({ err: err.message }, 'usage not counted'));
      });
      next();
    };
  };
}
