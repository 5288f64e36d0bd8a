/**
 * Rate limits. Per client on /v1 routes (the spec lists 429 for the /v1 surface only), and per
 * client address on token issuance, whose every call hashes a secret. Over the limit: 429 in
 * the surface's error shape with Retry-After. Limited answers carry RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset. When Redis does not answer the call is let through
 * (availability over strictness) and a warning is logged.
 */
import { isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../../domain/errors';
import type { RateDecision, RateLimiter } from '../../feeds/rateLimit';
import type { AfterAuth } from '../registry';
import { principalOf } from './respond';
import { withTimeout } from '../../timeout';

const REDIS_TIMEOUT_MS = 1000;

/** A middleware taking one call from `limiter` under the key `keyOf` gives (none: not limited). */
function limitBy(limiter: RateLimiter, keyOf: (req: Request) => string | undefined, per: string): RequestHandler {
  return (req, res, next) => {
    const key = keyOf(req);
    if (key === undefined) return next();
    withTimeout(limiter.take(key), REDIS_TIMEOUT_MS, 'Redis').then(
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

/**
 * The rate-limit key of a client address: an IPv4 address (also written IPv4-mapped) as it is,
 * an IPv6 address by its /64, which one host can rotate through at will.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail] = address.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const groups = tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * Token requests per client address, checked before the body is read or a secret hashed.
 * Behind a proxy the address is the one it forwards (TRUST_PROXY), else every caller would
 * share the proxy's.
 */
export function tokenRateLimitMiddleware(limiter: RateLimiter): RequestHandler {
  if (!limiter.enabled) return (_req, _res, next) => next();
  return limitBy(limiter, (req) => `token@${addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown')}`, 'client address');
}
