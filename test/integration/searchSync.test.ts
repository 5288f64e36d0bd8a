/**
 * The search-index outbox and the reindex swap on the meilisearch backend (src/search/sync.ts):
 * a write marks what it changed in its own transaction, a drain copies it and removes only the
 * markers it read, a reindex keeps them until its new index is swapped in, and searches answer
 * from a whole index throughout a reindex. The worker under a Meilisearch outage is
 * searchSyncFaults.test.ts.
 */
import neo4j from 'neo4j-driver';
import { cypher } from '../../src/graph/cypherFiles';
import { ingestFile } from '../../src/ingest/ingest';
import { drainPending, meiliOptions, reindexAll } from '../../src/search';
import { pendingCount } from '../../src/search/sync';
import { EntityDocument, documentKey } from '../../src/search/documents';
import { consonantQueryKeys, nameCore } from '../../src/search/analysis';
import type { CandidateRequest } from '../../src/search/port';
import { MeiliSearchIndex } from '../../src/search/meilisearch';
import { NotificationFeed } from '../../src/feeds/notifications';
import { FULL_RESCORE_REASON, RiskScorer } from '../../src/services/risk';
import { Harness, startHarness, writeNdjson } from '../support/harness';

let h: Harness;
let meili: MeiliSearchIndex;

beforeAll(async () => {
  h = await startHarness({ backend: 'meilisearch' });
  meili = new MeiliSearchIndex(meiliOptions(h.config)!);
  // Enough entities for a reindex of many pages (below).
  await h.ingest(writeNdjson('background.ndjson', Array.from({ length: 60 }, (_, i) => ({ kind: 'entity', id: `p-bg-${i}`, type: 'person', label: `Antonyx Background${i}` }))));
  await drainPending(h.graph, meili);
});
afterAll(() => h.close());

/** Loads lines as `graph-api ingest` does, without the harness's direct copy into the index. */
const load = (name: string, lines: unknown[]) => ingestFile(h.graph, writeNdjson(name, lines), { batchSize: 500 });
const person = (id: string, label: string) => ({ kind: 'entity', id, type: 'person', label });
const found = async (q: string): Promise<string[]> => {
  const { status, body } = await h.json(`/v1/search/entity?q=${encodeURIComponent(q)}`);
  expect(status).toBe(200);
  return body.data.map((d: any) => d.id).sort();
};

test('an ingest leaves what it changed in the outbox; a drain copies it to Meilisearch and empties it', async () => {
  expect(await pendingCount(h.graph)).toBe(0);
  await load('outbox.ndjson', [person('p-sync-1', 'Quillamar Ostrevko'), person('p-sync-2', 'Quillamar Dentova')]);
  expect(await pendingCount(h.graph)).toBe(2);
  // Not copied yet: Meilisearch answers from its own documents.
  expect(await found('quillamar')).toEqual([]);
  const drained = await drainPending(h.graph, meili);
  expect(drained).toEqual({ synced: 2, cleared: 2, more: false });
  expect(await pendingCount(h.graph)).toBe(0);
  expect(await found('quillamar')).toEqual(['p-sync-1', 'p-sync-2']);
  // A changed name replaces the document.
  await load('outbox-change.ndjson', [person('p-sync-2', 'Vendrello Dentova')]);
  await drainPending(h.graph, meili);
  expect(await found('quillamar')).toEqual(['p-sync-1']);
  expect(await found('vendrello')).toEqual(['p-sync-2']);
});

test('a drain pages through the outbox and says when it stopped early', async () => {
  await load('outbox-pages.ndjson', Array.from({ length: 5 }, (_, i) => person(`p-page-${i}`, `Pagewort Number${i}`)));
  expect(await drainPending(h.graph, meili, 2, 2)).toEqual({ synced: 4, cleared: 4, more: true });
  expect(await pendingCount(h.graph)).toBe(1);
  expect(await drainPending(h.graph, meili, 2, 2)).toEqual({ synced: 1, cleared: 1, more: false });
  expect(await found('pagewort')).toHaveLength(5);
});

test('a change committed after a drain read the outbox keeps its marker', async () => {
  await load('outbox-race.ndjson', [person('p-race', 'Korvinth Alsadi')]);
  const [read] = await h.graph.read(cypher('search', 'search-pending'), { after: '', limit: neo4j.int(10) });
  const marker = { id: read.get('id') as string, marker: read.get('marker') as string };
  // Another write lands between the drain's read and its clear.
  await load('outbox-race-2.ndjson', [person('p-race', 'Korvinth Alsadi-Berg')]);
  const [cleared] = await h.graph.write(cypher('search', 'search-pending-clear'), { rows: [marker] });
  expect(cleared.get('cleared')).toBe(0);
  expect(await pendingCount(h.graph)).toBe(1);
  await drainPending(h.graph, meili);
  expect(await pendingCount(h.graph)).toBe(0);
  expect(await found('berg')).toEqual(['p-race']);
});

