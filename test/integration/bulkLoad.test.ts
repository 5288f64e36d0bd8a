/**
 * `graph-api bulk-load` (src/ingest/bulk) makes the graph ingest makes: the same files loaded
 * both ways into the test Neo4j, compared node by node and relationship by relationship (labels,
 * properties with their Neo4j types) and through GET /v1/entity/{id}. Each bulk load stops and
 * restarts the test Neo4j, hence the full run only (jest.config.js).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Graph } from '../../src/graph/neo4j';
import { BulkLoadRefused, bulkLoad } from '../../src/ingest/bulk/bulkLoad';
import { writeGenerated } from '../../src/seed/generator';
import { SAMPLE, startHarness, wipeGraph, writeNdjson, type Harness } from '../support/harness';
import { testConfig } from '../support/env';

/** Nodes that mark migrate's one-time steps (and when they ran): not part of what a load writes. */
const SKIPPED_LABELS = ['MaintenanceStep'];
/** Properties that differ between any two loads: the epoch's random token. */
// The graph epoch's token, and the search-index outbox marker (a fresh token per write, which a
// bulk load leaves unset: it asks for a reindex instead).
const VOLATILE = new Set(['GraphEpoch.token', 'Entity.search_pending']);

/**
 * Every node and relationship as a line of text: a node by its labels and typed properties, a
 * relationship by its ends' identities (id, or an attribute's entity, field and ordinal), type and
 * typed properties. Sorted, so two graphs compare as lists.
 */
async function snapshot(graph: Graph): Promise<{ nodes: string[]; relationships: string[] }> {
  const rows = await graph.read(
    `MATCH (n) RETURN elementId(n) AS eid, labels(n) AS labels, [k IN keys(n) | [k, valueType(n[k]), n[k]]] AS props`, {}, 120_000);
  const identity = new Map<string, string>();
  const nodes: string[] = [];
  for (const r of rows) {
    const labels = (r.get('labels') as string[]).sort();
    if (labels.some((l) => SKIPPED_LABELS.includes(l))) continue;
    const props = (r.get('props') as [string, string, unknown][])
      .filter(([k]) => !labels.some((l) => VOLATILE.has(`${l}.${k}`)))
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const get = (key: string) => props.find(([k]) => k === key)?.[2];
    const id = labels.includes('Attribute') ? `attribute ${get('entity_id')} ${get('field')} ${get('ordinal')}` : `${labels[0]} ${get('id') ?? get('entity_id')}`;
    identity.set(r.get('eid') as string, id);
    nodes.push(`${id} ${labels.join(':')} ${JSON.stringify(props)}`);
  }
  const rels = await graph.read(
    `MATCH (a)-[r]->(b) RETURN elementId(a) AS a, type(r) AS type, elementId(b) AS b, [k IN keys(r) | [k, valueType(r[k]), r[k]]] AS props`, {}, 120_000);
  const relationships = rels.map((r) => {
    const props = (r.get('props') as [string, string, unknown][]).sort((x, y) => (x[0] < y[0] ? -1 : 1));
    return `${identity.get(r.get('a'))} -${r.get('type')}-> ${identity.get(r.get('b'))} ${JSON.stringify(props)}`;
  });
  return { nodes: nodes.sort(), relationships: relationships.sort() };
}

/** What is in one list and not the other, both ways, at most 10 lines each: empty when equal. */
function difference(a: string[], b: string[]): { onlyIngested: string[]; onlyBulk: string[] } {
  const count = (list: string[]) => list.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
  const ca = count(a);
  const cb = count(b);
  const only = (x: Map<string, number>, y: Map<string, number>) => [...x].filter(([k, n]) => (y.get(k) ?? 0) !== n).map(([k]) => k).slice(0, 10);
  return { onlyIngested: only(ca, cb), onlyBulk: only(cb, ca) };
}

/**
 * Lists sorted by their items' JSON: an entity read lists the parallel facts of one type in the
 * order Neo4j stores them, which is file order for ingest and the importer's own for bulk-load.
 */
const unordered = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(unordered).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unordered(v)]));
  return value;
};

