/**
 * Releases of an imported dataset against the real Neo4j and Redis: a whole release (`--release`)
 * ends what it no longer holds (facts end, records and entities are withdrawn, a delisted person
 * loses its sanctions factors), queues re-scoring of what changed only, and is all-or-nothing;
 * an import without --release, or one that skipped lines, ends nothing; a BODS statement
 * replacing one of an earlier file updates and ends what that one wrote.
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { NotificationFeed } from '../../src/feeds/notifications';
import { IngestError } from '../../src/ingest/ingest';
import { importFile } from '../../src/importers/importFile';
import { migrate } from '../../src/graph/migrate';
import { RiskScorer } from '../../src/services/risk';
import { QUEUE_NAMES } from '../../src/workers/queues';
import { REPO, testEnv } from '../support/env';
import { statementsDuring } from '../support/statementsDuring';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DS = ['us_ofac_sdn'];
const person = (id: string, name: string, topics: string[] = []) => ({ id, schema: 'Person', properties: { name: [name], topics }, datasets: DS });
const company = (id: string, name: string) => ({ id, schema: 'Company', properties: { name: [name] }, datasets: DS });
const ownership = (id: string, asset: string, owner: string, pct: string) => ({ id, schema: 'Ownership', properties: { asset: [asset], owner: [owner], percentage: [pct] }, datasets: DS });
const FIRST = [
  person('rl-p1', 'Ivan Delisted', ['sanction']),
  { id: 'rl-s1', schema: 'Sanction', properties: { entity: ['rl-p1'], authority: ['OFAC'], program: ['RUSSIA-EO14024'], listingDate: ['2022-04-06'] }, datasets: DS },
  company('rl-c1', 'Delisted Holdings'),
  ownership('rl-o1', 'rl-c1', 'rl-p1', '60'),
  person('rl-p2', 'Olga Listed', ['sanction']),
  company('rl-c2', 'Listed Trading'),
  ownership('rl-o2', 'rl-c2', 'rl-p2', '30'),
  { id: 'rl-d1', schema: 'Directorship', properties: { organization: ['rl-c2'], director: ['rl-p2'], role: ['director'] }, datasets: DS },
];
/** The second release: rl-p1 and its sanction delisted, the directorship gone, a share changed, a company added. */
const SECOND = [
  FIRST[2], FIRST[3], FIRST[4], FIRST[5],
  ownership('rl-o2', 'rl-c2', 'rl-p2', '40'),
  company('rl-c3', 'New Listing Co'),
];

const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(REPO, 'dist', 'src', 'cli.js'), ...args], { env: testEnv() as NodeJS.ProcessEnv, encoding: 'utf8' });
const snapshot = async () => {
  const [row] = await h.graph.read(`MATCH (n) WITH count(n) AS nodes
    CALL () { MATCH ()-[r]->() RETURN count(r) AS rels, collect(coalesce(r.to_date, '') + coalesce(r.percentage, '')) AS facts }
    CALL () { MATCH (e:Entity) RETURN collect(e.id + ':' + e.risk + ':' + coalesce(e.withdrawn_date, '')) AS entities }
    CALL () { MATCH (i:ImportItem) RETURN collect(i.key + i.hash + i.run) AS items }
    RETURN nodes, rels, facts, entities, items`);
  return { nodes: Number(row.get('nodes')), rels: Number(row.get('rels')), facts: [...row.get('facts')].sort(), entities: [...row.get('entities')].sort(), items: [...row.get('items')].sort() };
};
const entity = async (id: string) => (await h.json(`/v1/entity/${id}`)).body;
const score = (ids: string[]) => new RiskScorer(h.graph, new NotificationFeed(h.redis)).process(ids, 'ingest');
const queuedIds = async () => {
  const jobs = await h.queues.queue(QUEUE_NAMES.rescore).getJobs(['waiting', 'wait', 'delayed', 'prioritized']);
  return [...new Set(jobs.flatMap((j) => j.data.entityIds as string[]))].sort();
};
const allIds = async () => (await h.graph.read('MATCH (e:Entity) RETURN e.id AS id')).map((r) => r.get('id') as string);

