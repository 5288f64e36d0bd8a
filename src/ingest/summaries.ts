/**
 * Graph-derived summary fields (degree, relationship_count, related_entities_count,
 * psa_count, psa_sanctioned, source_count, sources, references_count), recomputed for the entities
 * an ingest touched and their possibly-same-as neighbours. Maps are stored as JSON strings
 * because Neo4j properties cannot hold maps.
 */
import { cypher } from '../graph/cypherFiles';
import { apiRelType } from '../domain/relationships';

type Runner = (query: string, params: Record<string, unknown>) => Promise<{ get(key: string): unknown }[]>;

export async function refreshSummaries(run: Runner, entityIds: Iterable<string>, batchSize: number): Promise<void> {
  const ids = new Set(entityIds);
  const seed = [...ids];
  for (let i = 0; i < seed.length; i += batchSize) {
    for (const row of await run(cypher('ingest', 'summary-neighbours'), { ids: seed.slice(i, i + batchSize) })) {
      ids.add(row.get('id') as string);
    }
  }
  const all = [...ids];
  const labels = new Map((await run(cypher('ingest', 'source-labels'), {})).map((r) => [r.get('id') as string, r.get('label') as string]));
  for (let i = 0; i < all.length; i += batchSize) {
    const aggregates = await run(cypher('ingest', 'summary-aggregates'), { ids: all.slice(i, i + batchSize) });
    const rows = aggregates.map((a) => {
      const types = a.get('types') as string[];
      const relationshipCount: Record<string, number> = {};
      for (const type of types) {
        const name = apiRelType(type);
        relationshipCount[name] = (relationshipCount[name] ?? 0) + 1;
      }
      // One reference per (record, entity), so counting records per source counts references.
      const sources = a.get('sources') as string[];
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
        sources: Object.keys(sourceCount).sort(),
        references_count: sources.length,
      };
    });
    await run(cypher('ingest', 'summary-write'), { rows });
  }
}
