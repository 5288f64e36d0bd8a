/**
 * Fetches a feed URL with the outbound guards of webhook deliveries (../webhooks/targets.ts):
 * http or https only, no host on a loopback, private or link-local address unless allowed
 * (checked again at connect time, so a name that changes its address is caught), a time limit,
 * a size limit, and at most MAX_REDIRECTS redirects, each checked the same way. A feed URL is
 * configuration, not user input, but it is still fetched as if it were: a feed host that
 * redirects inward must not reach the service's own network.
 */
import http from 'node:http';
import https from 'node:https';
import { TargetRefused, checkTarget, guardedLookup } from '../webhooks/targets';

export interface FetchOptions { timeoutMs: number; maxBytes: number; allowPrivate: boolean }

export class FetchRefused extends Error {}

const MAX_REDIRECTS = 3;

export async function fetchFeed(raw: string, options: FetchOptions): Promise<string> {
  let target = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let url: URL;
    try {
      url = await checkTarget(target, options.allowPrivate);
    } catch (err) {
      if (err instanceof TargetRefused) throw new FetchRefused(`${hop ? 'redirect to ' : ''}${target}: ${err.message}`);
      throw err;
    }
    const answer = await get(url, options);
    if ('location' in answer) {
      target = new URL(answer.location, url).href;
      continue;
    }
    return answer.body;
  }
  throw new FetchRefused(`${raw}: more than ${MAX_REDIRECTS} redirects`);
}

function get(url: URL, options: FetchOptions): Promise<{ body: string } | { location: string }> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.get(url, { lookup: guardedLookup(options.allowPrivate), agent: false, headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5', 'user-agent': 'graph-api-news/1' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ location: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return reject(new FetchRefused(`${url.href}: HTTP ${status}`));
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        res.destroy();
        return reject(new FetchRefused(`${url.href}: ${declared} bytes is over the ${options.maxBytes}-byte limit`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          reject(new FetchRefused(`${url.href}: over the ${options.maxBytes}-byte limit`));
        } else chunks.push(chunk);
      });
      res.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs, () => req.destroy(new FetchRefused(`${url.href}: no answer within ${options.timeoutMs} ms`)));
    req.on('error', (err) => reject(err instanceof TargetRefused ? new FetchRefused(`${url.href}: ${err.message}`) : err));
  });
}