describe('a whole FtM release (--release)', () => {
  beforeAll(async () => {
    await wipeGraph(h.graph);
    await h.queues.queue(QUEUE_NAMES.rescore).obliterate({ force: true });
    const first = cli('import', 'ftm', writeNdjson('first.jsonl', FIRST));
    expect(first.stderr).toContain('8 added, 0 changed, 0 ended, 0 unchanged');
    await score(await allIds());
    await h.queues.queue(QUEUE_NAMES.rescore).obliterate({ force: true });
  });

  test('before: the person is sanctioned and the company it owns is owned_by_sanctioned', async () => {
    expect(Object.keys((await entity('rl-p1')).risk)).toEqual(expect.arrayContaining(['sanctioned', 'sanctioned_usa_ofac_sdn']));
    expect(Object.keys((await entity('rl-c1')).risk)).toEqual(expect.arrayContaining(['owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity']));
  });

  test('a malformed second release is refused and leaves the graph and the release state unchanged', async () => {
    const before = await snapshot();
    const bad = cli('import', 'ftm', '--release', writeNdjson('bad.jsonl', [...SECOND, '{"id": "rl-x", ']));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(':7: not valid JSON');
    expect(await snapshot()).toEqual(before);
    expect(await queuedIds()).toEqual([]);
  });

  test('the second release counts added, changed, ended, unchanged and queues only what changed', async () => {
    const run = cli('import', 'ftm', '--release', writeNdjson('second.jsonl', SECOND));
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('1 added, 1 changed, 3 ended, 4 unchanged');
    // The added company, both ends of the changed share and of the ended directorship, the delisted person.
    expect(await queuedIds()).toEqual(['rl-c2', 'rl-c3', 'rl-p1', 'rl-p2']);
  });

  test('the removed relationship ends the day before the release and stays as history; the changed share is updated', async () => {
    const rows = await h.graph.read('MATCH (:Entity {id: "rl-c2"})-[r:HAS_DIRECTOR]->(:Entity {id: "rl-p2"}) RETURN r.to_date AS to, r.ended_by_release AS by');
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(rows.map((r) => [r.get('to'), r.get('by')])).toEqual([[yesterday, today]]);
    const [share] = await h.graph.read('MATCH (:Entity {id: "rl-c2"})-[r:HAS_SHAREHOLDER]->(:Entity {id: "rl-p2"}) RETURN r.percentage AS pct, r.to_date AS to');
    expect(share.get('pct')).toBe(40);
    expect(share.get('to')).toBeNull();
  });

  test('the delisted person is withdrawn: its sanction record ends, it keeps its name, and sanctioned becomes formerly_sanctioned', async () => {
    const [record] = await h.graph.read('MATCH (r:Record {id: "rl-s1"}) RETURN r.withdrawn_date AS w');
    expect(record.get('w')).toBe(new Date().toISOString().slice(0, 10));
    const p1 = await entity('rl-p1');
    expect(p1.label).toBe('Ivan Delisted');
    expect(p1.sanctioned).toBe(false);
    expect(Object.keys(p1.risk)).not.toContain('sanctioned');
    expect(Object.keys(p1.risk)).toEqual(expect.arrayContaining(['formerly_sanctioned', 'formerly_sanctioned_usa_ofac_sdn']));
    expect((await entity('rl-p2')).sanctioned).toBe(true);
  });

  test('after re-scoring the queued ids, the company the delisted person owns is no longer owned_by_sanctioned', async () => {
    await score(await queuedIds());
    const c1 = Object.keys((await entity('rl-c1')).risk);
    expect(c1.filter((f) => f.startsWith('owned_by_sanctioned'))).toEqual([]);
    expect(Object.keys((await entity('rl-c2')).risk)).toContain('owned_by_sanctioned_entity');
  });

  test('importing the same release again changes nothing and ends nothing, and writes no item state', async () => {
    const before = await snapshot();
    const again = await importFile(h.graph, 'ftm', writeNdjson('again.jsonl', SECOND), { batchSize: 500, release: new Date().toISOString().slice(0, 10) });
    expect(again.release).toEqual({ added: 0, changed: 0, unchanged: 6, ended: 0, absent: 0 });
    expect(again.ingest.touchedEntities).toBe(0);
    const after = await snapshot();
    expect(after.facts).toEqual(before.facts);
    // Each item keeps the run that last wrote it: an unchanged item is not written.
    expect(after.items).toEqual(before.items);
  });

  test('a delisted person listed again is sanctioned again and no longer withdrawn', async () => {
    const back = await importFile(h.graph, 'ftm', writeNdjson('back.jsonl', [...SECOND, FIRST[0]]), { batchSize: 500 });
    expect(back.release).toEqual({ added: 1, changed: 0, unchanged: 6, ended: 0, absent: 0 });
    const p1 = await entity('rl-p1');
    expect(p1.sanctioned).toBe(true);
    const [row] = await h.graph.read('MATCH (e:Entity {id: "rl-p1"}) RETURN e.withdrawn_date AS w');
    expect(row.get('w')).toBeNull();
  });
});

