/**
 * Per-client limit on concurrent expensive requests (traversals on both surfaces, the legacy
 * entity with traversal blocks or as a PDF, supply-chain snapshots). A client already running
 * the limit gets 429 with Retry-After in its surface's error shape. The count is per process:
 * it is released the moment a response closes, which a shared counter in Redis could not
 * promise for a process that dies mid-request.
 */
import accepts from 'accepts';
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../../domain/errors';
import type { AfterAuth, RouteSpec } from '../registry';
import { principalOf } from './respond';

/** Seconds a refused client is told to wait: expensive requests are bounded by TRAVERSAL_TIMEOUT_MS, most end sooner. */
const RETRY_AFTER_SECONDS = 1;

/** Whether a call of `spec` is expensive: always for traversals and snapshots, for the legacy entity only as a PDF or with traversal blocks. */
export function expensiveCall(spec: RouteSpec): ((req: Request) => boolean) | undefined {
  if (spec.tag === 'traversal') return () => true;
  if (spec.method === 'post' && spec.path.endsWith('/snapshots')) return () => true;
  if (spec.produces?.includes('application/pdf')) {
    return (req) => accepts(req).type(spec.produces!) === 'application/pdf'
      || Object.keys(req.query as Record<string, unknown>).some((k) => k.startsWith('traversals'));
  }
  return undefined;
}

export class ConcurrencyLimiter {
  private readonly running = new Map<string, number>();

  constructor(readonly perClient: number) {}

  /** Takes a slot for `key`; the release function, or undefined when the client is at its limit. */
  take(key: string): (() => void) | undefined {
    const now = this.running.get(key) ?? 0;
    if (now >= this.perClient) return undefined;
    this.running.set(key, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left <= 0) this.running.delete(key);
      else this.running.set(key, left);
    };
  }

  /** Requests under way for `key`. */
  inUse(key: string): number {
    return this.running.get(key) ?? 0;
  }
}

/** The AfterAuth hook: a no-op on cheap routes and when the limit is 0 (off). */
export function concurrencyMiddleware(limiter: ConcurrencyLimiter): AfterAuth {
  return (spec): RequestHandler => {
    const expensive = expensiveCall(spec);
    if (limiter.perClient === 0 || !expensive) return (_req, _res, next) => next();
    return (req, res, next) => {
      if (!expensive(req)) return next();
      const principal = principalOf(req);
      const key = principal ? principal.client_id || `${principal.org}/${principal.user}` : 'anonymous';
      const release = limiter.take(key);
      if (!release) {
        return next(new ApiError(
          429,
          [`too many expensive requests at once: at most ${limiter.perClient} traversal, PDF or snapshot requests per client run at a time; retry after ${RETRY_AFTER_SECONDS} s`],
          'status',
          { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        ));
      }
      res.once('close', release);
      return next();
    };
  };
}
