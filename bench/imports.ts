/**
 * FtM and BODS import speed against the native NDJSON ingest of the same generated graph
 * (BENCH_IMPORT_ENTITIES, default 5000 entities: about 20k native lines), and a re-import of
 * the unchanged FtM file (also as a whole release). Each load starts from an empty graph and commits as the CLI does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ingestFile } from '../src/ingest/ingest';
import { importFile, type ImportFormat } from '../src/importers/importFile';
import { generateLines } from '../src/seed/generator';
import { bodsOfLines, ftmOfLines } from '../src/seed/formats';
import { benchGraph, say, table, wipe } from './common';

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_IMPORT_ENTITIES ?? 5000);
  const { config, graph } = await benchGraph();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-bench-import-'));
  try {
    const native = [...generateLines({ entities, seed: 1 })];
    const files = {
      native: path.join(dir, 'graph.ndjson'), ftm: path.join(dir, 'graph.ftm.jsonl'), bods: path.join(dir, 'graph.bods.jsonl'),
    };
    fs.writeFileSync(files.native, native.join('\n') + '\n');
    const ftm = [...ftmOfLines(native)].map((e) => JSON.stringify(e));
    fs.writeFileSync(files.ftm, ftm.join('\n') + '\n');
    const bods = [...bodsOfLines(native)].map((e) => JSON.stringify(e));
    fs.writeFileSync(files.bods, bods.join('\n') + '\n');
    const options = { batchSize: config.ingestBatchSize, atomic: config.ingestAtomicMaxLines };
    const rows: (string | number)[][] = [['load', 'input items', 'entities + relationships', 'seconds', 'items/s', 'entities+rels/s']];
    const record = (name: string, items: number, loaded: { entity: number; relationship: number }, seconds: number) => {
      const graphRows = loaded.entity + loaded.relationship;
      rows.push([name, items, graphRows, seconds.toFixed(1), Math.round(items / seconds), Math.round(graphRows / seconds)]);
    };
    say(`imports: ${entities} generated entities: ${native.length} native lines, ${ftm.length} FtM entities, ${bods.length} BODS statements`);
    await wipe(graph);
    let started = Date.now();
    const nativeReport = await ingestFile(graph, files.native, options);
    record('native ingest', native.length, nativeReport.loaded, (Date.now() - started) / 1000);
    for (const format of ['ftm', 'bods'] as ImportFormat[]) {
      await wipe(graph);
      started = Date.now();
      const report = await importFile(graph, format, files[format], options);
      record(`import ${format}`, report.items, report.ingest.loaded, (Date.now() - started) / 1000);
    }
    await wipe(graph);
    await importFile(graph, 'ftm', files.ftm, options);
    started = Date.now();
    const again = await importFile(graph, 'ftm', files.ftm, options);
    record('import ftm again (unchanged)', again.items, again.ingest.loaded, (Date.now() - started) / 1000);
    // The same as a whole release: the item states are compared and nothing is ended.
    started = Date.now();
    const release = await importFile(graph, 'ftm', files.ftm, { ...options, release: new Date().toISOString().slice(0, 10) });
    record('import ftm again (unchanged, --release)', release.items, release.ingest.loaded, (Date.now() - started) / 1000);
    table(rows);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await graph.close();
  }
}
