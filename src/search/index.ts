/**
 * The configured SearchIndex (SEARCH_BACKEND): Meilisearch, or Neo4j's full-text indexes. Also the graph-to-index sync used by the BullMQ job and `graph-api reindex`.
 */
import fs from 'node:fs';
import neo4j from 'neo4j-driver';
import type { Config } from '../config';
import { cypher } from '../graph/cypherFiles';
import type { Props } from '../graph/mappers';
import type { Graph } from '../graph/neo4j';
import { entityDocument, recordDocument } from './documents';
import { AttributeValue, SEARCH_ATTRIBUTE_FIELDS, entitySearchProps, entitySourceTokens, recordSearchProps } from './fields';
import { MeiliOptions, MeiliSearchIndex } from './meilisearch';
import { Neo4jFulltextIndex } from './neo4jFulltext';
import type { SearchIndex } from './port';

export function createSearchIndex(config: Config, graph: Graph): SearchIndex {
  const meili = meiliOptions(config);
  return meili ? new MeiliSearchIndex(meili) : new Neo4jFulltextIndex(graph);
}

/** Where the Meilisearch backend is and its key (of the local server: the file `services up` wrote); undefined for neo4j. */
export function meiliOptions(config: Config): MeiliOptions | undefined {
  const meili = config.meili;
  if (!meili?.local) return meili && { url: meili.url, key: meili.key };
  let key: string;
  try {
    key = fs.readFileSync(meili.local.keyFile, 'utf8').trim();
  } catch {
    throw new Error(`SEARCH_BACKEND=meilisearch without MEILI_URL uses the local Meilisearch, which has no master key yet (${meili.local.keyFile}): run \`graph-api services up\` first`);
  }
  return { url: meili.url, key };
}

/** Records re-indexed per sync job at most (a hub entity may be referenced by very many). */
const RECORDS_PER_SYNC = 5000;

/** Copies the given entities (and records referencing them) into Meilisearch; ids gone from the graph are deleted. */
export async function syncEntities(graph: Graph, meili: MeiliSearchIndex, ids: string[]): Promise<{ upserted: number; deleted: number; records: number }> {
  const rows = await graph.read(cypher('search', 'entities-by-id'), { ids, attributeFields: SEARCH_ATTRIBUTE_FIELDS });
  const docs = rows.map((r) => entityDocument(r.get('entity') as Props, r.get('attributes') as AttributeValue[], r.get('sources') as [string, string | null][]));
  const found = new Set(docs.map((d) => d.id));
  const gone = ids.filter((id) => !found.has(id));
  await meili.upsertEntities(docs);
  await meili.deleteEntities(gone);
  const recordRows = await graph.read(cypher('search', 'records-of-entities'), { ids, limit: neo4j.int(RECORDS_PER_SYNC) });
  await meili.upsertRecords(recordRows.map((r) => recordDocument(r.get('record') as Props, r.get('source') as Props | null, r.get('entityTypes') as string[])));
  return { upserted: docs.length, deleted: gone.length, records: recordRows.length };
}

/**
 * Full reindex: recomputes the sx_* search properties of every entity and record in the
 * graph (the source of the Neo4j full-text indexes; useful after a change of normalisation
 * rules, or for records ingested before they had any) and, when `meili` is given, rebuilds
 * its documents.
 */
export async function reindexAll(graph: Graph, meili: MeiliSearchIndex | undefined, log: (msg: string) => void, batch = 2000): Promise<{ entities: number; records: number }> {
  if (meili) await meili.clear();
  let after = '';
  let entities = 0;
  // Each page is locked, read, recomputed and written in one transaction (search.cypher,
  // reindex-entity-lock), so an ingest running meanwhile never has its summaries overwritten
  // with values computed before it. Retried whole on a deadlock with one: the work is idempotent.
  for (;;) {
    const page = await graph.writeTx(async (tx) => {
      const ids = (await tx.run(cypher('search', 'reindex-entity-lock'), { after, limit: neo4j.int(batch) })).records.map((r) => r.get('id') as string);
      if (ids.length === 0) return undefined;
      const rows = (await tx.run(cypher('search', 'reindex-entity-read'), { ids, attributeFields: SEARCH_ATTRIBUTE_FIELDS })).records;
      const writes = [];
      const docs = [];
      for (const r of rows) {
        const e = r.get('entity') as Props;
        const attributes = r.get('attributes') as AttributeValue[];
        writes.push({
          id: e.id,
          props: {
            ...entitySearchProps({ type: e.type as string, label: e.label as string, countries: e.countries as string[] }, attributes),
            sx_source: entitySourceTokens((e.sources as string[] | undefined) ?? []),
          },
        });
        if (meili) docs.push(entityDocument(e, attributes, r.get('sources') as [string, string | null][]));
      }
      await tx.run(cypher('search', 'reindex-entity-write'), { rows: writes });
      return { last: ids[ids.length - 1], count: ids.length, docs };
    });
    if (!page) break;
    if (meili) await meili.upsertEntities(page.docs);
    entities += page.count;
    after = page.last;
    log(`reindex: ${entities} entities`);
  }
  let records = 0;
  after = '';
  for (;;) {
    const last = await graph.writeTx(async (tx) => {
      const rows = (await tx.run(cypher('search', 'reindex-record-page'), { after, limit: neo4j.int(batch) })).records;
      if (rows.length === 0) return undefined;
      const writes = rows.map((r) => ({ id: r.get('id') as string, props: recordSearchProps({ id: r.get('id') as string, label: r.get('label') as string | null, source: r.get('source') as string | null }) }));
      await tx.run(cypher('search', 'reindex-record-write'), { rows: writes });
      return { id: writes[writes.length - 1].id, count: writes.length };
    });
    if (!last) break;
    records += last.count;
    after = last.id;
    log(`reindex: ${records} records`);
  }
  if (meili) {
    after = '';
    let documents = 0;
    for (;;) {
      const rows = await graph.read(cypher('search', 'records-page'), { after, limit: neo4j.int(batch) });
      if (rows.length === 0) break;
      await meili.upsertRecords(rows.map((r) => recordDocument(r.get('record') as Props, r.get('source') as Props | null, r.get('entityTypes') as string[])));
      documents += rows.length;
      after = (rows[rows.length - 1].get('record') as Props).id as string;
      log(`reindex: ${documents} record documents`);
    }
  }
  return { entities, records };
}