describe('what is not a whole release ends nothing', () => {
  beforeEach(async () => {
    await wipeGraph(h.graph);
    await importFile(h.graph, 'ftm', writeNdjson('first.jsonl', FIRST), { batchSize: 500 });
  });

  test('a subset file without --release only counts what it does not hold', async () => {
    const before = await snapshot();
    const subset = await importFile(h.graph, 'ftm', writeNdjson('subset.jsonl', FIRST.slice(0, 2)), { batchSize: 500 });
    expect(subset.release).toEqual({ added: 0, changed: 0, unchanged: 2, ended: 0, absent: 6 });
    expect(subset.releaseApplied).toBe(false);
    expect((await snapshot()).facts).toEqual(before.facts);
    expect((await entity('rl-p2')).sanctioned).toBe(true);
    const run = cli('import', 'ftm', writeNdjson('subset2.jsonl', FIRST.slice(0, 2)));
    expect(run.stderr).toContain('6 of an earlier import not in this one, left as they were (pass --release');
  });

  test('--release with skipped bad lines loads the good ones and ends nothing', async () => {
    const file = writeNdjson('skipping.jsonl', [...SECOND, { id: 'rl-bad', schema: 'Ownership', properties: { owner: ['rl-p2'], asset: ['nowhere'] }, datasets: DS }]);
    const report = await importFile(h.graph, 'ftm', file, { batchSize: 500, skipInvalid: true, release: '2026-11-27' });
    expect(report.skipped.map((b) => b.line)).toEqual([7]);
    expect(report.releaseApplied).toBe(false);
    expect(report.release).toEqual({ added: 1, changed: 1, unchanged: 4, ended: 0, absent: 3 });
    expect((await entity('rl-p1')).sanctioned).toBe(true);
    const [d] = await h.graph.read('MATCH (:Entity {id: "rl-c2"})-[r:HAS_DIRECTOR]->() RETURN r.to_date AS to');
    expect(d.get('to')).toBeNull();
  });

  test('one FtM id on two lines of a new file is one item, its last line holds, also when the file is imported again', async () => {
    await wipeGraph(h.graph);
    const file = writeNdjson('twice.jsonl', [company('rl-t1', 'Twice Trading'), company('rl-t1', 'Twice Trading Renamed')]);
    const first = await importFile(h.graph, 'ftm', file, { batchSize: 500 });
    expect(first.release).toEqual({ added: 2, changed: 0, unchanged: 0, ended: 0, absent: 0 });
    const items = await h.graph.read('MATCH (i:ImportItem) RETURN i.key AS key');
    expect(items.map((r) => r.get('key'))).toEqual(['ftm:us_ofac_sdn:rl-t1']);
    expect((await entity('rl-t1')).label).toBe('Twice Trading Renamed');
    const again = await importFile(h.graph, 'ftm', file, { batchSize: 500 });
    // Both lines are written again, in order: the last one holds.
    expect(again.release).toEqual({ added: 0, changed: 2, unchanged: 0, ended: 0, absent: 0 });
    expect((await entity('rl-t1')).label).toBe('Twice Trading Renamed');
  });

  test('a dataset\'s first import looks up no earlier hashes; a dataset imported before is looked up', async () => {
    const ofacOnly = writeNdjson('other-scope.jsonl', [company('rl-s1', 'Scope Test Co')]);
    const elsewhere = writeNdjson('new-scope.jsonl', [{ ...company('rl-s2', 'New Scope Co'), datasets: ['eu_fsf'] }]);
    const fresh = await statementsDuring(() => importFile(h.graph, 'ftm', elsewhere, { batchSize: 500 }));
    expect(fresh).toContain('import#scope-has-items');
    expect(fresh).not.toContain('import#import-hashes');
    const known = await statementsDuring(() => importFile(h.graph, 'ftm', ofacOnly, { batchSize: 500 }));
    expect(known).toContain('import#import-hashes');
    // Looked up or not, an item already held is unchanged and a new one added.
    expect((await importFile(h.graph, 'ftm', elsewhere, { batchSize: 500 })).release).toEqual({ added: 0, changed: 0, unchanged: 1, ended: 0, absent: 0 });
  });

  test('a release committed per batch ends what it does not hold too', async () => {
    const report = await importFile(h.graph, 'ftm', writeNdjson('batches.jsonl', SECOND), { batchSize: 2, atomic: false, release: '2026-11-27' });
    expect(report.ingest.atomic).toBe(false);
    expect(report.release).toEqual({ added: 1, changed: 1, unchanged: 4, ended: 3, absent: 0 });
    expect((await entity('rl-p1')).sanctioned).toBe(false);
    const [d] = await h.graph.read('MATCH (:Entity {id: "rl-c2"})-[r:HAS_DIRECTOR]->() RETURN r.to_date AS to');
    expect(d.get('to')).toBe('2026-11-26');
  });

  test('the release state counts with the lines against the one-transaction limit: an unchanged re-import of many items commits per batch', async () => {
    const file = writeNdjson('again-limit.jsonl', FIRST);
    const over = await importFile(h.graph, 'ftm', file, { batchSize: 500, atomic: 5 });
    expect(over.release).toEqual({ added: 0, changed: 0, unchanged: FIRST.length, ended: 0, absent: 0 });
    expect(over.ingest.atomic).toBe(false);
    const under = await importFile(h.graph, 'ftm', file, { batchSize: 500, atomic: 20 });
    expect(under.release.unchanged).toBe(FIRST.length);
    expect(under.ingest.atomic).toBe(true);
  });

  test('release state saved as five lists, before `produced`, is read as it was and moves to `produced` at the next import', async () => {
    // The layout of earlier versions: the five lists as properties of their own, empty ones left out.
    const items = await h.graph.read('MATCH (i:ImportItem) RETURN i.key AS key, i.produced AS produced');
    expect(items.length).toBe(FIRST.length);
    const rows = items.map((r) => ({ key: r.get('key'), ...JSON.parse(r.get('produced')) }));
    await h.graph.write(`UNWIND $rows AS row MATCH (i:ImportItem {key: row.key})
      SET i.entities = row.entities, i.records = row.records, i.rel_keys = row.rel_keys, i.rel_from = row.rel_from, i.factors = row.factors
      REMOVE i.produced`, { rows });
    const report = await importFile(h.graph, 'ftm', writeNdjson('old-layout.jsonl', SECOND), { batchSize: 500, release: '2026-11-27' });
    expect(report.release).toEqual({ added: 1, changed: 1, unchanged: 4, ended: 3, absent: 0 });
    // What the ended items wrote, read from their lists, is ended.
    expect((await entity('rl-p1')).sanctioned).toBe(false);
    const [d] = await h.graph.read('MATCH (:Entity {id: "rl-c2"})-[r:HAS_DIRECTOR]->() RETURN r.to_date AS to');
    expect(d.get('to')).toBe('2026-11-26');
    const after = await h.graph.read('MATCH (i:ImportItem) RETURN i.produced IS NOT NULL AS json, i.entities IS NULL AND i.rel_keys IS NULL AS noLists');
    expect(after.length).toBe(SECOND.length);
    expect(after.every((r) => r.get('json') && r.get('noLists'))).toBe(true);
  });

  test('a malformed release throws and keeps the earlier release state', async () => {
    const before = await snapshot();
    const err = await importFile(h.graph, 'ftm', writeNdjson('bad.jsonl', [...SECOND, '{oops']), { batchSize: 500, release: '2026-11-27' }).catch((e) => e);
    expect(err).toBeInstanceOf(IngestError);
    expect(await snapshot()).toEqual(before);
  });
});

