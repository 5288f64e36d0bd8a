/**
 * Audit history figures: Redis memory per `api.request` event of a realistic size, the time to
 * write 100,000 of them through the write-behind, and the time and size of their NDJSON export
 * (HistoryFeed.export, as GET /v1/history/export reads it). Uses the Redis at BENCH_REDIS_URL
 * (default database 14) and deletes its one stream afterwards.
 *
 *   npm run build && node dist/bench/history.js
 */
import Redis from 'ioredis';
import { HistoryFeed } from '../src/feeds/history';
import { WriteBehind } from '../src/feeds/writeBehind';
import type { Principal } from '../src/services/auth';

const EVENTS = Number(process.env.BENCH_HISTORY_EVENTS ?? 100_000);

async function main(): Promise<void> {
  const redis = new Redis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14');
  const writes = new WriteBehind(redis, 10_000);
  const feed = new HistoryFeed(redis, 'production', { retentionDays: 400 }, writes);
  const who = { org: 'bench-org', user: 'bench-user', client_id: 'bench-org/bench-user' } as Principal;
  const stream = 'history:bench-org:bench-user';
  await redis.del(stream);
  let started = Date.now();
  for (let i = 0; i < EVENTS; i += 10_000) {
    const written = [];
    for (let k = i; k < Math.min(EVENTS, i + 10_000); k++) {
      written.push(feed.record(who, 'api.request', {
        method: 'GET', path: '/v1/entity/{id}', url: `/v1/entity/e-gb-company-${k}?limit=20`, status: 200,
        request_id: `0b8a1c2e-5d3f-4a6b-9c7d-${String(k).padStart(12, '0')}`, client_id: 'bench-org/bench-user', duration_ms: 12,
      }));
    }
    await writes.flush();
    await Promise.all(written);
  }
  const writeMs = Date.now() - started;
  const bytes = Number(await redis.call('MEMORY', 'USAGE', stream, 'SAMPLES', '0'));
  started = Date.now();
  let lines = 0;
  let size = 0;
  for await (const event of feed.export(who, {})) {
    lines += 1;
    size += JSON.stringify(event).length + 1;
  }
  const exportMs = Date.now() - started;
  console.log(JSON.stringify({ events: EVENTS, write_ms: writeMs, redis_bytes_per_event: Math.round(bytes / EVENTS), export_ms: exportMs, export_lines: lines, export_mb: Number((size / 1e6).toFixed(1)) }));
  await redis.del(stream);
  await writes.close();
  redis.disconnect();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
