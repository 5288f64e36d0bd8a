import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { IngestError } from '../../src/ingest/ingest';
import { refreshSummaries } from '../../src/ingest/summaries';
import { ownTransactions } from '../../src/ingest/transactions';
import { entitySourceTokens } from '../../src/search/fields';
import { acmeLines } from '../fixtures/acme';
import { migrate } from '../../src/graph/migrate';
import { REPO, testEnv } from '../support/env';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { QUEUE_NAMES, type Queues } from '../../src/workers/queues';
import { testFull } from '../support/full';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => wipeGraph(h.graph));

const count = async (pattern: string) => (await h.graph.read(`MATCH ${pattern} RETURN count(*) AS n`))[0].get('n') as number;
const graphSize = async () => ({ nodes: await count('(n)'), rels: await count('()-[r]->()') });

describe('loading a file written by another tool', () => {
  test('reading the entities back gives the values the file holds', async () => {
    const report = await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    expect(report.loaded).toEqual({ source: 2, record: 2, entity: 3, relationship: 2, possibly_same_as: 1, shipment: 0 });
    expect(report.bad).toEqual([]);

    const { status, body } = await h.json('/entity/e-acme');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'e-acme', label: 'ACME TRADING LTD', type: 'company', entity_url: '/entity/e-acme', closed: false,
      countries: ['GBR'], addresses: ['1 High St, London'], identifiers: [{ type: 'gbr_company_number', value: '01234567' }],
      sanctioned: true, pep: false, degree: 2, relationship_count: { has_shareholder: 1, has_director: 1 },
      source_count: { gbr_psc: { count: 1, label: 'UK People with Significant Control' }, ofsi: { count: 1, label: 'UK OFSI consolidated list' } },
      psa_count: 0,
    });
    expect(body.attributes.name.data.map((a: any) => a.properties.value)).toEqual(['ACME TRADING LTD', 'ACME TRADING LIMITED']);
    expect(body.attributes.address.data[0]).toEqual({ properties: { value: '1 High St, London', from_date: '2019-02' }, record: ['rec-001'], record_count: 1 });
    expect(body.attributes.identifier.data[0].properties).toEqual({ value: '01234567', type: 'gbr_company_number' });
    expect(body.attributes.status.data[0].properties).toEqual({ value: 'active', date: '2023-04-01' });
    const holder = body.relationships.has_shareholder.data[0];
    expect(holder.target.id).toBe('e-jdoe');
    expect(holder.types.has_shareholder).toEqual([
      { record: 'rec-001', attributes: { shares: [{ percentage: 75, monetary_value: 7500, currency: 'GBP' }] }, date: '2023-04-01', from_date: '2019-02' },
    ]);
    expect(body.relationships.has_director.data[0].types.has_director[0]).toMatchObject({ attributes: { position: [{ value: 'Director' }] }, to_date: '2020-12-31' });
    expect(body.referenced_by.data.map((r: any) => [r.record.id, r.type])).toEqual([['rec-001', 'about'], ['rec-002', 'about']]);
  });

  test('optional fields set to null read back as absent, in every kind and nested object', async () => {
    const report = await h.ingest(writeNdjson('nulls.ndjson', [
      { kind: 'source', id: 's-null', label: 'Null Source', country: null, source_type: null },
      {
        kind: 'record', id: 'r-null', label: null, source: 's-null', source_url: null, record_url: null, publication_date: null,
        acquisition_date: '2024-01-02', document_urls: null, references: [{ entity: 'e-null', type: 'about' }],
      },
      {
        kind: 'entity', id: 'e-null', type: 'company', label: null, closed: null,
        attributes: [
          { field: 'name', value: 'Null Co', type: null, records: null, from_date: null, to_date: null, date: null },
          { field: 'identifier', value: 'N1', type: 'reg', records: ['r-null'] },
        ],
        risk: [{ factor: 'pep', value: null, country: null, records: null }],
      },
      { kind: 'entity', id: 'e-other', type: 'person', label: 'Other', closed: null, attributes: null, risk: null },
      { kind: 'relationship', id: null, type: 'has_director', from: 'e-null', to: 'e-other', record: null, date: null, position: null, shares: null },
      { kind: 'possibly_same_as', a: 'e-null', b: 'e-other', matches: null },
    ]));
    expect(report.bad).toEqual([]);
    expect(report.loaded).toEqual({ source: 1, record: 1, entity: 2, relationship: 1, possibly_same_as: 1, shipment: 0 });

    const entity = (await h.json('/v1/entity/e-null')).body;
    expect(entity).toMatchObject({ label: 'Null Co', closed: false, pep: true, psa_count: 1 });
    expect(entity.risk).toEqual({ pep: { value: 1, metadata: { country: [] }, level: 'high' } });
    expect(entity.attributes.name.data).toEqual([{ properties: { value: 'Null Co' }, record: [], record_count: 0, id: expect.stringMatching(/^ga_/) }]);
    expect(entity.relationships.data[0].types.has_director).toEqual([{ record: '', attributes: {}, acquisition_date: '', former: false }]);
    expect(entity.possibly_same_as.data[0]).toEqual({ entity: expect.objectContaining({ id: 'e-other' }), matches: {} });
    expect((await h.json('/entity/e-other')).body).toMatchObject({ closed: false, attributes: {}, relationship_count: { director_of: 1 } });
    const record = (await h.json('/record/r-null')).body;
    expect(record).toEqual({
      id: 'r-null', label: 'r-null', source: 's-null', acquisition_date: '2024-01-02', references_count: 1, record_url: '/record/r-null',
      references: expect.objectContaining({ data: [{ entity: expect.objectContaining({ id: 'e-null' }), type: 'about' }] }),
    });
    expect((await h.json('/source/s-null')).body).toEqual({ id: 's-null', label: 'Null Source' });
  });

  test('every relationship is stored in both directions, psa links too', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    const { body } = await h.json('/entity/e-jdoe');
    expect(body.relationship_count).toEqual({ shareholder_of: 1, director_of: 1 });
    expect(body.relationships.shareholder_of.data[0].target.id).toBe('e-acme');
    expect(body).toMatchObject({ pep: true, sanctioned: false, date_of_birth: '1970-01', psa_count: 1, label: 'John Doe' });
    expect(body.possibly_same_as.data[0]).toEqual({
      entity: expect.objectContaining({ id: 'e-jdoe-2', label: 'JOHN DOE' }),
      matches: { name: [{ target: 'John Doe', source: 'JOHN DOE' }], date_of_birth: [{ target: '1970-01', source: '1970-01-15' }] },
    });
    const other = await h.json('/entity/e-jdoe-2');
    expect(other.body.possibly_same_as.data[0].matches.name).toEqual([{ target: 'JOHN DOE', source: 'John Doe' }]);
  });

  test('re-ingesting is idempotent and an upsert replaces the object', async () => {
    const file = writeNdjson('acme.ndjson', acmeLines());
    await h.ingest(file);
    const before = await graphSize();
    await h.ingest(file);
    expect(await graphSize()).toEqual(before);

    const changed = acmeLines().map((l: any) =>
      l.id === 'e-acme' ? { ...l, label: 'ACME HOLDINGS LTD', attributes: [{ field: 'name', value: 'ACME HOLDINGS LTD' }], risk: [] } : l,
    );
    await h.ingest(writeNdjson('acme2.ndjson', changed));
    const { body } = await h.json('/entity/e-acme');
    expect(body.label).toBe('ACME HOLDINGS LTD');
    expect(body.sanctioned).toBe(false);
    expect(Object.keys(body.attributes)).toEqual(['name']);
    expect(body.attributes.name.size).toEqual({ count: 1, qualifier: 'eq' });
  });

  test('an upsert replaces the attributes as they are in the line: fewer, more, and none of their old properties', async () => {
    const line = (attributes: unknown[]) => [
      { kind: 'source', id: 'att-src', label: 'Attribute source' },
      { kind: 'entity', id: 'att', type: 'company', label: 'Att Co', attributes },
    ];
    const attributeNodes = () => count("(:Entity {id: 'att'})-[:HAS_ATTRIBUTE]->(:Attribute)");
    const shown = async () => {
      const { attributes } = (await h.json('/entity/att')).body;
      return Object.fromEntries(Object.entries(attributes).map(([field, a]: [string, any]) => [field, a.data.map((d: any) => d.properties)]));
    };
    await h.ingest(writeNdjson('att1.ndjson', line([
      { field: 'name', value: 'Att Co', date: '2020-01-01' }, { field: 'address', value: '1 Old Rd', from_date: '2019-01' }, { field: 'country', value: 'GBR' },
    ])));
    expect(await attributeNodes()).toBe(3);

    await h.ingest(writeNdjson('att2.ndjson', line([{ field: 'name', value: 'Att Company' }])));
    expect(await attributeNodes()).toBe(1);
    expect(await shown()).toEqual({ name: [{ value: 'Att Company' }] });

    await h.ingest(writeNdjson('att3.ndjson', line([
      { field: 'name', value: 'Att Company' }, { field: 'name', value: 'Att Co Ltd' }, { field: 'address', value: '2 New St' }, { field: 'country', value: 'FRA' },
    ])));
    expect(await attributeNodes()).toBe(4);
    expect(await shown()).toEqual({
      name: [{ value: 'Att Company' }, { value: 'Att Co Ltd' }], address: [{ value: '2 New St' }], country: [{ value: 'FRA' }],
    });
    expect(await count('(a:Attribute) WHERE NOT (a)<-[:HAS_ATTRIBUTE]-(:Entity)')).toBe(0);
  });

  test('an id repeated within one file: the last line replaces the earlier one, as across files', async () => {
    const lines = [
      { kind: 'source', id: 'dup-src', label: 'Dup source' },
      { kind: 'entity', id: 'dup', type: 'company', attributes: [{ field: 'name', value: 'FIRST NAME' }, { field: 'address', value: 'First Addr' }], risk: [{ factor: 'pep' }] },
      { kind: 'entity', id: 'dup2', type: 'company', label: 'Other' },
      { kind: 'record', id: 'dup-rec', label: 'first', source: 'dup-src', references: [{ entity: 'dup', type: 'about' }, { entity: 'dup2', type: 'mentions' }] },
      { kind: 'possibly_same_as', a: 'dup', b: 'dup2', matches: { name: [{ target: 'old', source: 'old' }] } },
      { kind: 'entity', id: 'dup', type: 'person', attributes: [{ field: 'name', value: 'SECOND NAME' }] },
      { kind: 'record', id: 'dup-rec', label: 'second', source: 'dup-src', references: [{ entity: 'dup', type: 'mentions' }] },
      { kind: 'possibly_same_as', a: 'dup2', b: 'dup', matches: { name: [{ target: 'new', source: 'new' }] } },
    ];
    await h.ingest(writeNdjson('dup.ndjson', lines));
    const entity = (await h.json('/entity/dup')).body;
    expect(entity).toMatchObject({ label: 'SECOND NAME', type: 'person', pep: false });
    expect(entity.attributes.name.data.map((a: any) => a.properties.value)).toEqual(['SECOND NAME']);
    expect(entity.attributes.address).toBeUndefined();
    const record = (await h.json('/record/dup-rec')).body;
    expect(record).toMatchObject({ label: 'second', references_count: 1 });
    expect(record.references.data.map((r: any) => [r.entity.id, r.type])).toEqual([['dup', 'mentions']]);
    const fromDup = (await h.json('/entity/dup')).body.possibly_same_as.data[0].matches;
    const fromDup2 = (await h.json('/entity/dup2')).body.possibly_same_as.data[0].matches;
    expect(fromDup).toEqual({ name: [{ target: 'new', source: 'new' }] });
    expect(fromDup2).toEqual({ name: [{ target: 'new', source: 'new' }] });
  });

  test('a source loaded again with a new label: the entities of its records show the new label', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    const sourceOf = async () => (await h.json('/entity/e-acme')).body.source_count;
    const [sourceId] = Object.keys(await sourceOf());
    const source = acmeLines().find((l: any) => l.kind === 'source' && l.id === sourceId);
    await h.ingest(writeNdjson('relabel.ndjson', [{ ...source, label: 'Renamed register' }]));
    expect((await sourceOf())[sourceId].label).toBe('Renamed register');
  });

  test('lines may reference ids loaded by an earlier ingest', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    await h.ingest(writeNdjson('more.ndjson', [
      { kind: 'entity', id: 'e-new', type: 'company', attributes: [{ field: 'name', value: 'New Co', records: ['rec-001'] }] },
      { kind: 'relationship', type: 'subsidiary_of', from: 'e-new', to: 'e-acme' },
    ]));
    const { body } = await h.json('/entity/e-acme');
    expect(body.relationship_count).toMatchObject({ has_subsidiary: 1 });
    expect(body.degree).toBe(3);
  });

  test('re-ingesting keeps the derived risk the worker last wrote, and replaces the direct risk', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    const workerRisk = {
      sanctioned_gbr_hmt_ofsi: { value: 1, metadata: { country: ['GBR'] }, level: 'critical' },
      pep_adjacent: { value: 1, metadata: { country: [] }, level: 'elevated' },
    };
    await h.graph.write('CREATE (:RiskState {entity_id: $id, version: 1, risk: $risk})', { id: 'e-acme', risk: JSON.stringify(workerRisk) });
    const changed = acmeLines().map((l: any) => (l.id === 'e-acme' ? { ...l, risk: [{ factor: 'state_owned' }] } : l));
    await h.ingest(writeNdjson('acme2.ndjson', changed));
    const { body } = await h.json('/v1/entity/e-acme');
    expect(Object.keys(body.risk).sort()).toEqual(['pep_adjacent', 'state_owned']);
    expect(body.sanctioned).toBe(false);
  });

  test('files above the atomic size commit per batch and load the same graph', async () => {
    const file = writeNdjson('acme.ndjson', acmeLines());
    // Every derived summary field, per entity: per-batch mode refreshes them in concurrent batches.
    const summaries = async () => (await h.graph.read(
      `MATCH (e:Entity) RETURN e.id AS id, e {.degree, .relationship_count, .related_entities_count, .psa_count, .psa_sanctioned,
         .source_count, .sources, .sx_source, .references_count} AS summary ORDER BY id`,
    )).map((r) => [r.get('id'), r.get('summary')]);
    const small = await h.ingest(file, { atomic: 100 });
    expect(small.atomic).toBe(true);
    const before = await graphSize();
    const summariesBefore = await summaries();
    await wipeGraph(h.graph);
    const large = await h.ingest(file, { atomic: 3, batchSize: 2 });
    expect(large.atomic).toBe(false);
    expect(await graphSize()).toEqual(before);
    expect(await summaries()).toEqual(summariesBefore);
    expect(summariesBefore.length).toBeGreaterThan(2); // more than one batch of 2
    expect((await h.json('/entity/e-acme')).body).toMatchObject({ degree: 2, source_count: { gbr_psc: { count: 1 } } });
  });

  test('a new entity is written with the sx_source its summary gives it (one full-text indexing); a re-ingest without its records keeps every source', async () => {
    const tokens = async () => new Map((await h.graph.read('MATCH (e:Entity) RETURN e.id AS id, e.sx_source AS t ORDER BY id'))
      .map((r) => [r.get('id') as string, r.get('t') as string]));
    // Entity lines before the records about them: the tokens come from the whole file (the check pass).
    const lines = acmeLines();
    const entitiesFirst = [...lines.filter((l) => l.kind === 'source' || l.kind === 'entity'), ...lines.filter((l) => l.kind !== 'source' && l.kind !== 'entity')];
    let beforeSummaries = new Map<string, string>();
    await h.ingest(writeNdjson('entities-first.ndjson', entitiesFirst), {
      atomic: false, onWritesCommitted: async () => { beforeSummaries = await tokens(); }, // the last call comes before the summary refresh
    });
    const after = await tokens();
    expect(after.get('e-acme')).toBe(entitySourceTokens(['gbr_psc', 'ofsi']));
    expect(after.get('e-jdoe')).toBe(entitySourceTokens(['gbr_psc']));
    expect(after.get('e-jdoe-2')).toBe('');
    expect(beforeSummaries).toEqual(after);

    // The same entity again in a file with none of its records: its earlier sources stay.
    await h.ingest(writeNdjson('acme-again.ndjson', lines.filter((l) => l.kind === 'entity' && l.id === 'e-acme')), { atomic: false });
    expect((await tokens()).get('e-acme')).toBe(entitySourceTokens(['gbr_psc', 'ofsi']));
    const { body } = await h.json('/v1/search/entity?q=acme&filters=source%3Dofsi');
    expect(body.data.map((e: any) => e.id)).toEqual(['e-acme']);
  });

  test('the summary refresh reports the entities done after each batch, its psa neighbours counted', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    const events: [number, number][] = [];
    // One entity named: the refresh covers its possibly-same-as neighbour too.
    const [psa] = await h.graph.read('MATCH (a:Entity)-[:POSSIBLY_SAME_AS]->(b:Entity) RETURN a.id AS a, b.id AS b LIMIT 1');
    await refreshSummaries(ownTransactions(h.graph), [psa.get('a')], 1, 1, (done, total) => events.push([done, total]));
    expect(events).toEqual([[1, 2], [2, 2]]);
    events.length = 0;
    const ids = (await h.graph.read('MATCH (e:Entity) RETURN e.id AS id')).map((r) => r.get('id') as string);
    await refreshSummaries(ownTransactions(h.graph), ids, 2, 2, (done, total) => events.push([done, total]));
    // Two batches at once: they may finish in either order, so only the running total is fixed.
    expect(events).toHaveLength(Math.ceil(ids.length / 2));
    expect(events.every(([done, total], i) => total === ids.length && done > (events[i - 1]?.[0] ?? 0))).toBe(true);
    expect(events[events.length - 1]).toEqual([ids.length, ids.length]);
  });

  test('gzip files load', async () => {
    const plain = writeNdjson('acme.ndjson', acmeLines());
    const gz = `${plain}.gz`;
    fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(plain)));
    const report = await h.ingest(gz);
    expect(report.loaded.entity).toBe(3);
  });
});

