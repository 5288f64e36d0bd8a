/**
 * Name matching on the labelled pairs (bench/namePairs.ts, bench/data/name-pairs.json): every
 * listed name is an entity of a graph that also holds BENCH_PAIRS_BACKGROUND generated
 * entities (default 10k, seed 1); every query name is resolved by name alone.
 *   - precision of best_match: best_match is the pair's listed entity on a match pair (a true
 *     positive); a false positive is a best_match on another entity for a match pair, or on
 *     the listed entity of a non-match pair;
 *   - recall of best_match: true positives over match pairs;
 *   - retrieval@10: the listed entity among the first 10 candidates, over match pairs;
 *   - the precision/recall curve over the strong (best_match) threshold.
 * Per kind and overall. Then the independent set (bench/independentPairs.ts) in a graph of its
 * own: precision, recall and F1 of the generated set, the fitting half and the held-out half, per
 * class and per band. Prints; asserts nothing (test/integration/namePairs.test.ts asserts a sample).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Graph } from '../src/graph/neo4j';
import { ingestFile } from '../src/ingest/ingest';
import { BEST_MATCH_THRESHOLD, MEDIUM_THRESHOLD, ResolveService } from '../src/services/resolve';
import { nameCore } from '../src/search/analysis';
import type { SearchIndex } from '../src/search/port';
import { benchSearchIndex } from './searchBackend';
import { benchGraph, measure, ms, say, table, wipe } from './common';
import { NamePair, namePairs } from './namePairs';
import { generatedFile } from './searchData';
import { judgeGenerated, runIndependent } from './independentPairs';

/** Entity lines of the listed names (one entity per distinct name) and the id of each name. */
export function pairEntities(pairs: NamePair[]): { lines: object[]; idOf: Map<string, string> } {
  const idOf = new Map<string, string>();
  const lines: object[] = [];
  for (const p of pairs) {
    if (idOf.has(p.listed)) continue;
    const id = `np-${idOf.size}`;
    idOf.set(p.listed, id);
    // The graph has no organisation type of its own: an organisation is listed as a company.
    lines.push({ kind: 'entity', id, type: p.type === 'organization' ? 'company' : p.type, label: p.listed, attributes: [{ field: 'name', value: p.listed }] });
  }
  return { lines, idOf };
}

export interface PairOutcome<P = NamePair> { pair: P; best?: string; bestScore?: number; top: { id: string; score: number }[] }

export interface PairFigures { n: number; matches: number; tp: number; fp: number; precision: number; recall: number; retrieval10: number }

/**
 * Listed names that analyse the same (same words and legal forms: "Orion Metals AO" and
 * "Orion Metals Акционерное общество") are one name listed twice: either entity is right.
 */
export const analysed = (name: string): string => { const a = nameCore(name); return `${[...a.core].sort().join(' ')}|${[...a.forms].sort().join(' ')}`; };

/** Figures of a set of outcomes at a best_match threshold. */
export function figures(outcomes: PairOutcome[], idOf: Map<string, string>, threshold = BEST_MATCH_THRESHOLD): PairFigures {
  let tp = 0, fp = 0, matches = 0, retrieved = 0;
  const nameOf = new Map([...idOf].map(([name, id]) => [id, name]));
  for (const o of outcomes) {
    const listed = idOf.get(o.pair.listed)!;
    const best = o.top[0] && o.top[0].score >= threshold ? o.top[0].id : undefined;
    const same = (id: string | undefined) => id === listed || (id !== undefined && nameOf.has(id) && analysed(nameOf.get(id)!) === analysed(o.pair.listed));
    if (o.pair.match) {
      matches += 1;
      if (o.top.some((t) => same(t.id))) retrieved += 1;
      if (same(best)) tp += 1;
      else if (best) fp += 1;
    } else if (best === listed) fp += 1;
  }
  return { n: outcomes.length, matches, tp, fp, precision: tp + fp ? tp / (tp + fp) : 1, recall: matches ? tp / matches : 1, retrieval10: matches ? retrieved / matches : 1 };
}

/**
 * Resolves every pair's query name (concurrency 4) on `index` (default: the bench's backend,
 * SEARCH_BACKEND); the latency of each resolve is measured.
 */
export async function resolvePairs<P extends { query: string }>(graph: Graph, pairs: P[], index?: SearchIndex) {
  const service = new ResolveService(index ?? await benchSearchIndex(graph));
  const outcomes: PairOutcome<P>[] = new Array(pairs.length);
  const latency = await measure(pairs.length, 4, async (i) => {
    const ranked = await service.rank({ name: [pairs[i].query], identifier: [], country: [], address: [], dob: [], fuzziness: {}, strict: false, limit: 10, minScore: 0 });
    outcomes[i] = { pair: pairs[i], best: ranked.best?.candidate.id, bestScore: ranked.best?.score, top: ranked.all.map((s) => ({ id: s.candidate.id, score: s.score })) };
  });
  return { outcomes, latency };
}

