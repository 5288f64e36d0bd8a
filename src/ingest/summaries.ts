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

type Runner = (query: string, params: Record<string, unknown>) => Promise<{ get(key: string): unknown }[]>;

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
 */
export async function refreshSummaries(
  run: Runner, entityIds: Iterable<string>, batchSize: number, concurrency = 1, onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const ids = new Set(entityIds);
  await eachChunk([...ids], batchSize, concurrency, async (chunk) => {
    for (const row of await run(cypher('ingest', 'summary-neighbours'), { ids: chunk })) ids.add(row.get('id') as string);
  });
  let done = 0;
  const labels = new Map((await run(cypher('ingest', 'source-labels'), {})).map((r) => [r.get('id') as string, r.get('label') as string]));
  await eachChunk([...ids], batchSize, concurrency, async (chunk) => {
    const aggregates = await run(cypher('ingest', 'summary-aggregates'), { ids: chunk });
    const rows = aggregates.map((a) => {
      // Sorted, so the JSON maps come out the same whatever order Neo4j returns facts in.
      const types = (a.get('types') as string[]).sort();
      const relationshipCount: Record<string, number> = {};
      for (const type of types) {
        const name = apiRelType(type);
        relationshipCount[name] = (relationshipCount[name] ?? 0) + 1;
      }
      // One reference per (record, entity), so counting records per source counts references.
      const sources = (a.get('sources') as string[]).sort();
      const sourceCount: Record<string, { count: number; label: string }> = {};
      for (const source of sources) sourceCount[source] = { count: (sourceCount[source]?.count ?? 0) + 1, label: labels.get(source) ?? source };
      return {
        id: a.get('id'),
        degree: types.length,
        relationship_count: JSON.stringify(relationshipCount),
        related_entities_count: a.get('related_entities_count'),
        psa_count: a.get('psa_count'),
        psa_sanctioned: (a.get('psa_sanctioned') as string[]).join(','),
        source_count: JSON.stringify(sourceCount),
        sources: Object.keys(sourceCount),
        sx_source: entitySourceTokens(Object.keys(sourceCount)),
        references_count: sources.length,
      };
    });
    await run(cypher('ingest', 'summary-write'), { rows });
    done += chunk.length;
    onProgress?.(done, ids.size);
  });
}