describe('the :Sanctioned, :Pep and :Closed labels behind the traversal filters', () => {
  const labelsOf = async (id: string) => (await h.graph.read('MATCH (e:Entity {id: $id}) RETURN labels(e) AS l', { id }))[0].get('l') as string[];
  const watchlistTargets = async (id: string) => (await h.json(`/v1/watchlist/${id}?psa=false`)).body.data.map((d: any) => d.target.id);

  // Long (several ingests and a migrate); `npm run test:all` takes it.
  testFull('ingest sets them from the flags and an upsert that clears a flag removes its label', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    expect(await labelsOf('e-acme')).toContain('Sanctioned');
    expect(await labelsOf('e-jdoe')).toContain('Pep');
    expect(await watchlistTargets('e-jdoe')).toEqual(['e-acme']);
    expect((await h.json('/v1/traversal/e-acme?psa=false&pep=true')).body.data.map((d: any) => d.target.id)).toEqual(['e-jdoe']);

    expect(await labelsOf('e-acme')).not.toContain('Closed');

    await h.ingest(writeNdjson('acme2.ndjson', acmeLines().map((l: any) => (l.id === 'e-acme' ? { ...l, risk: [], closed: true } : l))));
    expect(await labelsOf('e-acme')).not.toContain('Sanctioned');
    expect(await labelsOf('e-acme')).toContain('Closed');
    expect(await watchlistTargets('e-jdoe')).toEqual([]);
    const reached = async (closed: boolean) =>
      (await h.json(`/v1/traversal/e-jdoe?psa=false&exclude_closed_entities=${closed}`)).body.data.map((d: any) => d.target.id);
    expect(await reached(false)).toEqual(['e-acme']);
    expect(await reached(true)).toEqual([]);

    await h.ingest(writeNdjson('acme3.ndjson', acmeLines()));
    expect(await labelsOf('e-acme')).not.toContain('Closed');
    expect(await reached(true)).toEqual(['e-acme']);
  });

  test('migrate backfills missing labels and removes stale ones', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    // A graph loaded before ingest kept the labels, with a stale one for good measure.
    await h.graph.write("MATCH (e:Entity) REMOVE e:Sanctioned:Pep WITH count(*) AS n MATCH (x:Entity {id: 'e-jdoe-2'}) SET x:Sanctioned:Closed");
    expect(await watchlistTargets('e-jdoe')).toEqual([]);
    await migrate(h.graph);
    expect(await watchlistTargets('e-jdoe')).toEqual(['e-acme']);
    expect(await labelsOf('e-jdoe')).toContain('Pep');
    expect(await labelsOf('e-jdoe-2')).not.toContain('Sanctioned');
    expect(await labelsOf('e-jdoe-2')).not.toContain('Closed');
  });
});

