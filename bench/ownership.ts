/**
 * Issue-35 figures (docs/ownership.md):
 *
 *  1. `/v1/ubo` with effective shares against the same request without them, on the generated
 *     graph (BENCH_OWNERSHIP_ENTITIES, else BENCH_TRAVERSAL_ENTITIES, default 1M), p50 over HTTP.
 *     "Without" is the same app and route with the effective-ownership read answering no
 *     owners (a bench-only switch on the service), so the difference is exactly the subgraph
 *     statement, the path sums and the paths in the answer. Rounds alternate with and without
 *     (BENCH_OWNERSHIP_ROUNDS pairs), on the same sources, after one warm-up of each.
 *  2. The largest number of ownership paths summed within the default traversal timeout:
 *     layered diamonds (every entity of a layer held by every entity of the next, 100/width %
 *     each), so a target has width^depth paths at depth `depth`, and the same with one fact
 *     closing a cycle (summed path by path, up to the step budget). Each graph is ingested
 *     under `bench-diamond-` ids and deleted afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UBO_TYPES } from '../src/domain/relationships';
import { ingestFile } from '../src/ingest/ingest';
import { EffectiveOwnershipService } from '../src/services/ownership/effective';
import { EFFECTIVE_STEP_BUDGET, type ShareGraph, effectiveOwnership, stepShare } from '../src/services/ownership/arithmetic';
import { benchConfig, benchGraph, measure, measureHttp, ms, sample, say, startApp, table, type RunningApp } from './common';
import { ensureGeneratedGraph } from './searchData';

/**
 * The bench-only switch: with it off, no ownership facts are read (neither in the traversal's
 * statement nor in one of their own) and the sums run on an empty subgraph.
 */
function switchableEffectiveOwnership(): { set(on: boolean): void } {
  const proto = EffectiveOwnershipService.prototype;
  const [realSubgraph, realFacts] = [proto.subgraph, proto.factsQuery];
  let on = true;
  proto.subgraph = function subgraph(this: EffectiveOwnershipService, ...args: Parameters<typeof realSubgraph>) {
    return on ? realSubgraph.apply(this, args) : Promise.resolve(new Map());
  };
  proto.factsQuery = function factsQuery(this: EffectiveOwnershipService, ...args: Parameters<typeof realFacts>) {
    return on ? realFacts.apply(this, args) : undefined;
  };
  return { set: (value) => void (on = value) };
}

async function bytesOf(app: RunningApp, paths: string[]): Promise<number> {
  let total = 0;
  for (const p of paths) total += (await (await fetch(app.baseUrl + p, { headers: { authorization: `Bearer ${app.token}` } })).arrayBuffer()).byteLength;
  return total / paths.length;
}