async function entityReads(h: Harness, ids: string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const id of ids) {
    const res = await h.json(`/v1/entity/${encodeURIComponent(id)}`);
    expect(res.status).toBe(200);
    out.push(unordered(res.body));
  }
  return out;
}

/** Loads `files` with ingest, then with bulk-load, and compares the two graphs and the reads of `ids`. */
async function compareLoads(files: string[], ids: string[]): Promise<{ nodes: number; relationships: number }> {
  const h = await startHarness();
  let ingested;
  let reads;
  try {
    for (const file of files) await h.ingest(file, { atomic: false, batchSize: 2000 });
    ingested = await snapshot(h.graph);
    reads = await entityReads(h, ids);
    await wipeGraph(h.graph);
  } finally {
    await h.close();
  }
  await bulkLoad(testConfig(), files, { log: () => undefined });
  const b = await startHarness({ wipe: false });
  try {
    // Neo4j was just restarted: its first plans of the entity read can outlast QUERY_TIMEOUT_MS
    // on a loaded machine (serve warms them up at start-up, WARM_UP; this harness does not).
    for (let attempt = 0; attempt < 5 && (await b.json(`/v1/entity/${encodeURIComponent(ids[0])}`)).status === 503; attempt++);
    const bulk = await snapshot(b.graph);
    expect(difference(ingested.nodes, bulk.nodes)).toEqual({ onlyIngested: [], onlyBulk: [] });
    expect(difference(ingested.relationships, bulk.relationships)).toEqual({ onlyIngested: [], onlyBulk: [] });
    expect(await entityReads(b, ids)).toEqual(reads);
    return { nodes: bulk.nodes.length, relationships: bulk.relationships.length };
  } finally {
    await b.close();
  }
}

/**
 * A bulk load stops the test Neo4j, imports and starts it again: minutes on a loaded 2-core
 * machine, and the comparison loads each graph twice.
 */
const LOAD_TIMEOUT_MS = 15 * 60_000;

describe('bulk-load', () => {
  test('the sample, with shipments in a second file, loads as ingest loads it', async () => {
    const shipments = writeNdjson('shipments.ndjson', [
      { kind: 'shipment', id: 's-1', supplier: ['e-gb-northwind-logistics'], buyer: ['e-ru-severstroy'], hs_codes: [{ code: '8471' }, { code: '9403' }], departure_date: '2024-01-05', weight: [{ value: 120 }] },
      { kind: 'shipment', id: 's-2', supplier: ['e-gb-northwind-logistics'], buyer: ['e-ru-severstroy'], hs_codes: [{ code: '8471' }], arrival_date: '2024-03', departure_country: 'GBR' },
    ]);
    const ids = ['e-gb-northwind-logistics', 'e-ru-severstroy', 'p-viktor-antonov', 'e-gb-kensington-mews-properties'];
    const { nodes, relationships } = await compareLoads([SAMPLE, shipments], ids);
    expect(nodes).toBeGreaterThan(1000);
    expect(relationships).toBeGreaterThan(1500);
  }, LOAD_TIMEOUT_MS);

  test('a generated graph of 10,000 entities loads as ingest loads it', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-bulk-test-')), 'generated.ndjson');
    const out = fs.createWriteStream(file);
    await writeGenerated({ entities: 10_000, seed: 7 }, out);
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const ids = Array.from({ length: 10 }, (_, i) => i * 997);
    const names = (await (async () => {
      const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('"kind":"entity"'));
      return ids.map((i) => JSON.parse(lines[i]).id as string);
    })());
    const { nodes } = await compareLoads([file], names);
    expect(nodes).toBeGreaterThan(10_000);
  }, LOAD_TIMEOUT_MS);

  test('a graph with data is refused, naming why, and left as it was', async () => {
    const h = await startHarness({ files: [SAMPLE] });
    try {
      const before = await snapshot(h.graph);
      await expect(bulkLoad(testConfig(), [SAMPLE], { log: () => undefined })).rejects.toThrow(BulkLoadRefused);
      await expect(bulkLoad(testConfig(), [SAMPLE], { log: () => undefined })).rejects.toThrow(/is not empty: bulk-load only fills an empty database/);
      expect(await snapshot(h.graph)).toEqual(before);
    } finally {
      await h.close();
    }
  }, LOAD_TIMEOUT_MS);
});
