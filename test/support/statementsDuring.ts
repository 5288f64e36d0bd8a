import { observeStatements } from '../../src/graph/statements';

/** The names (`file#name`) of the Neo4j statements this process runs while `work` runs. */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  const stop = observeStatements((name) => { names.push(name); return () => undefined; });
  try {
    await work();
  } finally {
    stop();
  }
  return names;
}
