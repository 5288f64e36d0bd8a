/** The generated graph shared by the search and resolve benches (seed 1, like foundation.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Graph } from '../src/graph/neo4j';
import { ingestFile } from '../src/ingest/ingest';
import { writeGenerated } from '../src/seed/generator';
import { say, wipe } from './common';

/** Loads the generated graph of `entities` unless the graph already holds exactly it. */
export async function ensureGeneratedGraph(graph: Graph, entities: number): Promise<void> {
  const [row] = await graph.read(
    "MATCH (e:Entity) WITH count(e) AS n OPTIONAL MATCH (last:Entity) WHERE last.id ENDS WITH $suffix RETURN n, count(last) AS hasLast, min(last.sx_name) IS NOT NULL AS indexed",
    { suffix: `-${entities - 1}` },
  );
  if (row.get('n') === entities && row.get('hasLast') === 1 && row.get('indexed')) return;
  const file = path.join(os.tmpdir(), `graph-api-bench-${entities}.ndjson`);
  if (!fs.existsSync(file)) {
    const out = fs.createWriteStream(file);
    await writeGenerated({ entities, seed: 1 }, out);
    await new Promise<void>((resolve) => out.end(resolve));
  }
  say(`  loading ${entities} generated entities (${file})`);
  await wipe(graph);
  const t0 = Date.now();
  await ingestFile(graph, file, { batchSize: 2000, atomic: false });
  say(`  loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