test('a risk change reaches Meilisearch: the ingested sanctions fact, then the re-scoring of the company it owns', async () => {
  await load('risk.ndjson', [
    { kind: 'entity', id: 'c-risk', type: 'company', label: 'Brennavik Holdings Ltd' },
    person('p-risk', 'Osgrath Brennavik'),
    { kind: 'relationship', type: 'has_shareholder', from: 'c-risk', to: 'p-risk', shares: [{ percentage: 100 }] },
  ]);
  const scorer = new RiskScorer(h.graph, new NotificationFeed(h.redis));
  await scorer.process(['c-risk', 'p-risk'], FULL_RESCORE_REASON);
  await drainPending(h.graph, meili);
  const riskOf = async (): Promise<Record<string, Record<string, unknown>>> => {
    const { body } = await h.json('/v1/search/entity?q=brennavik');
    return Object.fromEntries(body.data.map((d: any) => [d.id, d.risk]));
  };
  expect(await riskOf()).toEqual({ 'c-risk': {}, 'p-risk': {} });
  // The person is listed: the ingest writes the direct factor and marks the person only.
  await load('risk-listed.ndjson', [{ ...person('p-risk', 'Osgrath Brennavik'), risk: [{ factor: 'sanctioned_usa_ofac_sdn' }] }]);
  expect(await pendingCount(h.graph)).toBe(1);
  await drainPending(h.graph, meili);
  let risk = await riskOf();
  expect(Object.keys(risk['p-risk'])).toContain('sanctioned_usa_ofac_sdn');
  expect(risk['c-risk']).toEqual({});
  // The re-scoring derives the company's factor; its changed risk marks it in the same transaction.
  await scorer.process(['p-risk'], 'ingest');
  // The person is marked again too: ingest stores its direct risk in another key order than the
  // scorer's canonical text, so the scorer rewrites it once (the same risk, copied again).
  const pending = await h.graph.read(cypher('search', 'search-pending'), { after: '', limit: neo4j.int(10) });
  expect(pending.map((r) => r.get('id') as string)).toContain('c-risk');
  expect((await riskOf())['c-risk']).toEqual({});
  await drainPending(h.graph, meili);
  risk = await riskOf();
  expect(Object.keys(risk['c-risk'])).toEqual(expect.arrayContaining(['owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity']));
  expect(await pendingCount(h.graph)).toBe(0);
});

test('while a reindex builds its index, a drain sends changes but keeps their markers', async () => {
  await h.graph.write(cypher('search', 'search-reindex-begin'), { ttl: 60_000 });
  try {
    await load('outbox-held.ndjson', [person('p-held', 'Threnody Malvaux')]);
    expect(await drainPending(h.graph, meili)).toMatchObject({ synced: 1, cleared: 0 });
    // Searchable at once from the live index, and still queued for the index being built.
    expect(await found('threnody')).toEqual(['p-held']);
    expect(await pendingCount(h.graph)).toBe(1);
  } finally {
    await h.graph.write(cypher('search', 'search-reindex-end'));
  }
  expect(await drainPending(h.graph, meili)).toMatchObject({ cleared: 1 });
});

test('graph-api reindex swaps in a new index: searches answer, never empty, throughout', async () => {
  const expected = await found('antonyx');
  expect(expected).toHaveLength(60);
  let reindexing = true;
  const answers: { status: number; ids: string[] }[] = [];
  const searching = (async () => {
    while (reindexing) {
      const { status, body } = await h.json('/v1/search/entity?q=antonyx');
      answers.push({ status, ids: status === 200 ? body.data.map((d: any) => d.id).sort() : [] });
    }
  })();
  // Small pages, so the reindex takes many Meilisearch tasks and the searches run among them.
  const done = await reindexAll(h.graph, meili, () => undefined, 10).finally(() => {
    reindexing = false;
  });
  await searching;
  expect(done.entities).toBeGreaterThan(50);
  expect(answers.length).toBeGreaterThan(10);
  expect(answers.filter((a) => a.status !== 200 || a.ids.join() !== expected.join())).toEqual([]);
  // The new index is live and whole; the built one is gone.
  expect(await found('antonyx')).toEqual(expected);
  expect(await found('quillamar')).toEqual(['p-sync-1']);
  const indexes = await meili.client.request<{ results: { uid: string }[] }>('GET', '/indexes?limit=100');
  expect(indexes.results.map((i) => i.uid)).not.toContain(meili.nextUids().entities);
});

test('graph-api reindex gives documents written before the name keys existed their joined, phonetic and consonant keys', async () => {
  await load('keys.ndjson', [person('p-keys-1', 'Yousef Nasser')]);
  await drainPending(h.graph, meili);
  // The document as an older version wrote it: without n_name_jn and n_name_ph.
  const key = documentKey('p-keys-1');
  const { n_name_jn: jn, n_name_ph: ph, ...old } = await meili.client.request<Record<string, unknown>>('GET', `/indexes/${meili.entityUid}/documents/${key}`);
  expect({ jn, ph: String(ph).split(' ') }).toEqual({ jn: 'yousefnasser', ph: expect.arrayContaining(['qsf', 'qnsr']) });
  await meili.upsertEntities([old as EntityDocument]);
  // Only the name keys: the Arabic spelling's consonant keys, and the name written as one word.
  const ask = (over: Partial<CandidateRequest>): Promise<string[]> => meili.candidates({
    names: [], skeletons: [], identifiers: [], addresses: [], datesOfBirth: [], countries: [], fuzziness: 1, pool: 20, ...over,
  }).then((cs) => cs.map((c) => c.id));
  const byScript = { phonetic: consonantQueryKeys(nameCore('يوسف ناصر')) };
  const byJoined = { joined: ['yousefnaser'] };
  expect(await ask(byScript)).not.toContain('p-keys-1');
  expect(await ask(byJoined)).not.toContain('p-keys-1');
  await reindexAll(h.graph, meili, () => undefined);
  expect(await ask(byScript)).toContain('p-keys-1');
  expect(await ask(byJoined)).toContain('p-keys-1');
});
