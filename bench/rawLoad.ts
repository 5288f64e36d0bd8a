/**
 * The plainest load of an ingest file, the baseline the ingest benches compare against: the
 * file's rows (built by the ingest's own row builders) written with batched UNWIND statements,
 * one transaction a batch or one for the file, and nothing else.
 */
import { inverseRelationship, neo4jRelType } from '../src/domain/relationships';
import type { Graph } from '../src/graph/neo4j';
import { readLines } from '../src/ingest/reader';
import { entityRow, psaRow, recordRow, relationshipRow, sourceRow } from '../src/ingest/rows';
import type { IngestLine } from '../src/ingest/validate';

/**
 * The baseline writes the same rows (the same property maps, built by the same row
 * builders) with the plainest batched UNWIND statements: MERGE nodes by id, CREATE
 * relationships and attribute nodes. It skips what ingest adds on top: validation,
 * reference checks, upsert semantics (replacing attributes, references and facts by key)
 * and the summary refresh.
 */
const RAW = {
  source: 'UNWIND $rows AS row MERGE (s:Source {id: row.id}) SET s += row.props',
  record: `UNWIND $rows AS row MERGE (r:Record {id: row.id}) SET r += row.props
           WITH r, row
           CALL (r, row) { UNWIND row.about AS ref MERGE (e:Entity {id: ref.entity}) CREATE (r)-[:ABOUT {ordinal: ref.ordinal}]->(e) }
           CALL (r, row) { UNWIND row.mentions AS ref MERGE (e:Entity {id: ref.entity}) CREATE (r)-[:MENTIONS {ordinal: ref.ordinal}]->(e) }`,
  entity: `UNWIND $rows AS row MERGE (e:Entity {id: row.id}) SET e += row.props
           WITH e, row UNWIND row.attributes AS a CREATE (e)-[:HAS_ATTRIBUTE]->(x:Attribute) SET x = a`,
  relationship: `UNWIND $rows AS row MERGE (a:Entity {id: row.from}) MERGE (b:Entity {id: row.to})
                 CREATE (a)-[r:__T__]->(b) SET r = row.props CREATE (b)-[q:__I__]->(a) SET q = row.props`,
  psa: `UNWIND $rows AS row MERGE (a:Entity {id: row.a}) MERGE (b:Entity {id: row.b})
        CREATE (a)-[:POSSIBLY_SAME_AS {matches: row.matches_ab}]->(b) CREATE (b)-[:POSSIBLY_SAME_AS {matches: row.matches_ba}]->(a)`,
};

function rawRow(line: IngestLine): unknown {
  switch (line.kind) {
    case 'source': return sourceRow(line);
    case 'record': return recordRow(line);
    case 'entity': return entityRow(line);
    case 'relationship': return relationshipRow(line);
    case 'possibly_same_as': return psaRow(line);
  }
}

/** The baseline: one transaction per batch, like the usual hand-written loader. */
export async function rawLoad(graph: Graph, file: string, batchSize: number, atomic: boolean): Promise<number> {
  const buffers = new Map<string, { query: string; rows: unknown[] }>();
  let rows = 0;
  const session = graph.session('WRITE');
  const tx = atomic ? session.beginTransaction() : undefined;
  const flush = async (b: { query: string; rows: unknown[] }) => {
    if (!b.rows.length) return;
    const params = { rows: b.rows.splice(0) };
    if (tx) await tx.run(b.query, params);
    else await graph.write(b.query, params);
  };
  for await (const { text } of readLines(file)) {
    const line = JSON.parse(text) as IngestLine;
    if (line.kind === 'shipment') continue; // the baseline loads the entity graph only
    rows += 1;
    const key = line.kind === 'relationship' ? `rel:${line.type}` : line.kind;
    let b = buffers.get(key);
    if (!b) {
      const query = line.kind === 'relationship'
        ? RAW.relationship.replace('__T__', neo4jRelType(line.type)).replace('__I__', neo4jRelType(inverseRelationship(line.type)))
        : RAW[line.kind === 'possibly_same_as' ? 'psa' : line.kind];
      buffers.set(key, (b = { query, rows: [] }));
    }
    b.rows.push(rawRow(line));
    if (b.rows.length >= batchSize) await flush(b);
  }
  for (const b of buffers.values()) await flush(b);
  await tx?.commit();
  await session.close();
  return rows;
}
