/**
 * The possibly-same-as table: every possibly-same-as link of the graph with the direct risk and
 * label of the entities they lead to, read once per graph epoch (./epochCache.ts) and shared by
 * the jobs' neighbourhoods and the groups' reads. The links are few (20,000 at 1M entities),
 * while expanding them from every entity read cost a relationship-group walk each: about half
 * the store reads of a group's roots (docs/benchmarks.md).
 */
import { cypher } from '../../graph/cypherFiles';
import { parseRisk, type RiskMap } from './derivation';
import { EpochCache, type InReadTx } from './epochCache';
import type { PsaTable } from './types';
export type { PsaTable } from './types';


/** Reads the table in one statement (one view of the links and the entities they lead to). */
export async function readPsaTable(inTx: InReadTx): Promise<PsaTable> {
  const links = new Map<string, string[]>();
  const directs = new Map<string, RiskMap>();
  const labels = new Map<string, string>();
  await inTx(async (run) => {
    for (const row of await run(cypher('risk', 'psa-links'), {})) {
      const id = row.get('id') as string;
      directs.set(id, parseRisk(row.get('direct')));
      if (row.get('label')) labels.set(id, row.get('label') as string);
      for (const from of row.get('linked') as string[]) {
        let to = links.get(from);
        if (!to) links.set(from, (to = []));
        to.push(id);
      }
    }
  });
  for (const to of links.values()) to.sort();
  return { links, directs, labels };
}

/** The table shared by a scorer's jobs and groups while the graph epoch stays (the day plays no part). */
export class PsaTableCache extends EpochCache<PsaTable> {
  constructor(inTx: InReadTx) {
    super(inTx, () => readPsaTable(inTx));
  }
}