describe('the :DirectRisk label the risk worker reads its members from', () => {
  const marked = async () => (await h.graph.read('MATCH (e:DirectRisk) RETURN e.id AS id ORDER BY id')).map((r) => r.get('id'));

  test('ingest keeps it on the entities with direct risk, and migrate backfills and drops it', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    const withRisk = (await h.graph.read("MATCH (e:Entity) WHERE e.direct_risk <> '{}' RETURN e.id AS id ORDER BY id")).map((r) => r.get('id'));
    expect(withRisk).toEqual(expect.arrayContaining(['e-acme', 'e-jdoe']));
    expect(await marked()).toEqual(withRisk);

    // An upsert that clears the risk removes it; one that gives risk back sets it again.
    await h.ingest(writeNdjson('acme2.ndjson', acmeLines().map((l: any) => (l.id === 'e-acme' ? { ...l, risk: [] } : l))));
    expect(await marked()).toEqual(withRisk.filter((id) => id !== 'e-acme'));
    await h.ingest(writeNdjson('acme3.ndjson', acmeLines()));
    expect(await marked()).toEqual(withRisk);

    // A graph loaded before ingest kept it (no backfill marker yet; one entity from before
    // direct_risk, counted by its risk), with a stale one on an entity without risk.
    await h.graph.write("MATCH (m:MaintenanceStep {id: 'direct-risk-label'}) DELETE m");
    await h.graph.write("MATCH (e:DirectRisk) REMOVE e:DirectRisk WITH count(*) AS n MATCH (x:Entity {id: 'e-jdoe'}) REMOVE x.direct_risk");
    const plain = (await h.graph.read("MATCH (e:Entity) WHERE e.direct_risk = '{}' RETURN e.id AS id LIMIT 1"))[0].get('id') as string;
    await h.graph.write('MATCH (e:Entity {id: $plain}) SET e:DirectRisk', { plain });
    await migrate(h.graph);
    expect(await marked()).toEqual(withRisk);
    // The backfill runs once per database: a label lost after it is not scanned for again.
    await h.graph.write("MATCH (e:Entity {id: 'e-acme'}) REMOVE e:DirectRisk");
    await migrate(h.graph);
    expect(await marked()).toEqual(withRisk.filter((id) => id !== 'e-acme'));
  });
});

