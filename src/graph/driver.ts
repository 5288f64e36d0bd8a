/**
 * The driver's types and value helpers that use cases need, re-exported so that the Neo4j
 * adapter (src/graph/) stays the one layer that imports neo4j-driver.
 */
import driver from 'neo4j-driver';

export type { ManagedTransaction, Neo4jError, Path, Record as Neo4jRecord } from 'neo4j-driver';

/** Cypher integer parameters: LIMIT, SKIP and the like need one, since a JS number is sent as a float. */
export const neo4j = { int: (value: number | string): ReturnType<typeof driver.int> => driver.int(value) };
