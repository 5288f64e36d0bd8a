/**
 * Issue-64 figure: `bulk-load` (Neo4j's offline importer) beside the transactional ingest on the
 * same generated file (BENCH_ENTITIES, default 100k): lines loaded per second, each from an empty
 * graph to a graph the API can serve (schema and indexes online; the first risk scoring is queued
 * by both and not timed). The bulk load restarts the bench Neo4j twice; its phases are printed.
 */
import { bulkLoad } from '../src/ingest/bulk/bulkLoad';
import { ingestFile } from '../src/ingest/ingest';
import { benchGraph, say, table, wipe } from './common';
import { generatedFile } from './searchData';

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_ENTITIES ?? 100_000);
  say(`\n== bulkLoad: bulk-load beside ingest, generated graph of ${entities} entities`);
  const file = await generatedFile(entities);
  const { config, graph } = await benchGraph();
  let ingestSeconds: number;
  let lines: number;
  try {
    await wipe(graph);
    const t0 = Date.now();
    const report = await ingestFile(graph, file, { batchSize: config.ingestBatchSize, atomic: false });
    ingestSeconds = (Date.now() - t0) / 1000;
    lines = Object.values(report.loaded).reduce((a, b) => a + b, 0);
    await wipe(graph);
  } finally {
    await graph.close();
  }
  const bulk = await bulkLoad(config, [file], { log: (msg) => say(`  ${msg}`) });
  const bulkLines = Object.values(bulk.loaded).reduce((a, b) => a + b, 0);
  const p = bulk.phases;
  table([
    ['load', 'lines', 'seconds', 'lines/s'],
    ['ingest (batch commits)', lines, ingestSeconds.toFixed(1), Math.round(lines / ingestSeconds)],
    ['bulk-load', bulkLines, bulk.seconds.toFixed(1), Math.round(bulkLines / bulk.seconds)],
  ]);
  say(`bulk-load phases: CSV ${p.csv.toFixed(1)} s, import ${p.import.toFixed(1)} s, restart ${p.restart.toFixed(1)} s, schema and after ${p.after.toFixed(1)} s; ` +
    `${bulk.facts} nodes and relationships (${Math.round(bulk.facts / bulk.seconds)}/s)`);
  say(`bulk-load / ingest: ${((bulkLines / bulk.seconds) / (lines / ingestSeconds)).toFixed(1)}x the lines per second`);
}
