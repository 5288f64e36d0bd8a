/**
 * The independent labelled name pairs (bench/data/independent-pairs, README there): aliases and
 * parties of public sanctions lists, split by listed party into a fitting half and a held-out
 * half. Scoring rules may be tuned on the fitting half; the held-out half only measures them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Graph } from '../src/graph/neo4j';
import { ingestFile } from '../src/ingest/ingest';
import { BEST_MATCH_THRESHOLD, MEDIUM_THRESHOLD } from '../src/services/resolve';
import { ms, say, table, wipe } from './common';
import { CLASSES, type PairClass, type PairType } from './pairClass';
import { analysed, ingestLines, type PairOutcome, resolvePairs } from './resolvePairs';
import { generatedFile } from './searchData';

export interface IndependentPair {
  query: string;
  listed: string;
  match: boolean;
  type: PairType;
  class: PairClass;
  /** A non-match whose two names share a naming word. */
  hard: boolean;
  source: string;
  /** The listed party's id on its source list ("ofac-sdn:36", "un:6907993"): one graph entity per id. */
  listedId: string;
  /** The party the query name belongs to (the listed party itself on a match). */
  queryId: string;
  half: 'fit' | 'held-out';
}

export type Half = 'fit' | 'held-out';
export const INDEPENDENT_PAIRS_DIR = path.resolve(__dirname, '..', '..', 'bench', 'data', 'independent-pairs');

/** One half of the independent set, as committed. */
export function independentPairs(half: Half): IndependentPair[] {
  return JSON.parse(fs.readFileSync(path.join(INDEPENDENT_PAIRS_DIR, `${half}.json`), 'utf8')) as IndependentPair[];
}

/** One resolved pair as the figures read it: whether it is a match, its listed entity, the candidates, and which ids count as the listed entity. */
export interface Judged { match: boolean; cls: string; listed: string; top: { id: string; score: number }[]; same: (id: string | undefined) => boolean }

export interface SetFigures { n: number; matches: number; tp: number; fp: number; precision: number; recall: number; f1: number; retrieval10: number }

/**
 * As `figures()` in resolvePairs.ts: best_match is the first candidate at or over the threshold;
 * on a match pair it is a true positive when it is the listed entity (or one whose name analyses
 * the same), a false positive when it is another; on a non-match pair, a false positive when it
 * is the listed entity.
 */
