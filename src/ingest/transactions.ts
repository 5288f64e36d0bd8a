/**
 * How ingest's statements reach Neo4j: a `Runner` runs one statement in some transaction, and
 * an `InTransaction` runs a piece of work (several statements) in one transaction: a write
 * transaction of its own per call when batches commit on their own, or the file's single
 * transaction when the ingest is all-or-nothing.
 */
import type { ManagedTransaction, Transaction } from 'neo4j-driver';
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';

export type Runner = (query: string, params: Record<string, unknown>) => Promise<{ get(key: string): unknown }[]>;
export type InTransaction = <T>(work: (run: Runner) => Promise<T>) => Promise<T>;

export const runnerFor = (tx: Transaction | ManagedTransaction): Runner => async (query, params) => (await tx.run(query, params)).records;

/**
 * Marks the graph changed (cypher/ingest.cypher bump-graph-epoch): run last in every ingest and
 * import write transaction, so a member reach re-scoring keeps is read again.
 */
export const bumpGraphEpoch = async (tx: Transaction | ManagedTransaction): Promise<void> => {
  await tx.run(cypher('ingest', 'bump-graph-epoch'));
};

/**
 * Each call in a write transaction of its own, retried whole on a transient error (so the work
 * must be idempotent), ending with the epoch bump.
 */
export const ownTransactions = (graph: Graph): InTransaction => (work) => graph.writeTx(async (tx) => {
  const out = await work(runnerFor(tx));
  await bumpGraphEpoch(tx);
  return out;
});

/** Every call in `tx` (whose owner bumps the epoch before it commits). */
export const within = (tx: Transaction | ManagedTransaction): InTransaction => (work) => work(runnerFor(tx));