describe('the :WatchlistAdjacent label behind sanctioned / PEP searches', () => {
  // w-far -has_shareholder-> w-co -has_director-> w-person; w-holder and w-sdn stand apart.
  const entity = (id: string, type: string, risk: unknown[] = []) => ({ kind: 'entity', id, type, label: id, attributes: [{ field: 'name', value: id }], risk });
  const base = [
    { kind: 'source', id: 'wl-src', label: 'Watchlist upkeep source' },
    { kind: 'record', id: 'wl-rec', source: 'wl-src' },
    entity('w-far', 'company'), entity('w-co', 'company'), entity('w-person', 'person'), entity('w-holder', 'company'),
    { kind: 'relationship', type: 'has_shareholder', from: 'w-far', to: 'w-co', record: 'wl-rec' },
    { kind: 'relationship', type: 'has_director', from: 'w-co', to: 'w-person', record: 'wl-rec' },
  ];
  const adjacent = async () => (await h.graph.read('MATCH (e:WatchlistAdjacent) RETURN e.id AS id ORDER BY id')).map((r) => r.get('id'));
  const watchlist = async (id: string, maxDepth = 3) =>
    (await h.json(`/v1/watchlist/${id}?max_depth=${maxDepth}`)).body.data.map((d: any) => [d.target.id, d.path.length]);

  // Long (several ingests and a migrate); `npm run test:all` takes it.
  testFull('ingest adds it when an entity is flagged, or gets a fact or a psa link to a flagged one, in later files', async () => {
    await h.ingest(writeNdjson('wl-1.ndjson', base));
    expect(await adjacent()).toEqual([]);
    expect(await watchlist('w-far')).toEqual([]);

    // Flagged later: every entity with a fact to it (one step away) gets the label.
    await h.ingest(writeNdjson('wl-2.ndjson', [entity('w-person', 'person', [{ factor: 'pep' }])]));
    expect(await adjacent()).toEqual(['w-co']);
    expect(await watchlist('w-far')).toEqual([['w-person', 2]]);

    // A flagged entity, then a fact to it in another file, then a psa link to it.
    await h.ingest(writeNdjson('wl-3.ndjson', [entity('w-sdn', 'company', [{ factor: 'sanctioned_usa_ofac_sdn' }])]));
    expect(await adjacent()).toEqual(['w-co']);
    await h.ingest(writeNdjson('wl-4.ndjson', [{ kind: 'relationship', type: 'has_shareholder', from: 'w-sdn', to: 'w-far', record: 'wl-rec' }]));
    expect(await adjacent()).toEqual(['w-co', 'w-far']);
    expect(await watchlist('w-person')).toEqual([['w-sdn', 3]]);
    await h.ingest(writeNdjson('wl-5.ndjson', [{ kind: 'possibly_same_as', a: 'w-holder', b: 'w-sdn' }]));
    expect(await adjacent()).toEqual(['w-co', 'w-far', 'w-holder']);
    expect(await watchlist('w-holder', 4)).toEqual([['w-sdn', 1], ['w-person', 4]]);
  });

  // Long (several ingests and a migrate); `npm run test:all` takes it.
  testFull('a delisting leaves it in place until migrate, which also backfills it', async () => {
    await h.ingest(writeNdjson('wl-1.ndjson', [...base, entity('w-sdn', 'company', [{ factor: 'sanctioned_usa_ofac_sdn' }]),
      { kind: 'relationship', type: 'has_shareholder', from: 'w-sdn', to: 'w-far', record: 'wl-rec' }]));
    expect(await adjacent()).toEqual(['w-far']);
    await h.ingest(writeNdjson('wl-2.ndjson', [entity('w-sdn', 'company')]));
    // Ingest only ever adds the label: a stale one costs the search a little, a missing one a result.
    expect(await adjacent()).toEqual(['w-far']);
    expect(await watchlist('w-co')).toEqual([]);
    await migrate(h.graph);
    expect(await adjacent()).toEqual([]);

    // A graph loaded before ingest kept the label. The search's last step leaves only labelled
    // entities, so at max_depth 2 w-person (two steps from w-far) needs it on w-co.
    await h.ingest(writeNdjson('wl-3.ndjson', [entity('w-person', 'person', [{ factor: 'pep' }])]));
    await h.graph.write('MATCH (e:WatchlistAdjacent) REMOVE e:WatchlistAdjacent');
    expect(await watchlist('w-far', 2)).toEqual([]);
    await migrate(h.graph);
    expect(await adjacent()).toEqual(['w-co']);
    expect(await watchlist('w-far', 2)).toEqual([['w-person', 2]]);
  });
});

