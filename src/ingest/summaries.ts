/**
 * Graph-derived summary fields (degree, relationship_count, related_entities_count,
 * psa_count, psa_sanctioned, source_count, sources and their index tokens sx_source,
 * references_count), recomputed for the entities an ingest touched and their
 * possibly-same-as neighbours. Maps are stored as JSON strings
 * because Neo4j properties cannot hold maps.
 */
import { cypher } from '../graph/cypherFiles';
import { apiRelType } from '../domain/relationships';
import { entitySourceTokens } from '../search/fields';
import type { InTransaction } from './transactions';

/** Runs `work` on each chunk of `items`, `concurrency` chunks at a time. */
async function eachChunk<T>(items: T[], size: number, concurrency: number, work: (chunk: T[]) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Math.max(1, Math.min(concurrency, Math.ceil(items.length / size)));
  await Promise.all(Array.from({ length: lanes }, async () => {
    for (let at = next; at < items.length; at = next) {
      next += size;
      await work(items.slice(at, at + size));
    }
  }));
}

/**
 * `concurrency` > 1 runs that many batches at once (each its own transaction): every entity
 * is in one batch only, so batches never touch the same node. Inside one transaction
 * (atomic ingest) it must stay 1, since a transaction runs one statement at a time.
 * `onProgress` hears the entities done after each batch (of all, neighbours included).
 *
 * Each batch locks its entities, reads what their summaries are made of and writes them in one
 * transaction (`inTx`). Read in one transaction and written in another, a summary could be
 * overwritten with one read before a concurrent ingest's change to that entity, whose own
 * refresh had already written the right one. Locked first, the later refresh of the two waits
 * for the other's commit and reads after it. Ids are locked in sorted order, so two refreshes
 * never deadlock on each other.
 */
export async function refreshSummaries(
  inTx: InTransaction, entityIds: Iterable<string>, batchSize: number, concurrency = 1, onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const ids = new Set(entityIds);
  await eachChunk([...ids], batchSize, concurrency, async (chunk) => {
    const neighbours = await inTx((run) => run(cypher('ingest', 'summary-neighbours'), { ids: chunk }));
    for (const row of neighbours) ids.add(row.get('id') as string);
  });
  let done = 0;
  const sourceLabels = await inTx((run) => run(cypher('ingest', 'source-labels'), {}));
  const labels = new Map(sourceLabels.map((r) => [r.get('id') as string, r.get('label') as string]));
  await eachChunk([...ids].sort(), batchSize, concurrency, async (chunk) => {
    await inTx(async (run) => {
      await run(cypher('ingest', 'summary-lock'), { ids: chunk });
      const aggregates = await run(cypher('ingest', 'summary-aggregates'), { ids: chunk });
      const rows = aggregates.map((a) => summaryRow({
        id: a.get('id') as string, types: a.get('types') as string[], relatedEntities: a.get('related_entities_count') as number,
        psaCount: a.get('psa_count') as number, psaSanctioned: a.get('psa_sanctioned') as string[], sources: a.get('sources') as string[],
        tradeSent: a.get('trade_sent') as number, tradeReceived: a.get('trade_received') as number,
      }, labels));
      await run(cypher('ingest', 'summary-write'), { rows });
    });
    done += chunk.length;
    onProgress?.(done, ids.size);
  });
}

/** What an entity's summary fields are made of (cypher/ingest.cypher summary-aggregates). */
export interface SummaryParts {
  id: string;
  /** The Neo4j type of each of its facts to an entity, psa links aside (one per fact). */
  types: string[];
  relatedEntities: number;
  psaCount: number;
  psaSanctioned: string[];
  /** The source of each record about or mentioning it (one per record). */
  sources: string[];
  tradeSent: number;
  tradeReceived: number;
}

/**
 * The summary-write row of one entity; shared by ingest and bulk-load (src/ingest/bulk), so both
 * encode the same graph the same way.
 */
export function summaryRow(a: SummaryParts, labels: Map<string, string>) {
  // Sorted, so the JSON maps come out the same whatever order Neo4j returns facts in.
  const types = [...a.types].sort();
  const relationshipCount: Record<string, number> = {};
  for (const type of types) {
    const name = apiRelType(type);
    relationshipCount[name] = (relationshipCount[name] ?? 0) + 1;
  }
  // One reference per (record, entity), so counting records per source counts references.
  const sources = [...a.sources].sort();
  const sourceCount: Record<string, { count: number; label: string }> = {};
  for (const source of sources) sourceCount[source] = { count: (sourceCount[source]?.count ?? 0) + 1, label: labels.get(source) ?? source };
  return {
    id: a.id,
    degree: types.length,
    relationship_count: JSON.stringify(relationshipCount),
    related_entities_count: a.relatedEntities,
    psa_count: a.psaCount,
    psa_sanctioned: a.psaSanctioned.join(','),
    source_count: JSON.stringify(sourceCount),
    sources: Object.keys(sourceCount),
    sx_source: entitySourceTokens(Object.keys(sourceCount)),
    references_count: sources.length,
    trade_sent: a.tradeSent,
    trade_received: a.tradeReceived,
  };
}
