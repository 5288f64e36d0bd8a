/**
 * What an import remembers between releases (cypher/import.cypher): the hash each input item
 * converted to, so the next release writes only the items that changed (and so re-scores only
 * their entities), and counts the items of the same scopes it no longer holds.
 */
import { randomUUID } from 'node:crypto';
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import type { Conversion } from './convert';

const BATCH = 10_000;

/** The hash each of `keys` converted to at its last import. */
export function previousHashes(graph: Graph): (keys: string[]) => Promise<Map<string, string>> {
  return async (keys) => {
    const out = new Map<string, string>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const rows = await graph.read(cypher('import', 'import-hashes'), { keys: keys.slice(i, i + BATCH) }, 10 * 60_000);
      for (const row of rows) out.set(row.get('key'), row.get('hash'));
    }
    return out;
  };
}

export interface ReleaseCounts { added: number; changed: number; unchanged: number; ended: number }

/**
 * Records the items of a loaded conversion, leaving out those on `skipped` input lines, and
 * counts the items of the same scopes from earlier imports that this one did not hold ("ended":
 * they stay in the graph as they were).
 */
export async function recordRelease(graph: Graph, conversion: Conversion, skipped: ReadonlySet<number> = new Set()): Promise<ReleaseCounts> {
  const run = randomUUID();
  const rows = conversion.states.filter((s) => !skipped.has(s.no)).map(({ key, scope, hash }) => ({ key, scope, hash }));
  for (let i = 0; i < rows.length; i += BATCH) await graph.write(cypher('import', 'save-import-items'), { rows: rows.slice(i, i + BATCH), run });
  const scopes = [...new Set(rows.map((r) => r.scope))];
  const [row] = await graph.read(cypher('import', 'import-items-not-in-run'), { scopes, run });
  return { ...conversion.counts, ended: Number(row.get('ended')) };
}

export const describeRelease = (c: ReleaseCounts): string => `${c.added} added, ${c.changed} changed, ${c.unchanged} unchanged, ${c.ended} of an earlier release not in this one (left as they were)`;
