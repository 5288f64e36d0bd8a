/**
 * The SearchIndex of the bench's SEARCH_BACKEND (neo4j by default; SEARCH_BACKEND=meilisearch
 * runs the local Meilisearch of the bench services, or MEILI_URL's). A Meilisearch index is
 * rebuilt from the bench graph before use (`reindexAll`, as `graph-api reindex` does) and the
 * build time printed.
 */
import type { Graph } from '../src/graph/neo4j';
import { meiliOptions, reindexAll } from '../src/search';
import { MeiliSearchIndex } from '../src/search/meilisearch';
import { Neo4jFulltextIndex } from '../src/search/neo4jFulltext';
import type { SearchIndex } from '../src/search/port';
import { benchConfig, say } from './common';

export async function benchSearchIndex(graph: Graph): Promise<SearchIndex> {
  const options = meiliOptions(benchConfig());
  if (!options) {
    say('  search backend: neo4j full-text');
    return new Neo4jFulltextIndex(graph);
  }
  const meili = new MeiliSearchIndex({ ...options, prefix: 'bench_' });
  await meili.drop();
  const t0 = Date.now();
  const done = await reindexAll(graph, meili, () => undefined);
  say(`  search backend: meilisearch; index built from the graph in ${((Date.now() - t0) / 1000).toFixed(1)} s (${done.entities} entities, ${done.records} records)`);
  return meili;
}
