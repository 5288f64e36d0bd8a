/**
 * Starts the test Neo4j, Redis and Meilisearch (for the suites run on both search backends)
 * when they are not running (idempotent) and applies the schema.
 */
import { servicesUp } from '../../src/devservices/localServices';
import { Graph } from '../../src/graph/neo4j';
import { migrate } from '../../src/graph/migrate';
import { testConfig } from './env';

export default async function globalSetup(): Promise<void> {
  const config = testConfig();
  await servicesUp(testConfig({ SEARCH_BACKEND: 'meilisearch' }), (msg) => process.stderr.write(`[test services] ${msg}\n`));
  const graph = new Graph(config);
  try {
    await migrate(graph);
  } finally {
    await graph.close();
  }
}