async function withAndWithout(): Promise<void> {
  const entities = Number(process.env.BENCH_OWNERSHIP_ENTITIES ?? process.env.BENCH_TRAVERSAL_ENTITIES ?? 1_000_000);
  const queries = Number(process.env.BENCH_OWNERSHIP_QUERIES ?? 200);
  const rounds = Number(process.env.BENCH_OWNERSHIP_ROUNDS ?? 4);
  say(`\n== ownership: /v1/ubo with and without effective shares, ${queries} sources, generated graph of ${entities} entities`);
  const { config, graph } = await benchGraph();
  await ensureGeneratedGraph(graph, entities);
  const ids = (await graph.read('MATCH (e:Entity) WHERE e.type = "company" RETURN e.id AS id LIMIT 200000')).map((r) => r.get('id') as string);
  const sources = sample(ids, queries, 11);
  const paths = sources.map((id) => `/v1/ubo/${encodeURIComponent(id)}`);
  const effective = switchableEffectiveOwnership();
  const app = await startApp(config, graph);
  try {
    // What the answers hold: owners with paths, paths summed, answer sizes.
    const service = new EffectiveOwnershipService(graph);
    let owners = 0;
    let summed = 0;
    let subgraphFacts = 0;
    for (const root of sources) {
      const q = { root, direction: 'ubo' as const, relationships: UBO_TYPES, maxDepth: 4, pathsLimit: 10 };
      const g = (await service.subgraph(q))!;
      for (const edges of g.values()) subgraphFacts += edges.length;
      const answer = service.answer(q, g);
      owners += answer.owners.size;
      for (const o of answer.owners.values()) summed += o.pathCount;
    }
    const withBytes = await bytesOf(app, paths.slice(0, 50));
    effective.set(false);
    const withoutBytes = await bytesOf(app, paths.slice(0, 50));
    effective.set(true);
    say(`  per source (mean): ${(subgraphFacts / sources.length).toFixed(1)} ownership steps read, ${(owners / sources.length).toFixed(1)} owners, `
      + `${(summed / sources.length).toFixed(1)} paths summed; answer ${(withBytes / 1024).toFixed(1)} KB with, ${(withoutBytes / 1024).toFixed(1)} KB without`);

    // Service-level parts, one at a time: the subgraph statement and the sums.
    const q = (i: number) => ({ root: sources[i], direction: 'ubo' as const, relationships: UBO_TYPES, maxDepth: 4, pathsLimit: 10 });
    await measure(sources.length, 1, (i) => service.subgraph(q(i)));
    const read = await measure(sources.length, 1, (i) => service.subgraph(q(i)));
    const graphs = await Promise.all(sources.map((_, i) => service.subgraph(q(i))));
    const sums = await measure(sources.length, 1, async (i) => effectiveOwnership(sources[i], graphs[i]!, 4, 10));
    say(`  one at a time: subgraph statement p50 ${ms(read.p50)} (mean ${ms(read.mean)}), sums and paths p50 ${ms(sums.p50)} (mean ${ms(sums.mean)})`);

    for (const on of [true, false]) {
      effective.set(on);
      await measureHttp(app, paths, 2);
    }
    const rows: (string | number)[][] = [['round', 'with p50', 'without p50', 'with / without', 'with p99', 'without p99']];
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      // Alternate which side goes first, so neither always follows the other.
      const order = round % 2 ? [true, false] : [false, true];
      const got = new Map<boolean, Awaited<ReturnType<typeof measureHttp>>>();
      for (const on of order) {
        effective.set(on);
        got.set(on, await measureHttp(app, paths, 2));
      }
      const [w, wo] = [got.get(true)!, got.get(false)!];
      ratios.push(w.p50 / wo.p50);
      rows.push([round, ms(w.p50), ms(wo.p50), (w.p50 / wo.p50).toFixed(2), ms(w.p99), ms(wo.p99)]);
    }
    effective.set(true);
    table(rows);
    ratios.sort((a, b) => a - b);
    say(`  with / without p50: median ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}, range ${ratios[0].toFixed(2)}-${ratios[ratios.length - 1].toFixed(2)} (goal: 1.3 at most); load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    effective.set(true);
    await app.close();
    await graph.close();
  }
}

interface Diamond { target: string; width: number; depth: number; cycle: boolean; lines: string[]; paths: number; facts: number }

/**
 * Layered diamonds below `target`: `depth` layers of `width` companies, each held by every
 * company of the layer above with 100/width %. With `cycle`, layer 1's first company is also
 * held 1% by layer 2's first (a cycle within reach), which the sums walk path by path.
 */
function diamond(width: number, depth: number, cycle: boolean): Diamond {
  const prefix = `bench-diamond-${width}x${depth}${cycle ? 'c' : ''}`;
  const id = (layer: number, i: number) => (layer === 0 ? `${prefix}-t` : `${prefix}-${layer}-${i}`);
  const lines: string[] = [JSON.stringify({ kind: 'entity', id: id(0, 0), type: 'company', label: `Diamond target ${prefix}` })];
  for (let l = 1; l <= depth; l++) {
    for (let i = 0; i < width; i++) lines.push(JSON.stringify({ kind: 'entity', id: id(l, i), type: 'company', label: `Diamond ${prefix} ${l}-${i}` }));
  }
  let facts = 0;
  const graph: ShareGraph = new Map();
  const step = (from: string, to: string, percentage: number) => {
    lines.push(JSON.stringify({ kind: 'relationship', type: 'has_shareholder', from, to, shares: [{ percentage }] }));
    graph.set(from, [...(graph.get(from) ?? []), { to, share: stepShare([percentage]) }]);
    facts++;
  };
  for (let l = 0; l < depth; l++) {
    for (let i = 0; i < (l === 0 ? 1 : width); i++) {
      for (let j = 0; j < width; j++) step(id(l, i), id(l + 1, j), 100 / width);
    }
  }
  if (cycle) step(id(2, 0), id(1, 0), 1);
  let paths = 0;
  if (cycle) {
    // Counted by walking every path (no budget): the cycle adds paths the layers do not.
    for (const o of effectiveOwnership(id(0, 0), graph, depth, 0, Number.MAX_SAFE_INTEGER).owners.values()) paths += o.pathCount;
  } else {
    for (let l = 1; l <= depth; l++) paths += width ** l;
  }
  return { target: id(0, 0), width, depth, cycle, lines, paths, facts };
}

async function diamonds(): Promise<void> {
  const timeoutMs = Number(process.env.TRAVERSAL_TIMEOUT_MS ?? 10_000);
  say(`\n== ownership: paths summed per /v1/ubo answer on layered diamonds (traversal timeout ${timeoutMs} ms)`);
  // The default timeout, whatever the bench default (30 s) is.
  process.env.TRAVERSAL_TIMEOUT_MS = String(timeoutMs);
  const { graph } = await benchGraph();
  const config = benchConfig();
  const spec = (process.env.BENCH_DIAMONDS ?? '2x10,4x10,8x10,16x10,32x10,2x10c,3x8c,3x10c,4x9c')
    .split(',').map((s) => /^(\d+)x(\d+)(c?)$/.exec(s.trim())!).map((m) => diamond(Number(m[1]), Number(m[2]), m[3] === 'c'));
  const file = path.join(os.tmpdir(), `graph-api-bench-diamonds-${process.pid}.ndjson`);
  fs.writeFileSync(file, spec.flatMap((d) => d.lines).join('\n') + '\n');
  await graph.deleteNodes("MATCH (n:Entity) WHERE n.id STARTS WITH 'bench-diamond-'");
  await ingestFile(graph, file, { batchSize: 2000, atomic: false });
  const app = await startApp(config, graph);
  const rows: (string | number)[][] = [['graph', 'facts', 'paths within max_depth', 'status', 'ms (median of 5)', 'partial_results', 'deepest owner shown: effective_shares (expected)', 'its paths listed + omitted (expected)']];
  try {
    for (const d of spec) {
      const url = `/v1/ubo/${d.target}?max_depth=${d.depth}&limit=50`;
      const get = async () => {
        const res = await fetch(app.baseUrl + url, { headers: { authorization: `Bearer ${app.token}` } });
        return { status: res.status, body: (await res.json()) as any };
      };
      await get();
      const times: number[] = [];
      let last: { status: number; body: any } | undefined;
      for (let i = 0; i < 5; i++) {
        const t0 = process.hrtime.bigint();
        last = await get();
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      times.sort((a, b) => a - b);
      // The deepest owner on the page (ordered by path length): an entity of layer l holds 100/width % through width^(l-1) paths.
      const top = [...(last!.body.data ?? [])].sort((a: any, b: any) => b.path.length - a.path.length)[0];
      const layer = top ? top.path.length : 0;
      rows.push([
        `${d.width} wide x ${d.depth} deep${d.cycle ? ' + cycle' : ''}`, d.facts, d.paths.toExponential(2), last!.status, ms(times[2]), String(last!.body.partial_results),
        top ? `${Number(top.effective_shares).toFixed(4)} (${(100 / d.width).toFixed(4)})` : '-',
        top ? `layer ${layer}: ${top.effective_paths.length} + ${top.effective_paths_omitted} (${d.cycle ? 'at least ' : ''}${(d.width ** (layer - 1)).toExponential(2)})` : '-',
      ]);
    }
  } finally {
    await app.close();
    await graph.deleteNodes("MATCH (n:Entity) WHERE n.id STARTS WITH 'bench-diamond-'");
    fs.rmSync(file, { force: true });
    await graph.close();
  }
  table(rows);
  say('  paths within max_depth: every simple ownership path from the target (without a cycle the sum over layers of width^layer, summed by levels; '
    + `with one, counted by walking them all here, and walked by the API up to its step budget of ${EFFECTIVE_STEP_BUDGET.toLocaleString('en')})`);
}

export async function run(): Promise<void> {
  const parts = (process.env.BENCH_OWNERSHIP_PARTS ?? 'compare,diamonds').split(',');
  if (parts.includes('compare')) await withAndWithout();
  if (parts.includes('diamonds')) await diamonds();
}

if (require.main === module) run().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
