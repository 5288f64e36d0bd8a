/** Generated bench files, and the generated graph (seed 1) that the search, resolve, rescore and traversal benches share. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Graph } from '../src/graph/neo4j';
import { describeProgress, ingestFile } from '../src/ingest/ingest';
import { writeGenerated } from '../src/seed/generator';
import { say, wipe } from './common';

/** The generated file of `entities` in the temp dir, written once and complete. */
export async function generatedFile(entities: number, seed = 1): Promise<string> {
  const file = path.join(os.tmpdir(), `graph-api-bench-${entities}${seed === 1 ? '' : `-seed${seed}`}.ndjson`);
  if (fs.existsSync(file)) return file;
  say(`  generating ${entities} entities to ${file}`);
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial);
  await writeGenerated({ entities, seed }, out);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  fs.renameSync(partial, file); // an interrupted run leaves no truncated file behind
  return file;
}

/** Loads the generated graph of `entities` unless the graph already holds exactly it. */
export async function ensureGeneratedGraph(graph: Graph, entities: number): Promise<void> {
  const [row] = await graph.read(
    "MATCH (e:Entity) WITH count(e) AS n OPTIONAL MATCH (last:Entity) WHERE last.id ENDS WITH $suffix RETURN n, count(last) AS hasLast, min(last.sx_name) IS NOT NULL AS indexed",
    { suffix: `-${entities - 1}` },
  );
  if (row.get('n') === entities && row.get('hasLast') === 1 && row.get('indexed')) return;
  const file = await generatedFile(entities);
  say(`  loading ${entities} generated entities (${file})`);
  await wipe(graph);
  const t0 = Date.now();
  let lastSaid = 0;
  await ingestFile(graph, file, {
    batchSize: 2000, atomic: false,
    // A 1M-entity load takes about half an hour: say where it is every half minute.
    onProgress: (p) => {
      if (Date.now() - lastSaid < 30_000) return;
      lastSaid = Date.now();
      say(`  ${describeProgress(p)}`);
    },
  });
  say(`  loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
