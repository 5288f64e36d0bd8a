/**
 * Rate limits. Per client on /v1 routes (the spec lists 429 for the /v1 surface only), and per
 * client address on token issuance, whose every call hashes a secret. Over the limit: 429 in
 * the surface's error shape with Retry-After. Limited answers carry RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset. When Redis does not answer the call is let through
 * (availability over strictness) and a warning is logged.
 */
import type { Request, RequestHandler } from 'express';
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

/** A middleware taking one call from `limiter` under the key `keyOf` gives (none: not limited). */
function limitBy(limiter: RateLimiter, keyOf: (req: Request) => string | undefined, per: string): RequestHandler {
  return (req, res, next) => {
    const key = keyOf(req);
    if (key === undefined) return next();
    withTimeout(limiter.take(key), REDIS_TIMEOUT_MS).then(
      (decision: RateDecision) => {
        res.setHeader('RateLimit-Limit', String(decision.limit));
        res.setHeader('RateLimit-Remaining', String(decision.remaining));
        res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
        if (decision.allowed) return next();
        return next(new ApiError(
          429,
          [`rate limit exceeded: ${decision.limit} requests per ${decision.windowSeconds} s per ${per}; retry after ${decision.retryAfterSeconds} s`],
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
}

export function rateLimitMiddleware(limiter: RateLimiter): AfterAuth {
  return (spec): RequestHandler => {
    if (!limiter.enabled || !spec.path.startsWith('/v1/')) return (_req, _res, next) => next();
    return limitBy(limiter, (req) => {
      const principal = principalOf(req);
      return principal && (principal.client_id || `${principal.org}/${principal.user}`);
    }, 'client');
  };
}

/** Token requests per client address, checked before the body is read or a secret hashed. */
export function tokenRateLimitMiddleware(limiter: RateLimiter): RequestHandler {
  if (!limiter.enabled) return (_req, _res, next) => next();
  return limitBy(limiter, (req) => `token@${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`, 'client address');
}
