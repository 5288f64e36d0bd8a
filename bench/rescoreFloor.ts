/**
 * The floor under the re-scoring figure: the least reading and writing any scorer of the same
 * neighbourhood does, sent through the driver with nothing of ours in it.
 *
 *  - read: each entity's direct risk and its current ownership steps one hop out (the first
 *    level of what a 4-hop derivation reads), READ_IDS ids a statement, two statements at a time;
 *  - write: each entity's visible risk (`risk`, `risk_factors`, `risk_explanation`) set,
 *    WRITE_ROWS a transaction, two at a time, twice: first every entity given the values of the
 *    next one in the list (Neo4j skips a SET to the value a property holds, so the values must
 *    differ), then its own values back, which leaves the graph as it was.
 *
 * A scorer's job on that neighbourhood can go no faster than read + write together.
 */
import { DOWN_TYPES, UP_TYPES, chunks } from '../src/services/risk/chunkRead';
import type { ManagedTransaction } from 'neo4j-driver';
import type { Graph } from '../src/graph/neo4j';

const READ_IDS = 2000;
const WRITE_ROWS = 2000;
const IN_FLIGHT = 2;

interface Visible { id: string; risk: string | null; factors: string[] | null; explanation: string | null }

export interface RescoreFloor {
  entities: number;
  readSeconds: number;
  /** The two write rounds: shifted values, then the entities' own back. */
  writeSeconds: [number, number];
  /** Mean size of the three written values, in characters. */
  meanChars: number;
}

/** Runs `work` over `items` cut in `size`, IN_FLIGHT at a time. */
async function inFlight<T>(items: T[], size: number, work: (batch: T[]) => Promise<unknown>): Promise<void> {
  const batches = chunks(items, size);
  const lane = async () => {
    for (let b = batches.shift(); b; b = batches.shift()) await work(b);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

/** One statement in its own transaction, straight through the driver. */
async function run(graph: Graph, mode: 'READ' | 'WRITE', query: string, params: Record<string, unknown>) {
  const session = graph.session(mode);
  try {
    const work = (tx: ManagedTransaction) => tx.run(query, params);
    return (await (mode === 'READ' ? session.executeRead(work, { timeout: 300_000 }) : session.executeWrite(work))).records;
  } finally {
    await session.close();
  }
}

const seconds = async (work: () => Promise<void>): Promise<number> => {
  const t0 = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - t0) / 1e9;
};

export async function rescoreFloor(graph: Graph, ids: string[]): Promise<RescoreFloor> {
  const readSeconds = await seconds(() => inFlight(ids, READ_IDS, (batch) => run(graph, 'READ',
    `UNWIND $ids AS id
     MATCH (e:Entity {id: id})
     OPTIONAL MATCH (e)-[r:${UP_TYPES}|${DOWN_TYPES}]->(o:Entity)
     WHERE r.to_end IS NULL OR r.to_end >= $today
     RETURN e.id AS id, e.direct_risk AS direct, collect([o.id, type(r), r.percentage]) AS steps`,
    { ids: batch, today: new Date().toISOString().slice(0, 10) },
  )));

  const own: Visible[] = [];
  for (let i = 0; i < ids.length; i += READ_IDS) {
    const rows = await run(graph, 'READ',
      'UNWIND $ids AS id MATCH (e:Entity {id: id}) RETURN e.id AS id, e.risk AS risk, e.risk_factors AS factors, e.risk_explanation AS explanation',
      { ids: ids.slice(i, i + READ_IDS) },
    );
    for (const r of rows) own.push({ id: r.get('id'), risk: r.get('risk'), factors: r.get('factors'), explanation: r.get('explanation') });
  }
  const chars = own.reduce((n, v) => n + (v.risk?.length ?? 0) + (v.factors?.join('').length ?? 0) + (v.explanation?.length ?? 0), 0);
  const shifted = own.map((v, i) => ({ ...own[(i + 1) % own.length], id: v.id }));
  const write = (rows: Visible[]) => seconds(() => inFlight(rows, WRITE_ROWS, (batch) => run(graph, 'WRITE',
    `UNWIND $rows AS row
     MATCH (e:Entity {id: row.id})
     SET e.risk = row.risk, e.risk_factors = row.factors, e.risk_explanation = row.explanation`,
    { rows: batch },
  )));
  const first = await write(shifted);
  const back = await write(own);
  return { entities: own.length, readSeconds, writeSeconds: [first, back], meanChars: own.length ? chars / own.length : 0 };
}