describe('BODS statements replacing statements of an earlier file', () => {
  beforeEach(async () => {
    await wipeGraph(h.graph);
  });
  const pub = { publicationDetails: { publisher: { name: 'Test Register' }, publicationDate: '2024-01-01' } };
  const entityStatement = (id: string, name: string, extra: object = {}) => ({ statementId: id, statementType: 'entityStatement', entityType: 'registeredEntity', name, ...pub, ...extra });
  const personStatement = (id: string, name: string) => ({ statementId: id, statementType: 'personStatement', names: [{ fullName: name }], ...pub });

  test('0.2/0.3 replacesStatements across files: the later statement updates the entity and ends an interest it drops', async () => {
    const first = [
      entityStatement('x-e1', 'OLD NAME LTD'),
      personStatement('x-p1', 'Pat Owner'),
      { statementId: 'x-o1', statementType: 'ownershipOrControlStatement', statementDate: '2024-01-01', subject: { describedByEntityStatement: 'x-e1' }, interestedParty: { describedByPersonStatement: 'x-p1' },
        interests: [{ type: 'shareholding', share: { exact: 30 } }, { type: 'votingRights', share: { exact: 30 } }], ...pub },
    ];
    await importFile(h.graph, 'bods', writeNdjson('bods1.jsonl', first), { batchSize: 500 });
    // A chain within the second file too: x-e3 replaces x-e2, which replaces x-e1 of the first file.
    const second = [
      entityStatement('x-e2', 'MIDDLE NAME LTD', { replacesStatements: ['x-e1'] }),
      entityStatement('x-e3', 'NEW NAME LTD', { replacesStatements: ['x-e2'] }),
      { statementId: 'x-o2', statementType: 'ownershipOrControlStatement', statementDate: '2024-06-01', replacesStatements: ['x-o1'], subject: { describedByEntityStatement: 'x-e1' }, interestedParty: { describedByPersonStatement: 'x-p1' },
        interests: [{ type: 'shareholding', share: { exact: 45 } }], ...pub },
    ];
    const report = await importFile(h.graph, 'bods', writeNdjson('bods2.jsonl', second), { batchSize: 500 });
    expect(report.skipped).toEqual([]);
    expect(report.release).toEqual({ added: 3, changed: 0, unchanged: 0, ended: 2, absent: 1 });
    expect((await entity('x-e1')).label).toBe('NEW NAME LTD');
    for (const id of ['x-e2', 'x-e3']) expect((await h.json(`/v1/entity/${id}`)).status).toBe(404);
    const rels = await h.graph.read('MATCH (:Entity {id: "x-e1"})-[r]->(:Entity {id: "x-p1"}) RETURN r.key AS key, r.percentage AS pct, r.to_date AS to ORDER BY key');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(rels.map((r) => [r.get('key'), r.get('pct'), r.get('to')])).toEqual([['bods:x-o1:0', 45, null], ['bods:x-o1:1', 30, yesterday]]);
    const [old] = await h.graph.read('MATCH (r:Record {id: "bods:x-o1"}) RETURN r.withdrawn_date AS w');
    expect(old.get('w')).not.toBeNull();
  });

  test('0.4 record updates across files: a later statement of a record replaces the earlier one', async () => {
    const rec = (statementId: string, recordId: string, recordType: string, recordDetails: object, extra: object = {}) => ({ statementId, recordId, recordType, recordDetails, ...pub, ...extra });
    const first = [
      rec('y-s1', 'y-e', 'entity', { entityType: { type: 'registeredEntity' }, name: 'FOUR LTD' }),
      rec('y-s2', 'y-p', 'person', { names: [{ fullName: 'Quinn Four' }] }),
      rec('y-s3', 'y-r', 'relationship', { subject: 'y-e', interestedParty: 'y-p', interests: [{ type: 'shareholding', share: { exact: 20 } }, { type: 'boardMember' }] }),
    ];
    await importFile(h.graph, 'bods', writeNdjson('bods04a.jsonl', first), { batchSize: 500 });
    const second = [rec('y-s4', 'y-r', 'relationship', { subject: 'y-e', interestedParty: 'y-p', interests: [{ type: 'shareholding', share: { exact: 25 } }] }, { statementDate: '2025-01-01' })];
    const report = await importFile(h.graph, 'bods', writeNdjson('bods04b.jsonl', second), { batchSize: 500 });
    expect(report.release).toEqual({ added: 1, changed: 0, unchanged: 0, ended: 1, absent: 2 });
    const rels = await h.graph.read('MATCH (:Entity {id: "y-e"})-[r]->(:Entity {id: "y-p"}) RETURN r.key AS key, r.percentage AS pct, r.to_date IS NULL AS current ORDER BY key');
    expect(rels.map((r) => [r.get('key'), r.get('pct'), r.get('current')])).toEqual([['bods:y-r:0', 25, true], ['bods:y-r:1', null, false]]);
  });
});

