/** GET /resolve/entity and GET / POST /v1/resolution on the sample data, on both search backends. */
import { Harness, SAMPLE, SEARCH_BACKENDS, startHarness } from '../support/harness';
import { entitiesWithNameWord, sampleFacts } from '../fixtures/searchContract';

let h: Harness;

const legacy = (params: Record<string, string>) => h.json(`/resolve/entity?${new URLSearchParams(params)}`);
const v1 = (params: Record<string, string>) => h.json(`/v1/resolution?${new URLSearchParams(params)}`);
const v1Post = (body: unknown) => h.json('/v1/resolution', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const best = async (params: Record<string, string>) => (await legacy(params)).body.best_match?.id;

// Expected sets read from seed/sample.ndjson by plain word matching (test/fixtures/searchContract.ts),
// independently of the resolver.
const facts = sampleFacts();
const named = (...words: string[]) => [...new Set(words.flatMap((w) => entitiesWithNameWord(facts, w)))].sort();
/** Entities with a name holding Viktor (or Victor) and Antonov: p-viktor-antonov and its PSC duplicate. */
const viktorAntonovs = named('viktor', 'victor').filter((id) => named('antonov').includes(id));
/** Every Antonov and Antonova (one edit away) of the sample: Viktor, his PSC duplicate, Elena and Maxim. */
const antonovs = named('antonov', 'antonova');

// Every case on each search backend: the same answers from Neo4j full-text and Meilisearch.
describe.each(SEARCH_BACKENDS)('on the %s search backend', (backend) => {
  beforeAll(async () => {
    h = await startHarness({ backend });
    await h.ingest(SAMPLE);
  });
  afterAll(() => h.close());

  describe('resolution finds the entity behind variant spellings', () => {
    test('exact name; response shape', async () => {
      const { status, body } = await legacy({ name: 'Viktor Antonov' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ best_match: { id: 'p-viktor-antonov', entity_url: '/entity/p-viktor-antonov' }, strict: false, fuzziness: { name: 1 }, resolvers: ['name'] });
      // The only other entity named Viktor / Victor Antonov is the PSC duplicate; his relatives share only the surname.
      expect(viktorAntonovs).toEqual(['p-viktor-antonov', 'p-viktor-antonov-psc']);
      expect(body.other_matches.map((m: any) => m.id)).toEqual(viktorAntonovs.filter((id) => id !== 'p-viktor-antonov'));
    });

    test('a clean duplicate record says which listed entity it may be the same as', async () => {
      const { body } = await v1({ name: 'Victor Antonov', date_of_birth: '1964-07' });
      const byId = new Map(body.data.map((r: any) => [r.entity_id, r]));
      expect(byId.get('p-viktor-antonov-psc')).toMatchObject({ sanctioned: false, psa_sanctioned: 'p-viktor-antonov', psa_count: expect.any(Number) });
      expect(byId.get('p-viktor-antonov')).toMatchObject({ sanctioned: true });
      expect((byId.get('p-viktor-antonov-psc') as any).psa_count).toBeGreaterThan(0);
    });

    test('typos', async () => {
      expect(await best({ name: 'Viktor Antnov', dob: '1964-07-12' })).toBe('p-viktor-antonov');
      expect(await best({ name: 'Dmitri Volkvo', dob: '1971-11-04' })).toBe('p-dmitri-volkov');
      expect(await best({ name: 'Northwnd Logistics Limited' })).toBe('e-gb-northwind-logistics');
    });

    test('transliterations: Cyrillic and Latin both ways', async () => {
      expect(await best({ name: 'Виктор Антонов', dob: '1964-07-12' })).toBe('p-viktor-antonov');
      expect(await best({ name: 'Viktor Antonov', dob: '1964-07-12' })).toBe('p-viktor-antonov');
      expect(await best({ name: 'Дмитрий Волков', dob: '1971-11-04' })).toBe('p-dmitri-volkov');
      expect(await best({ name: 'Andreas Georgiou' })).toBe('p-andreas-georgiou');
      expect(await best({ name: 'Ανδρέας Γεωργίου' })).toBe('p-andreas-georgiou');
    });

    test('word order swaps', async () => {
      expect(await best({ name: 'ANTONOV Viktor', dob: '1964-07-12' })).toBe('p-viktor-antonov');
      expect(await best({ name: 'Volkov, Dmitri Aleksandrovich' })).toBe('p-dmitri-volkov');
    });

    test('company-form changes', async () => {
      expect(await best({ name: 'Northwind Holdings Ltd' })).toBe('e-cy-northwind-holdings');
      expect(await best({ name: 'Northwind Holdings LLC', country: 'CYP' })).toBe('e-cy-northwind-holdings');
      expect(await best({ name: 'Severstroy AO' })).toBe('e-ru-severstroy');
      expect(await best({ name: 'Joint Stock Company Severstroy' })).toBe('e-ru-severstroy');
      // Another legal form (an LLC is not a joint-stock company) is listed, but is no best match.
      const other = await legacy({ name: 'Severstroy OOO' });
      expect(other.body.best_match).toBeNull();
      expect(other.body.other_matches[0].id).toBe('e-ru-severstroy');
    });

    test('an identifier match outweighs a name match', async () => {
      // The name is Maxim's, the passport is Viktor's.
      const { body } = await v1({ name: 'Maxim Antonov', identifier: '75 4412873' });
      expect(body.data[0].entity_id).toBe('p-viktor-antonov');
      const maxim = body.data.find((d: any) => d.entity_id === 'p-maxim-antonov');
      expect(maxim.score).toBeLessThan(body.data[0].score);
      expect(body.data[0].explanation.identifier[0]).toMatchObject({ matched: '75 4412873', uploaded: '75 4412873' });
      expect(await best({ identifier: 'HE345678' })).toBe('e-cy-northwind-holdings');
    });

    test('a conflicting date of birth or country lowers the score', async () => {
      const score = async (p: Record<string, string>) => {
        const { status, body } = await v1(p);
        expect(status).toBe(200);
        const viktor = body.data.find((d: any) => d.entity_id === 'p-viktor-antonov');
        // Listed in every case: a lower score, not a missing candidate, is what is compared.
        expect({ p, listed: viktor !== undefined }).toEqual({ p, listed: true });
        return viktor.score as number;
      };
      const plain = await score({ name: 'Viktor Antonov' });
      const same = await score({ name: 'Viktor Antonov', date_of_birth: '1964-07-12' });
      const conflicting = await score({ name: 'Viktor Antonov', date_of_birth: '1980-01-01' });
      const wrongCountry = await score({ name: 'Viktor Antonov', country: 'BRA' });
      expect(same).toBeGreaterThan(plain);
      expect(conflicting).toBeLessThan(plain);
      expect(wrongCountry).toBeLessThan(plain);
      const { body } = await v1({ name: 'Viktor Antonov', date_of_birth: '1980-01-01' });
      expect(body.best_match).toBeNull();
      expect(body.data[0].explanation.date_of_birth[0]).toMatchObject({ uploaded: '1980-01-01', match_quality: 'low', conflict: true });
    });

    test('strict means exact values only', async () => {
      const exact = await legacy({ name: 'Viktor Sergeyevich ANTONOV', strict: 'true' });
      expect(exact.body).toMatchObject({ best_match: { id: 'p-viktor-antonov' }, strict: true, fuzziness: { name: 0 } });
      expect((await legacy({ name: 'Viktor Sergeyevich Antonov', strict: 'true' })).body.best_match).toBeNull();
      expect((await legacy({ name: 'Viktor Antnov', strict: 'true' })).body).toMatchObject({ best_match: null, other_matches: [] });
      expect((await legacy({ identifier: '75 4412873', strict: 'true' })).body.best_match.id).toBe('p-viktor-antonov');
      expect((await legacy({ identifier: '754412873', strict: 'true' })).body.best_match).toBeNull();
    });

    test('nothing that matches well gives no best_match', async () => {
      for (const name of ['Quentin Zybrowski', 'Xylophone Aquatics GmbH', 'Viktor Petrovsky']) {
        expect((await legacy({ name })).body.best_match).toBeNull();
      }
    });

    test('fuzziness 0 turns typo tolerance off', async () => {
      const params = { name: 'Viktor Antnov', dob: '1964-07-12' };
      // With the default fuzziness the typo is tolerated (as in 'typos' above) ...
      expect(await best(params)).toBe('p-viktor-antonov');
      // ... and with fuzziness 0 it is not: a 200 answer without a best match, not an error.
      const { status, body } = await legacy({ ...params, 'fuzziness.name': '0' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ best_match: null, fuzziness: { name: 0 } });
    });
  });

  describe('/v1/resolution', () => {
    test('GET and POST agree; results follow the published client shape', async () => {
      const get = await v1({ name: 'Viktor Antonov', date_of_birth: '1964-07-12', country: 'RUS' });
      const post = await v1Post({ name: ['Viktor Antonov'], date_of_birth: ['1964-07-12'], country: ['RUS'] });
      expect(post.body).toEqual(get.body);
      expect(get.body.fields).toEqual({ name: ['Viktor Antonov'], country: ['RUS'], date_of_birth: ['1964-07-12'] });
      const top = get.body.data[0];
      expect(top).toMatchObject({
        entity_id: 'p-viktor-antonov', label: 'Viktor Sergeyevich ANTONOV', type: 'person', score: expect.any(Number), profile: 'corporate',
        identifiers: expect.arrayContaining([{ value: '75 4412873', type: 'passport', label: 'Passport' }]),
        countries: ['RUS', 'CYP'], sources: expect.arrayContaining(['usa_ofac_sdn_list']),
        matched_queries: ['name', 'date_of_birth', 'country'], match_strength: { value: 'strong' },
        highlight: { name: [expect.stringContaining('<em>')] },
      });
      expect(top.explanation.name[0]).toMatchObject({ matched: expect.any(String), uploaded: 'Viktor Antonov', match_quality: 'high', scores: { similarity: 1 } });
      expect(get.body.best_match).toEqual(top);
      expect(top.score).toBeGreaterThan(0.9);
      expect(get.body.data.map((d: any) => d.entity_id)).toEqual(viktorAntonovs);
    });

    test('20 names and 20 addresses of 500 characters: a bounded candidate query, still answered', async () => {
      // Distinct five-letter words, 84 per name: every word plus its skeleton would be ~3300
      // Lucene clauses (the cap is 1024); the candidate query keeps the most informative words.
      let n = 0;
      const word = () => {
        n++;
        return Array.from({ length: 5 }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join('');
      };
      const long = () => Array.from({ length: 84 }, word).join(' ').slice(0, 500);
      const names = ['Viktor Antonov', ...Array.from({ length: 19 }, long)];
      const addresses = Array.from({ length: 20 }, long);
      expect(names.slice(1).every((x) => x.length === 500)).toBe(true);
      const { status, body } = await v1Post({ name: names, address: addresses, date_of_birth: ['1964-07-12'] });
      expect(status).toBe(200);
      expect(body.data.map((d: any) => d.entity_id)).toContain('p-viktor-antonov');
      const get = await h.json(`/resolve/entity?${names.slice(0, 12).map((x) => `name=${encodeURIComponent(x)}`).join('&')}`);
      expect(get.status).toBe(200);
      expect(get.body.best_match?.id).toBe('p-viktor-antonov');
    });

    test('limit bounds and validation', async () => {
      expect((await v1({ name: 'Antonov', limit: '11' })).status).toBe(400);
      expect((await v1({ limit: '3' })).body.message[0]).toMatch(/^name: /);
      // Named as sent: date_of_birth and dob are two names of one field.
      expect((await v1({ name: 'x', date_of_birth: '12/07/1964' })).body.message[0]).toMatch(/^date_of_birth: /);
      expect((await v1({ name: 'x', dob: '12/07/1964' })).body.message[0]).toMatch(/^dob: /);
      // A month or day that does not exist is not a date either; one-digit parts are.
      expect((await v1({ name: 'x', date_of_birth: '1964-13-45' })).body.message[0]).toMatch(/^date_of_birth: /);
      expect((await legacy({ name: 'Viktor Antonov', dob: '1964-02-30' })).status).toBe(406);
      expect((await v1({ name: 'Viktor Antonov', date_of_birth: '1964-7-12' })).status).toBe(200);
      expect((await legacy({ name: 'x', country: 'Russia' })).status).toBe(406);
      expect((await legacy({ name: 'x', limit: '0' })).status).toBe(406);
      const all = await v1({ name: 'Antonov', limit: '10' });
      expect(all.status).toBe(200);
      expect(all.body.data.map((d: any) => d.entity_id).sort()).toEqual(antonovs);
      expect(antonovs).toHaveLength(4);
      const two = await v1({ name: 'Antonov', limit: '2' });
      expect(two.status).toBe(200);
      expect(two.body.data).toEqual(all.body.data.slice(0, 2));
    });
  });
});
