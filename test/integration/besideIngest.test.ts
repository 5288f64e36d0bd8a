/**
 * Work that reads committed data and writes what it computed, run while an ingest transaction
 * is open: `graph-api migrate` (the label sweeps, the sx_source backfill), `graph-api reindex`,
 * and another ingest's summary refresh. Each case holds an ingest's statements uncommitted in
 * a transaction that would make that work's decision wrong, lets the work run until it waits
 * on one of that transaction's locks (or ends), commits, and checks that the ingest's outcome
 * stands. The statements are the ones ingest runs for one batch.
 */
import type { Transaction } from 'neo4j-driver';
import { cypher } from '../../src/graph/cypherFiles';
import { relationshipQuery } from '../../src/ingest/ingest';
import { entityRow, recordRow, relationshipRow } from '../../src/ingest/rows';
import { refreshSummaries } from '../../src/ingest/summaries';
import { ownTransactions, within } from '../../src/ingest/transactions';
import { parseLine, type EntityLine, type IngestLine, type RecordLine, type RelationshipLine } from '../../src/ingest/validate';
import { migrate } from '../../src/graph/migrate';
import { reindexAll } from '../../src/search';
import { entitySourceTokens } from '../../src/search/fields';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => wipeGraph(h.graph));

const valid = (value: unknown): IngestLine => {
  const parsed = parseLine(JSON.stringify(value));
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.line;
};
const entity = (id: string, risk: unknown[] = []) => ({ kind: 'entity', id, type: 'company', label: id, attributes: [{ field: 'name', value: id }], risk });
const sdn = [{ factor: 'sanctioned_usa_ofac_sdn' }];
const fact = (from: string, to: string) => ({ kind: 'relationship', type: 'has_shareholder', from, to, record: 'mb-rec' });

/** The statements of one ingest batch of entity lines, in `tx` (upsert, then the watchlist-adjacent labels). */
async function upsertEntities(tx: Transaction, lines: unknown[]): Promise<void> {
  const rows = lines.map((l) => entityRow(valid(l) as EntityLine));
  await tx.run(cypher('ingest', 'upsert-entities'), { rows });
  const listed = rows.filter((r) => r.props.sanctioned || r.props.pep).map((r) => r.id);
  await tx.run(cypher('ingest', 'watchlist-adjacent'), { listed, adjacent: [] });
}

/** The statements of one ingest batch of has_shareholder facts, in `tx`. */
async function upsertFacts(tx: Transaction, lines: unknown[]): Promise<void> {
  const result = await tx.run(relationshipQuery('has_shareholder'), { rows: lines.map((l) => relationshipRow(valid(l) as RelationshipLine)) });
  const adjacent = result.records.flatMap((r) => [r.get('adjacent'), r.get('adjacentToo')]).filter((id) => typeof id === 'string');
  await tx.run(cypher('ingest', 'watchlist-adjacent'), { listed: [], adjacent });
}

/**
 * Runs `work` in a transaction that stays open while `maintenance` (default: migrate) runs;
 * commits it once the maintenance waits on a lock (or has finished), then lets that finish.
 * Returns whether the maintenance waited.
 */