describe('an FtM entity of several datasets has a claim in each', () => {
  const BOTH = ['us_ofac_sdn', 'eu_fsf'];
  const COMBINED = [
    { id: 'md-p1', schema: 'Person', properties: { name: ['Mira Twolists'], topics: ['sanction'] }, datasets: BOTH },
    { id: 'md-c1', schema: 'Company', properties: { name: ['Twolists Holdings'] }, datasets: BOTH },
    { id: 'md-o1', schema: 'Ownership', properties: { asset: ['md-c1'], owner: ['md-p1'], percentage: ['60'] }, datasets: BOTH },
    { id: 'md-p2', schema: 'Person', properties: { name: ['Ofac Only'], topics: ['sanction'] }, datasets: ['us_ofac_sdn'] },
  ];
  const withdrawnOf = async (id: string) => (await h.graph.read('MATCH (r:Record {id: $id}) RETURN r.withdrawn_date AS w', { id }))[0].get('w');
  const share = async () => (await h.graph.read('MATCH (:Entity {id: "md-c1"})-[r:HAS_SHAREHOLDER]->(:Entity {id: "md-p1"}) RETURN r.to_date AS to, r.ended_by_release AS by'))
    .map((r) => [r.get('to'), r.get('by')]);
  const v1Fact = async () => {
    const item = (await entity('md-c1')).relationships.data.find((d: { target: { id: string } }) => d.target.id === 'md-p1');
    return item.types.has_shareholder[0];
  };

  beforeAll(async () => {
    await wipeGraph(h.graph);
    const first = await importFile(h.graph, 'ftm', writeNdjson('combined.jsonl', COMBINED), { batchSize: 500 });
    // Three entities of two datasets and one of one: seven claims.
    expect(first.release).toEqual({ added: 7, changed: 0, unchanged: 0, ended: 0, absent: 0 });
  });

  test('a release of one dataset that no longer holds the entity ends that dataset\'s claim only', async () => {
    const shownBefore = await h.graph.read('MATCH (e:Entity {id: "md-p1"}) OPTIONAL MATCH (s:RiskState {entity_id: e.id}) RETURN e.risk AS risk, s IS NULL AS unscored');
    expect(shownBefore[0].get('unscored')).toBe(true);
    const ofac = await importFile(h.graph, 'ftm', writeNdjson('ofac.jsonl', [COMBINED[3]]), { batchSize: 500, release: '2026-11-27' });
    // Never scored, its shown risk changed: what clients saw is kept as the baseline the worker compares with.
    const [state] = await h.graph.read('MATCH (s:RiskState {entity_id: "md-p1"}) RETURN s.version AS version, s.risk AS risk');
    expect([state.get('version'), state.get('risk')]).toEqual([0, shownBefore[0].get('risk')]);
    expect(state.get('risk')).toContain('sanctioned_usa_ofac_sdn');
    expect(ofac.release).toEqual({ added: 0, changed: 0, unchanged: 1, ended: 3, absent: 0 });
    expect(await withdrawnOf('ftm:us_ofac_sdn:md-p1')).toBe('2026-11-27');
    expect(await withdrawnOf('ftm:eu_fsf:md-p1')).toBeNull();
    // The other dataset still holds the person and the ownership: neither is ended.
    const p1 = await entity('md-p1');
    expect(p1.withdrawn_date).toBeUndefined();
    expect(p1.sanctioned).toBe(true);
    expect(Object.keys(p1.risk)).toEqual(expect.arrayContaining(['sanctioned', 'sanctioned_eu_sanctions', 'formerly_sanctioned_usa_ofac_sdn']));
    expect(Object.keys(p1.risk)).not.toContain('sanctioned_usa_ofac_sdn');
    expect(p1.attributes.name.data[0].withdrawn_date).toBeUndefined();
    expect(await share()).toEqual([[null, null]]);
    expect((await v1Fact()).withdrawn_date).toBeUndefined();
  });

  test('the release of the last dataset holding it ends the rest: withdrawn, shown with withdrawn_date', async () => {
    const other = { id: 'md-c9', schema: 'Company', properties: { name: ['Another Listing'] }, datasets: ['eu_fsf'] };
    const eu = await importFile(h.graph, 'ftm', writeNdjson('eu.jsonl', [other]), { batchSize: 500, release: '2026-11-27' });
    expect(eu.release).toEqual({ added: 1, changed: 0, unchanged: 0, ended: 3, absent: 0 });
    expect(await share()).toEqual([['2026-11-26', '2026-11-27']]);
    const p1 = await entity('md-p1');
    expect(p1.withdrawn_date).toBe('2026-11-27');
    expect(p1.sanctioned).toBe(false);
    expect(p1.attributes.name.data[0].withdrawn_date).toBe('2026-11-27');
    const fact = await v1Fact();
    expect([fact.to_date, fact.withdrawn_date, fact.former]).toEqual(['2026-11-26', '2026-11-27', true]);
    const legacy = (await h.json('/entity/md-c1')).body.relationships.has_shareholder.data[0].types.has_shareholder[0];
    expect([legacy.to_date, legacy.withdrawn_date]).toEqual(['2026-11-26', '2026-11-27']);
    const record = (await h.json(`/v1/record/${encodeURIComponent('ftm:eu_fsf:md-p1')}`)).body;
    expect(record.withdrawn_date).toBe('2026-11-27');
    const referencedBy = (await entity('md-p1')).referenced_by.data.map((r: { record: { id: string; withdrawn_date?: string } }) => [r.record.id, r.record.withdrawn_date]);
    expect(referencedBy).toEqual(expect.arrayContaining([['ftm:eu_fsf:md-p1', '2026-11-27'], ['ftm:us_ofac_sdn:md-p1', '2026-11-27']]));
    // A dataset that never held it is untouched.
    expect((await entity('md-p2')).withdrawn_date).toBeUndefined();
  });

  test('release state saved under the entity id alone takes its first dataset\'s key at migrate', async () => {
    await h.graph.write('CREATE (:ImportItem {key: "ftm:md-old", scope: "ftm:us_ofac_sdn", hash: "h", run: "r"})');
    await migrate(h.graph);
    const rows = await h.graph.read('MATCH (i:ImportItem {group: "md-old"}) RETURN i.key AS key, i.hash AS hash');
    // Without its hash the next import counts the claim changed and saves the claim's own lists.
    expect(rows.map((r) => [r.get('key'), r.get('hash')])).toEqual([['ftm:us_ofac_sdn:md-old', null]]);
  });
});

