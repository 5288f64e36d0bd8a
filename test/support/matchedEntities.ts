import type { Graph } from '../../src/graph/neo4j';

/** Ids of matched entities without their (:MatchedEntity) marker: none, wherever matches are made. */
export async function matchesWithoutMarker(graph: Graph): Promise<string[]> {
  const rows = await graph.read(
    `MATCH (:ProjectEntity)-[:MATCHES]->(e:Entity)
     WITH DISTINCT e.id AS id WHERE NOT EXISTS { MATCH (:MatchedEntity {entity_id: id}) }
     RETURN id ORDER BY id`,
  );
  return rows.map((r) => r.get('id') as string);
}

/** How many matches project entities have: a check of markers over none proves nothing. */
export async function matchCount(graph: Graph): Promise<number> {
  const [row] = await graph.read('MATCH (:ProjectEntity)-[m:MATCHES]->(:Entity) RETURN count(m) AS n');
  return row.get('n') as number;
}

/**
 * Registers a suite's last test: every entity the tests above matched, through the routes they
 * called (`routes` names them, and makes the test's title its own), has its marker (risk
 * notifications look for projects by it).
 */
export function testEveryMatchMarked(routes: string, graph: () => Graph): void {
  test(`every entity matched by ${routes} has its :MatchedEntity marker (risk notifications look for projects by it)`, async () => {
    expect(await matchCount(graph())).toBeGreaterThan(0);
    expect(await matchesWithoutMarker(graph())).toEqual([]);
  });
}
