/**
 * Per-client rate limit on /v1 routes (the spec lists 429 for the /v1 surface only). Over the
 * limit: 429 in the /v1 error shape with Retry-After. Every /v1 answer carries RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset. When Redis does not answer the call is let through
 * (availability over strictness) and a warning is logged.
 */
import type { RequestHandler } from 'express';
import { ApiError } from '../../domain/errors';
import type { RateDecision, RateLimiter } from '../../feeds/rateLimit';
import type { AfterAuth } from '../registry';
import { principalOf } from './respond';

const REDIS_TIMEOUT_MS = 1000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function rateLimitMiddleware(limiter: RateLimiter): AfterAuth {
  return (spec): RequestHandler => {
    if (!limiter.enabled || !spec.path.startsWith('/v1/')) return (_req, _res, next) => next();
    return (req, res, next) => {
      const principal = principalOf(req);
      if (!principal) return next();
      const client = principal.client_id || `${principal.org}/${principal.user}`;
      withTimeout(limiter.take(client), REDIS_TIMEOUT_MS).then(
        (decision: RateDecision) => {
          res.setHeader('RateLimit-Limit', String(decision.limit));
          res.setHeader('RateLimit-Remaining', String(decision.remaining));
          res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
          if (decision.allowed) return next();
          return next(new ApiError(
            429,
            [`rate limit exceeded: ${decision.limit} requests per ${decision.windowSeconds} s per client; retry after ${decision.retryAfterSeconds} s`],
            'status',
            { 'Retry-After': String(decision.retryAfterSeconds) },
          ));
        },
        (err: Error) => {
          req.log?.warn({ err: err.message }, 'rate limit not checked');
          next();
        },
      );
    };
  };
}
