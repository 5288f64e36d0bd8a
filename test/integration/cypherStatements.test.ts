import fs from 'node:fs';
import { Graph } from '../../src/graph/neo4j';
import { CYPHER_DIR, cypher, placeholdersOf, statement, statementNames } from '../../src/graph/cypherFiles';
import { UBO_TYPES, inverseRelationship, neo4jRelType } from '../../src/domain/relationships';
import { testConfig } from '../support/env';

/**
 * Every named statement of every cypher/*.cypher file, with its placeholders filled the way its
 * service fills them, is parsed and planned by Neo4j (EXPLAIN): a typo in a statement no test
 * happens to run fails here. Schema files hold DDL, which EXPLAIN does not take; the traversal
 * file's fragments are combined by its builders and checked over their grid in
 * traversalStatements.test.ts.
 */
const SKIPPED_FILES = new Set(['traversal']);
const files = fs.readdirSync(CYPHER_DIR)
  .filter((f) => f.endsWith('.cypher') && !f.startsWith('schema'))
  .map((f) => f.replace(/\.cypher$/, ''))
  .filter((f) => !SKIPPED_FILES.has(f));

/** One value per placeholder, of the kind its service puts there (domain tables and fixed fragments). */
const EXAMPLES: Record<string, string | number> = {
  RELATIONSHIPS: `COLLECT { ${cypher('entity', 'entity-relationships-page')} }`,
  TYPE: neo4jRelType('has_shareholder'),
  INVERSE: neo4jRelType(inverseRelationship('has_shareholder')),
  TYPES: UBO_TYPES.map(neo4jRelType).join('|'),
  REACH: 3,
  DEPTH: 4,
  MATCHING_SHIPMENTS: statement('trade', 'matching-shipments', { SHIPMENTS_FROM: cypher('trade', 'shipments-from-suppliers') }),
  SHIPMENTS_FROM: cypher('trade', 'shipments-from-buyers'),
  PARTY: 'SHIPPED_BY',
};

const statements = files.flatMap((file) => statementNames(file).map((name) => ({ file, name, text: cypher(file, name) })));

describe('every Cypher statement', () => {
  let graph: Graph;
  beforeAll(() => {
    graph = new Graph(testConfig());
  });
  afterAll(async () => {
    await graph.close();
  });

  test('every placeholder outside the traversal file has an example value here', () => {
    const missing = statements.flatMap(({ file, name, text }) => placeholdersOf(text)
      .filter((p) => EXAMPLES[p] === undefined).map((p) => `${file}#${name}: __${p}__`));
    expect(missing).toEqual([]);
  });

  test('Neo4j parses and plans each one (EXPLAIN)', async () => {
    expect(statements.length).toBeGreaterThan(50);
    const failed: string[] = [];
    for (const { file, name, text } of statements) {
      const values = Object.fromEntries(placeholdersOf(text).map((p) => [p, EXAMPLES[p]]));
      try {
        await graph.write(`EXPLAIN ${statement(file, name, values)}`);
      } catch (err) {
        failed.push(`${file}#${name}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    expect(failed).toEqual([]);
  });
});