describe('a file committed per batch records its added items as their lines commit', () => {
  beforeAll(async () => {
    await wipeGraph(h.graph);
  });

  test('items are saved between the line batches, each once and with one run, and the release counts them as before', async () => {
    const file = writeNdjson('early-items.jsonl', FIRST);
    const names: string[] = [];
    const report = await (async () => {
      let out: Awaited<ReturnType<typeof importFile>> | undefined;
      names.push(...await statementsDuring(async () => {
        out = await importFile(h.graph, 'ftm', file, { batchSize: 2, atomic: false });
      }));
      return out!;
    })();
    expect(report.ingest.atomic).toBe(false);
    expect(report.release).toEqual({ added: FIRST.length, changed: 0, unchanged: 0, ended: 0, absent: 0 });
    // The first items are saved before the last batch of lines is written, not after all of them.
    const firstItems = names.indexOf('import#create-import-items');
    const lastLines = Math.max(...['ingest#upsert-records', 'ingest#upsert-entities', 'ingest#upsert-relationships'].map((n) => names.lastIndexOf(n)));
    expect(firstItems).toBeGreaterThan(-1);
    expect(firstItems).toBeLessThan(lastLines);
    const items = await h.graph.read('MATCH (i:ImportItem) RETURN i.key AS key, i.run AS run, i.hash AS hash');
    expect(items.map((r) => r.get('key')).sort()).toEqual(FIRST.map((e) => `ftm:us_ofac_sdn:${e.id}`).sort());
    expect(new Set(items.map((r) => r.get('run'))).size).toBe(1);
    // Every item holds the hash its lines converted to: the same file again changes nothing.
    const before = await snapshot();
    const again = await importFile(h.graph, 'ftm', file, { batchSize: 2, atomic: false });
    expect(again.release).toEqual({ added: 0, changed: 0, unchanged: FIRST.length, ended: 0, absent: 0 });
    expect(await snapshot()).toEqual(before);
  });

  test('an item with a line the ingest skipped is not saved, early or late', async () => {
    await wipeGraph(h.graph);
    // The company's parent is in neither the file nor the graph: its record and entity lines are
    // written and its fact line is skipped, so the item is not all in the graph.
    const orphan = { ...company('rl-c8', 'Orphan Subsidiary'), properties: { name: ['Orphan Subsidiary'], parent: ['rl-nobody'] } };
    const file = writeNdjson('early-skipped.jsonl', [...FIRST.slice(0, 4), orphan]);
    const report = await importFile(h.graph, 'ftm', file, { batchSize: 2, atomic: false, skipInvalid: true });
    expect(report.skipped.map((b) => b.line)).toEqual([5]);
    expect((await entity('rl-c8')).label).toBe('Orphan Subsidiary');
    const keys = (await h.graph.read('MATCH (i:ImportItem) RETURN i.key AS key')).map((r) => r.get('key')).sort();
    expect(keys).toEqual(FIRST.slice(0, 4).map((e) => `ftm:us_ofac_sdn:${e.id}`).sort());
  });
});
