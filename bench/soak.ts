/**
 * `npm run soak`: the mixed read workload (bench/load.ts) at a fixed concurrency
 * (SOAK_CONCURRENCY, default 8) on a generated graph (SOAK_ENTITIES, default 100k) for
 * SOAK_MINUTES (default 30), against a server process of its own. Prints throughput, p50/p99
 * and errors per route, and the server's resident memory at start, after the warm-up
 * (SOAK_WARMUP_SECONDS, default 60, not counted) and at the end. Figures, not a test: it
 * asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchGraph, ms, say, table } from './common';
import { Answer, ROUTES, percentiles, rssMiB, runLoad, startServer, workloadPaths } from './load';
import { ensureGeneratedGraph } from './searchData';

export async function run(): Promise<void> {
  const entities = Number(process.env.SOAK_ENTITIES ?? 100_000);
  const minutes = Number(process.env.SOAK_MINUTES ?? 30);
  const concurrency = Number(process.env.SOAK_CONCURRENCY ?? 8);
  const warmupSeconds = Number(process.env.SOAK_WARMUP_SECONDS ?? 60);
  say(`\n== soak: ${concurrency} clients for ${minutes} min (after ${warmupSeconds} s of warm-up) on a generated graph of ${entities} entities`);
  const { config, graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-soak-')), 'server.log');
  const server = await startServer(config, log);
  const pid = server.child.pid!;
  try {
    const rss = { start: rssMiB(pid), warm: 0, end: 0 };
    const paths = await workloadPaths(graph, server);
    const warmEnds = Date.now() + warmupSeconds * 1000;
    await runLoad(server, paths, concurrency, () => Date.now() >= warmEnds, () => undefined);
    rss.warm = rssMiB(pid);
    const answers: Answer[] = [];
    const started = Date.now();
    const ends = started + minutes * 60_000;
    let nextSay = started + 60_000;
    await runLoad(server, paths, concurrency, () => Date.now() >= ends, (a) => {
      answers.push(a);
      if (a.at >= nextSay) {
        nextSay += 60_000;
        say(`  ${Math.round((a.at - started) / 60_000)} min: ${answers.length} answers, server RSS ${rssMiB(pid)} MiB`);
      }
    });
    rss.end = rssMiB(pid);
    const seconds = (Date.now() - started) / 1000;
    const rows: (string | number)[][] = [['route', 'answers', 'per s', 'p50', 'p99', 'errors', 'statuses']];
    for (const route of [...ROUTES, 'all'] as const) {
      const mine = answers.filter((a) => route === 'all' || a.route === route);
      const { p50, p99 } = percentiles(mine.map((a) => a.ms));
      const statuses = new Map<number, number>();
      for (const a of mine) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      const errors = mine.filter((a) => a.status === 0 || a.status >= 500).length;
      rows.push([route, mine.length, (mine.length / seconds).toFixed(1), ms(p50), ms(p99), errors,
        [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(' ')]);
    }
    table(rows);
    say(`  server RSS: ${rss.start} MiB at start, ${rss.warm} MiB after the warm-up, ${rss.end} MiB at the end (server log ${log})`);
  } finally {
    await server.stop();
    await graph.close();
  }
}

if (require.main === module) run().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
