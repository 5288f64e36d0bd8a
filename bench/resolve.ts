/**
 * Resolve quality on a labelled set (bench/resolveSet.ts) over a generated graph of
 * BENCH_ENTITIES entities (default 100k, seed 1; the same file foundation.ts loads):
 * recall@1 and recall@10 over the queries with a known answer, and the share of true
 * non-matches that get no best_match. Goals: 0.95, 0.99, 0.95. Prints; asserts nothing.
 */
import { ResolveParams, ResolveService } from '../src/services/resolve';
import type { Graph } from '../src/graph/neo4j';
import { benchSearchIndex } from './searchBackend';
import { benchGraph, measure, ms, say, table } from './common';
import { LabelledQuery, labelledSet } from './resolveSet';
import { ensureGeneratedGraph } from './searchData';

export async function evaluate(graph: Graph, set: LabelledQuery[]) {
  const service = new ResolveService(await benchSearchIndex(graph));
  const perKind = new Map<string, { n: number; at1: number; at10: number; noBest: number }>();
  const misses: string[] = [];
  const params = (q: LabelledQuery): ResolveParams => ({
    name: q.name ? [q.name] : [], identifier: q.identifier ? [q.identifier] : [], country: q.country ? [q.country] : [],
    address: [], dob: q.dob ? [q.dob] : [], fuzziness: {}, strict: false, limit: 10,
  });
  const latency = await measure(set.length, 4, async (i) => {
    const q = set[i];
    const ranked = await service.rank(params(q));
    const ids = ranked.all.map((s) => s.candidate.id);
    const k = perKind.get(q.kind) ?? { n: 0, at1: 0, at10: 0, noBest: 0 };
    k.n += 1;
    if (!ranked.best) k.noBest += 1;
    else if (!q.expected && misses.length < 16) misses.push(`  nonmatch: ${JSON.stringify(q.name)} -> best_match ${ranked.best.candidate.id} ${JSON.stringify(ranked.best.candidate.names[0])} (${ranked.best.score})`);
    if (q.expected) {
      if (ids[0] === q.expected) k.at1 += 1;
      else if (misses.length < 12) misses.push(`  ${q.kind}: ${JSON.stringify({ name: q.name, dob: q.dob, identifier: q.identifier })} -> ${ids[0] ?? 'nothing'} (${ranked.all[0]?.score ?? '-'}) expected ${q.expected} at ${ids.indexOf(q.expected) + 1 || '>10'}`);
      if (ids.includes(q.expected)) k.at10 += 1;
    }
    perKind.set(q.kind, k);
  });
  let n = 0, at1 = 0, at10 = 0, nonN = 0, nonNoBest = 0;
  for (const [kind, k] of perKind) {
    if (kind === 'nonmatch') {
      nonN += k.n;
      nonNoBest += k.noBest;
    } else {
      n += k.n;
      at1 += k.at1;
      at10 += k.at10;
    }
  }
  return { perKind, misses, latency, recall1: at1 / n, recall10: at10 / n, positives: n, nonMatches: nonN, noBestRate: nonNoBest / nonN };
}

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_ENTITIES ?? 100_000);
  const { graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  const set = labelledSet(entities);
  const r = await evaluate(graph, set);
  say(`resolve quality, ${r.positives} labelled queries + ${r.nonMatches} true non-matches on ${entities} generated entities:`);
  table([
    ['kind', 'queries', 'recall@1', 'recall@10', 'no best_match'],
    ...[...r.perKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, k]) => [
      kind, k.n, kind === 'nonmatch' ? '-' : (k.at1 / k.n).toFixed(3), kind === 'nonmatch' ? '-' : (k.at10 / k.n).toFixed(3), (k.noBest / k.n).toFixed(3),
    ]),
  ]);
  table([
    ['figure', 'measured', 'goal'],
    ['recall@1', r.recall1.toFixed(3), '0.95'],
    ['recall@10', r.recall10.toFixed(3), '0.99'],
    ['non-matches without best_match', r.noBestRate.toFixed(3), '0.95'],
    ['resolve latency p50 / p99 (concurrency 4)', `${ms(r.latency.p50)} / ${ms(r.latency.p99)}`, ''],
  ]);
  if (r.misses.length) say(['  first misses at rank 1:', ...r.misses].join('\n'));
  await graph.close();
}

if (require.main === module) run().catch((err) => { console.error(err); process.exit(1); });
