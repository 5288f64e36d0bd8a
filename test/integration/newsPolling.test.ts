/**
 * Adverse media over HTTP: feeds fetched from a real local HTTP server with the outbound
 * guards (private addresses refused unless allowed, redirects followed a bounded number of
 * times, size and time limits), and the worker's scheduler polling NEWS_FEEDS so that the
 * articles of a served feed become readable through GET /v1/negative_news.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { fetchFeed, FetchRefused } from '../../src/services/news/fetchFeed';
import { closeNewsOutboxes, scheduleNews } from '../../src/workers/newsJob';
import { QUEUE_NAMES } from '../../src/workers/queues';
import { startWorkers } from '../../src/workers/worker';
import { REPO } from '../support/env';
import { Harness, SAMPLE, startHarness } from '../support/harness';

const FEED = fs.readFileSync(path.join(REPO, 'seed', 'news', 'sample-rss.xml'), 'utf8');
let server: http.Server;
let base: string;
let h: Harness;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const hops = /^\/hop\/(\d+)$/.exec(url);
    if (hops) {
      const n = Number(hops[1]);
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/feed.xml' });
      return res.end();
    }
    if (url === '/feed.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      return res.end(FEED);
    }
    if (url === '/big.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      return res.end(`<rss><channel><title>${'x'.repeat(50_000)}</title></channel></rss>`);
    }
    if (url === '/slow.xml') return void setTimeout(() => res.end(FEED), 2_000);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h?.close();
});

const open = { timeoutMs: 1_000, maxBytes: 10_000, allowPrivate: true };

describe('feeds fetched with the outbound guards', () => {
  test('a feed on a private address is refused unless private feeds are allowed', async () => {
    await expect(fetchFeed(`${base}/feed.xml`, { ...open, allowPrivate: false })).rejects.toThrow(/loopback, private or link-local/);
    expect(await fetchFeed(`${base}/feed.xml`, open)).toContain('<rss');
  });

  test('redirects are followed three times at most', async () => {
    expect(await fetchFeed(`${base}/hop/2`, open)).toContain('<rss');
    await expect(fetchFeed(`${base}/hop/3`, open)).rejects.toThrow(/more than 3 redirects/);
  });

  test('size, time and status limits refuse with the reason', async () => {
    await expect(fetchFeed(`${base}/big.xml`, open)).rejects.toThrow(/over the 10000-byte limit/);
    await expect(fetchFeed(`${base}/slow.xml`, { ...open, timeoutMs: 200 })).rejects.toThrow(/no answer within 200 ms/);
    await expect(fetchFeed(`${base}/missing.xml`, open)).rejects.toThrow(FetchRefused);
    await expect(fetchFeed('file:///etc/passwd', open)).rejects.toThrow(/http or https/);
  });
});

describe('the worker polls NEWS_FEEDS', () => {
  test('the scheduler reads the served feed and its articles are found by name', async () => {
    h = await startHarness({ files: [SAMPLE], env: { NEWS_FEEDS: `${base}/feed.xml,${base}/missing.xml`, NEWS_CRON: '*/1 * * * * *', NEWS_ALLOW_PRIVATE: 'true' } });
    const workers = startWorkers({ config: h.config, graph: h.graph, logger: pino({ level: 'silent' }), queues: h.queues }, [QUEUE_NAMES.news]);
    try {
      expect(await scheduleNews(h.queues, h.config.news.cron)).toBeGreaterThan(Date.now() - 1000);
      const deadline = Date.now() + 30_000;
      let body: any[] = [];
      while (Date.now() < deadline) {
        body = (await h.json('/v1/negative_news?name=Promtekhbank')).body;
        if (body.length) break;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(body.map((a) => a.title)).toEqual(['Promtekhbank executives arrested in money laundering probe']);
    } finally {
      await scheduleNews(h.queues, undefined);
      await Promise.all(workers.map((w) => w.close()));
      closeNewsOutboxes();
    }
  });
});