export function setFigures(items: Judged[], threshold = BEST_MATCH_THRESHOLD): SetFigures {
  let tp = 0, fp = 0, matches = 0, retrieved = 0;
  for (const o of items) {
    const best = o.top[0] && o.top[0].score >= threshold ? o.top[0].id : undefined;
    if (o.match) {
      matches += 1;
      if (o.top.some((t) => o.same(t.id))) retrieved += 1;
      if (o.same(best)) tp += 1;
      else if (best) fp += 1;
    } else if (best === o.listed) fp += 1;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1, recall = matches ? tp / matches : 1;
  return { n: items.length, matches, tp, fp, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, retrieval10: matches ? retrieved / matches : 1 };
}

const BANDS: [string, number, number][] = [['strong', BEST_MATCH_THRESHOLD, Infinity], ['medium', MEDIUM_THRESHOLD, BEST_MATCH_THRESHOLD], ['weak', 0, MEDIUM_THRESHOLD]];

/**
 * Per band of the first candidate's score: how many first candidates count (every match pair; a
 * non-match pair only when its first candidate is the listed entity, as for best_match) and the
 * share that are the right entity; with the match pairs whose right entity comes first but weak.
 */
export function bandFigures(items: Judged[]): { band: string; candidates: number; precision: number | undefined; rightButWeak: number }[] {
  return BANDS.map(([band, lo, hi]) => {
    const inBand = items.filter((o) => o.top[0] && o.top[0].score >= lo && o.top[0].score < hi && (o.match || o.top[0].id === o.listed));
    const right = inBand.filter((o) => o.match && o.same(o.top[0].id)).length;
    return { band, candidates: inBand.length, precision: inBand.length ? right / inBand.length : undefined, rightButWeak: band === 'weak' ? right : 0 };
  });
}

/** Graph entity id of a listed party. */
export const entityId = (listedId: string): string => `ip-${listedId.replace(/[^A-Za-z0-9]+/g, '-')}`;

/** Entity lines of the listed parties of a set of pairs: one entity per listed party, named by its primary name only. */
export function independentEntities(pairs: IndependentPair[]): object[] {
  const seen = new Map<string, object>();
  for (const p of pairs) {
    if (seen.has(p.listedId)) continue;
    // The graph has no organisation type of its own: an organisation is listed as a company.
    seen.set(p.listedId, { kind: 'entity', id: entityId(p.listedId), type: p.type === 'organization' ? 'company' : p.type, label: p.listed, attributes: [{ field: 'name', value: p.listed }] });
  }
  return [...seen.values()];
}

/** Judged outcomes of independent pairs: a listed entity's id, or a listed entity whose name analyses the same, counts as right. */
export function judgeIndependent(outcomes: PairOutcome<IndependentPair>[]): Judged[] {
  const nameOf = new Map(outcomes.map((o) => [entityId(o.pair.listedId), o.pair.listed]));
  return outcomes.map((o) => {
    const listed = entityId(o.pair.listedId);
    const same = (id: string | undefined) => id === listed || (id !== undefined && nameOf.has(id) && analysed(nameOf.get(id)!) === analysed(o.pair.listed));
    return { match: o.pair.match, cls: o.pair.class, listed, top: o.top, same };
  });
}

/** Judged outcomes of the generated pairs, as `figures()` judges them. */
export function judgeGenerated(outcomes: PairOutcome[], idOf: Map<string, string>): Judged[] {
  const nameOf = new Map([...idOf].map(([name, id]) => [id, name]));
  return outcomes.map((o) => {
    const listed = idOf.get(o.pair.listed)!;
    const same = (id: string | undefined) => id === listed || (id !== undefined && nameOf.has(id) && analysed(nameOf.get(id)!) === analysed(o.pair.listed));
    return { match: o.pair.match, cls: o.pair.kind, listed, top: o.top, same };
  });
}

const f3 = (v: number | undefined): string => (v === undefined ? '-' : v.toFixed(3));

/** Prints the three sets side by side: overall, per class, per band, and the held-out half's recall gap to the generated set. */
export function printSets(sets: [string, Judged[]][]): void {
  table([['set', 'pairs', 'matches', 'precision', 'recall', 'F1', 'retrieval@10', 'false best_match'], ...sets.map(([name, items]) => {
    const f = setFigures(items);
    return [name, f.n, f.matches, f3(f.precision), f3(f.recall), f3(f.f1), f3(f.retrieval10), f.fp];
  })]);
  const halves = sets.filter(([name]) => name !== 'generated');
  table([['class', ...halves.flatMap(([name]) => [`${name} pairs`, 'precision', 'recall', 'F1', 'false best_match'])], ...CLASSES.map((c) => [c, ...halves.flatMap(([, items]) => {
    const f = setFigures(items.filter((o) => o.cls === c));
    return [`${f.n} (${f.matches} m)`, f.tp + f.fp ? f3(f.precision) : '-', f.matches ? f3(f.recall) : '-', f.matches ? f3(f.f1) : '-', f.fp];
  })])]);
  table([['band (first candidate)', ...sets.flatMap(([name]) => [`${name} candidates`, 'precision'])], ...BANDS.map(([band], i) => [band, ...sets.flatMap(([, items]) => {
    const b = bandFigures(items)[i];
    return [b.candidates, f3(b.precision)];
  })])]);
  table([['set', 'true matches first but weak', 'listed entity not in the top 10'], ...sets.map(([name, items]) => {
    const m = items.filter((o) => o.match);
    return [name, `${bandFigures(items)[2].rightButWeak} of ${m.length}`, m.filter((o) => !o.top.some((t) => o.same(t.id))).length];
  })]);
  const recall = (name: string) => setFigures(sets.find(([n]) => n === name)![1]).recall;
  say(`  recall gap, held-out half - generated set: ${(recall('held-out') - recall('generated')).toFixed(3)} (fitting half - generated: ${(recall('fit') - recall('generated')).toFixed(3)})`);
}

/**
 * The independent set's bench: wipes the bench graph, loads `background` generated entities and
 * the listed parties of both halves, resolves every query name and prints the figures beside the
 * generated set's. Misses are printed for the fitting half only (the held-out half is not to be
 * fitted); BENCH_INDEPENDENT_MISSES names a file to write every fitting-half miss to (JSON lines).
 */
export async function runIndependent(graph: Graph, background: number, generated: Judged[]): Promise<void> {
  const fit = independentPairs('fit'), heldOut = independentPairs('held-out');
  const lines = independentEntities([...fit, ...heldOut]);
  await wipe(graph);
  if (background > 0) await ingestFile(graph, await generatedFile(background), { batchSize: 2000, atomic: false });
  await ingestLines(graph, lines);
  const { outcomes, latency } = await resolvePairs(graph, [...fit, ...heldOut]);
  say(`independent name pairs: fitting half ${fit.length} (${fit.filter((p) => p.match).length} matches), held-out half ${heldOut.length} (${heldOut.filter((p) => p.match).length} matches); ${lines.length} listed entities + ${background} generated; resolve p50 / p99 ${ms(latency.p50)} / ${ms(latency.p99)}:`);
  const judged = judgeIndependent(outcomes);
  printSets([['generated', generated], ['fit', judged.slice(0, fit.length)], ['held-out', judged.slice(fit.length)]]);
  const misses = outcomes.slice(0, fit.length).filter((o, i) => { const f = setFigures([judged[i]]); return o.pair.match ? f.tp === 0 : f.fp > 0; });
  const describe = (o: PairOutcome<IndependentPair>) => {
    const listed = entityId(o.pair.listedId);
    const at = o.top.findIndex((t) => t.id === listed);
    return { class: o.pair.class, type: o.pair.type, match: o.pair.match, query: o.pair.query, listed: o.pair.listed, best: o.top[0]?.id, bestName: nameOf.get(o.top[0]?.id ?? ''), bestScore: o.top[0]?.score, listedAt: at + 1 || null, listedScore: o.top[at]?.score ?? null };
  };
  const nameOf = new Map(outcomes.map((o) => [entityId(o.pair.listedId), o.pair.listed]));
  say([`  fitting half misses (${misses.length}), first ${Math.min(misses.length, Number(process.env.BENCH_PAIRS_MISSES ?? 25))}:`, ...misses.slice(0, Number(process.env.BENCH_PAIRS_MISSES ?? 25)).map((o) => {
    const d = describe(o);
    return `  ${d.class}/${d.type}${d.match ? '' : ' (non-match)'}: ${JSON.stringify(d.query)} -> ${JSON.stringify(d.listed)}: first ${d.bestName !== undefined ? JSON.stringify(d.bestName) : d.best ?? '-'} (${d.bestScore ?? '-'}), listed at ${d.listedAt ?? '>10'}${d.listedScore !== null ? ` score ${d.listedScore}` : ''}`;
  })].join('\n'));
  if (process.env.BENCH_INDEPENDENT_MISSES) fs.writeFileSync(process.env.BENCH_INDEPENDENT_MISSES, misses.map((o) => JSON.stringify(describe(o))).join('\n') + '\n');
}
