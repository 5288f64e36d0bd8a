/**
 * /search/entity, /search/record and their /v1 forms over HTTP, on both search backends. The
 * answers around the 10,000-hit cap, on 10,000 purpose-made entities, are searchLarge.test.ts.
 */
import { Harness, SAMPLE, SEARCH_BACKENDS, startHarness, writeNdjson } from '../support/harness';
import { entitiesWithNameWord, sampleFacts } from '../fixtures/searchContract';
import { migrate } from '../../src/graph/migrate';
import { meiliOptions, reindexAll } from '../../src/search';
import { MeiliSearchIndex } from '../../src/search/meilisearch';

let h: Harness;
const facts = sampleFacts();

const post = (path: string, body: unknown, query = '') =>
  h.json(`${path}${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const ids = (body: any) => body.data.map((d: any) => d.id).sort();
/** Plain, independent word split of a text (lower case, accents stripped). */
const wordsOf = (s: string): string[] => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
/** Sample records whose label holds `word`, optionally of one source; sorted ids. */
const sampleRecordsWithLabelWord = (word: string, source?: string) => [...facts.records.values()]
  .filter((r) => wordsOf(r.label ?? '').includes(word) && (source === undefined || r.source === source)).map((r) => r.id as string).sort();
/** Sample entities with an address holding `word`; sorted ids. */
const sampleEntitiesWithAddressWord = (word: string) => [...facts.entities.values()]
  .filter((e) => (e.attributes ?? []).some((a: any) => a.field === 'address' && wordsOf(String(a.value)).includes(word))).map((e) => e.id as string).sort();

// Every case on each search backend: the same answers from Neo4j full-text and Meilisearch.
describe.each(SEARCH_BACKENDS)('on the %s search backend', (backend) => {
  beforeAll(async () => {
    h = await startHarness({ backend });
    await h.ingest(SAMPLE);
  });
  afterAll(() => h.close());

  describe('entity search', () => {
    test('a Page of EmbeddedEntity with matches, size and defaults', async () => {
      const { status, body } = await h.json('/search/entity?q=antonov');
      expect(status).toBe(200);
      // Every entity of the sample with the word in a name (no other field of the sample holds it).
      const expected = entitiesWithNameWord(facts, 'antonov');
      expect(expected).toEqual(['p-maxim-antonov', 'p-viktor-antonov', 'p-viktor-antonov-psc']);
      expect(body).toMatchObject({ offset: 0, limit: 100, next: false, size: { count: expected.length, qualifier: 'eq' } });
      expect(ids(body)).toEqual(expected);
      const viktor = body.data.find((d: any) => d.id === 'p-viktor-antonov');
      expect(viktor).toMatchObject({ label: 'Viktor Sergeyevich ANTONOV', type: 'person', entity_url: '/entity/p-viktor-antonov', sanctioned: true });
      expect(viktor.matches.name).toContain('Viktor Sergeyevich <em>ANTONOV</em>');
      // A documented difference: ranking among equal matches. Neo4j's Lucene scoring puts the
      // entity with more matching name values first, Meilisearch its bucket sort's first document.
      expect(body.data[0].id).toBe(backend === 'neo4j' ? 'p-viktor-antonov' : 'p-viktor-antonov-psc');
    });

    test('/v1 items carry the entity details and /v1 urls', async () => {
      const { body } = await h.json('/v1/search/entity?q=antonov&limit=1');
      expect(body.data[0]).toMatchObject({ entity_url: expect.stringMatching(/^\/v1\/entity\//), risk: expect.any(Object), coordinates: [], matches: expect.any(Object) });
      expect(body).toMatchObject({ limit: 1, next: true });
    });

    test('GET and POST agree, filters alias filter, repeated GET filters', async () => {
      const get = await h.json('/search/entity?q=holdings&filters=country%3DCYP&filters=entity_type%3Dcompany&facets=true&fields=name');
      const byPost = await post('/search/entity', { q: 'holdings', filters: { country: ['CYP'], entity_type: ['company'] }, facets: true, fields: ['name'] });
      const alias = await post('/search/entity', { q: 'holdings', filter: { country: ['CYP'], entity_type: ['company'] }, facets: true, fields: ['name'] });
      const aliasGet = await h.json('/search/entity?q=holdings&filter=country%3DCYP&filter=entity_type%3Dcompany&facets=true&fields=name');
      expect(get.status).toBe(200);
      expect(byPost.body).toEqual(get.body);
      expect(alias.body).toEqual(get.body);
      expect(aliasGet.body).toEqual(get.body);
      const expected = entitiesWithNameWord(facts, 'holdings').filter((id) => {
        const e = facts.entities.get(id)!;
        return e.type === 'company' && e.attributes.some((a: any) => a.field === 'country' && a.value === 'CYP');
      });
      expect(ids(get.body)).toEqual(expected);
      expect(get.body.facets.entity_type).toEqual([{ key: 'company', doc_count: expected.length }]);
      const v1 = await post('/v1/search/entity', { q: 'holdings', filter: { country: ['CYP'] }, fields: ['name'] }, '?limit=2&offset=1');
      const cypriot = entitiesWithNameWord(facts, 'holdings').filter((id) => facts.entities.get(id)!.attributes.some((a: any) => a.field === 'country' && a.value === 'CYP'));
      expect(cypriot.length).toBeGreaterThan(3);
      expect(v1.status).toBe(200);
      expect(v1.body).toMatchObject({ limit: 2, offset: 1, size: { count: cypriot.length, qualifier: 'eq' }, next: true });
      expect(v1.body.data).toHaveLength(2);
      for (const d of v1.body.data) expect(cypriot).toContain(d.id);
    });

    test('fields restrict what is searched', async () => {
      const inAddress = await h.json('/search/entity?q=limassol&fields=address');
      const inName = await h.json('/search/entity?q=limassol&fields=name');
      expect(inAddress.status).toBe(200);
      expect(inName.status).toBe(200);
      const inAddresses = sampleEntitiesWithAddressWord('limassol');
      expect(inAddresses.length).toBeGreaterThan(0);
      expect(entitiesWithNameWord(facts, 'limassol')).toEqual([]);
      expect(inAddress.body.size).toEqual({ count: inAddresses.length, qualifier: 'eq' });
      expect(ids(inAddress.body)).toEqual(inAddresses);
      expect(inName.body).toMatchObject({ size: { count: 0, qualifier: 'eq' }, data: [] });
      for (const d of inAddress.body.data) expect(Object.keys(d.matches)).toEqual(['address']);
    });

    test('advanced fielded search', async () => {
      const { body } = await h.json(`/search/entity?advanced=true&q=${encodeURIComponent('name.value:(viktor OR victor) AND date_of_birth.value:1964')}`);
      expect(ids(body)).toEqual(['p-viktor-antonov', 'p-viktor-antonov-psc']);
      expect(body.data.find((d: any) => d.id === 'p-viktor-antonov').matches).toMatchObject({ name: expect.any(Array), date_of_birth: ['<em>1964</em>-07-12'] });
      const none = await h.json(`/search/entity?advanced=true&q=${encodeURIComponent('identifier.type:passport AND name.value:northwind')}`);
      expect(none.body).toMatchObject({ size: { count: 0, qualifier: 'eq' }, data: [], next: false });
    });

    test('a query with nothing to search is a 406 (legacy) or 400 (/v1) naming q; malformed simple syntax is read past', async () => {
      for (const q of ['-antonov', '()', '&&', '( |', '"']) {
        const legacy = await h.json(`/search/entity?q=${encodeURIComponent(q)}`);
        expect([q, legacy.status]).toEqual([q, 406]);
        expect(legacy.body.messages[0]).toMatch(/^q: /);
        const v1 = await post('/v1/search/entity', { q });
        expect([q, v1.status]).toEqual([q, 400]);
        expect(v1.body.message[0]).toMatch(/^q: /);
      }
      const antonovs = (await h.json('/search/entity?q=antonov')).body.data.map((e: { id: string }) => e.id);
      expect(antonovs.length).toBeGreaterThan(0);
      for (const q of ['(antonov', 'antonov)', '"antonov', 'antonov |', 'antonov -', 'antonov~9']) {
        const legacy = await h.json(`/search/entity?q=${encodeURIComponent(q)}`);
        expect([q, legacy.status]).toEqual([q, 200]);
        if (q !== 'antonov~9') expect([q, legacy.body.data.map((e: { id: string }) => e.id)]).toEqual([q, antonovs]);
      }
      for (const q of ['(antonov', '"viktor', 'a*b', 'x~9', 'nick.value:x', 'name.value:', 'name.value:x AND']) {
        const r = await h.json(`/v1/search/entity?advanced=true&q=${encodeURIComponent(q)}`);
        expect(r.status).toBe(400);
        expect(r.body.message[0]).toMatch(/^q: /);
      }
    });

    test('a query of too many index clauses is a 406/400 naming q, never a 5xx', async () => {
      // One term of 240 words (960 characters): prefix and fuzzy terms match word by word, in
      // each of the 7 fields searched, so it would make 1680 Lucene clauses (Lucene's cap is 1024).
      const words = Array.from({ length: 240 }, (_, i) => `a${String.fromCharCode(97 + Math.floor(i / 26) % 26)}${String.fromCharCode(97 + (i % 26))}`);
      for (const q of [`${words.join('-')}~1`, `${words.join('-')}*`]) {
        expect(q.length).toBeLessThanOrEqual(1000);
        const legacy = await h.json(`/search/entity?q=${encodeURIComponent(q)}`);
        expect(legacy.status).toBe(406);
        expect(legacy.body.messages[0]).toMatch(/^q: too complex/);
        const v1 = await post('/v1/search/entity', { q });
        expect(v1.status).toBe(400);
        expect(v1.body.message[0]).toMatch(/^q: too complex/);
        // Restricted to one field it fits, and is searched.
        expect((await h.json(`/search/entity?fields=name&q=${encodeURIComponent(q)}`)).status).toBe(200);
        // Records search one field (the label): 240 clauses before fuzzy words expand.
        const records = await h.json(`/search/record?q=${encodeURIComponent(q)}`);
        // It fits under the cap, so it is searched; no label holds that run of 240 words.
        expect(records.status).toBe(200);
        expect(records.body).toMatchObject({ size: { count: 0, qualifier: 'eq' }, data: [], next: false });
      }
    });

    test('parameter bounds and filter values are checked', async () => {
      expect((await h.json('/search/entity?q=a&limit=0')).status).toBe(406);
      expect((await h.json('/search/entity?q=a&limit=101')).status).toBe(406);
      expect((await h.json('/search/entity?q=a&offset=10001')).status).toBe(406);
      expect((await h.json('/search/entity')).body.messages[0]).toMatch(/^q: /);
      const badFilter = await h.json('/search/entity?q=a&filters=colour%3Dred');
      expect(badFilter.status).toBe(406);
      expect(badFilter.body.messages[0]).toMatch(/^filters: /);
      expect((await h.json('/search/entity?q=a&filters=country%3DZZZ')).status).toBe(406);
      expect((await post('/v1/search/entity', { q: 'a', filter: { state: ['CA'] } })).status).toBe(400);
    });

    test('text/csv is offered', async () => {
      const res = await h.get('/search/entity?q=antonov', { headers: { accept: 'text/csv' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/csv/);
      const text = await res.text();
      expect(text.split('\n')[0]).toBe('id,label,type,countries,identifiers,addresses,date_of_birth,sanctioned,pep,closed,entity_url,matches');
      expect(text).toContain('p-viktor-antonov');
      expect((await h.get('/search/entity?q=antonov', { headers: { accept: 'application/pdf' } })).status).toBe(415);
    });
  });

  describe('record search', () => {
    test('EmbeddedRecord items with highlighted labels; GET and POST agree', async () => {
      const get = await h.json('/search/record?q=antonov&facets=true');
      expect(get.status).toBe(200);
      const antonovRecords = sampleRecordsWithLabelWord('antonov');
      expect(antonovRecords).toEqual(['rec-ch-0002', 'rec-eu-0001', 'rec-ofac-0001', 'rec-ofsi-0001']);
      expect(ids(get.body)).toEqual(antonovRecords);
      expect(get.body.size).toEqual({ count: antonovRecords.length, qualifier: 'eq' });
      expect(get.body.data[0]).toMatchObject({ id: expect.any(String), source: expect.any(String), record_url: expect.stringMatching(/^\/record\//) });
      for (const d of get.body.data) expect(d.matches.label[0]).toMatch(/<em>ANTONOV<\/em>|<em>Antonov<\/em>/);
      const byPost = await post('/search/record', { q: 'antonov', facets: true });
      expect(byPost.body).toEqual(get.body);
      expect(Object.keys(get.body.facets).sort()).toEqual(['country', 'entity_type', 'region', 'source', 'source_type']);
      const filtered = await h.json('/v1/search/record?q=antonov&filters=source%3Deu_sanctions_list');
      expect(filtered.status).toBe(200);
      const euRecords = sampleRecordsWithLabelWord('antonov', 'eu_sanctions_list');
      expect(euRecords).toEqual(['rec-eu-0001']);
      expect(ids(filtered.body)).toEqual(euRecords);
      expect(filtered.body.size).toEqual({ count: euRecords.length, qualifier: 'eq' });
      for (const d of filtered.body.data) expect(d.source).toBe('eu_sanctions_list');
    });

    test('fields is taken as on entity search (same names, same checks); records are searched by label', async () => {
      const plain = await h.json('/search/record?q=antonov');
      expect((await h.json('/search/record?q=antonov&fields=name&fields=identifier')).body).toEqual(plain.body);
      expect((await post('/v1/search/record', { q: 'antonov', fields: ['name'] })).body.data).toEqual((await h.json('/v1/search/record?q=antonov')).body.data);
      const bad = await h.json('/search/record?q=antonov&fields=colour');
      expect(bad.status).toBe(406);
      expect(bad.body.messages.join(' ')).toContain('fields');
    });
  });

  describe('record labels are normalised as query words are (purpose-made data)', () => {
    beforeAll(async () => {
      await h.ingest(writeNdjson('labels.ndjson', [
        { kind: 'source', id: 'ua-nsdc', label: 'NSDC of Ukraine', country: 'UKR', source_type: 'sanctions' },
        { kind: 'source', id: 'nsdc', label: 'Another register', country: 'UKR', source_type: 'sanctions' },
        { kind: 'record', id: 'rec-karpenko', label: 'Постановление: Карпенко Олег', source: 'ua-nsdc', references: [] },
        { kind: 'record', id: 'rec-stavropoulos', label: 'Notice on Stavropoulos Nikos', source: 'nsdc', references: [] },
        { kind: 'record', id: 'rec-obrien', label: "Order against O'Brien Shipping, U.S.A., case 12.345", source: 'nsdc', references: [] },
      ]));
    });
    const recordIds = async (query: string) => {
      const { status, body } = await h.json(`/search/record?${query}`);
      expect(status).toBe(200);
      return body.data.map((d: any) => d.id).sort();
    };

    if (backend === 'meilisearch') {
      test('meilisearch: a record that references no entity is copied to the index by graph-api reindex, not by ingest', async () => {
        // A documented difference: the search-index sync follows the entities an ingest touched.
        expect(await recordIds('q=karpenko')).toEqual([]);
        await reindexAll(h.graph, new MeiliSearchIndex(meiliOptions(h.config)!), () => undefined);
        expect(await recordIds('q=karpenko')).toEqual(['rec-karpenko']);
      });
    }

    test('a Cyrillic label is found by a Latin query and a Latin label by a Greek one; highlights show the original', async () => {
      const latin = await h.json('/search/record?q=karpenko');
      expect(latin.body.data.map((d: any) => d.id)).toEqual(['rec-karpenko']);
      expect(latin.body.data[0]).toMatchObject({ label: 'Постановление: Карпенко Олег', matches: { label: ['Постановление: <em>Карпенко</em> Олег'] } });
      expect(await recordIds(`q=${encodeURIComponent('Карпенко Олег')}`)).toEqual(['rec-karpenko']);
      // The sample's records about Antonov have Latin labels; a Cyrillic query finds them all.
      const latinLabels = await recordIds('q=antonov&limit=100');
      expect(latinLabels).toEqual(sampleRecordsWithLabelWord('antonov'));
      expect(latinLabels).toHaveLength(4);
      expect(await recordIds(`q=${encodeURIComponent('Антонов')}&limit=100`)).toEqual(latinLabels);
      const greek = await h.json(`/v1/search/record?q=${encodeURIComponent('Σταυρόπουλος')}`);
      expect(greek.body.data.map((d: any) => d.id)).toEqual(['rec-stavropoulos']);
      expect(greek.body.data[0].matches.label).toEqual(['Notice on <em>Stavropoulos</em> Nikos']);
    });

    test('punctuated words match as typed', async () => {
      for (const q of ["O'Brien", 'U.S.A.', '12.345', '"o brien shipping"']) expect(await recordIds(`q=${encodeURIComponent(q)}`)).toEqual(['rec-obrien']);
    });

    test('graph-api reindex writes the records\' search properties', async () => {
      await h.graph.write("MATCH (r:Record {id: 'rec-karpenko'}) REMOVE r.sx_label, r.sx_source");
      // Meilisearch answers from its own copy, which the removal does not reach.
      if (backend === 'neo4j') expect(await recordIds('q=karpenko')).toEqual([]);
      const done = await reindexAll(h.graph, backend === 'neo4j' ? undefined : new MeiliSearchIndex(meiliOptions(h.config)!), () => undefined);
      // The sample's records and the three above.
      expect(done.records).toBe(facts.records.size + 3);
      expect(await recordIds('q=karpenko&filters=source%3Dua-nsdc')).toEqual(['rec-karpenko']);
    });

    test('the source filter is exact: nsdc is not ua-nsdc', async () => {
      expect(await recordIds('q=karpenko&filters=source%3Dnsdc')).toEqual([]);
      expect(await recordIds('q=karpenko&filters=source%3Dua-nsdc')).toEqual(['rec-karpenko']);
      expect(await recordIds(`q=${encodeURIComponent('karpenko | stavropoulos | brien')}&filters=source%3Dnsdc`)).toEqual(['rec-obrien', 'rec-stavropoulos']);
      const faceted = await h.json(`/search/record?q=${encodeURIComponent('karpenko | stavropoulos | brien')}&filters=source%3Dnsdc&facets=true`);
      expect(faceted.body.facets.source).toEqual([{ key: 'nsdc', doc_count: 2 }]);
    });
  });

  describe('the entity source filter (purpose-made data)', () => {
    beforeAll(async () => {
      await h.ingest(writeNdjson('entity-sources.ndjson', [
        { kind: 'source', id: 'xq-registry', label: 'XQ registry', country: 'GBR', source_type: 'company_register' },
        { kind: 'source', id: 'registry', label: 'Another registry', country: 'GBR', source_type: 'company_register' },
        { kind: 'entity', id: 'qz-one', type: 'company', label: 'Quillonzar Holdings', attributes: [{ field: 'name', value: 'Quillonzar Holdings' }] },
        { kind: 'entity', id: 'qz-two', type: 'company', label: 'Quillonzar Trading', attributes: [{ field: 'name', value: 'Quillonzar Trading' }] },
        { kind: 'record', id: 'rec-qz-one', label: 'Filing', source: 'xq-registry', references: [{ entity: 'qz-one', type: 'about' }] },
        { kind: 'record', id: 'rec-qz-two', label: 'Filing', source: 'registry', references: [{ entity: 'qz-two', type: 'about' }] },
      ]));
    });
    const filtered = async (source: string) => {
      const { status, body } = await h.json(`/search/entity?q=quillonzar&filters=source%3D${source}`);
      expect(status).toBe(200);
      return { ids: ids(body), count: body.size.count };
    };

    test('is exact, in the hits and in their count: registry is not xq-registry', async () => {
      expect(await filtered('registry')).toEqual({ ids: ['qz-two'], count: 1 });
      expect(await filtered('xq-registry')).toEqual({ ids: ['qz-one'], count: 1 });
      expect(await filtered('xq')).toEqual({ ids: [], count: 0 });
    });

    test('migrate replaces an entity_search index from before sx_source and gives every entity its sx_source', async () => {
      const properties = async () => (await h.graph.read("SHOW FULLTEXT INDEXES YIELD name, properties WHERE name = 'entity_search' RETURN properties"))[0].get('properties');
      // The index and the entities as an older version left them: source_count indexed, no sx_source.
      await h.graph.write('DROP INDEX entity_search');
      await h.graph.write(`CREATE FULLTEXT INDEX entity_search FOR (e:Entity) ON EACH [e.sx_name, e.sx_type, e.source_count]
        OPTIONS { indexConfig: { \`fulltext.analyzer\`: 'standard-no-stop-words' } }`);
      await h.graph.write('MATCH (e:Entity) REMOVE e.sx_source');
      expect(await properties()).toContain('source_count');

      await migrate(h.graph);
      expect(await properties()).toContain('sx_source');
      expect(await properties()).not.toContain('source_count');
      const [missing] = await h.graph.read('MATCH (e:Entity) WHERE e.sx_source IS NULL RETURN count(e) AS n');
      expect(missing.get('n')).toBe(0);
      expect(await filtered('registry')).toEqual({ ids: ['qz-two'], count: 1 });
      // The sample's sources too, and a second migrate leaves the index alone.
      const before = await h.json('/search/entity?q=antonov&filters=source%3Dgbr_companies_house');
      expect(before.status).toBe(200);
      const fromCompaniesHouse = entitiesWithNameWord(facts, 'antonov').filter((id) => facts.sourcesOf.get(id)?.has('gbr_companies_house'));
      expect(fromCompaniesHouse).toEqual(['p-maxim-antonov', 'p-viktor-antonov-psc']);
      expect(ids(before.body)).toEqual(fromCompaniesHouse);
      await migrate(h.graph);
      expect(await h.json('/search/entity?q=antonov&filters=source%3Dgbr_companies_house')).toMatchObject({ body: before.body });
    });
  });
});
