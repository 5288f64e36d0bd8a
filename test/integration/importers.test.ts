/**
 * The FtM and BODS importers against the real Neo4j: the seed samples load, read back over
 * HTTP, traverse across the two formats and score (a sanctioned FtM person owning 60% of a
 * BODS company); a second release updates in place; bad input is line-numbered and writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NotificationFeed } from '../../src/feeds/notifications';
import { IngestError } from '../../src/ingest/ingest';
import { importFile } from '../../src/importers/importFile';
import { RiskScorer } from '../../src/services/risk';
import { spawnSync } from 'node:child_process';
import { REPO, testEnv } from '../support/env';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { testFull } from '../support/full';

const FTM = path.join(REPO, 'seed', 'sample-ftm.jsonl');
const BODS = path.join(REPO, 'seed', 'sample-bods.json');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const counts = async () => {
  // A risk state is the re-scoring's bookkeeping (a changed risk of an entity never scored leaves a baseline), not data;
  // so is the marker of a one-time migrate step (the CLI migrates first).
  const [row] = await h.graph.read('MATCH (n) WHERE NOT n:RiskState AND NOT n:MaintenanceStep WITH count(n) AS nodes OPTIONAL MATCH ()-[r]->() RETURN nodes, count(r) AS rels');
  return { nodes: Number(row.get('nodes')), rels: Number(row.get('rels')) };
};
const loadSamples = async () => {
  const bods = await importFile(h.graph, 'bods', BODS, { batchSize: 500 });
  const ftm = await importFile(h.graph, 'ftm', FTM, { batchSize: 500 });
  return { bods, ftm };
};
const allIds = async () => (await h.graph.read('MATCH (e:Entity) RETURN e.id AS id')).map((r) => r.get('id') as string);

describe('the seed samples', () => {
  beforeAll(async () => {
    await wipeGraph(h.graph);
  });

  test('load, with what could not be mapped counted', async () => {
    const { bods, ftm } = await loadSamples();
    expect(bods.ingest.loaded).toEqual({ source: 1, record: 8, entity: 5, relationship: 4, possibly_same_as: 0, shipment: 0 });
    expect(bods.skipped).toEqual([]);
    expect(ftm.ingest.loaded.entity).toBe(6);
    expect(ftm.ingest.loaded.relationship).toBe(5);
    expect(ftm.ingest.loaded.possibly_same_as).toBe(1);
    expect(ftm.unmapped['unknown schema (line not loaded)']).toEqual({ Payment: 1 });
    expect(ftm.unmapped['topic the graph derives from links (not stored)']).toEqual({ 'sanction.linked': 1, 'role.rca': 1 });
  });

  test('an FtM person reads back with its attributes, risk and sanction record', async () => {
    const { status, body } = await h.json(`/v1/entity/ftm-p-kalinov`);
    expect(status).toBe(200);
    expect(body.label).toBe('Dmitri Kalinov');
    expect(body.type).toBe('person');
    expect(body.sanctioned).toBe(true);
    expect(body.countries).toEqual(['RUS']);
    expect(body.addresses).toEqual(['Rublyovskoye Shosse 12, Moscow']);
    expect(body.identifiers).toEqual(expect.arrayContaining([expect.objectContaining({ value: '7200000001', type: 'passport' })]));
    expect(Object.keys(body.risk)).toEqual(expect.arrayContaining(['sanctioned', 'sanctioned_usa_ofac_sdn']));
    const [record] = await h.graph.read('MATCH (r:Record {id: $id})-[]-(e:Entity {id: $e}) RETURN r.label AS label, r.publication_date AS date', { id: 'ftm-sanction-kalinov', e: 'ftm-p-kalinov' });
    expect(record.get('label')).toBe('Office of Foreign Assets Control: RUSSIA-EO14024 (listed 2022-04-06)');
    expect(record.get('date')).toBe('2022-04-06');
  });

  test('a BODS company replaced by a later statement holds the later data under the first id', async () => {
    const { status, body } = await h.json(`/v1/entity/bods-st-meridian-1`);
    expect(status).toBe(200);
    expect(body.label).toBe('MERIDIAN HOLDINGS LTD');
    expect(body.addresses).toEqual(['9 Fenchurch Avenue, London EC3M 5BN']);
    expect((await h.json('/v1/entity/bods-st-meridian-2')).status).toBe(404);
  });

  test('the ubo of a BODS company runs through BODS and FtM facts to the sanctioned person', async () => {
    const { status, body } = await h.json('/v1/ubo/bods-st-harbourline-1?max_depth=3');
    expect(status).toBe(200);
    const targets = body.data.map((d: { target: { id: string } }) => d.target.id);
    expect(targets).toEqual(expect.arrayContaining(['bods-st-meridian-1', 'ftm-p-kalinov', 'bods-st-voss-1']));
    const toKalinov = body.data.find((d: { target: { id: string } }) => d.target.id === 'ftm-p-kalinov');
    expect(toKalinov.path.length).toBe(2);
  });

  test('derived risk: the BODS company 60% owned by the sanctioned FtM person is owned_by_sanctioned and meets the 50% rule', async () => {
    await new RiskScorer(h.graph, new NotificationFeed(h.redis)).score(await allIds());
    const { body } = await h.json('/v1/entity/bods-st-meridian-1');
    expect(Object.keys(body.risk)).toEqual(expect.arrayContaining(['owned_by_sanctioned_entity', 'sanctioned_50_percent_rule']));
    const below = await h.json('/v1/entity/bods-st-harbourline-1');
    expect(Object.keys(below.body.risk)).toContain('owned_by_sanctioned_entity');
  });

  test('a ubo answer as FtM entities: things, an Ownership with its percentage, the source with its own data', async () => {
    const res = await h.get('/v1/ubo/bods-st-harbourline-1?max_depth=3', { headers: { accept: 'application/x-ndjson' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
    const byId = new Map(lines.map((l) => [l.id, l]));
    expect(byId.get('ftm-p-kalinov')).toEqual(expect.objectContaining({ schema: 'Person' }));
    expect(byId.get('ftm-p-kalinov').properties).toEqual(expect.objectContaining({ name: ['Dmitri Kalinov'], country: ['ru'], topics: ['sanction'], birthDate: ['1968-11-04'] }));
    expect(byId.get('bods-st-harbourline-1').properties.name).toEqual(['HARBOURLINE LOGISTICS LTD']);
    expect(lines).toContainEqual(expect.objectContaining({
      schema: 'Ownership', properties: expect.objectContaining({ asset: ['bods-st-meridian-1'], owner: ['ftm-p-kalinov'], percentage: ['60'] }),
    }));
  });

  test('a ubo answer as GraphML', async () => {
    const res = await h.get('/v1/ubo/bods-st-harbourline-1?max_depth=3', { headers: { accept: 'application/graphml+xml' } });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('<graphml xmlns="http://graphml.graphdrawing.org/xmlns">');
    expect(xml).toMatch(/<node id="ftm-p-kalinov">\s*<data key="n_label">Dmitri Kalinov<\/data>/);
    expect(xml).toMatch(/<edge id="e\d+" source="bods-st-meridian-1" target="ftm-p-kalinov">\s*<data key="e_relationship">has_shareholder<\/data>\s*<data key="e_percentage">60<\/data>/);
  });

  test('an entity with its related entities as FtM entities and as GraphML', async () => {
    const res = await h.get('/v1/entity/bods-st-meridian-1', { headers: { accept: 'application/x-ndjson' } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toContainEqual(expect.objectContaining({ id: 'bods-st-meridian-1', schema: 'Company' }));
    expect(lines).toContainEqual(expect.objectContaining({ id: 'bods-st-voss-1', schema: 'Person' }));
    expect(lines).toContainEqual(expect.objectContaining({ schema: 'Ownership', properties: expect.objectContaining({ asset: ['bods-st-meridian-1'], owner: ['bods-st-voss-1'], percentage: ['25'] }) }));
    expect(lines).toContainEqual(expect.objectContaining({ schema: 'Ownership', properties: expect.objectContaining({ asset: ['bods-st-meridian-1'], owner: ['ftm-p-kalinov'], percentage: ['60'] }) }));
    const xml = await (await h.get('/v1/entity/bods-st-meridian-1', { headers: { accept: 'application/graphml+xml' } })).text();
    expect(xml).toMatch(/<edge id="e\d+" source="bods-st-meridian-1" target="bods-st-voss-1">/);
  });

  test('an FtM export imported into an empty graph exports the same again (round trip)', async () => {
    const exported = async () => {
      const res = await h.get('/v1/ubo/bods-st-harbourline-1?max_depth=3', { headers: { accept: 'application/x-ndjson' } });
      return (await res.text()).trim().split('\n').sort();
    };
    const first = await exported();
    await wipeGraph(h.graph);
    const report = await importFile(h.graph, 'ftm', writeNdjson('export.jsonl', first), { batchSize: 500 });
    expect(report.skipped).toEqual([]);
    expect(await exported()).toEqual(first);
    await wipeGraph(h.graph);
    await loadSamples();
  });

  test('importing both again changes nothing', async () => {
    const before = await counts();
    const { bods, ftm } = await loadSamples();
    expect(await counts()).toEqual(before);
    // Nothing changed: nothing written, nothing to re-score.
    expect(ftm.release).toEqual({ added: 0, changed: 0, unchanged: 15, ended: 0, absent: 0 });
    expect(bods.release).toEqual({ added: 0, changed: 0, unchanged: 8, ended: 0, absent: 0 });
    expect(ftm.ingest.touchedEntities).toBe(0);
    expect(ftm.ingest.loaded.entity + ftm.ingest.loaded.relationship).toBe(0);
  });
});

describe('releases and bad input', () => {
  beforeEach(async () => {
    await wipeGraph(h.graph);
  });

  test('a second FtM release updates an entity and a share in place', async () => {
    const person = { id: 'r-p1', schema: 'Person', properties: { name: ['Ann Example'], topics: ['role.pep'] }, datasets: ['rel_test'] };
    const company = { id: 'r-c1', schema: 'Company', properties: { name: ['Example Ltd'], jurisdiction: ['gb'] }, datasets: ['rel_test'] };
    const own = { id: 'r-o1', schema: 'Ownership', properties: { owner: ['r-p1'], asset: ['r-c1'], percentage: ['30'] }, datasets: ['rel_test'] };
    const r1 = await importFile(h.graph, 'ftm', writeNdjson('r1.jsonl', [person, company, own]), { batchSize: 500 });
    expect(r1.release).toEqual({ added: 3, changed: 0, unchanged: 0, ended: 0, absent: 0 });
    const first = await counts();
    const second = [
      { ...person, properties: { name: ['Ann Example'], topics: ['sanction'] } },
      company,
      { ...own, properties: { ...own.properties, percentage: ['55'] } },
    ];
    const r2 = await importFile(h.graph, 'ftm', writeNdjson('r2.jsonl', second), { batchSize: 500 });
    expect(r2.release).toEqual({ added: 0, changed: 2, unchanged: 1, ended: 0, absent: 0 });
    // Re-scoring is queued for the entities of the changed items only: the person and, through the share, the company.
    expect(r2.ingest.touchedEntities).toBe(2);
    expect(r2.ingest.loaded.entity).toBe(1);
    expect(await counts()).toEqual(first);
    const [row] = await h.graph.read('MATCH (c:Entity {id: "r-c1"})-[r:HAS_SHAREHOLDER]->(p:Entity {id: "r-p1"}) RETURN r.percentage AS pct, p.sanctioned AS s, p.pep AS pep');
    expect(row.get('pct')).toBe(55);
    expect(row.get('s')).toBe(true);
    expect(row.get('pep')).toBe(false);
    // A third import without the ownership and without --release: counted, left in the graph.
    const r3 = await importFile(h.graph, 'ftm', writeNdjson('r3.jsonl', second.slice(0, 2)), { batchSize: 500 });
    expect(r3.release).toEqual({ added: 0, changed: 0, unchanged: 2, ended: 0, absent: 1 });
    expect(await counts()).toEqual(first);
  });

  test('malformed FtM input is reported by line and leaves the graph unchanged', async () => {
    await loadSamples();
    const before = await counts();
    const file = writeNdjson('bad.jsonl', [
      { id: 'b-1', schema: 'Company', properties: { name: ['Good Co'] } },
      '{"id": "b-2", "schema": ',
      { id: 'b-3', schema: 'Ownership', properties: { owner: ['b-1'] } },
      { id: 'b-4', schema: 'Ownership', properties: { owner: ['b-1'], asset: ['nowhere'] } },
    ]);
    const err = await importFile(h.graph, 'ftm', file, { batchSize: 500 }).catch((e) => e);
    expect(err).toBeInstanceOf(IngestError);
    expect((err as IngestError).bad.map((b) => [b.line, b.reason.slice(0, 16)])).toEqual([[2, 'not valid JSON ('], [3, 'Ownership withou']]);
    expect(await counts()).toEqual(before);
  });

  test('a reference to an entity nowhere is the input line, and --skip-invalid loads the rest', async () => {
    const file = writeNdjson('dangling.jsonl', [
      { id: 'd-1', schema: 'Company', properties: { name: ['Good Co'] } },
      { id: 'd-2', schema: 'Ownership', properties: { owner: ['d-1'], asset: ['nowhere'] } },
    ]);
    const err = await importFile(h.graph, 'ftm', file, { batchSize: 500 }).catch((e) => e);
    expect(err).toBeInstanceOf(IngestError);
    expect((err as IngestError).bad.map((b) => b.line)).toEqual([2]);
    const report = await importFile(h.graph, 'ftm', file, { batchSize: 500, skipInvalid: true });
    expect(report.ingest.loaded.entity).toBe(1);
    expect(report.skipped.map((b) => b.line)).toEqual([2]);
  });

  test('a converted line the ingest refuses is reported as its input line, checked as it was converted', async () => {
    const long = 'x'.repeat(600);
    const file = writeNdjson('long.jsonl', [
      { id: 'l-1', schema: 'Company', properties: { name: ['Good Co'] } },
      { id: long, schema: 'Company', properties: { name: ['Long Co'] } },
    ]);
    const err = await importFile(h.graph, 'ftm', file, { batchSize: 500 }).catch((e) => e);
    expect(err).toBeInstanceOf(IngestError);
    expect((err as IngestError).bad.map((b) => [b.line, b.reason])).toEqual([[2, 'id: must NOT have more than 512 characters']]);
    expect(await counts()).toEqual({ nodes: 0, rels: 0 });
    const report = await importFile(h.graph, 'ftm', file, { batchSize: 500, skipInvalid: true });
    expect(report.ingest.loaded.entity).toBe(1);
    expect(report.skipped.map((b) => b.line)).toEqual([2]);
  });

  // Three CLI processes: only in `npm run test:all`; `npm test` runs the ingest command's (ingest.test.ts).
  testFull('the CLI: a bad file exits 1 naming its lines; a good one prints its counts; export writes GraphML', async () => {
    const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(REPO, 'dist', 'src', 'cli.js'), ...args], { env: testEnv() as NodeJS.ProcessEnv, encoding: 'utf8' });
    const bad = writeNdjson('cli-bad.jsonl', [{ id: 'k-1', schema: 'Company', properties: { name: ['K'] } }, '{oops', { id: 'k-2', schema: 'Ownership', properties: { owner: ['k-1'] } }]);
    const failed = cli('import', 'ftm', bad);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`${bad}:2: not valid JSON`);
    expect(failed.stderr).toContain(`${bad}:3: Ownership without "asset"`);
    expect(await counts()).toEqual({ nodes: 0, rels: 0 });
    const good = writeNdjson('cli-good.jsonl', [{ id: 'k-1', schema: 'Company', properties: { name: ['K'] } }, { id: 'k-3', schema: 'Person', properties: { name: ['P'] } },
      { id: 'k-2', schema: 'Ownership', properties: { owner: ['k-3'], asset: ['k-1'], percentage: ['51'] } }]);
    const loaded = cli('import', 'ftm', good);
    expect(loaded.status).toBe(0);
    expect(loaded.stderr).toContain('3 added, 0 changed, 0 ended, 0 unchanged');
    const exported = cli('export', 'graphml', 'k-1', '--route', 'ubo');
    expect(exported.status).toBe(0);
    expect(exported.stdout).toMatch(/<edge id="e0" source="k-1" target="k-3">\s*<data key="e_relationship">has_shareholder<\/data>\s*<data key="e_percentage">51<\/data>/);
  });

  test('BODS JSON lines, gzip, with an unspecified party counted', async () => {
    const lines = [
      { statementId: 's-e1', statementType: 'entityStatement', entityType: 'registeredEntity', name: 'Lines Co' },
      { statementId: 's-o1', statementType: 'ownershipOrControlStatement', subject: { describedByEntityStatement: 's-e1' }, interestedParty: { unspecified: { reason: 'noBeneficialOwners' } }, interests: [] },
    ];
    const plain = writeNdjson('b.jsonl', lines);
    const gz = `${plain}.gz`;
    fs.writeFileSync(gz, require('node:zlib').gzipSync(fs.readFileSync(plain)));
    const report = await importFile(h.graph, 'bods', gz, { batchSize: 500 });
    expect(report.ingest.loaded.entity).toBe(1);
    expect(report.unmapped['unspecified interested party (relationship not loaded)']).toEqual({ noBeneficialOwners: 1 });
  });
});
