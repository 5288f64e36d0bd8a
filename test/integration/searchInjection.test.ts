/**
 * User text reaches the search backends only as values: Meilisearch filter expressions are built
 * with every value quoted and escaped, and the Neo4j full-text query with every value escaped, so
 * strings written to widen a filter find nothing more than plain nonsense does, and never fail.
 */
import { Harness, SEARCH_BACKENDS, startHarness, writeNdjson } from '../support/harness';

/** Filter-expression and Lucene injection strings: quote breaks, operators, escapes, functions. */
const INJECTIONS = [
  'x" OR t_name EXISTS OR "',
  'x\\" OR f_type = \\"company',
  '") OR (f_country IN ["rus"]',
  "' OR '1'='1",
  'x" OR NOT t_name = "y',
  '_geoRadius(0, 0, 1000000)',
  'x\\\\" OR t_name IS NOT EMPTY OR \\\\"',
  '*:* OR sx_name:*',
  'name:* || id:*',
  '\u0000"\n OR "',
];

let h: Harness;
describe.each(SEARCH_BACKENDS)('filter injection on the %s search backend', (backend) => {
  beforeAll(async () => {
    h = await startHarness({ backend });
    await h.ingest(writeNdjson('injection.ndjson', [
      { kind: 'source', id: 'inj-registry', label: 'Injection registry', country: 'GBR', source_type: 'company_register' },
      { kind: 'entity', id: 'inj-one', type: 'company', label: 'Quarvelle Holdings', attributes: [{ field: 'name', value: 'Quarvelle Holdings' }, { field: 'identifier', value: 'QV123', type: 'uk_company_number' }] },
      { kind: 'entity', id: 'inj-two', type: 'person', label: 'Odalric Quarvelle', attributes: [{ field: 'name', value: 'Odalric Quarvelle' }] },
      { kind: 'record', id: 'inj-rec', label: 'Quarvelle filing', source: 'inj-registry', references: [{ entity: 'inj-one', type: 'about' }] },
    ]));
  });
  afterAll(() => h.close());

  test('search: injected query words and filter values find nothing and never fail', async () => {
    expect((await h.json('/search/entity?q=quarvelle')).body.size.count).toBe(2);
    for (const s of INJECTIONS) {
      for (const path of [
        `/search/entity?q=${encodeURIComponent(s)}`,
        `/search/entity?q=quarvelle&filters=${encodeURIComponent(`source=${s}`)}`,
        `/search/record?q=quarvelle&filters=${encodeURIComponent(`source=${s}`)}`,
        `/search/record?q=${encodeURIComponent(s)}`,
      ]) {
        const { status, body } = await h.json(path);
        expect([path, status]).toEqual([path, status < 500 ? status : 'a 5xx']);
        if (status === 200) expect([path, body.data.map((d: any) => d.id)]).toEqual([path, []]);
        // A source that does not exist is refused before any search (406, as the spec has it).
        else expect([path, [400, 406].includes(status)]).toEqual([path, true]);
      }
    }
  });

  test('resolve: injected names and identifiers match no entity and never fail', async () => {
    for (const s of INJECTIONS) {
      for (const params of [{ name: s }, { identifier: s }, { name: `Quarvelle ${s}`, identifier: s }] as Record<string, string>[]) {
        const { status, body } = await h.json(`/resolve/entity?${new URLSearchParams(params)}`);
        expect([params, status]).toEqual([params, status < 500 ? status : 'a 5xx']);
        if (status !== 200) continue;
        // Quarvelle's own word may still find Quarvelle; the injected text adds nothing.
        const ids = [body.best_match?.id, ...body.other_matches.map((m: any) => m.id)].filter(Boolean);
        expect([params, ids.filter((id: string) => !id.startsWith('inj-'))]).toEqual([params, []]);
        if (!params.name?.startsWith('Quarvelle')) expect([params, ids]).toEqual([params, []]);
      }
    }
  });
});