/** Writes entity lines to a temp file and ingests them. */
export async function ingestLines(graph: Graph, lines: object[]): Promise<void> {
  const file = path.join(os.tmpdir(), `graph-api-name-pairs-${process.pid}.ndjson`);
  fs.writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  try {
    await ingestFile(graph, file, { batchSize: 2000, atomic: false });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export async function run(): Promise<void> {
  const background = Number(process.env.BENCH_PAIRS_BACKGROUND ?? 10_000);
  const { graph } = await benchGraph();
  const pairs = namePairs();
  const { lines, idOf } = pairEntities(pairs);
  await wipe(graph);
  if (background > 0) await ingestFile(graph, await generatedFile(background), { batchSize: 2000, atomic: false });
  await ingestLines(graph, lines);
  const { outcomes, latency } = await resolvePairs(graph, pairs);
  const kinds = [...new Set(pairs.map((p) => p.kind))];
  say(`name pairs: ${pairs.length} labelled pairs (${pairs.filter((p) => p.match).length} matches), ${lines.length} listed entities + ${background} generated:`);
  table([
    ['kind', 'pairs', 'precision', 'recall', 'retrieval@10', 'false best_match'],
    ...kinds.map((k) => {
      const f = figures(outcomes.filter((o) => o.pair.kind === k), idOf);
      return [k, f.n, f.matches ? f.precision.toFixed(3) : '-', f.matches ? f.recall.toFixed(3) : '-', f.matches ? f.retrieval10.toFixed(3) : '-', f.fp];
    }),
  ]);
  const scripts = [...new Set(pairs.filter((p) => p.kind === 'script').map((p) => p.script))];
  table([['script', 'pairs', 'recall', 'retrieval@10'], ...scripts.map((s) => {
    const f = figures(outcomes.filter((o) => o.pair.kind === 'script' && o.pair.script === s), idOf);
    return [s, f.n, f.recall.toFixed(3), f.retrieval10.toFixed(3)];
  })]);
  const all = figures(outcomes, idOf);
  table([
    ['figure', 'measured', 'goal'],
    ['precision of best_match', all.precision.toFixed(3), '0.92'],
    ['recall of best_match', all.recall.toFixed(3), '0.90'],
    ['retrieval@10', all.retrieval10.toFixed(3), '0.99'],
    ['resolve p50 / p99 (concurrency 4)', `${ms(latency.p50)} / ${ms(latency.p99)}`, ''],
  ]);
  table([['strong threshold', 'precision', 'recall'], ...[0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8].map((t) => {
    const f = figures(outcomes, idOf, t);
    return [t.toFixed(2), f.precision.toFixed(3), f.recall.toFixed(3)];
  })]);
  // Precision of each match-strength tier: the share of first candidates in the tier that are the right entity.
  table([['tier (first candidate)', 'candidates', 'precision'], ...([['strong', BEST_MATCH_THRESHOLD, 1.01], ['medium', MEDIUM_THRESHOLD, BEST_MATCH_THRESHOLD], ['weak', 0, MEDIUM_THRESHOLD]] as [string, number, number][]).map(([tier, lo, hi]) => {
    // As for best_match: on a non-match pair only the listed entity is a wrong first candidate.
    const first = (o: PairOutcome) => figures([{ ...o, top: [{ ...o.top[0], score: 1 }] }], idOf, 0);
    const inTier = outcomes.filter((o) => o.top[0] && o.top[0].score >= lo && o.top[0].score < hi && (o.pair.match || first(o).fp > 0));
    const right = inTier.filter((o) => o.pair.match && first(o).tp === 1).length;
    return [tier, inTier.length, inTier.length ? (right / inTier.length).toFixed(3) : '-'];
  })]);
  const misses = outcomes.filter((o) => { const f = figures([o], idOf); return o.pair.match ? f.tp === 0 : f.fp > 0; });
  say(['  first misses:', ...misses.slice(0, Number(process.env.BENCH_PAIRS_MISSES ?? 25)).map((o) => `  ${o.pair.kind}${o.pair.match ? '' : ' (non-match)'}: ${JSON.stringify(o.pair.query)} -> ${JSON.stringify(o.pair.listed)}: best ${o.best ?? '-'} (${o.top[0]?.score ?? '-'}), listed at ${o.top.findIndex((t) => t.id === idOf.get(o.pair.listed)) + 1 || '>10'}${o.top.find((t) => t.id === idOf.get(o.pair.listed)) ? ` score ${o.top.find((t) => t.id === idOf.get(o.pair.listed))!.score}` : ''}`)].join('\n'));
  // Match pairs whose listed entity is not among the first 10 candidates, by kind.
  const unretrieved = outcomes.filter((o) => o.pair.match && figures([o], idOf).retrieval10 === 0);
  say([`  not retrieved in the top 10 (${unretrieved.length}):`, ...unretrieved.map((o) => `  ${o.pair.kind}${o.pair.kind === 'script' ? `/${o.pair.script}` : ''}: ${JSON.stringify(o.pair.query)} -> ${JSON.stringify(o.pair.listed)}`)].join('\n'));
  await runIndependent(graph, background, judgeGenerated(outcomes, idOf));
  await graph.close();
}

if (require.main === module) run().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
