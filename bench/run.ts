/**
 * `npm run bench`: every bench in turn, each printing its figures. Sizes come from env:
 * BENCH_ENTITIES (foundation, default 100k), BENCH_TRAVERSAL_ENTITIES (default 1M),
 * BENCH_PLANNING_ENTITIES (planning, default 100k), BENCH_OWNERSHIP_ENTITIES (ownership, default BENCH_TRAVERSAL_ENTITIES), BENCH_ONLY (comma-separated names to run a subset), BENCH_PAIRS_BACKGROUND (resolvePairs, default 10k), BENCH_TRADE_ENTITIES (upstream and trade, default 10k), BENCH_TRADE_SHIPMENTS (trade, default five per entity).
 */
import { run as foundation } from './foundation';
import { run as traversal } from './traversal';
import { run as planning } from './planning';
import { run as rescore } from './rescore';
import { run as resolve } from './resolve';
import { run as resolvePairs } from './resolvePairs';
import { run as search } from './search';
import { run as projects } from './projects';
import { run as imports } from './imports';
import { run as webhooks } from './webhooks';
import { run as ownership } from './ownership';
import { run as upload } from './upload';
import { run as upstream } from './upstream';
import { run as trade } from './trade';
import { run as searchSync } from './searchSync';
import { run as news } from './news';
import { run as bulkLoad } from './bulkLoad';

// Benches sharing a graph size run together; resolvePairs, foundation and bulkLoad wipe the bench graph, so they run last.
const BENCHES: Record<string, () => Promise<void>> = { search, resolve, rescore, projects, traversal, ownership, planning, imports, webhooks, upload, upstream, trade, searchSync, news, resolvePairs, foundation, bulkLoad };

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
  for (const [name, run] of Object.entries(BENCHES)) {
    if (only && !only.includes(name)) continue;
    await run();
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