async function besideOpenIngest(work: (tx: Transaction) => Promise<void>, maintenance: () => Promise<unknown> = () => migrate(h.graph)): Promise<boolean> {
  const session = h.graph.session('WRITE');
  const tx = session.beginTransaction();
  try {
    await work(tx);
    let finished = false;
    const running = maintenance().finally(() => {
      finished = true;
    });
    let waited = false;
    for (const until = Date.now() + 15_000; !finished && !waited && Date.now() < until;) {
      const blocked = await h.graph.read("SHOW TRANSACTIONS YIELD status WHERE status STARTS WITH 'Blocked' RETURN status");
      waited = blocked.length > 0;
      if (!waited) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await tx.commit();
    await running;
    return waited;
  } finally {
    await session.close();
  }
}

const labelsOf = async (id: string) => (await h.graph.read('MATCH (e:Entity {id: $id}) RETURN labels(e) AS l', { id }))[0].get('l') as string[];
const watchlist = async (id: string) => (await h.json(`/v1/watchlist/${id}?max_depth=3`)).body.data.map((d: any) => [d.target.id, d.path.length]);

describe('migrate beside an ingest', () => {
  // mb-co -> mb-far (mb-far has_shareholder mb-co); mb-far had a fact to mb-old, since delisted,
  // so mb-far carries a stale :WatchlistAdjacent, which migrate drops unless something changed.
  const base = [
    { kind: 'source', id: 'mb-src', label: 'Migrate beside ingest' },
    { kind: 'record', id: 'mb-rec', source: 'mb-src' },
    entity('mb-co'), entity('mb-far'), entity('mb-old', sdn), entity('mb-sdn'), entity('mb-listed', sdn),
    fact('mb-far', 'mb-co'), fact('mb-old', 'mb-far'), fact('mb-sdn', 'mb-far'),
  ];
  beforeEach(async () => {
    await h.ingest(writeNdjson('mb-1.ndjson', base));
    await h.ingest(writeNdjson('mb-2.ndjson', [entity('mb-old')]));
    expect(await labelsOf('mb-far')).toContain('WatchlistAdjacent');
    expect(await watchlist('mb-co')).toEqual([]);
  });

  test('a stale :WatchlistAdjacent whose neighbour is being listed stays', async () => {
    // mb-sdn, a neighbour of mb-far, is listed in the open transaction: its upsert holds mb-sdn's lock.
    const waited = await besideOpenIngest((tx) => upsertEntities(tx, [entity('mb-sdn', sdn)]));
    expect(waited).toBe(true);
    expect(await labelsOf('mb-far')).toContain('WatchlistAdjacent');
    expect(await watchlist('mb-co')).toEqual([['mb-sdn', 2]]);
  });

  test('a stale :WatchlistAdjacent that is getting a fact to a listed entity stays', async () => {
    // A new fact mb-listed -> mb-far: the MERGE holds both ends' locks.
    const waited = await besideOpenIngest((tx) => upsertFacts(tx, [fact('mb-listed', 'mb-far')]));
    expect(waited).toBe(true);
    expect(await labelsOf('mb-far')).toContain('WatchlistAdjacent');
    expect(await watchlist('mb-co')).toEqual([['mb-listed', 2]]);
  });

  test('with no ingest in the way, the stale label goes, as before', async () => {
    expect(await besideOpenIngest(async () => undefined)).toBe(false);
    expect(await labelsOf('mb-far')).not.toContain('WatchlistAdjacent');
  });

  test('a :Sanctioned label out of step with its flag is not dropped while an upsert sets the flag again', async () => {
    // As a graph from before the labels were kept may hold it: the label without the flag.
    await h.graph.write("MATCH (e:Entity {id: 'mb-sdn'}) SET e:Sanctioned");
    const waited = await besideOpenIngest((tx) => upsertEntities(tx, [entity('mb-sdn', sdn)]));
    expect(waited).toBe(true);
    expect(await labelsOf('mb-sdn')).toContain('Sanctioned');
    expect(await watchlist('mb-co')).toEqual([['mb-sdn', 2]]);
  });

  test('a :DirectRisk label out of step with the risk is not dropped while an upsert gives the risk again', async () => {
    // mb-sdn has no direct risk; the label is stale until the open upsert lists it.
    await h.graph.write("MATCH (e:Entity {id: 'mb-sdn'}) SET e:DirectRisk");
    const waited = await besideOpenIngest((tx) => upsertEntities(tx, [entity('mb-sdn', sdn)]));
    expect(waited).toBe(true);
    expect(await labelsOf('mb-sdn')).toContain('DirectRisk');
    // With nothing in the way, a stale one goes.
    await h.graph.write("MATCH (e:Entity {id: 'mb-co'}) SET e:DirectRisk");
    expect(await besideOpenIngest(async () => undefined)).toBe(false);
    expect(await labelsOf('mb-co')).not.toContain('DirectRisk');
    expect(await labelsOf('mb-sdn')).toContain('DirectRisk');
  });
});

describe('the sx_source backfill beside an ingest', () => {
  test('does not overwrite the tokens of a summary refreshed meanwhile', async () => {
    await h.ingest(writeNdjson('mb-s.ndjson', [
      { kind: 'source', id: 'mb-a', label: 'A' }, { kind: 'source', id: 'mb-b', label: 'B' },
      { kind: 'record', id: 'mb-ra', source: 'mb-a', references: [{ entity: 'mb-x', type: 'about' }] },
      { ...entity('mb-x'), label: 'Quorvath Holdings', attributes: [{ field: 'name', value: 'Quorvath Holdings' }] },
    ]));
    // As before sx_source: the old index, no tokens; the backfill will read sources [mb-a].
    await h.graph.write('DROP INDEX entity_search');
    await h.graph.write(`CREATE FULLTEXT INDEX entity_search FOR (e:Entity) ON EACH [e.sx_name, e.sx_type, e.source_count]
      OPTIONS { indexConfig: { \`fulltext.analyzer\`: 'standard-no-stop-words' } }`);
    await h.graph.write('MATCH (e:Entity) REMOVE e.sx_source');

    // In the open transaction a record of source mb-b names mb-x, and its summary is refreshed.
    const record = recordRow(valid({ kind: 'record', id: 'mb-rb', source: 'mb-b', references: [{ entity: 'mb-x', type: 'about' }] }) as RecordLine);
    const waited = await besideOpenIngest(async (tx) => {
      await tx.run(cypher('ingest', 'upsert-records'), { rows: [record] });
      await refreshSummaries(within(tx), ['mb-x'], 100);
    });
    expect(waited).toBe(true);
    const [x] = await h.graph.read("MATCH (e:Entity {id: 'mb-x'}) RETURN e.sources AS sources, e.sx_source AS tokens");
    expect(x.get('sources')).toEqual(['mb-a', 'mb-b']);
    expect(x.get('tokens')).toBe(entitySourceTokens(['mb-a', 'mb-b']));
    const found = await h.json('/search/entity?q=quorvath&filters=source%3Dmb-b');
    expect(found.body.data.map((d: any) => d.id)).toEqual(['mb-x']);
  });
});

describe('reindex beside an ingest', () => {
  test('does not write search properties computed from an entity\'s name before a rename', async () => {
    const named = (name: string) => ({ ...entity('mb-y'), label: name, attributes: [{ field: 'name', value: name }] });
    await h.ingest(writeNdjson('mb-r.ndjson', [named('Brastmoor Shipping')]));
    const waited = await besideOpenIngest((tx) => upsertEntities(tx, [named('Kelventia Freight')]), () => reindexAll(h.graph, undefined, () => undefined));
    expect(waited).toBe(true);
    const ids = async (q: string) => (await h.json(`/search/entity?q=${q}`)).body.data.map((d: any) => d.id);
    expect(await ids('kelventia')).toEqual(['mb-y']);
    expect(await ids('brastmoor')).toEqual([]);
  });
});

describe('two ingests refreshing one entity\'s summary', () => {
  test('the later refresh reads after the other\'s commit, so a stale summary never lands last', async () => {
    await h.ingest(writeNdjson('mb-t.ndjson', [
      { kind: 'source', id: 'mb-src', label: 'Migrate beside ingest' },
      { kind: 'record', id: 'mb-rec', source: 'mb-src' },
      entity('mb-hub'), entity('mb-one'), entity('mb-two'), fact('mb-one', 'mb-hub'),
    ]));
    // One ingest (all-or-nothing) adds a fact to mb-hub and refreshes its summary, uncommitted,
    // while another, committing per batch, refreshes mb-hub's summary too.
    const waited = await besideOpenIngest(async (tx) => {
      await upsertFacts(tx, [fact('mb-two', 'mb-hub')]);
      await refreshSummaries(within(tx), ['mb-hub', 'mb-two'], 100);
    }, () => refreshSummaries(ownTransactions(h.graph), ['mb-hub'], 100));
    expect(waited).toBe(true);
    const { body } = await h.json('/entity_summary/mb-hub');
    expect(body.degree).toBe(2);
    expect(body.relationship_count).toEqual({ shareholder_of: 2 });
  });
});
