/**
 * Standard Webhooks signatures (www.standardwebhooks.com): the secret is `whsec_<base64>` of
 * 24 to 64 random bytes; a message is signed as `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * keyed by the decoded bytes, so a receiver can check it with any Standard Webhooks library.
 * Written with node:crypto: the signing is a few lines, and a dependency would add nothing.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A new secret of 32 random bytes. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** Why `secret` is not a usable `whsec_` secret, or undefined when it is. */
export function secretProblem(secret: string): string | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return `must start with ${SECRET_PREFIX}`;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return `must be ${SECRET_PREFIX} followed by base64`;
  const bytes = Buffer.from(encoded, 'base64').length;
  if (bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES) return `must encode ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes; it encodes ${bytes}`;
  return undefined;
}

/** The `webhook-signature` value of one message: `v1,<base64>`. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * The headers of one signed attempt; the timestamp is the attempt's, so a retry is not stale.
 * With several secrets (the current one first, then those still in a rotation's grace period)
 * the signature header holds one `v1,<base64>` per secret, space-separated, as the
 * specification allows, so a receiver that knows any of them accepts the message.
 */
export function signedHeaders(secret: string | string[], id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  const signatures = [secret].flat().map((s) => sign(s, id, timestamp, body));
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
}
