/**
 * Re-scoring with explanations against a build without them (issue 35): the same sample of
 * the generated graph's entities (BENCH_RESCORE_SAMPLE, default 5,000, of BENCH_ENTITIES,
 * default 100k) scored in alternating rounds by this build's RiskScorer and by the RiskScorer
 * of another build, BENCH_RESCORE_OTHER: the root of a built checkout (for the figures, of
 * the commit before explanations). Per build and round, two runs:
 *  - first scoring: the sample's risk state dropped first, so every entity is read, derived
 *    and written (as after `rescore --all` on a fresh store);
 *  - unchanged: the same again with the state just written, so entities are read and derived
 *    and none is written (a daily pass where nothing changed).
 * Nothing here changes the scorer: both builds' scorers run as the worker runs them.
 */
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { NotificationFeed } from '../src/feeds/notifications';
import { RiskScorer } from '../src/services/risk';
import { benchGraph, sample, say, table } from './common';
import { ensureGeneratedGraph } from './searchData';

type Scorer = { score(ids: string[], options?: { flush?: boolean }): Promise<{ scored: number; written: number }> };

export async function run(): Promise<void> {
  const other = process.env.BENCH_RESCORE_OTHER;
  if (!other) {
    say('\n== rescoreExplanations: set BENCH_RESCORE_OTHER to the root of a built checkout to compare against; skipped');
    return;
  }
  const entities = Number(process.env.BENCH_ENTITIES ?? 100_000);
  const size = Number(process.env.BENCH_RESCORE_SAMPLE ?? 5000);
  const rounds = Number(process.env.BENCH_RESCORE_ROUNDS ?? 3);
  say(`\n== rescoreExplanations: ${size} entities of a generated graph of ${entities}, this build against ${path.basename(other)}, ${rounds} rounds`);
  const { config, graph } = await benchGraph();
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    await ensureGeneratedGraph(graph, entities);
    const ids = (await graph.read('MATCH (e:Entity) WHERE e.type IS NOT NULL RETURN e.id AS id ORDER BY id')).map((r) => r.get('id') as string);
    const chosen = [...new Set(sample(ids, size, 31))].sort();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const OtherScorer = require(path.resolve(other, 'dist/src/services/risk')).RiskScorer as new (...args: unknown[]) => Scorer;
    const sink = new NotificationFeed(redis);
    const builds: [string, () => Scorer][] = [
      ['this build (explanations)', () => new RiskScorer(graph, sink)],
      [`${path.basename(other)} (none)`, () => new OtherScorer(graph, sink)],
    ];
    const dropState = () => graph.write('MATCH (n:RiskState) WHERE n.entity_id IN $ids DETACH DELETE n', { ids: chosen });
    const rows: (string | number)[][] = [['round', 'build', 'first scoring s (entities/s), written', 'unchanged s (entities/s), written']];
    const totals = new Map<string, { first: number; unchanged: number }>();
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 ? builds : [...builds].reverse();
      for (const [name, make] of order) {
        const scorer = make();
        await dropState();
        let t0 = Date.now();
        const first = await scorer.score(chosen);
        const firstS = (Date.now() - t0) / 1000;
        t0 = Date.now();
        const again = await scorer.score(chosen);
        const againS = (Date.now() - t0) / 1000;
        rows.push([round, name, `${firstS.toFixed(1)} (${Math.round(first.scored / firstS)}), ${first.written}`, `${againS.toFixed(1)} (${Math.round(again.scored / againS)}), ${again.written}`]);
        const t = totals.get(name) ?? { first: 0, unchanged: 0 };
        totals.set(name, { first: t.first + firstS, unchanged: t.unchanged + againS });
      }
    }
    table(rows);
    const [mine, theirs] = builds.map(([name]) => totals.get(name)!);
    say(`  total time, this build / other: first scoring ${(mine.first / theirs.first).toFixed(2)}, unchanged ${(mine.unchanged / theirs.unchanged).toFixed(2)}; `
      + `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    // Leave this build's state behind, as the shared graph's other benches expect.
    await dropState();
    await new RiskScorer(graph, sink).score(chosen);
  } finally {
    redis.disconnect();
    await graph.close();
  }
}

if (require.main === module) run().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