describe('bad lines', () => {
  const cases: [string, unknown, RegExp][] = [
    ['not JSON', '{"kind": "entity", ', /not valid JSON/],
    ['an unknown kind', { kind: 'person', id: 'x' }, /unknown kind "person"/],
    ['an unknown relationship type', { kind: 'relationship', type: 'owns', from: 'e-acme', to: 'e-jdoe' }, /type: unknown value "owns"/],
    ['a relationship line of type possibly_same_as', { kind: 'relationship', type: 'possibly_same_as', from: 'e-acme', to: 'e-jdoe' }, /type: "possibly_same_as" is a line kind of its own/],
    ['an unknown country id', { kind: 'source', id: 's', country: 'UK' }, /country: unknown value "UK"/],
    ['an unknown country attribute', { kind: 'entity', id: 'e-x', type: 'company', attributes: [{ field: 'country', value: 'XYZ' }] }, /unknown country id "XYZ"/],
    ['a malformed date', { kind: 'relationship', type: 'has_owner', from: 'e-acme', to: 'e-jdoe', to_date: '2020-13-01' }, /to_date: malformed date "2020-13-01"/],
    ['a derived risk factor', { kind: 'entity', id: 'e-y', type: 'company', risk: [{ factor: 'sanctioned_adjacent' }] }, /is a derived risk factor/],
    ['a client risk name of a derived shape', { kind: 'entity', id: 'e-y', type: 'company', risk: [{ factor: 'eu_50_percent_rule' }] }, /is a derived risk factor/],
    ['a dangling reference', { kind: 'relationship', type: 'has_owner', from: 'e-acme', to: 'e-ghost' }, /unknown entity "e-ghost"/],
    ['a record of an unknown source', { kind: 'record', id: 'r9', source: 'nowhere' }, /unknown source "nowhere"/],
    ['a self relationship', { kind: 'relationship', type: 'has_owner', from: 'e-acme', to: 'e-acme' }, /same entity/],
    ['a required field set to null', { kind: 'entity', id: null, type: 'company' }, /missing "id"/],
    ['a null inside a list', { kind: 'entity', id: 'e-z', type: 'company', attributes: [{ field: 'name', value: 'Z', records: [null] }] }, /records\.0: must be string/],
  ];

  test.each(cases)('%s: the file loads nothing and the line is named', async (_name, bad, reason) => {
    const lines = [...acmeLines(), bad];
    const file = writeNdjson('bad.ndjson', lines);
    const error = await h.ingest(file).catch((e) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error.bad).toEqual([{ file, line: lines.length, reason: expect.stringMatching(reason) }]);
    expect(error.message).toContain(`${file}:${lines.length}:`);
    expect(await graphSize()).toEqual({ nodes: 0, rels: 0 });
  });

  test('every bad line is named in the error, however many', async () => {
    const bad = Array.from({ length: 30 }, (_, i) => ({ kind: 'entity', id: `bad-${i}`, type: 'planet' }));
    const lines = [...acmeLines(), ...bad];
    const error = await h.ingest(writeNdjson('many-bad.ndjson', lines)).catch((e) => e);
    expect(error.bad).toHaveLength(30);
    for (let i = 0; i < 30; i++) expect(error.message).toContain(`many-bad.ndjson:${acmeLines().length + 1 + i}:`);
  });

  test('a byte-order mark before the first line is not part of it', async () => {
    const file = writeNdjson('bom.ndjson', acmeLines());
    fs.writeFileSync(file, '\uFEFF' + fs.readFileSync(file, 'utf8'));
    await h.ingest(file);
    expect((await h.json('/entity/e-acme')).status).toBe(200);
  });

  test('--skip-invalid loads the good lines, drops lines that depend on bad ones, and reports them', async () => {
    const lines = [
      ...acmeLines(),
      { kind: 'entity', id: 'e-bad', type: 'spaceship' },
      { kind: 'relationship', type: 'has_owner', from: 'e-acme', to: 'e-bad' },
    ];
    const report = await h.ingest(writeNdjson('mixed.ndjson', lines), { skipInvalid: true });
    expect(report.bad.map((b) => b.line)).toEqual([lines.length - 1, lines.length]);
    expect(report.bad[1].reason).toMatch(/unknown entity "e-bad"/);
    expect(report.loaded.entity).toBe(3);
    expect(await count('(e:Entity)')).toBe(3);
  });
});

