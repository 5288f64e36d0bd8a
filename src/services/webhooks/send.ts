/**
 * One webhook attempt: POST the body with its Standard Webhooks headers, within `timeoutMs`
 * for the whole exchange. Success is a 2xx answer; redirects are not followed (a 3xx fails the
 * attempt), so the checked target is the only one called. The target is checked before the
 * call and its name resolved through `guardedLookup`, so a name now pointing inward is refused.
 */
import http from 'node:http';
import https from 'node:https';
import type { AttemptOutcome } from '../../feeds/webhooks';
import { signedHeaders } from './signing';
import { TargetRefused, checkTarget, guardedLookup } from './targets';

export interface SendResult { outcome: AttemptOutcome; status?: number; error?: string; duration_ms: number }

/** Bytes of an answer read before it is dropped: receivers should answer briefly. */
const MAX_ANSWER_BYTES = 64 * 1024;

export async function sendWebhook(
  target: { url: string; secret: string | string[] }, message: { id: string; body: string },
  options: { timeoutMs: number; allowPrivate: boolean; userAgent?: string },
): Promise<SendResult> {
  const started = Date.now();
  const done = (r: Omit<SendResult, 'duration_ms'>): SendResult => ({ ...r, duration_ms: Date.now() - started });
  let url: URL;
  try {
    url = await checkTarget(target.url, options.allowPrivate);
  } catch (err) {
    if (err instanceof TargetRefused) return done({ outcome: 'refused', error: `url ${err.message}` });
    throw err;
  }
  const headers = {
    'content-type': 'application/json', 'user-agent': options.userAgent ?? 'graph-api-webhooks/1',
    'content-length': String(Buffer.byteLength(message.body)), ...signedHeaders(target.secret, message.id, message.body),
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'duration_ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const req = transport.request(url, { method: 'POST', headers, lookup: guardedLookup(options.allowPrivate), agent: false }, (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      const status = res.statusCode ?? 0;
      const answered = () => finish(status >= 200 && status < 300 ? { outcome: 'success', status } : { outcome: 'http_error', status, error: `HTTP ${status}` });
      res.on('end', answered);
      res.on('close', answered);
      res.on('error', answered);
    });
    const timer = setTimeout(() => {
      finish({ outcome: 'timeout', error: `no answer within ${options.timeoutMs} ms` });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof TargetRefused) finish({ outcome: 'refused', error: `url ${err.message}` });
      else finish({ outcome: 'network_error', error: err.code ? `${err.code}: ${err.message}` : err.message });
    });
    req.end(message.body);
  });
}
