/**
 * Entity and record search around the 10,000-hit cap, on 10,050 purpose-made entities beside the
 * sample (Neo4j full-text backend): sizes and their qualifier, facets, clause limits, filters
 * beyond the first 10,001 hits, and the end of paging. The rest of search is search.test.ts.
 */
import { Harness, SAMPLE, startHarness, writeNdjson } from '../support/harness';
import { gammaLines } from '../fixtures/searchLarge';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.ingest(SAMPLE);
});
afterAll(() => h.close());

const post = (path: string, body: unknown, query = '') =>
  h.json(`${path}${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const ids = (body: any) => body.data.map((d: any) => d.id).sort();

describe('size around the 10000 cap (purpose-made data)', () => {
  beforeAll(async () => {
    await h.ingest(writeNdjson('gamma.ndjson', gammaLines(10_050)));
  }, 120_000);

  test('more than 10000 matches: gte 10000; exactly 10000 and fewer: eq', async () => {
    const over = await h.json('/search/entity?q=gamma&limit=5');
    expect(over.body.size).toEqual({ count: 10_000, qualifier: 'gte' });
    expect(over.body.next).toBe(true);
    // 10050 minus the 51 with "Excluded" (i % 200 === 0) = 9999.
    const under = await h.json('/search/entity?q=gamma%20-excluded&limit=5');
    expect(under.body.size).toEqual({ count: 9_999, qualifier: 'eq' });
    const excluded = await h.json('/search/entity?q=gamma%20%2Bexcluded');
    expect(excluded.body.size).toEqual({ count: 51, qualifier: 'eq' });
    const exactly = await h.json(`/search/entity?q=${encodeURIComponent('gamma -(excluded -"widget 0 excluded")')}&limit=1`);
    expect(exactly.body.size).toEqual({ count: 10_000, qualifier: 'eq' });
  });

  test('facets count the whole result set, beyond the 10000 that are paged', async () => {
    const { body } = await h.json('/search/entity?q=gamma&limit=1&facets=true');
    expect(body.size).toEqual({ count: 10_000, qualifier: 'gte' });
    expect(body.facets.entity_type).toEqual([{ key: 'company', doc_count: 10_050 }]);
    expect(body.facets.country).toEqual([{ key: 'GBR', doc_count: 10_050 }]);
    const minus = await post('/search/entity', { q: 'gamma -excluded', facets: true, limit: 1 });
    expect(minus.body.facets.country).toEqual([{ key: 'GBR', doc_count: 9_999 }]);
  });

  test('fuzzy words that expand past Lucene\'s clause cap are a 406 naming q', async () => {
    // 31 fuzzy numbers: each expands to 50 similar numbers of the 10050 names (1550 > 1024).
    const q = Array.from({ length: 31 }, (_, i) => `${100 + i}~1`).join(' | ');
    const legacy = await h.json(`/search/entity?fields=name&q=${encodeURIComponent(q)}`);
    expect(legacy.status).toBe(406);
    expect(legacy.body.messages[0]).toMatch(/^q: too complex/);
    const v1 = await post('/v1/search/entity', { q, fields: ['name'], facets: true });
    expect(v1.status).toBe(400);
    expect(v1.body.message[0]).toMatch(/^q: too complex/);
  });

  test('record search filtered by entity type counts and pages the filtered set, beyond the first 10001 hits', async () => {
    // 10001 records about a company rank first (the word twice in a short label); the 60 about
    // a person rank after them, past the 10001 hits a page statement reads from the index.
    const lines: unknown[] = [
      { kind: 'entity', id: 'zeph-co', type: 'company', label: 'Zephyrine Company Ltd', attributes: [{ field: 'name', value: 'Zephyrine Company Ltd' }] },
      { kind: 'entity', id: 'zeph-person', type: 'person', label: 'Ona Zephyr', attributes: [{ field: 'name', value: 'Ona Zephyr' }] },
    ];
    for (let i = 0; i < 10_001; i++) {
      lines.push({ kind: 'record', id: `zeph-co-${i}`, label: `Zephyrine Zephyrine ${i}`, source: 'gamma_src', references: [{ entity: 'zeph-co', type: 'about' }] });
    }
    for (let i = 0; i < 60; i++) {
      lines.push({ kind: 'record', id: `zeph-person-${i}`, label: `Zephyrine bulletin number ${i} about one individual person`, source: 'gamma_src', references: [{ entity: 'zeph-person', type: 'mentions' }] });
    }
    await h.ingest(writeNdjson('zephyrine.ndjson', lines));
    const all = await h.json('/search/record?q=zephyrine&limit=1');
    expect(all.body.size).toEqual({ count: 10_000, qualifier: 'gte' });
    const people = await h.json('/search/record?q=zephyrine&filters=entity_type%3Dperson&facets=true');
    expect(people.body.size).toEqual({ count: 60, qualifier: 'eq' });
    expect(people.body.data.map((d: any) => d.id).sort()).toEqual(Array.from({ length: 60 }, (_, i) => `zeph-person-${i}`).sort());
    expect(people.body.next).toBe(false);
    expect(people.body.facets.entity_type).toEqual([{ key: 'person', doc_count: 60 }]);
    const page = await post('/v1/search/record', { q: 'zephyrine', filter: { entity_type: ['person'] } }, '?offset=50&limit=20');
    expect(page.body).toMatchObject({ size: { count: 60, qualifier: 'eq' }, next: false });
    expect(page.body.data).toHaveLength(10);
    const companies = await h.json('/search/record?q=zephyrine&filters=entity_type%3Dcompany&offset=9990&limit=20');
    expect(companies.body.size).toEqual({ count: 10_000, qualifier: 'gte' });
    expect(companies.body.data).toHaveLength(10);
  }, 120_000);

  test('entity search filtered by source finds the filtered set, beyond the first 10001 hits', async () => {
    // All but three gamma entities get a record of source gamma-widget-register (whose id and
    // label hold the word "register" four times); the three get one of source register. Under
    // an index of words from the sources' ids and labels, the 10047 others would outrank them
    // and fill the 10001 hits a page statement reads.
    const real = [10_020, 10_030, 10_040];
    const others = Array.from({ length: 10_050 }, (_, i) => i).filter((i) => !real.includes(i));
    await h.ingest(writeNdjson('gamma-sources.ndjson', [
      { kind: 'source', id: 'gamma-widget-register', label: 'Register register register', country: 'GBR', source_type: 'company_register' },
      { kind: 'source', id: 'register', label: 'Filing office', country: 'GBR', source_type: 'company_register' },
      { kind: 'record', id: 'gamma-widgets', label: 'Gamma widgets', source: 'gamma-widget-register', references: others.map((i) => ({ entity: `gamma-${i}`, type: 'mentions' })) },
      ...real.map((i) => ({ kind: 'record', id: `gamma-filing-${i}`, label: 'Filing', source: 'register', references: [{ entity: `gamma-${i}`, type: 'about' }] })),
    ]));
    const { body } = await h.json('/search/entity?q=gamma&filters=source%3Dregister&facets=true');
    expect(body.size).toEqual({ count: 3, qualifier: 'eq' });
    expect(ids(body)).toEqual(real.map((i) => `gamma-${i}`).sort());
    expect(body.facets.source).toEqual([{ key: 'register', doc_count: 3 }]);
  }, 120_000);

  test('paging ends at the cap', async () => {
    const last = await h.json('/search/entity?q=gamma&offset=9950&limit=100');
    expect(last.body.data).toHaveLength(50);
    expect(last.body.next).toBe(false);
    const all = await h.json('/search/entity?q=gamma%20-excluded&offset=9900&limit=100');
    expect(all.body.data).toHaveLength(99);
    expect(all.body.next).toBe(false);
  });
});
