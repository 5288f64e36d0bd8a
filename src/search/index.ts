/**
 * The configured SearchIndex (SEARCH_BACKEND): Meilisearch, or Neo4j's full-text indexes. The
 * graph-to-index sync (the worker's job and `graph-api reindex`) is in ./sync.ts.
 */
import fs from 'node:fs';
import neo4j from 'neo4j-driver';
import type { Config } from '../config';
import { cypher } from '../graph/cypherFiles';
import type { Props } from '../graph/mappers';
import type { Graph } from '../graph/neo4j';
import { entityDocument, recordDocument } from './documents';
import { AttributeValue, SEARCH_ATTRIBUTE_FIELDS, entitySearchProps, entitySourceTokens, recordSearchProps } from './fields';
import { FallbackSearchIndex } from './fallback';
import { MeiliOptions, MeiliSearchIndex } from './meilisearch';
import { Neo4jFulltextIndex } from './neo4jFulltext';
import type { SearchIndex } from './port';

/** On the meilisearch backend, Neo4j's full-text indexes answer while Meilisearch is away (./fallback.ts). */
export function createSearchIndex(config: Config, graph: Graph, warn?: (message: string) => void): SearchIndex {
  const meili = meiliOptions(config);
  return meili ? new FallbackSearchIndex(new MeiliSearchIndex(meili), new Neo4jFulltextIndex(graph), warn) : new Neo4jFulltextIndex(graph);
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

export { drainPending, reindexAll, syncEntities } from './sync';
