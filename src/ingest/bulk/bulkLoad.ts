/**
 * `graph-api bulk-load FILE...`: ingest-format files loaded into an EMPTY graph through Neo4j's
 * offline importer, giving the graph ingest would have made from them (docs/ingest-format.md),
 * many times faster, since the importer writes store files instead of transactions.
 *
 * Only into the local Neo4j `services up` manages: the command checks that its graph is empty,
 * writes the CSV files, stops the server, imports into its database directory, starts it again,
 * then applies the schema (migrate: indexes, full-text indexes, flag-label sweeps), restores
 * what the importer cannot hold (empty lists) and ingests the shipments, whose trade edges are
 * sums over the graph. Queueing the first risk scoring is the caller's (it needs the workers' queues).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { ensureNeo4j, NEO4J } from '../../devservices/neo4jProcess';
import { runNeo4jImport } from '../../devservices/neo4jImport';
import { livePid, stopManaged } from '../../devservices/processes';
import { cypher } from '../../graph/cypherFiles';
import { migrate } from '../../graph/migrate';
import { Graph } from '../../graph/neo4j';
import { ingestFile } from '../ingest';
import { bumpGraphEpoch } from '../transactions';
import type { BadLine } from '../options';
import { ARRAY_DELIMITER } from './csvFile';
import { writeCsv } from './toCsv';

export interface BulkLoadReport {
  loaded: Record<string, number>;
  bad: BadLine[];
  /** Nodes and relationships the importer wrote. */
  facts: number;
  seconds: number;
  phases: { csv: number; import: number; restart: number; after: number };
}

/** Thrown when the target cannot be bulk-loaded (not empty, not the local Neo4j); nothing was changed. */
export class BulkLoadRefused extends Error {}

export async function bulkLoad(config: Config, files: string[], opts: { skipInvalid?: boolean; log: (msg: string) => void }): Promise<BulkLoadReport> {
  const { log } = opts;
  const started = Date.now();
  for (const file of files) if (!fs.existsSync(file)) throw new BulkLoadRefused(`${file}: no such file`);
  await ensureNeo4j(config, log);
  if (livePid(config, NEO4J) === undefined) {
    throw new BulkLoadRefused(
      `the Neo4j at ${config.neo4j.uri} was not started by \`services up\`: bulk-load writes the store of the local Neo4j ` +
        `under ${config.dataDir}, which it stops and starts again; stop that server, or point NEO4J_URI at a free loopback port`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-bulk-'));
  try {
    let graph = new Graph(config);
    let csv;
    try {
      if ((await graph.read(cypher('bulkLoad', 'graph-has-data'))).length > 0) {
        throw new BulkLoadRefused(`the graph at ${config.neo4j.uri} is not empty: bulk-load only fills an empty database (load into a graph with data with ingest)`);
      }
      csv = await writeCsv(graph, files, dir, { skipInvalid: opts.skipInvalid, today: new Date().toISOString().slice(0, 10) });
    } finally {
      await graph.close();
    }
    const converted = Date.now();
    log(`bulk-load: wrote ${csv.facts} nodes and relationships as CSV in ${((converted - started) / 1000).toFixed(1)} s; stopping Neo4j for the import`);
    await stopManaged(config, NEO4J, log);
    await runNeo4jImport(config, { ...csv, arrayDelimiter: ARRAY_DELIMITER }, log);
    const imported = Date.now();
    await ensureNeo4j(config, log);
    const restarted = Date.now();

    graph = new Graph(config);
    try {
      await migrate(graph, log);
      const session = graph.session('WRITE');
      try {
        await session.run(cypher('bulkLoad', 'restore-entity-lists'));
        await session.run(cypher('bulkLoad', 'restore-attribute-records'));
        if (csv.emptyDocumentUrls.length) await session.run(cypher('bulkLoad', 'restore-document-urls'), { ids: csv.emptyDocumentUrls });
        await session.executeWrite((tx) => bumpGraphEpoch(tx));
      } finally {
        await session.close();
      }
      if (csv.shipments) {
        log('bulk-load: ingesting the shipments (their trade edges are sums over the graph)');
        await ingestFile(graph, csv.shipments, { batchSize: config.ingestBatchSize, atomic: config.ingestAtomicMaxLines, name: 'shipments' });
      }
    } finally {
      await graph.close();
    }
    const done = Date.now();
    return {
      loaded: csv.loaded, bad: csv.bad, facts: csv.facts, seconds: (done - started) / 1000,
      phases: { csv: (converted - started) / 1000, import: (imported - converted) / 1000, restart: (restarted - imported) / 1000, after: (done - restarted) / 1000 },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