describe('a bad line that defines an id', () => {
  const ownerOf = (from: string) => ({ kind: 'relationship', type: 'has_owner', from, to: 'e-jdoe' });
  const badEntity = (id: string) => ({ kind: 'entity', id, type: 'company', attributes: [{ field: 'name', value: 'X', records: ['rec-missing'] }] });

  test('leaves it known when the graph holds it: only that line is bad', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    const lines = [badEntity('e-acme'), ownerOf('e-acme')];
    const error = await h.ingest(writeNdjson('redefine.ndjson', lines)).catch((e) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error.bad.map((b: { line: number; reason: string }) => [b.line, b.reason])).toEqual([[1, expect.stringMatching(/unknown record "rec-missing"/)]]);
    const report = await h.ingest(writeNdjson('redefine.ndjson', lines), { skipInvalid: true });
    expect(report.loaded.relationship).toBe(1);
    expect(await count('(:Entity {id: "e-acme"})-[:HAS_OWNER]->(:Entity {id: "e-jdoe"})')).toBeGreaterThan(0);
  });

  test('leaves it known while another line of the file defines it, and not after', async () => {
    await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
    const twice = [{ kind: 'entity', id: 'e-new', type: 'company', label: 'NEW LTD' }, badEntity('e-new'), ownerOf('e-new')];
    const error = await h.ingest(writeNdjson('twice.ndjson', twice)).catch((e) => e);
    expect(error.bad.map((b: { line: number }) => b.line)).toEqual([2]);
    const once = [badEntity('e-new'), ownerOf('e-new')];
    const dangling = await h.ingest(writeNdjson('once.ndjson', once)).catch((e) => e);
    expect(dangling.bad.map((b: { line: number; reason: string }) => [b.line, b.reason])).toEqual([
      [1, expect.stringMatching(/unknown record "rec-missing"/)],
      [2, expect.stringMatching(/unknown entity "e-new"/)],
    ]);
  });
});

