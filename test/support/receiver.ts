/**
 * A real webhook receiver for tests: a node:http server on loopback that records every request
 * (headers, raw body) and answers by path: `/fail-once/...` 500 then 204, `/always-500/...` 500,
 * `/hang/...` never, anything else 204.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received { path: string; headers: http.IncomingHttpHeaders; body: string; at: number }

export interface Receiver {
  url(path: string): string;
  received: Received[];
  on(path: string): Received[];
  /** Waits until `path` has at least `n` requests (or throws after `timeoutMs`). */
  waitFor(path: string, n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const n = (seen.get(path) ?? 0) + 1;
      seen.set(path, n);
      if (path.startsWith('/hang')) return;
      const fail = path.startsWith('/always-500') || (path.startsWith('/fail-once') && n === 1);
      res.writeHead(fail ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const on = (path: string) => received.filter((r) => r.path === path);
  return {
    url: (path) => `${base}${path}`,
    received,
    on,
    waitFor: async (path, n, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (on(path).length < n) {
        if (Date.now() > deadline) throw new Error(`${path}: ${on(path).length} of ${n} requests after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return on(path);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
