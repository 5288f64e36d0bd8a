/**
 * FtM and BODS import speed against the native NDJSON ingest of the same generated graph
 * (BENCH_IMPORT_ENTITIES, default 5000 entities: about 20k native lines), and a re-import of
 * the unchanged FtM file (also as a whole release). Each load starts from an empty graph and commits as the CLI does.
 * BENCH_IMPORT_ROUNDS (default 1) repeats the loads in alternating order;
 * BENCH_IMPORT_STATEMENTS=1 prints each load's Neo4j time by statement (the adapter's observers).
 * Each round also loads each format's converted lines through the ingest itself (converted
 * beforehand, no release state): the import less all its own work, whose items/s against the
 * round's native ingest is the most that format's import could reach here. Raw floor: each
 * format's converted lines, and the native lines, written by the raw loader (./rawLoad:
 * batched UNWIND, nothing else).
 * BENCH_IMPORT_PARTS (default `compare`): `compare` is all of the above; `reimport` alone times a
 * first FtM import and a re-import of the same unchanged file (plain and as a whole release) at
 * BENCH_REIMPORT_ENTITIES (default BENCH_IMPORT_ENTITIES; the issue asks 1M), the file streamed
 * from the generator so that no size is held in memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ingestFile, type IngestReport } from '../src/ingest/ingest';
import { importFile, prepareImport, type ImportFormat } from '../src/importers/importFile';
import { observeStatements } from '../src/graph/statements';
import { generateLines } from '../src/seed/generator';
import { bodsOfLines, ftmOfLines } from '../src/seed/formats';
import { benchGraph, say, table, wipe } from './common';
import { rawLoad } from './rawLoad';

/** The FtM file of the generated graph of `entities`, written line by line. */
async function writeFtm(file: string, entities: number): Promise<number> {
  const out = fs.createWriteStream(file);
  let items = 0;
  for (const item of ftmOfLines(generateLines({ entities, seed: 1 }))) {
    items += 1;
    if (!out.write(`${JSON.stringify(item)}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return items;
}

/** A first FtM import of the generated graph, then re-imports of the unchanged file: the issue's "at least 5x faster". */
async function reimport(): Promise<void> {
  const entities = Number(process.env.BENCH_REIMPORT_ENTITIES ?? process.env.BENCH_IMPORT_ENTITIES ?? 5000);
  const { config, graph } = await benchGraph();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-bench-reimport-'));
  try {
    const file = path.join(dir, 'graph.ftm.jsonl');
    const items = await writeFtm(file, entities);
    say(`\n== imports: re-import of an unchanged FtM release, ${entities} generated entities (${items} FtM entities)`);
    const options = { batchSize: config.ingestBatchSize, atomic: config.ingestAtomicMaxLines };
    await wipe(graph);
    const rows: (string | number)[][] = [['load', 'seconds', 'items/s', 'added / changed / unchanged', 'against the first']];
    let first = 0;
    for (const [name, release] of [['first import', undefined], ['again, unchanged', undefined], ['again, unchanged, --release', new Date().toISOString().slice(0, 10)]] as const) {
      const started = Date.now();
      const report = await importFile(graph, 'ftm', file, { ...options, release });
      const seconds = (Date.now() - started) / 1000;
      first ||= seconds;
      const c = report.release;
      rows.push([name, seconds.toFixed(1), Math.round(report.items / seconds), `${c.added} / ${c.changed} / ${c.unchanged}`, first === seconds ? '' : `${(first / seconds).toFixed(1)}x faster`]);
      say(`  ${name}: ${seconds.toFixed(1)} s`);
    }
    table(rows);
    say(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await graph.close();
  }
}

export async function run(): Promise<void> {
  const parts = (process.env.BENCH_IMPORT_PARTS ?? 'compare').split(',');
  if (parts.includes('compare')) await compare();
  if (parts.includes('reimport')) await reimport();
}

async function compare(): Promise<void> {
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
    const rounds = Number(process.env.BENCH_IMPORT_ROUNDS ?? 1);
    const statementTimes = new Map<string, number>();
    const stopObserving = process.env.BENCH_IMPORT_STATEMENTS === '1'
      ? observeStatements((name) => {
        const t = process.hrtime.bigint();
        return () => statementTimes.set(name, (statementTimes.get(name) ?? 0) + Number(process.hrtime.bigint() - t) / 1e6);
      })
      : undefined;
    const statementsOf = (name: string) => {
      if (!stopObserving) return;
      const top = [...statementTimes].sort((a, b) => b[1] - a[1]).slice(0, 8);
      say(`  ${name}, Neo4j time by statement (s): ${top.map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', ')}`);
      statementTimes.clear();
    };
    const rows: (string | number)[][] = [['load', 'input items', 'entities + relationships', 'seconds', 'items/s', 'entities+rels/s']];
    const record = (name: string, items: number, loaded: { entity: number; relationship: number }, seconds: number) => {
      const graphRows = loaded.entity + loaded.relationship;
      rows.push([name, items, graphRows, seconds.toFixed(1), Math.round(items / seconds), Math.round(graphRows / seconds)]);
    };
    say(`imports: ${entities} generated entities: ${native.length} native lines, ${ftm.length} FtM entities, ${bods.length} BODS statements`);
    const itemsOf = { native: native.length, ftm: ftm.length, bods: bods.length };
    const timed = async (work: () => Promise<IngestReport>) => {
      const t0 = Date.now();
      const report = await work();
      return { loaded: report.loaded, seconds: (Date.now() - t0) / 1000 };
    };
    const formats: ImportFormat[] = ['ftm', 'bods'];
    const loads: { name: string; items: number; run: () => Promise<{ loaded: IngestReport['loaded']; seconds: number }> }[] = [
      { name: 'native ingest', items: native.length, run: () => timed(() => ingestFile(graph, files.native, options)) },
      ...formats.map((format) => ({
        name: `import ${format}`, items: itemsOf[format], run: () => timed(async () => (await importFile(graph, format, files[format], options)).ingest),
      })),
      // The import's converted lines through the ingest, converted beforehand (not timed) and with
      // no release state: the import less all its own work, the most it could reach here.
      ...formats.map((format) => ({
        name: `${format} lines through the ingest`, items: itemsOf[format],
        run: async () => {
          const prepared = await prepareImport(graph, format, files[format], files[format]);
          try {
            return await timed(() => ingestFile(graph, prepared.conversion.file, options));
          } finally {
            prepared.conversion.cleanup();
          }
        },
      })),
    ];
    // A fresh store's first load runs cold (the JVM's compilation, an empty page cache): one
    // native ingest, not counted, so that the first round compares like with like.
    await wipe(graph);
    await ingestFile(graph, files.native, options);
    const nativeSeconds: number[] = [];
    const byRound: (string | number)[][] = [['round', ...loads.map((l) => l.name)]];
    for (let round = 0; round < rounds; round++) {
      const seconds = new Map<string, number>();
      for (const load of (round % 2 ? [...loads].reverse() : loads)) {
        await wipe(graph);
        statementTimes.clear();
        const { loaded, seconds: s } = await load.run();
        record(load.name, load.items, loaded, s);
        statementsOf(load.name);
        seconds.set(load.name, s);
      }
      const nativeRate = native.length / seconds.get('native ingest')!;
      nativeSeconds.push(seconds.get('native ingest')!);
      byRound.push([round + 1, ...loads.map((l, i) => (i === 0
        ? `${seconds.get(l.name)!.toFixed(1)} s`
        : `${seconds.get(l.name)!.toFixed(1)} s, ${(l.items / seconds.get(l.name)! / nativeRate).toFixed(2)}x`))]);
    }
    const floors: (string | number)[][] = [['lines written raw (batched UNWIND, nothing else)', 'lines', 'seconds', 'native ingest s / this', 'items/s against the native ingest']];
    const nativeBest = Math.min(...nativeSeconds);
    for (const format of ['native', 'ftm', 'bods'] as const) {
      await wipe(graph);
      const prepared = format === 'native' ? undefined : await prepareImport(graph, format, files[format], files[format]);
      try {
        const t0 = Date.now();
        const lines = await rawLoad(graph, prepared?.conversion.file ?? files.native, options.batchSize, false);
        const seconds = (Date.now() - t0) / 1000;
        floors.push([format === 'native' ? 'native lines' : `${format} import's converted lines`, lines, seconds.toFixed(1), (nativeBest / seconds).toFixed(2),
          `${((itemsOf[format] / seconds) / (native.length / nativeBest)).toFixed(2)}x`]);
      } finally {
        prepared?.conversion.cleanup();
      }
    }
    await wipe(graph);
    await importFile(graph, 'ftm', files.ftm, options);
    let started = Date.now();
    const again = await importFile(graph, 'ftm', files.ftm, options);
    record('import ftm again (unchanged)', again.items, again.ingest.loaded, (Date.now() - started) / 1000);
    // The same as a whole release: the item states are compared and nothing is ended.
    started = Date.now();
    const release = await importFile(graph, 'ftm', files.ftm, { ...options, release: new Date().toISOString().slice(0, 10) });
    record('import ftm again (unchanged, --release)', release.items, release.ingest.loaded, (Date.now() - started) / 1000);
    table(rows);
    say('  each round: seconds, and items/s against that round\'s native ingest');
    table(byRound);
    say(`  floor (native ingest: fastest of ${nativeSeconds.length} run(s), ${nativeBest.toFixed(1)} s):`);
    table(floors);
    stopObserving?.();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await graph.close();
  }
}
