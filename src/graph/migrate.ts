/**
 * Brings a database to the current schema: cypher/schema*.cypher (constraints and indexes,
 * IF NOT EXISTS, and the label backfill of schema-flag-labels.cypher) and the one-time data
 * steps an older database needs (the sx_source backfill, the :DirectRisk label before the
 * schema, the :MatchedEntity markers after it). Every statement is idempotent, so it runs at
 * every start.
 */
import neo4j from 'neo4j-driver';
import { entitySourceTokens } from '../domain/sourceTokens';
import { cypher, schemaStatements } from './cypherFiles';
import { retryable, type Graph } from './neo4j';

/** Tries of one migrate statement before a retryable error (e.g. a deadlock with an ingest) is passed on. */
const MIGRATE_ATTEMPTS = 5;

/** Applies the schema; `log` hears the progress of a one-time data step. Returns the number of schema statements. */
export async function migrate(graph: Graph, log: (msg: string) => void = () => undefined): Promise<number> {
  // entity_search as created before sx_source (it covered source_count): every entity gets
  // its sx_source first (not in that index, so no index work), then the index is dropped for
  // the schema file to create the current one. An interrupted run leaves the old index, so
  // the next one resumes. Like the label sweep, safe beside an ingest (source-tokens-write).
  if ((await graph.read(cypher('search', 'outdated-entity-index'))).length > 0) {
    log('migrate: giving every entity its sx_source (the source filter\'s index tokens), once');
    await backfillSourceTokens(graph, log);
    await graph.write('DROP INDEX entity_search IF EXISTS');
  }
  // entity_search as created before the name keys: dropped for the schema file to create the
  // current one; entities ingested before get their keys from `graph-api reindex`.
  if ((await graph.read(cypher('search', 'entity-index-without-name-keys'))).length > 0) {
    log('migrate: entity_search now covers the name keys sx_name_jn and sx_name_ph; run `graph-api reindex` to compute them for entities ingested before');
    await graph.write('DROP INDEX entity_search IF EXISTS');
  }
  const statements = schemaStatements();
  const session = graph.session('WRITE');
  try {
    // :DirectRisk on the entities of a graph loaded before ingest kept it (cypher/risk.cypher):
    // a scan of every entity, so once per database, recorded by a marker node.
    await oncePerDatabase(graph, 'direct-risk-label', async () => {
      log('migrate: marking the entities with direct risk (:DirectRisk), once');
      await session.run(cypher('risk', 'direct-risk-label-backfill'));
    });
    // The label sweeps take entity locks, so one may meet an ingest's in a deadlock, which
    // Neo4j breaks by failing one side: every statement is idempotent, so run it again.
    for (const statement of statements) {
      for (let attempt = 1; ; attempt++) {
        try {
          await session.run(statement);
          break;
        } catch (err) {
          if (attempt >= MIGRATE_ATTEMPTS || !retryable(err)) throw err;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    }
    await session.run('CALL db.awaitIndexes(300)');
    // (:MatchedEntity) for the matches made before it was (a scan of every project entity),
    // after the schema: each MERGE then seeks the marker's index.
    await oncePerDatabase(graph, 'matched-entity', async () => {
      log('migrate: marking the entities projects match (:MatchedEntity), once');
      await session.run(cypher('risk', 'matched-entity-backfill'));
    });
  } finally {
    await session.close();
  }
  return statements.length;
}

/** Runs `step` unless a (:MaintenanceStep {id}) says it ran on this database, and records it after. */
async function oncePerDatabase(graph: Graph, id: string, step: () => Promise<void>): Promise<void> {
  if (!(await graph.read(cypher('maintenance', 'step-pending'), { id }))[0]?.get('pending')) return;
  await step();
  await graph.write(cypher('maintenance', 'step-done'), { id });
}

/** sx_source of every entity that has none, from its `sources` summary field, 2000 per transaction. */
async function backfillSourceTokens(graph: Graph, log: (msg: string) => void): Promise<void> {
  for (let after = '', done = 0; ;) {
    const rows = await graph.read(cypher('search', 'entities-without-source-tokens'), { after, limit: neo4j.int(2000) });
    if (rows.length === 0) return;
    const writes = rows.map((r) => {
      const sources = r.get('sources') as string[];
      return { id: r.get('id') as string, sources, sx_source: entitySourceTokens(sources) };
    });
    await graph.write(cypher('search', 'source-tokens-write'), { rows: writes });
    after = writes[writes.length - 1].id;
    done += writes.length;
    if (done % 100_000 < writes.length) log(`migrate: sx_source of ${done} entities`);
  }
}
