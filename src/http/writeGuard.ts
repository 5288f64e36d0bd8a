/**
 * What runs around the handler of a write request (POST, PUT, PATCH, DELETE): its deadline and,
 * on a creating route, the Idempotency-Key contract.
 *
 * - The deadline: the handler runs with one (src/timeout.ts), which the Neo4j adapter's retries
 *   and transaction timeouts keep; should the handler still be busy a moment after it (a stuck
 *   backend other than Neo4j), the request is answered 503 with Retry-After all the same.
 * - Idempotency-Key (optional, 1-255 visible ASCII characters): the first request with a key
 *   runs and its 2xx reply is kept for 24 h, per organisation and client; the same key with the
 *   same method, path and body answers that reply again (status and body, with
 *   `Idempotent-Replayed: true`) and runs nothing; with another request it is a 409, and while
 *   the first is still running too (the retry is refused, not held). A failed request leaves
 *   the key free, so that a retry runs.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import { ApiError, badParameter } from '../domain/errors';
import type { IdempotencyStore } from '../feeds/idempotency';
import { withDeadline } from '../timeout';
import { sendError } from './errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './idempotencyKey';
import type { AroundHandler, Reply } from './registry';
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);
/** How long past the deadline the backstop waits for the handler's own 503. */
const BACKSTOP_GRACE_MS = 250;
/** How long a claimed key stays pending past the deadline: a write begun before it may still be committing. */
const CLAIM_PAST_DEADLINE_MS = 30_000;

/** Fingerprint of a request: method, path with query, and body (object keys sorted, so their order does not count). */
export function fingerprint(req: Request): string {
  return createHash('sha256').update(`${req.method} ${req.originalUrl}\n${canonical(req.body)}`).digest('base64url');
}

function canonical(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const fields = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
  return `{${fields.join(',')}}`;
}

export function writeGuard(options: { deadlineMs: number; idempotency: IdempotencyStore; warn: (msg: string, err: unknown) => void }): AroundHandler {
  return async (spec, req, res, run) => {
    if (spec.method === 'get') return run();
    const at = Date.now() + options.deadlineMs;
    const backstop = setTimeout(() => {
      if (res.headersSent) return;
      sendError(req, res, new ApiError(503, [`the request did not finish within ${options.deadlineMs / 1000} s; try again shortly`], 'status', { 'Retry-After': '5' }));
    }, options.deadlineMs + BACKSTOP_GRACE_MS);
    try {
      const key = spec.creates ? req.get(IDEMPOTENCY_HEADER) : undefined;
      if (key === undefined) return await withDeadline(at, run);
      return await idempotently(options, req, key, at, () => withDeadline(at, run));
    } finally {
      clearTimeout(backstop);
    }
  };
}

async function idempotently(
  options: { deadlineMs: number; idempotency: IdempotencyStore; warn: (msg: string, err: unknown) => void },
  req: Request, key: string, at: number, run: () => Promise<Reply>,
): Promise<Reply> {
  if (!KEY.test(key)) throw badParameter(IDEMPOTENCY_HEADER, 'must be 1 to 255 visible ASCII characters (a UUID, for example)');
  const principal = (req as Request & { principal: { org: string; user: string; client_id: string } }).principal;
  const scope = { org: principal.org, client: principal.client_id || principal.user };
  const claim = await options.idempotency.claim(scope, key, fingerprint(req), at - Date.now() + CLAIM_PAST_DEADLINE_MS);
  if (claim.outcome === 'mismatch') {
    throw new ApiError(409, [`${IDEMPOTENCY_HEADER}: this key was used for another request (method, path or body) in the last 24 h; use a new key`]);
  }
  if (claim.outcome === 'pending') {
    throw new ApiError(409, [`${IDEMPOTENCY_HEADER}: a request with this key is still being processed; retry after 1 s`], 'status', { 'Retry-After': '1' });
  }
  if (claim.outcome === 'done') {
    return { ...claim.reply, headers: { ...claim.reply.headers, 'Idempotent-Replayed': 'true' } };
  }
  const endClaim = claim.end;
  const end = (reply: Reply | undefined) => endClaim(reply && { status: reply.status ?? 200, body: reply.body, headers: reply.headers })
    .catch((err: unknown) => options.warn('idempotency: the key could not be ended; it frees itself when its claim expires', err));
  let reply: Reply;
  try {
    reply = await run();
  } catch (err) {
    await end(undefined);
    throw err;
  }
  const kept = (reply.status ?? 200) < 300 && !(reply.body instanceof Readable) && !Buffer.isBuffer(reply.body);
  await end(kept ? reply : undefined);
  return reply;
}
