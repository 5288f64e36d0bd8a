/**
 * The SearchIndex contract suite against both adapters on the sample data: Neo4j full-text and
 * the test Meilisearch the global setup starts (or the server at MEILI_URL).
 */
import { Harness, SAMPLE, startHarness } from '../support/harness';
import { testConfig } from '../support/env';
import { describeSearchContract } from '../fixtures/searchContract';
import { Neo4jFulltextIndex } from '../../src/search/neo4jFulltext';
import { MeiliSearchIndex } from '../../src/search/meilisearch';
import { meiliOptions, reindexAll } from '../../src/search';
import type { SearchIndex } from '../../src/search/port';

let h: Harness;
let neo4jIndex: SearchIndex;
let meili: MeiliSearchIndex;
beforeAll(async () => {
  h = await startHarness();
  await h.ingest(SAMPLE);
  neo4jIndex = new Neo4jFulltextIndex(h.graph);
  // Indexes of their own (a prefix), rebuilt from the graph as `graph-api reindex` does.
  meili = new MeiliSearchIndex({ ...meiliOptions(testConfig({ SEARCH_BACKEND: 'meilisearch' }))!, prefix: `contract_${process.pid}_` });
  await meili.drop();
  await reindexAll(h.graph, meili, () => undefined);
}, 300_000);
afterAll(async () => {
  await meili?.drop();
  await h.close();
});

describeSearchContract('neo4j full-text', () => neo4jIndex);
describeSearchContract('meilisearch', () => meili);
