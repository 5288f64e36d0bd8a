/**
 * The graph-to-Meilisearch sync. Every write that changes what a search document holds (ingest and
 * import lines, summaries, withdrawals, risk changes) sets the entity's `search_pending` marker in
 * its own transaction: the outbox, so a crash or a Meilisearch outage loses no change. The worker
 * drains it (`drainPending`, src/workers/searchIndexJob.ts); `graph-api reindex` rebuilds whole new
 * indexes and swaps them in (`reindexAll`).
 */
import neo4j from 'neo4j-driver';
import { cypher } from '../graph/cypherFiles';
import type { Props } from '../graph/mappers';
import type { Graph } from '../graph/neo4j';
import { entityDocument, recordDocument } from './documents';
import { AttributeValue, SEARCH_ATTRIBUTE_FIELDS, entitySearchProps, entitySourceTokens, recordSearchProps } from './fields';
import type { MeiliSearchIndex } from './meilisearch';

/** Records re-indexed per sync at most (a hub entity may be referenced by very many). */
const RECORDS_PER_SYNC = 5000;

/** How long a reindex holds the outbox's markers without renewing (it renews each page). */
export const REINDEX_HOLD_MS = 5 * 60_000;

/** Where documents go: the live indexes, or a reindex's new ones. */
export interface TargetUids { entities?: string; records?: string }

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

export interface DrainResult { synced: number; cleared: number; more: boolean }

/**
 * One pass over the outbox in id order, `pageSize` entities at a time, at most `maxPages`: each
 * page's entities are read from the graph and sent to Meilisearch (none sent when `meili` is
 * undefined: the neo4j backend needs no copy), then their markers are removed where they are still
 * the ones read (search.cypher search-pending-clear). A Meilisearch failure throws with the markers
 * left, for the job's retry. `more`: the pass stopped at `maxPages`. Two drains must not run at once
 * (an older copy could land after a newer one): the worker runs one at a time (searchIndexJob.ts).
 */
export async function drainPending(graph: Graph, meili: MeiliSearchIndex | undefined, pageSize = 1000, maxPages = 20): Promise<DrainResult> {
  let after = '';
  let synced = 0;
  let cleared = 0;
  for (let page = 0; page < maxPages; page++) {
    const rows = await graph.read(cypher('search', 'search-pending'), { after, limit: neo4j.int(pageSize) });
    if (rows.length === 0) return { synced, cleared, more: false };
    const items = rows.map((r) => ({ id: r.get('id') as string, marker: r.get('marker') as string }));
    if (meili) synced += (await syncEntities(graph, meili, items.map((i) => i.id))).upserted;
    const [done] = await graph.write(cypher('search', 'search-pending-clear'), { rows: items });
    cleared += (done?.get('cleared') as number | undefined) ?? 0;
    after = items[items.length - 1].id;
  }
  return { synced, cleared, more: true };
}

/** Entities the outbox holds (tests and benches wait for it to empty). */
export async function pendingCount(graph: Graph): Promise<number> {
  const [row] = await graph.read(cypher('search', 'search-pending-count'));
  return row.get('n') as number;
}

/**
 * Full reindex: recomputes the sx_* search properties of every entity and record in the graph
 * (the source of the Neo4j full-text indexes; useful after a change of normalisation rules, or for
 * records ingested before they had any) and, when `meili` is given, builds new Meilisearch indexes
 * from them and swaps them in, so searches answer from the old indexes until then. While it runs,
 * the outbox keeps its markers (the drain still sends changes to the live indexes); once swapped,
 * it drains them into the new ones, so a change committed during the reindex is not lost.
 */
export async function reindexAll(graph: Graph, meili: MeiliSearchIndex | undefined, log: (msg: string) => void, batch = 2000): Promise<{ entities: number; records: number }> {
  if (!meili) return recompute(graph, undefined, log, batch);
  const hold = () => graph.write(cypher('search', 'search-reindex-begin'), { ttl: REINDEX_HOLD_MS });
  await hold();
  let done = { entities: 0, records: 0 };
  try {
    await meili.rebuild(async (uids) => {
      done = await recompute(graph, { meili, uids, hold }, log, batch);
    });
  } finally {
    await graph.write(cypher('search', 'search-reindex-end'));
  }
  for (let more = true; more;) more = (await drainPending(graph, meili)).more;
  return done;
}

interface Copy { meili: MeiliSearchIndex; uids: TargetUids; hold: () => Promise<unknown> }

async function recompute(graph: Graph, copy: Copy | undefined, log: (msg: string) => void, batch: number): Promise<{ entities: number; records: number }> {
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
        if (copy) docs.push(entityDocument(e, attributes, r.get('sources') as [string, string | null][]));
      }
      await tx.run(cypher('search', 'reindex-entity-write'), { rows: writes });
      return { last: ids[ids.length - 1], count: ids.length, docs };
    });
    if (!page) break;
    if (copy) {
      await copy.hold();
      await copy.meili.upsertEntities(page.docs, copy.uids.entities);
    }
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
  if (copy) {
    after = '';
    let documents = 0;
    for (;;) {
      const rows = await graph.read(cypher('search', 'records-page'), { after, limit: neo4j.int(batch) });
      if (rows.length === 0) break;
      await copy.hold();
      await copy.meili.upsertRecords(rows.map((r) => recordDocument(r.get('record') as Props, r.get('source') as Props | null, r.get('entityTypes') as string[])), copy.uids.records);
      documents += rows.length;
      after = (rows[rows.length - 1].get('record') as Props).id as string;
      log(`reindex: ${documents} record documents`);
    }
  }
  return { entities, records };
}