describe('the ingest command', () => {
  const cli = path.join(REPO, 'dist', 'src', 'cli.js');
  const env = { ...testEnv(), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv;

  test('reads standard input with "-" and reports counts', async () => {
    const input = acmeLines().map((l) => JSON.stringify(l)).join('\n');
    const { stderr } = await new Promise<{ stderr: string }>((resolve, reject) => {
      const child = execFile('node', [cli, 'ingest', '-'], { env }, (err, _stdout, stderr) => (err ? reject(Object.assign(err, { stderr })) : resolve({ stderr })));
      child.stdin!.end(input);
    });
    expect(stderr).toMatch(/-: loaded 2 source, 2 record, 3 entity, 2 relationship, 1 possibly_same_as/);
    expect(await count('(e:Entity)')).toBe(3);
  });

  /**
   * Runs `work` with a real write-time failure in place: a uniqueness constraint on entity
   * labels that the check pass knows nothing about; the re-scoring queue starts and ends empty.
   */
  async function withLabelConstraint(work: (rescore: ReturnType<Queues['queue']>) => Promise<void>): Promise<void> {
    await h.graph.write('DROP CONSTRAINT test_entity_label_unique IF EXISTS');
    await h.graph.write('CREATE CONSTRAINT test_entity_label_unique IF NOT EXISTS FOR (e:Entity) REQUIRE e.label IS UNIQUE');
    const rescore = h.queues.queue(QUEUE_NAMES.rescore);
    await rescore.drain(true);
    try {
      await work(rescore);
    } finally {
      await h.graph.write('DROP CONSTRAINT test_entity_label_unique IF EXISTS');
      await rescore.drain(true);
    }
  }

  // The command failing while it writes, and reading a bad line from stdin: CLI processes that
  // only `npm run test:all` starts; `npm test` runs the command's counts and its exit on a bad file.
  testFull('a file that fails in a later batch still queues re-scoring of the batches it committed', async () => {
    // Broken by the second batch of entities (two lines a batch, committed batch by batch).
    await withLabelConstraint(async (rescore) => {
      const file = writeNdjson('half.ndjson', [
        { kind: 'entity', id: 'e-first', type: 'company', label: 'FIRST LTD' },
        { kind: 'entity', id: 'e-second', type: 'company', label: 'SECOND LTD' },
        { kind: 'entity', id: 'e-third', type: 'company', label: 'THIRD LTD' },
        { kind: 'entity', id: 'e-again', type: 'company', label: 'FIRST LTD' },
      ]);
      const error = await promisify(execFile)('node', [cli, 'ingest', file], { env: { ...env, INGEST_BATCH_SIZE: '2', INGEST_ATOMIC_MAX_LINES: '3' } }).catch((e) => e);
      expect(error.code).toBe(1);
      expect(error.stderr).toMatch(/already exists with label/);
      expect(await count('(e:Entity)')).toBe(2);
      const queued = (await rescore.getJobs(['waiting', 'prioritized', 'delayed'])).flatMap((job) => job.data.entityIds as string[]);
      expect(queued.sort()).toEqual(['e-first', 'e-second']);
    });
  });

  testFull('a file written in one transaction that fails while writing leaves nothing and queues nothing', async () => {
    // The same failure in a file small enough for one transaction: every batch of it is rolled
    // back, and no re-scoring is queued for entities that are not there.
    await withLabelConstraint(async (rescore) => {
      const before = await count('(e:Entity)');
      const file = writeNdjson('whole.ndjson', [
        { kind: 'entity', id: 'w-first', type: 'company', label: 'WHOLE FIRST LTD' },
        { kind: 'entity', id: 'w-second', type: 'company', label: 'WHOLE SECOND LTD' },
        { kind: 'relationship', type: 'has_shareholder', from: 'w-first', to: 'w-second' },
        { kind: 'entity', id: 'w-again', type: 'company', label: 'WHOLE FIRST LTD' },
      ]);
      const error = await promisify(execFile)('node', [cli, 'ingest', file], { env: { ...env, INGEST_BATCH_SIZE: '2' } }).catch((e) => e);
      expect(error.code).toBe(1);
      expect(error.stderr).toMatch(/already exists with label/);
      expect(await count('(e:Entity)')).toBe(before);
      expect(await count('(e:Entity) WHERE e.id STARTS WITH "w-"')).toBe(0);
      expect(await count('()-[r]->() WHERE startNode(r).id STARTS WITH "w-" OR endNode(r).id STARTS WITH "w-"')).toBe(0);
      expect(await rescore.getJobs(['waiting', 'prioritized', 'delayed', 'active'])).toEqual([]);
    });
  });

  testFull('a bad line read from standard input is named as "-", not as the temporary copy', async () => {
    const input = [...acmeLines(), { kind: 'nope' }].map((l) => JSON.stringify(l)).join('\n');
    const error = await new Promise<{ code: number; stderr: string }>((resolve) => {
      const child = execFile('node', [cli, 'ingest', '-'], { env }, (err, _stdout, stderr) => resolve({ code: (err as { code?: number } | null)?.code ?? 0, stderr }));
      child.stdin!.end(input);
    });
    expect(error.code).toBe(1);
    expect(error.stderr).toContain(`-:${acmeLines().length + 1}: unknown kind "nope"`);
    expect(error.stderr).not.toMatch(/stdin\.ndjson/);
  });

  test('exits non-zero and names file and line for a bad file', async () => {
    const file = writeNdjson('bad.ndjson', [...acmeLines(), { kind: 'nope' }]);
    const error = await promisify(execFile)('node', [cli, 'ingest', file], { env }).catch((e) => e);
    expect(error.code).toBe(1);
    expect(error.stderr).toContain(`${file}:${acmeLines().length + 1}: unknown kind "nope"`);
    // Nothing but the marker of migrate's one-time step, which the command runs first.
    expect(await count('(n) WHERE NOT n:MaintenanceStep')).toBe(0);
  });
});
